//! Double-dummy search: the honors Napoleon's side ends with under best play by
//! both sides, every hand seen.
//!
//! Alpha-beta on the honors still to be won, driven by zero-window probes (MTD(f)),
//! with a bounded transposition table keyed on the remaining cards at the start of
//! each trick, cards that are equivalent merged (never a special card, never an
//! honor with a non-honor), cheap move ordering and a bound from the honors left.

use crate::rules::{Rules, JOKER};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-rotate hasher: the keys are a few u64 of card bits, hashed millions
/// of times a search; SipHash would cost more than the search's own work.
#[derive(Default)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u8(&mut self, v: u8) {
        self.write_u64(v as u64);
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
}

type Key = ([u64; 6], u8);
type Table = HashMap<Key, (u8, u8, u8), BuildHasherDefault<FxHasher>>; // bounds, best lead

/// A position: each seat's cards, the trick so far, who leads it and the direction
/// of play, and which seats are Napoleon's side.
#[derive(Clone, Debug)]
pub struct Position {
    pub hands: [u64; 6],
    pub trick: Vec<u8>,
    pub named: Option<u8>, // the suit a led joker named (joker-lead suit)
    pub leader: usize,
    pub step: i8,
    pub napoleon_side: u8, // bit per seat
    pub widow_honors: u8,
    pub first_trick_napoleon: Option<bool>,
}

pub struct Solver {
    pub rules: Rules,
    special: u64,
    table: Table,
    pub cap: usize,
    pub nodes: u64,
}

/// The mutable state of one search.
struct State {
    hands: [u64; 6],
    trick: [u8; 6],
    tlen: usize,
    lead: Option<u8>,
    leader: usize,
    step: i8,
    trick_no: u8,
    side: u8,
    widow: u8,
    pending: bool, // trick 1 not finished and its winner takes the discards
}

#[derive(Clone, Copy)]
pub struct Move {
    pub card: u8,
    pub named: Option<u8>,
}

impl Solver {
    pub fn new(rules: Rules, cap: usize) -> Solver {
        let special = rules.special();
        Solver { rules, special, table: Table::default(), cap, nodes: 0 }
    }

    fn state(&self, p: &Position) -> Result<State, String> {
        let n = self.rules.players;
        let cards: u32 = p.hands[..n].iter().map(|h| h.count_ones()).sum::<u32>() + p.trick.len() as u32;
        if cards % n as u32 != 0 || p.trick.len() >= n {
            return Err("the hands and the trick do not make whole tricks".into());
        }
        let left = (cards / n as u32) as u8;
        if left > self.rules.tricks || left == 0 && !p.trick.is_empty() {
            return Err("more cards than tricks".into());
        }
        let trick_no = self.rules.tricks + 1 - left;
        let mut trick = [0u8; 6];
        for (i, &c) in p.trick.iter().enumerate() {
            trick[i] = c;
        }
        let lead = p.trick.first().and_then(|&c| self.rules.lead_suit(c, p.named));
        Ok(State {
            hands: p.hands,
            trick,
            tlen: p.trick.len(),
            lead,
            leader: p.leader,
            step: p.step,
            trick_no,
            side: p.napoleon_side,
            widow: p.widow_honors,
            pending: self.rules.discard == 3 && trick_no == 1 && p.first_trick_napoleon.is_none(),
        })
    }

    /// Honors of the discards that are Napoleon's side's whatever happens next.
    fn fixed_credit(&self, p: &Position) -> i32 {
        let d = p.widow_honors as i32;
        match self.rules.discard {
            2 => d,
            3 if p.first_trick_napoleon == Some(true) => d,
            _ => 0,
        }
    }

    /// The honors Napoleon's side ends with from `p` (`taken`: hers so far).
    pub fn solve(&mut self, p: &Position, taken: i32) -> Result<i32, String> {
        let mut s = self.state(p)?;
        Ok(taken + self.fixed_credit(p) + self.mtd(&mut s))
    }

    /// Each legal card of the player to move, with the honors Napoleon's side ends
    /// with after it under best play (a led joker once per suit it may name).
    pub fn values(&mut self, p: &Position, taken: i32) -> Result<Vec<(Move, i32)>, String> {
        let mut s = self.state(p)?;
        let base = taken + self.fixed_credit(p);
        let seat = s.seat(self.rules.players);
        let moves = self.moves(&s, seat, false);
        let mut out = Vec::new();
        for m in moves {
            let (gain, undo) = self.play(&mut s, seat, m);
            let v = gain + self.mtd(&mut s);
            self.unplay(&mut s, seat, m, undo);
            let card = if m.card >= JOKER { JOKER } else { m.card };
            out.push((Move { card, named: m.named }, base + v));
        }
        Ok(out)
    }

    /// The winning seat's index in a finished trick (for the parity tests).
    pub fn legal_cards(&self, p: &Position) -> Result<Vec<Move>, String> {
        let s = self.state(p)?;
        let seat = s.seat(self.rules.players);
        Ok(self.moves(&s, seat, false))
    }

    fn mtd(&mut self, s: &mut State) -> i32 {
        let mut lo = 0;
        let mut hi = self.remaining(s);
        let mut g = hi / 2;
        while lo < hi {
            let beta = if g == lo { g + 1 } else { g };
            g = self.ab(s, beta - 1, beta);
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        lo
    }

    /// Honors still to be won from `s`: in the hands, on the table, and the discards
    /// when trick 1 decides them.
    fn remaining(&self, s: &State) -> i32 {
        let all = s.hands.iter().fold(0, |a, h| a | h);
        let mut r = (all & self.rules.honors).count_ones() as i32;
        for &c in &s.trick[..s.tlen] {
            if c < JOKER && self.rules.honors >> c & 1 == 1 {
                r += 1;
            }
        }
        if s.pending {
            r += s.widow as i32;
        }
        r
    }

    fn moves(&self, s: &State, seat: usize, merge: bool) -> Vec<Move> {
        let r = &self.rules;
        let hand = s.hands[seat];
        let opening = s.trick_no == 1 && s.tlen == 0;
        let mut legal = r.legal(hand, &s.trick[..s.tlen], s.lead, opening);
        if legal & (3 << 52) == 3 << 52 {
            legal &= !(1 << 53); // two jokers are one card twice
        }
        if merge {
            legal = self.merged(s, legal);
        }
        let mut out = Vec::with_capacity(12);
        let mut bits = legal;
        while bits != 0 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            if c >= JOKER && s.tlen == 0 && r.joker_lead_suit {
                for suit in 0..4 {
                    out.push(Move { card: c, named: Some(suit) });
                }
            } else {
                out.push(Move { card: c, named: None });
            }
        }
        if merge {
            self.order(s, seat, &mut out);
        }
        out
    }

    /// Drops each card that has an equivalent card just above it in the same hand:
    /// same suit, nothing still in play between them, both plain, both honors or both not.
    fn merged(&self, s: &State, legal: u64) -> u64 {
        let mut present = s.hands.iter().fold(0, |a, h| a | h);
        for &c in &s.trick[..s.tlen] {
            present |= 1 << c;
        }
        let mut out = legal;
        let mut bits = legal & !self.special & ((1 << 52) - 1);
        while bits != 0 {
            let c = bits.trailing_zeros() as u64;
            bits &= bits - 1;
            let hon = self.rules.honors >> c & 1;
            let top = (c / 13) * 13 + 12;
            let mut d = c + 1;
            while d <= top && present >> d & 1 == 0 {
                d += 1;
            }
            if d <= top
                && legal >> d & 1 == 1
                && self.special >> d & 1 == 0
                && self.rules.honors >> d & 1 == hon
            {
                out &= !(1 << c);
            }
        }
        out
    }

    /// Cheap move ordering: a follower first tries the cheapest card that wins the
    /// trick so far when an opponent holds it, else its lowest cards; a leader tries
    /// high cards first.
    fn order(&self, s: &State, seat: usize, moves: &mut [Move]) {
        let r = &self.rules;
        let mine = s.side >> seat & 1;
        if s.tlen == 0 {
            moves.sort_by_key(|m| r.key(m.card, 0, r.lead_suit(m.card, m.named), false, false));
            return;
        }
        let cards = &s.trick[..s.tlen];
        let mighty_in = cards.contains(&crate::rules::MIGHTY);
        let mut bi = 0;
        let mut bk = r.key(cards[0], 0, s.lead, false, mighty_in);
        for (i, &c) in cards.iter().enumerate().skip(1) {
            let k = r.key(c, 1, s.lead, false, mighty_in);
            if k < bk {
                bi = i;
                bk = k;
            }
        }
        let n = r.players;
        let win_seat = (s.leader as i32 + s.step as i32 * bi as i32).rem_euclid(n as i32) as usize;
        let partner_wins = s.side >> win_seat & 1 == mine;
        moves.sort_by_key(|m| {
            let k = r.key(m.card, 1, s.lead, false, mighty_in || m.card == crate::rules::MIGHTY);
            let rank = (m.card % 13) as i32;
            let honor = (m.card < JOKER && r.honors >> m.card & 1 == 1) as i32;
            if partner_wins {
                (1 - honor) * 100 + rank // feed honors to the partner's trick
            } else if k < bk {
                -(k as i32) // the cheapest card that wins
            } else {
                honor * 100 + rank // else a low non-honor
            }
        });
    }

    fn play(&self, s: &mut State, seat: usize, m: Move) -> (i32, Undo) {
        let undo = Undo { lead: s.lead, leader: s.leader, step: s.step, pending: s.pending, tlen: s.tlen, trick: s.trick };
        s.hands[seat] &= !(1 << m.card);
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
        let win_seat = (s.leader as i32 + s.step as i32 * w as i32).rem_euclid(n as i32) as usize;
        let mut gain = 0;
        if s.side >> win_seat & 1 == 1 {
            gain = norm.iter().filter(|&&c| c < JOKER && r.honors >> c & 1 == 1).count() as i32;
            if s.pending {
                gain += s.widow as i32;
            }
        }
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

    fn unplay(&self, s: &mut State, seat: usize, m: Move, u: Undo) {
        if u.tlen + 1 == self.rules.players {
            s.trick_no -= 1;
        }
        s.lead = u.lead;
        s.leader = u.leader;
        s.step = u.step;
        s.pending = u.pending;
        s.tlen = u.tlen;
        s.trick = u.trick; // the next trick's cards overwrote this one's
        s.hands[seat] |= 1 << m.card;
    }

    fn ab(&mut self, s: &mut State, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let n = self.rules.players;
        let mut key: Option<Key> = None;
        let mut hint = u8::MAX;
        if s.tlen == 0 {
            if s.hands[..n].iter().all(|&h| h == 0) {
                return 0;
            }
            let k: Key = (s.hands, (s.leader as u8) | ((s.step < 0) as u8) << 3 | (s.pending as u8) << 4);
            let mut kk = k;
            kk.0[5] ^= (s.side as u64) << 56;
            if let Some(&(lo, hi, mv)) = self.table.get(&kk) {
                hint = mv;
                let (lo, hi) = (lo as i32, hi as i32);
                if lo >= beta {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
                if alpha >= beta {
                    return alpha;
                }
            }
            key = Some(kk);
        }
        let rem = self.remaining(s);
        if rem <= alpha {
            return rem;
        }
        if beta <= 0 {
            return 0;
        }
        let (a0, b0) = (alpha, beta);
        let seat = s.seat(n);
        let maximize = s.side >> seat & 1 == 1;
        let mut moves = self.moves(s, seat, true);
        if let Some(i) = moves.iter().position(|m| m.card == hint) {
            moves[..=i].rotate_right(1); // the table's best lead first
        }
        let mut best = if maximize { -1 } else { i32::MAX };
        let mut best_card = u8::MAX;
        for m in moves {
            let (gain, undo) = self.play(s, seat, m);
            let v = gain + self.ab(s, alpha - gain, beta - gain);
            self.unplay(s, seat, m, undo);
            if (maximize && v > best) || (!maximize && v < best) {
                best = v;
                best_card = m.card;
            }
            if maximize {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if let Some(k) = key {
            if self.table.len() >= self.cap {
                self.table.clear();
            }
            let e = self.table.entry(k).or_insert((0, rem as u8, u8::MAX));
            e.2 = best_card;
            let b = best as u8;
            if best <= a0 {
                e.1 = e.1.min(b);
            } else if best >= b0 {
                e.0 = e.0.max(b);
            } else {
                *e = (b, b, best_card);
            }
        }
        best
    }

    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    pub fn clear(&mut self) {
        self.table.clear();
    }
}

struct Undo {
    lead: Option<u8>,
    leader: usize,
    step: i8,
    pending: bool,
    tlen: usize,
    trick: [u8; 6],
}

impl State {
    fn seat(&self, n: usize) -> usize {
        (self.leader as i32 + self.step as i32 * self.tlen as i32).rem_euclid(n as i32) as usize
    }
}
