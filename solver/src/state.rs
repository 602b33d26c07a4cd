//! The mutable state of one search: playing a card and taking it back.

use crate::rules::{JOKER, MIGHTY};
use crate::search::{Move, Solver};

/// The mutable state of one search.
pub(crate) struct State {
    pub(crate) hands: [u64; 6],
    pub(crate) trick: [u8; 6],
    pub(crate) tlen: usize,
    pub(crate) lead: Option<u8>,
    pub(crate) leader: usize,
    pub(crate) step: i8,
    pub(crate) trick_no: u8,
    pub(crate) side: u8,
    pub(crate) widow: u8,
    pub(crate) pending: bool, // trick 1 not finished and its winner takes the discards
    /// Honors still to be won (`remaining`), kept up by `play` and `unplay`.
    pub(crate) rem: i32,
    /// Who holds each card (seat + 1) in three 13-bit planes a word, per suit and
    /// the jokers last: the table's key (`canon`), kept up by `play` and `unplay`
    /// instead of gathered from the hands at every trick's start.
    pub(crate) holders: [u64; 5],
    /// The trick so far's winning card, kept up card by card (`winning`).
    pub(crate) win: Winning,
}

/// The winning card of the trick so far (its index, leader first, and sort key)
/// and the context its key was read in: same-two holding for the cards so far,
/// the mighty among them. A card that changes neither context only has to beat
/// the key; `Rules::winner` is asked again only when the context changes (the
/// trick's winner was asked at every card inside a trick: 9 % of the search).
#[derive(Clone, Copy, Default)]
pub(crate) struct Winning {
    pub(crate) at: usize,
    pub(crate) key: u16,
    pub(crate) s2: bool,
    pub(crate) mighty: bool,
}

/// The word of `holders` that holds `card`, and `card`'s bits there for `seat`.
pub(crate) fn holder_bits(card: u8, seat: usize) -> (usize, u64) {
    let (w, r) = ((card / 13) as usize, card % 13);
    let o = seat as u64 + 1;
    (w, ((o & 1) | (o >> 1 & 1) << 13 | (o >> 2 & 1) << 26) << r)
}

impl Solver {
    #[inline(always)]
    pub(crate) fn play(&self, s: &mut State, seat: usize, m: Move) -> (i32, Undo) {
        let mut undo = Undo {
            lead: s.lead,
            leader: s.leader,
            step: s.step,
            pending: s.pending,
            tlen: s.tlen,
            trick: s.trick,
            read: 0,
            rem: s.rem,
            win: s.win,
        };
        s.hands[seat] &= !(1 << m.card);
        let (w, _) = holder_bits(m.card, 0);
        s.holders[w] &= !((1 | 1 << 13 | 1 << 26) << (m.card % 13));
        s.trick[s.tlen] = m.card;
        if s.tlen == 0 {
            s.lead = self.rules.lead_suit(m.card, m.named);
        }
        s.tlen += 1;
        s.win = self.winning(s);
        let n = self.rules.players;
        if s.tlen < n {
            return (0, undo);
        }
        let r = &self.rules;
        let norm = &s.trick[..n]; // (the second joker, 53, is no honor and turns nothing)
        let w = s.win.at;
        debug_assert_eq!(w, r.winner(norm, s.lead, s.trick_no));
        undo.read = self.trick_read(&s.trick[..n], w);
        let win_seat = s.seat_at(w, n);
        let mut honors = norm
            .iter()
            .filter(|&&c| c < JOKER && r.honors >> c & 1 == 1)
            .count() as i32;
        if s.pending {
            honors += s.widow as i32;
        }
        s.rem -= honors;
        let gain = if s.side >> win_seat & 1 == 1 {
            honors
        } else {
            0
        };
        for &c in norm {
            if r.reverses(c) {
                s.step = -s.step;
            }
        }
        s.pending = false;
        s.leader = win_seat;
        s.tlen = 0;
        s.lead = None;
        s.trick_no += 1;
        (gain, undo)
    }

    #[inline(always)]
    pub(crate) fn unplay(&self, s: &mut State, seat: usize, m: Move, u: Undo) {
        if u.tlen + 1 == self.rules.players {
            s.trick_no -= 1;
        }
        s.lead = u.lead;
        s.leader = u.leader;
        s.step = u.step;
        s.pending = u.pending;
        s.rem = u.rem;
        s.win = u.win;
        s.tlen = u.tlen;
        s.trick = u.trick; // the next trick's cards overwrote this one's
        s.hands[seat] |= 1 << m.card;
        let (w, bits) = holder_bits(m.card, seat);
        s.holders[w] |= bits;
    }
}

impl Solver {
    /// `s.win` once the card at `s.tlen - 1` joined the trick (`Winning`).
    #[inline(always)]
    pub(crate) fn winning(&self, s: &State) -> Winning {
        let r = &self.rules;
        let i = s.tlen - 1;
        let c = s.trick[i];
        let follows = r.same_two_holds(&[c], s.lead, s.trick_no); // (all cards must)
        let (s2, mighty) = if i == 0 {
            (follows, c == MIGHTY)
        } else {
            (s.win.s2 && follows, s.win.mighty || c == MIGHTY)
        };
        if i > 0 && s2 == s.win.s2 && mighty == s.win.mighty {
            let key = r.key(c, 1, s.lead, s2, mighty);
            return if key < s.win.key {
                Winning {
                    at: i,
                    key,
                    ..s.win
                }
            } else {
                s.win
            };
        }
        let cards = &s.trick[..s.tlen];
        let at = if i == 0 {
            0
        } else {
            r.winner(cards, s.lead, s.trick_no)
        };
        let key = r.key(cards[at], (at > 0) as usize, s.lead, s2, mighty);
        Winning {
            at,
            key,
            s2,
            mighty,
        }
    }
}

pub(crate) struct Undo {
    pub(crate) lead: Option<u8>,
    pub(crate) leader: usize,
    pub(crate) step: i8,
    pub(crate) pending: bool,
    pub(crate) tlen: usize,
    pub(crate) trick: [u8; 6],
    /// The low card whose rank won the trick this card finished (`ranks`).
    pub(crate) read: u64,
    pub(crate) rem: i32,
    pub(crate) win: Winning,
}

impl State {
    pub(crate) fn seat(&self, n: usize) -> usize {
        self.seat_at(self.tlen, n)
    }

    /// The seat that plays the trick's `i`-th card (leader 0). The sum lies within
    /// `-n..2n`, so one add or subtract wraps it: no division (a division costs
    /// tens of cycles, and this is asked several times a node).
    pub(crate) fn seat_at(&self, i: usize, n: usize) -> usize {
        let x = self.leader as i32 + self.step as i32 * i as i32;
        let n = n as i32;
        (if x >= n {
            x - n
        } else if x < 0 {
            x + n
        } else {
            x
        }) as usize
    }
}
