//! The mutable state of one search: playing a card and taking it back.

use crate::rules::JOKER;
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
}

/// The word of `holders` that holds `card`, and `card`'s bits there for `seat`.
pub(crate) fn holder_bits(card: u8, seat: usize) -> (usize, u64) {
    let (w, r) = ((card / 13) as usize, card % 13);
    let o = seat as u64 + 1;
    (w, ((o & 1) | (o >> 1 & 1) << 13 | (o >> 2 & 1) << 26) << r)
}

impl Solver {
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
        };
        s.hands[seat] &= !(1 << m.card);
        let (w, _) = holder_bits(m.card, 0);
        s.holders[w] &= !((1 | 1 << 13 | 1 << 26) << (m.card % 13));
        s.trick[s.tlen] = m.card;
        if s.tlen == 0 {
            s.lead = self.rules.lead_suit(m.card, m.named);
        }
        s.tlen += 1;
        let n = self.rules.players;
        if s.tlen < n {
            return (0, undo);
        }
        let r = &self.rules;
        let mut buf = s.trick;
        for c in buf[..n].iter_mut() {
            *c = (*c).min(JOKER);
        }
        let norm = &buf[..n];
        let w = r.winner(norm, s.lead, s.trick_no);
        undo.read = self.trick_read(&s.trick[..n], w);
        let win_seat = (s.leader as i32 + s.step as i32 * w as i32).rem_euclid(n as i32) as usize;
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

    pub(crate) fn unplay(&self, s: &mut State, seat: usize, m: Move, u: Undo) {
        if u.tlen + 1 == self.rules.players {
            s.trick_no -= 1;
        }
        s.lead = u.lead;
        s.leader = u.leader;
        s.step = u.step;
        s.pending = u.pending;
        s.rem = u.rem;
        s.tlen = u.tlen;
        s.trick = u.trick; // the next trick's cards overwrote this one's
        s.hands[seat] |= 1 << m.card;
        let (w, bits) = holder_bits(m.card, seat);
        s.holders[w] |= bits;
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
}

impl State {
    pub(crate) fn seat(&self, n: usize) -> usize {
        (self.leader as i32 + self.step as i32 * self.tlen as i32).rem_euclid(n as i32) as usize
    }
}
