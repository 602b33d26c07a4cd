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

use crate::tt::Key;

pub struct Canon {
    special: u64,
    /// `slot[suit][from][honor]`: the lowest plain rank ≥ `from` of that honor-ness.
    slot: [[[u8; 2]; 14]; 4],
}

impl Canon {
    pub fn new(special: u64, honors: u64) -> Canon {
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
        Canon { special, slot }
    }

    /// The renumbered card of every card in `hands` and `trick` (`map`), the
    /// table key and the owners of the plain cards (`low`: no special class).
    ///
    /// The key holds the owner of every renumbered card (seat + 1, 7 on the table)
    /// in three bit planes, and `extra` with the trick's renumbered cards in order
    /// from bit 24 (six bits a card) — except that within each run of `low` cards
    /// of a suit (no other card between them, all honors or none) the owners are
    /// sorted, so that the key
    /// says only how many of the run each hand holds: which of them a hand holds is
    /// in the second part, per suit the owners of its `low` cards from the highest
    /// down, three bits a card from bit 0 (winning ranks: see `ranks`).
    pub fn key(
        &self,
        hands: &[u64],
        trick: &[u8],
        honors: u64,
        low: u64,
        extra: u64,
        map: &mut [u8; 54],
    ) -> (Key, [u64; 4]) {
        let mut owner = [0u8; 54];
        let mut present = 0u64;
        for &c in trick {
            owner[c as usize] = 7;
            present |= 1 << c;
        }
        for (i, &h) in hands.iter().enumerate() {
            present |= h;
            let mut bits = h;
            while bits != 0 {
                owner[bits.trailing_zeros() as usize] = i as u8 + 1;
                bits &= bits - 1;
            }
        }
        let mut key = [0u64, 0, 0, extra];
        let mut seq = [0u64; 4];
        let put = |key: &mut Key, canon: usize, o: u8| {
            for (plane, word) in key.iter_mut().take(3).enumerate() {
                *word |= ((o >> plane & 1) as u64) << canon;
            }
        };
        for (suit, sq) in seq.iter_mut().enumerate() {
            let mut bits = present >> (13 * suit) & 0x1fff;
            let mut from = 0usize;
            let mut run = [(0u8, 0u8); 13]; // (renumbered card, owner) of a run of low cards
            let mut len = 0usize;
            let mut run_card = 0usize; // the last card of the run
            while bits != 0 {
                let r = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let c = suit * 13 + r;
                let to = if self.special >> c & 1 == 1 {
                    r
                } else {
                    self.slot[suit][from][(honors >> c & 1) as usize] as usize
                };
                from = to + 1;
                let canon = suit * 13 + to;
                map[c] = canon as u8;
                let o = owner[c];
                if low >> c & 1 == 1 {
                    let honor = honors >> c & 1;
                    if len > 0 && honors >> run_card & 1 != honor {
                        flush(&mut key, &mut run[..len], put);
                        len = 0;
                    }
                    run_card = c;
                    run[len] = (canon as u8, o);
                    len += 1;
                    *sq = *sq << 3 | o as u64;
                } else {
                    flush(&mut key, &mut run[..len], put);
                    len = 0;
                    put(&mut key, canon, o);
                }
            }
            flush(&mut key, &mut run[..len], put);
        }
        for c in 52..54 {
            if present >> c & 1 == 1 {
                map[c] = c as u8;
                put(&mut key, c, owner[c]);
            }
        }
        for (i, &c) in trick.iter().enumerate() {
            key[3] |= (map[c as usize] as u64) << (24 + 6 * i);
        }
        (key, seq)
    }
}

/// A run of low cards into the key: its owners sorted, lowest card first.
fn flush(key: &mut Key, run: &mut [(u8, u8)], put: impl Fn(&mut Key, usize, u8)) {
    let mut owners = [0u8; 13];
    for (o, &(_, owner)) in owners.iter_mut().zip(run.iter()) {
        *o = owner;
    }
    let owners = &mut owners[..run.len()];
    owners.sort_unstable();
    for (&(canon, _), &o) in run.iter().zip(owners.iter()) {
        put(key, canon as usize, o);
    }
}
