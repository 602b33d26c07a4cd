//! Relative ranks: positions that differ only in which cards are already played are
//! one position to the table (as DDS keys its table on relative ranks).
//!
//! Within a suit, the cards still in play are renumbered from the bottom, each to
//! the lowest rank above the card before it that has the same nature: a special
//! card (its class comes from its identity: jacks, twos, the mighty, the yoromeki,
//! ♣3) keeps its rank, a plain card takes the lowest free plain rank that is an
//! honor exactly when it is one. The renumbering keeps suits, the order within each
//! suit, every special card and every honor, and nothing else decides a trick, a
//! legal card or a count, so two positions with the same renumbered hands have the
//! same value. Jokers keep their bits.
//!
//! A suit's part of the key depends only on who holds each of its cards, and a
//! trick changes the holders of one to five suits: each suit's part is kept in a
//! small cache indexed by its holders (three 13-bit planes), so that most keys
//! are a few look-ups, not a walk over every card (the key was 30 % of the
//! search's instructions).

use crate::tt::{Key, Lows};

/// Entries of each suit's cache (a power of two).
const CACHE: usize = 1 << 12;

pub struct Canon {
    special: u64,
    honors: u64,
    low: u64,
    /// `slot[suit][from][honor]`: the lowest plain rank ≥ `from` of that honor-ness.
    slot: [[[u8; 2]; 14]; 4],
    /// Per suit, direct-mapped: (holders with a valid bit, renumbered holders, the
    /// low cards' holders).
    cache: Vec<(u64, u64, u64)>,
}

impl Canon {
    /// `low`: the plain cards (no special class) whose holders within a run the key
    /// gives only as counts (`ranks`).
    pub fn new(special: u64, honors: u64, low: u64) -> Canon {
        let mut slot = [[[13u8; 2]; 14]; 4];
        for (suit, table) in slot.iter_mut().enumerate() {
            for from in (0..13).rev() {
                table[from] = table[from + 1];
                let c = suit * 13 + from;
                if special >> c & 1 == 0 {
                    table[from][(honors >> c & 1) as usize] = from as u8;
                }
            }
        }
        Canon {
            special,
            honors,
            low,
            slot,
            cache: vec![(0, 0, 0); 4 * CACHE],
        }
    }

    /// The table key of a trick's start and the holders of the low cards.
    ///
    /// `holders`: who holds each card (seat + 1), three 13-bit planes a suit and
    /// the jokers last (`State::holders`). The key holds, a word a suit, the
    /// holders of its renumbered cards in the same planes (39 bits), the jokers'
    /// holders above the first suit's and `extra` above the second's — except
    /// that within each run of low cards of a suit (no other card between them,
    /// all honors or none) the holders are sorted, so that the key says only how
    /// many of the run each hand holds: which of them a hand holds is in the
    /// second part, per suit the holders of its low cards from the highest down,
    /// three bits a card from bit 0 (winning ranks: see `ranks`).
    #[inline(always)]
    pub fn key(&mut self, holders: &[u64; 5], extra: u64) -> (Key, Lows) {
        let j = holders[4];
        let jokers = (j & 3) | (j >> 13 & 3) << 2 | (j >> 26 & 3) << 4;
        let mut canon = [0u64; 4];
        let mut lows = [0u64; 4];
        for (suit, sq) in lows.iter_mut().enumerate() {
            let raw = holders[suit];
            let tag = raw | 1 << 63;
            let i = suit * CACHE
                + (raw.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - CACHE.trailing_zeros()))
                    as usize;
            let (c, seq) = if self.cache[i].0 == tag {
                (self.cache[i].1, self.cache[i].2)
            } else {
                let got = self.suit(suit, raw);
                self.cache[i] = (tag, got.0, got.1);
                got
            };
            canon[suit] = c;
            *sq = seq;
        }
        // Three words: the suits' 39 bits each, the fourth suit's split above the
        // first two, the jokers above the second, `extra` (< 2²¹) above the third.
        debug_assert!(extra < 1 << 21);
        let key = [
            canon[0] | (canon[3] & ((1 << 25) - 1)) << 39,
            canon[1] | (canon[3] >> 25) << 39 | jokers << 53,
            canon[2] | extra << 39,
        ];
        (key, lows)
    }

    /// One suit's part of the key from its holders (`raw`: three 13-bit planes of
    /// seat + 1): the renumbered holders in the same planes, and the low cards'
    /// holders from the highest down.
    fn suit(&self, suit: usize, raw: u64) -> (u64, u64) {
        let planes = [raw & 0x1fff, raw >> 13 & 0x1fff, raw >> 26 & 0x1fff];
        let owner = |r: usize| {
            (planes[0] >> r & 1 | (planes[1] >> r & 1) << 1 | (planes[2] >> r & 1) << 2) as u8
        };
        let mut out = 0u64;
        let put = |out: &mut u64, to: usize, o: u8| {
            for p in 0..3 {
                *out |= ((o >> p & 1) as u64) << (13 * p + to);
            }
        };
        let mut sq = 0u64;
        let mut bits = planes[0] | planes[1] | planes[2];
        let mut from = 0usize;
        let mut run = [(0u8, 0u8); 13]; // (renumbered rank, holder) of a run of low cards
        let mut len = 0usize;
        let mut run_card = 0usize; // the last card of the run
        while bits != 0 {
            let r = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let c = suit * 13 + r;
            let to = if self.special >> c & 1 == 1 {
                r
            } else {
                self.slot[suit][from][(self.honors >> c & 1) as usize] as usize
            };
            from = to + 1;
            let o = owner(r);
            if self.low >> c & 1 == 1 {
                let honor = self.honors >> c & 1;
                if len > 0 && self.honors >> run_card & 1 != honor {
                    flush(&mut out, &run[..len], put);
                    len = 0;
                }
                run_card = c;
                run[len] = (to as u8, o);
                len += 1;
                sq = sq << 3 | o as u64;
            } else {
                flush(&mut out, &run[..len], put);
                len = 0;
                put(&mut out, to, o);
            }
        }
        flush(&mut out, &run[..len], put);
        (out, sq)
    }

    /// The renumbered card of `card` among the cards in play (`present`).
    pub fn card(&self, present: u64, card: u8) -> u8 {
        if card >= 52 {
            return card;
        }
        let suit = (card / 13) as usize;
        let r = (card % 13) as usize;
        let c = card as usize;
        if self.special >> c & 1 == 1 {
            return card;
        }
        let below = present >> (13 * suit) & ((1u64 << r) - 1);
        let from = if below == 0 {
            0
        } else {
            let top = 63 - below.leading_zeros() as usize; // the card just below
            let d = suit * 13 + top;
            let to = if self.special >> d & 1 == 1 {
                top
            } else {
                self.card(present, d as u8) as usize - suit * 13
            };
            to + 1
        };
        (suit * 13) as u8 + self.slot[suit][from][(self.honors >> c & 1) as usize]
    }
}

/// A run of low cards into a suit's planes: its holders sorted, lowest card first.
fn flush(out: &mut u64, run: &[(u8, u8)], put: impl Fn(&mut u64, usize, u8)) {
    let mut owners = [0u8; 13];
    for (o, &(_, owner)) in owners.iter_mut().zip(run.iter()) {
        *o = owner;
    }
    let owners = &mut owners[..run.len()];
    owners.sort_unstable();
    for (&(to, _), &o) in run.iter().zip(owners.iter()) {
        put(out, to as usize, o);
    }
}
