//! Winning ranks (as DDS has them): which low cards' ranks decided a result, so
//! that one table entry serves every position that differs only in which low
//! cards each hand holds.
//!
//! A low card is a plain card that is not an honor (no special class, no honor to
//! count). Every search result carries the set of low cards whose rank it read:
//! the winner of a trick that beat a low card of its own suit by rank, a low card
//! a bound found unbeatable, and the sets of the results it was built from (a
//! table hit: the low cards its entry read). A result then holds for every
//! position with the same honors and special cards in the same hands, the same
//! number of each suit's low cards in each hand, and, per suit, the same owners of
//! the low cards from the suit's highest down to its lowest read one (`k` cards):
//! the lower low cards only lose to the read ones and among themselves they never
//! decided a trick (a trick they decided would have read its winner). A move that
//! stood for equivalent cards (merged) reads them too when its own card was read,
//! so that the cards it stood for are covered.

use crate::search::Solver;
use crate::state::State;

impl Solver {
    /// Per suit, the number of low cards in `present` from the highest down to the
    /// lowest of `read` (0: none read).
    pub(crate) fn read_counts(&self, present: u64, read: u64) -> [u8; 4] {
        [0, 1, 2, 3].map(|s| {
            let lows = present & self.low & 0x1fff << (13 * s);
            let r = lows & read;
            if r == 0 {
                0
            } else {
                (lows >> r.trailing_zeros()).count_ones() as u8
            }
        })
    }

    /// The low cards of `present` a table entry's counts `k` read: per suit the
    /// highest `k`.
    pub(crate) fn read_cards(&self, present: u64, k: [u8; 4]) -> u64 {
        let mut out = 0u64;
        for (s, &k) in k.iter().enumerate() {
            let mut lows = present & self.low & 0x1fff << (13 * s);
            for _ in k as u32..lows.count_ones() {
                lows &= lows - 1; // (one count: no POPCNT on the baseline x86-64 target)
            }
            out |= lows;
        }
        out
    }

    /// The low cards a finished trick read: its winner, when it is a low card
    /// and beat another low card of its suit.
    pub(crate) fn trick_read(&self, cards: &[u8], w: usize) -> u64 {
        let wc = cards[w] as u64;
        if self.low >> wc & 1 == 0 {
            return 0;
        }
        let honor = self.rules.honors >> wc & 1;
        let same = cards.iter().enumerate().any(|(i, &c)| {
            i != w
                && self.low >> c & 1 == 1
                && c as u64 / 13 == wc / 13
                && self.rules.honors >> c & 1 == honor
        });
        if same {
            1 << wc
        } else {
            0
        }
    }

    /// The cards `card` stood for when `seat` played it (merged: the run of equal
    /// cards just below it in the same hand), itself included.
    /// (`present`: the cards in play, in the hands and on the table.)
    pub(crate) fn stood_for(&self, s: &State, seat: usize, card: u8, present: u64) -> u64 {
        let out = 1u64 << card;
        if self.low >> card & 1 == 0 {
            return out;
        }
        let base = card / 13 * 13;
        let suit = 0x1fffu64 << base;
        let class = if self.rules.honors >> card & 1 == 1 {
            self.low & self.rules.honors
        } else {
            self.low & !self.rules.honors
        };
        // the run ends at the nearest card in play below it that is not the hand's
        // or not of its class (by masks, not card by card)
        let bad = present & suit & !(s.hands[seat] & class) & ((1u64 << card) - 1);
        let from = if bad == 0 {
            base as u32
        } else {
            64 - bad.leading_zeros()
        };
        out | present & s.hands[seat] & ((1u64 << card) - (1u64 << from))
    }

    /// The cards of `seat`'s hand a tried low `card` shows equivalent once its
    /// search read `got` (rank equivalence after the search): the result holds for
    /// every position that differs only in who holds the suit's low cards below
    /// its lowest read one, run by run (`canon`'s runs: plain, all honors or none,
    /// no other card between them), so when `card` is below that one, playing any
    /// other card of its run below it gives the same result with the same read
    /// cards. The search then skips those cards.
    /// (`present`: the cards in play, in the hands and on the table.)
    pub(crate) fn same_after(
        &self,
        s: &State,
        seat: usize,
        card: u8,
        got: u64,
        present: u64,
    ) -> u64 {
        if self.low >> card & 1 == 0 {
            return 0;
        }
        let base = card / 13 * 13;
        let suit = 0x1fffu64 << base;
        let read = got & self.low & suit;
        if read & ((2u64 << card) - 1) != 0 {
            return 0; // read at or below it: its rank may have mattered
        }
        let top = if read == 0 {
            base + 13
        } else {
            read.trailing_zeros() as u8
        };
        // The run's ends, by masks: the nearest card in play on each side that is
        // not of the run (not plain, or an honor when `card` is none or the reverse).
        let class = if self.rules.honors >> card & 1 == 1 {
            self.low & self.rules.honors
        } else {
            self.low & !self.rules.honors
        };
        let bad = present & suit & !class;
        let below = bad & ((1u64 << card) - 1);
        let from = if below == 0 {
            base as u32
        } else {
            64 - below.leading_zeros()
        };
        let above = bad & !((2u64 << card) - 1);
        let to = if above == 0 {
            top as u32
        } else {
            above.trailing_zeros().min(top as u32)
        };
        let span = |a: u32, b: u32| {
            if b > a {
                ((1u64 << (b - a)) - 1) << a
            } else {
                0
            }
        };
        s.hands[seat] & (span(from, card as u32) | span(card as u32 + 1, to))
    }
}
