//! What is known without searching: the honors each side is sure of (lower and
//! upper bounds for the search: at a trick's start the sure tricks of `sure`,
//! inside a trick the decided trick) and the last trick, which leaves no choice.

use crate::rules::{Rules, JOKER, MIGHTY, NO_KEY};
use crate::search::{Position, Solver};
use crate::state::State;

impl Solver {
    /// Bounds on the honors Napoleon's side wins from `s` (`rem`: all still to be
    /// won): at a trick's start the sure tricks of each side (`sure_tricks`); inside
    /// a trick the honors of the trick on the table when its winner's side is
    /// decided, with the low card whose rank decided it (`ranks`: an honor or
    /// special card outranks a low one of its suit whichever it is). (The sure
    /// honors of each side inside a trick too — an honor that beats every card of
    /// the other side, in hand or on the table — cut 0.2 % of nodes more for about
    /// a sixth of the search's instructions: dropped.)
    pub(crate) fn bounds(&self, s: &State, rem: i32) -> (i32, i32, u64) {
        if s.tlen == 0 {
            let (lower, upper_taken, read) = self.sure_tricks(s);
            return (lower, rem - upper_taken, read);
        }
        let mut sure = [0i32; 2];
        let mut read = 0;
        if let Some((side, w)) = self.decided(s) {
            read |= (1u64 << w) & self.low;
            let r = &self.rules;
            let table = &s.trick[..s.tlen];
            sure[side] += table
                .iter()
                .filter(|&&c| c < JOKER && r.honors >> c & 1 == 1)
                .count() as i32;
            if s.pending {
                sure[side] += s.widow as i32;
            }
        }
        (sure[1], rem - sure[0], read)
    }

    /// Every bound the search may cut with at `p` before it tries a card, as the
    /// honors Napoleon's side ends with (lower, upper): "sure" (`bounds`: sure
    /// honors, sure tricks, the decided trick) and, at a trick's start, "leader"
    /// (`sure_honors`: the leader's run of sure tricks). For the tests, which hold
    /// each against the plain search.
    pub fn bound_values(
        &self,
        p: &Position,
        taken: i32,
    ) -> Result<Vec<(&'static str, i32, i32)>, String> {
        let s = self.state(p)?;
        let base = taken + self.fixed_credit(p);
        let rem = self.remaining(&s);
        let (lo, hi, _) = self.bounds(&s, rem);
        let mut out = vec![("sure", base + lo, base + hi)];
        if s.tlen == 0 && s.hands[s.leader] != 0 {
            let (sure, _) = self.sure_honors(&s);
            out.push(if s.side >> s.leader & 1 == 1 {
                ("leader", base + sure, base + rem)
            } else {
                ("leader", base, base + rem - sure)
            });
        }
        Ok(out)
    }

    /// The side (1: Napoleon's) that wins the trick on the table whatever the
    /// players still to play it add: its best card beats every other card on the
    /// table and in their hands, same-two holding or not, the mighty played or not;
    /// with that card.
    pub(crate) fn decided(&self, s: &State) -> Option<(usize, u8)> {
        if s.tlen == 0 {
            return None;
        }
        let r = &self.rules;
        let n = r.players;
        let seat_of = |i: usize| s.seat_at(i, n);
        let mut followers = 0u64;
        for i in s.tlen..n {
            followers |= s.hands[seat_of(i)];
        }
        let table = &s.trick[..s.tlen]; // (keys and strengths read the second joker as 52)
        let variant = if s.win.mighty {
            2
        } else if followers >> MIGHTY & 1 == 1 {
            1
        } else {
            0
        };
        let w = s.win.at;
        let lead = s.lead.map_or(4, |l| l as usize);
        // the best card's weakest key in this trick (`strongest_in`'s second half)
        let weak = self.strongest_in[30 + (((w > 0) as usize) * 3 + variant) * 5 + lead]
            [table[w] as usize];
        if weak >= NO_KEY {
            return None;
        }
        let strongest = |index: usize| &self.strongest_in[(index * 3 + variant) * 5 + lead];
        for (j, &c) in table.iter().enumerate() {
            if j != w && strongest((j > 0) as usize)[c as usize] <= weak {
                return None;
            }
        }
        if followers & self.follow_beats[(variant * 5 + lead) * self.span + weak as usize] != 0 {
            return None;
        }
        Some(((s.side >> seat_of(w) & 1) as usize, s.trick[w]))
    }

    /// The last trick: every hand holds one card, so no choice is left but the suit
    /// a led joker names. With the low card whose rank won it (`ranks`).
    pub(crate) fn last_trick(&self, s: &State) -> (i32, u64) {
        let r = &self.rules;
        let n = r.players;
        let mut cards = [0u8; 6];
        for (i, c) in cards.iter_mut().enumerate().take(n) {
            let seat = s.seat_at(i, n);
            *c = (s.hands[seat].trailing_zeros() as u8).min(JOKER);
        }
        let mut gain = cards[..n]
            .iter()
            .filter(|&&c| c < JOKER && r.honors >> c & 1 == 1)
            .count() as i32;
        if s.pending {
            gain += s.widow as i32;
        }
        let mut raw = [0u8; 6];
        for (i, c) in raw.iter_mut().enumerate().take(n) {
            let seat = s.seat_at(i, n);
            *c = s.hands[seat].trailing_zeros() as u8;
        }
        let read = std::cell::Cell::new(0u64);
        let ours = |named: Option<u8>| {
            let w = r.winner(&cards[..n], r.lead_suit(cards[0], named), s.trick_no);
            read.set(read.get() | self.trick_read(&raw[..n], w));
            let win_seat = s.seat_at(w, n);
            s.side >> win_seat & 1 == 1
        };
        let won = if cards[0] == JOKER && r.joker_lead_suit {
            let leader_ours = s.side >> s.leader & 1 == 1;
            let mut outcomes = (0..4).map(|suit| ours(Some(suit)));
            if leader_ours {
                outcomes.any(|w| w)
            } else {
                outcomes.all(|w| w)
            }
        } else {
            ours(None)
        };
        (if won { gain } else { 0 }, read.get())
    }
}

/// Per (led or followed, whether the mighty is in the trick: no, maybe, yes, the
/// lead suit or none) each card's strongest sort key, same-two holding or not;
/// then, 30 entries on, its weakest (`decided`'s questions, asked at most nodes,
/// read from here).
pub(crate) fn strongest_in(r: &Rules) -> Vec<[u16; 54]> {
    let variants: [&[bool]; 3] = [&[false], &[false, true], &[true]];
    let mut out = Vec::new();
    for weakest in [false, true] {
        for index in 0..2 {
            for mis in variants {
                for lead in [Some(0), Some(1), Some(2), Some(3), None] {
                    out.push(std::array::from_fn(|c| {
                        let card = (c as u8).min(JOKER);
                        let mut k = if weakest { 0 } else { NO_KEY };
                        for &m in mis {
                            for s2 in [false, true] {
                                let key = r.key(card, index, lead, s2, m || card == MIGHTY);
                                k = if weakest { k.max(key) } else { k.min(key) };
                            }
                        }
                        k
                    }));
                }
            }
        }
    }
    out
}
