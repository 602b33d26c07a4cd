//! Double-dummy search: the honors Napoleon's side ends with under best play by
//! both sides, every hand seen.
//!
//! Alpha-beta on the honors still to be won, driven by zero-window probes (MTD(f)),
//! with a bounded transposition table keyed on the remaining cards at the start of
//! each trick, cards that are equivalent merged (never a special card, never an
//! honor with a non-honor), cheap move ordering and a bound from the honors left.

use crate::canon::Canon;
use crate::rules::{Rules, JOKER, MIGHTY, NO_KEY};
use crate::tt::{Key, Table};

/// The error of a search stopped by its poll.
pub const STOPPED: &str = "stopped";

/// The legal moves of one turn, without an allocation (at most 18 cards in a hand,
/// a led joker four times).
pub struct MoveList {
    moves: [Move; 32],
    len: usize,
}

impl MoveList {
    fn new() -> MoveList {
        MoveList {
            moves: [Move {
                card: 0,
                named: None,
            }; 32],
            len: 0,
        }
    }
    fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

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
    /// Each card's weakest and strongest sort key over every trick it may be in.
    weakest: [u16; 54],
    strongest: [u16; 54],
    canon: Canon,
    table: Table,
    pub nodes: u64,
    /// Off: plain full-window alpha-beta over every legal card, no table, no
    /// bounds, no merged cards (the tests' reference for the pruning).
    pub pruning: bool,
    /// Asked every 65,536 nodes whether to stop (Ctrl-C, a signal): the binding's
    /// check of Python's signals. A stopped search stores nothing and errs.
    pub poll: Option<fn() -> bool>,
    stopped: bool,
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
        let canon = Canon::new(special, rules.honors);
        let (weakest, strongest) = extremes(&rules);
        Solver {
            rules,
            special,
            weakest,
            strongest,
            canon,
            table: Table::new(cap),
            nodes: 0,
            pruning: true,
            poll: None,
            stopped: false,
        }
    }

    fn state(&self, p: &Position) -> Result<State, String> {
        let n = self.rules.players;
        let cards: u32 =
            p.hands[..n].iter().map(|h| h.count_ones()).sum::<u32>() + p.trick.len() as u32;
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
        let lead = p
            .trick
            .first()
            .and_then(|&c| self.rules.lead_suit(c, p.named));
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

    /// The honors Napoleon's side ends with from `p` (`taken`: hers so far);
    /// `guess`, a value near the answer (the value before the last card), saves
    /// zero-window probes.
    /// `within`: bounds the caller knows the value keeps (the value after a card
    /// of Napoleon's side is at most the value before it, after an ally's at least),
    /// which save the probe that would only confirm them.
    pub fn solve(
        &mut self,
        p: &Position,
        taken: i32,
        guess: Option<i32>,
        within: (Option<i32>, Option<i32>),
    ) -> Result<i32, String> {
        let mut s = self.state(p)?;
        let base = taken + self.fixed_credit(p);
        let within = (within.0.map(|v| v - base), within.1.map(|v| v - base));
        let v = self.mtd(&mut s, guess.map(|g| g - base), within);
        self.check_stopped()?;
        Ok(base + v)
    }

    /// A legal card of the player to move whose value is `value` (the position's
    /// value, from `solve`): one zero-window probe a card, best-ordered first.
    pub fn best_move(
        &mut self,
        p: &Position,
        taken: i32,
        value: i32,
    ) -> Result<Option<Move>, String> {
        let mut s = self.state(p)?;
        let want = value - taken - self.fixed_credit(p);
        let seat = s.seat(self.rules.players);
        let maximize = s.side >> seat & 1 == 1;
        let moves = self.moves(&s, seat, true);
        for &m in moves.as_slice() {
            let (gain, undo) = self.play(&mut s, seat, m);
            let ok = if maximize {
                gain + self.ab(&mut s, want - 1 - gain, want - gain) >= want
            } else {
                gain + self.ab(&mut s, want - gain, want + 1 - gain) <= want
            };
            self.unplay(&mut s, seat, m, undo);
            self.check_stopped()?;
            if ok {
                let card = if m.card >= JOKER { JOKER } else { m.card };
                return Ok(Some(Move {
                    card,
                    named: m.named,
                }));
            }
        }
        Ok(None)
    }

    /// Each legal card of the player to move, with the honors Napoleon's side ends
    /// with after it under best play (a led joker once per suit it may name).
    pub fn values(&mut self, p: &Position, taken: i32) -> Result<Vec<(Move, i32)>, String> {
        let mut s = self.state(p)?;
        let base = taken + self.fixed_credit(p);
        let seat = s.seat(self.rules.players);
        let moves = self.moves(&s, seat, false);
        let mut out = Vec::new();
        let mut guess = None;
        for &m in moves.as_slice() {
            let (gain, undo) = self.play(&mut s, seat, m);
            let v = gain + self.mtd(&mut s, guess.map(|g: i32| g - gain), (None, None));
            guess = Some(v);
            self.unplay(&mut s, seat, m, undo);
            self.check_stopped()?;
            let card = if m.card >= JOKER { JOKER } else { m.card };
            out.push((
                Move {
                    card,
                    named: m.named,
                },
                base + v,
            ));
        }
        Ok(out)
    }

    /// The winning seat's index in a finished trick (for the parity tests).
    pub fn legal_cards(&self, p: &Position) -> Result<Vec<Move>, String> {
        let s = self.state(p)?;
        let seat = s.seat(self.rules.players);
        Ok(self.moves(&s, seat, false).as_slice().to_vec())
    }

    /// The value by zero-window probes: the first two as MTD(f) around `guess`
    /// (the value is most often the guess: two probes), then halving the interval
    /// (a fail-soft bound seldom jumps far on an honors count).
    /// `Err(STOPPED)` once a poll asked the search to stop (then ready again).
    fn check_stopped(&mut self) -> Result<(), String> {
        if std::mem::take(&mut self.stopped) {
            return Err(STOPPED.into());
        }
        Ok(())
    }

    fn mtd(
        &mut self,
        s: &mut State,
        guess: Option<i32>,
        within: (Option<i32>, Option<i32>),
    ) -> i32 {
        let rem = self.remaining(s);
        if !self.pruning {
            return self.ab(s, -1, rem + 1);
        }
        let (mut lo, mut hi) = self.bounds(s, rem);
        let (l, h) = (
            lo.max(within.0.unwrap_or(lo)),
            hi.min(within.1.unwrap_or(hi)),
        );
        if l <= h {
            (lo, hi) = (l, h);
        }
        let mut g = guess.unwrap_or((lo + hi + 1) / 2).clamp(lo, hi);
        let mut probes = 0;
        while lo < hi {
            let beta = if probes >= 2 {
                (lo + hi + 1) / 2
            } else if g == lo {
                g + 1
            } else {
                g
            };
            probes += 1;
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

    fn moves(&self, s: &State, seat: usize, merge: bool) -> MoveList {
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
        let mut out = MoveList::new();
        let mut bits = legal;
        while bits != 0 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            if c >= JOKER && s.tlen == 0 && r.joker_lead_suit {
                for suit in 0..4 {
                    out.push(Move {
                        card: c,
                        named: Some(suit),
                    });
                }
            } else {
                out.push(Move {
                    card: c,
                    named: None,
                });
            }
        }
        if merge {
            self.order(s, seat, out.as_mut_slice());
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

    /// Cheap move ordering (the table's best card goes first afterwards): a follower
    /// feeds honors to a partner's trick no opponent still to play can beat, else
    /// tries the cheapest card that takes the trick for good, then low cards that
    /// give nothing, then cards that win for now; leads by side (see below).
    fn order(&self, s: &State, seat: usize, moves: &mut [Move]) {
        let r = &self.rules;
        let mine = s.side >> seat & 1;
        if s.tlen == 0 {
            // Napoleon's side tries its low leads first, the allies their high ones
            // (fewest nodes on simulated rounds of every preset).
            let low_first = s.side >> seat & 1 == 1;
            moves.sort_by_key(|m| {
                let k = r.key(m.card, 0, r.lead_suit(m.card, m.named), false, false) as i32;
                if low_first {
                    -k
                } else {
                    k
                }
            });
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
        let seat_of =
            |i: usize| (s.leader as i32 + s.step as i32 * i as i32).rem_euclid(n as i32) as usize;
        let partner_wins = s.side >> seat_of(bi) & 1 == mine;
        let mut later = NO_KEY; // the best card an opponent still to play may add
        for i in s.tlen + 1..n {
            let seat = seat_of(i);
            if s.side >> seat & 1 != mine {
                let mut bits = s.hands[seat];
                while bits != 0 {
                    let c = (bits.trailing_zeros() as u8).min(JOKER);
                    bits &= bits - 1;
                    later = later.min(r.key(c, 1, s.lead, false, mighty_in || c == MIGHTY));
                }
            }
        }
        moves.sort_by_key(|m| {
            let k = r.key(m.card, 1, s.lead, false, mighty_in || m.card == MIGHTY);
            let rank = (m.card % 13) as i32;
            let honor = (m.card < JOKER && r.honors >> m.card & 1 == 1) as i32;
            if partner_wins && bk < later {
                (0, (1 - honor) * 100 + rank) // feed honors to the partner's trick
            } else if k < bk && k < later {
                (0, -(k as i32)) // the cheapest card that takes the trick for good
            } else if honor == 0 && k >= bk {
                (1, rank) // a low card that gives nothing
            } else if k < bk {
                (2, -(k as i32)) // a card that wins for now
            } else {
                (3, rank)
            }
        });
    }

    fn play(&self, s: &mut State, seat: usize, m: Move) -> (i32, Undo) {
        let undo = Undo {
            lead: s.lead,
            leader: s.leader,
            step: s.step,
            pending: s.pending,
            tlen: s.tlen,
            trick: s.trick,
        };
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
            gain = norm
                .iter()
                .filter(|&&c| c < JOKER && r.honors >> c & 1 == 1)
                .count() as i32;
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
        if self.nodes & 0xffff == 0 && self.poll.is_some_and(|poll| poll()) {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let n = self.rules.players;
        let mut key: Option<Key> = None;
        let mut map = [u8::MAX; 54];
        let mut hint = u8::MAX;
        let rem = self.remaining(s);
        if !self.pruning {
            return self.plain(s, alpha, beta);
        }
        if s.tlen == 0 {
            let left = s.hands[s.leader].count_ones();
            if left == 0 {
                return 0;
            }
            if left == 1 {
                return self.last_trick(s);
            }
        }
        if s.tlen == 0 {
            let extra = s.leader as u64
                | ((s.step < 0) as u64) << 3
                | (s.pending as u64) << 4
                | (s.side as u64) << 8
                | if s.pending { (s.widow as u64) << 16 } else { 0 };
            let k = self
                .canon
                .key(&s.hands[..n], &[], self.rules.honors, extra, &mut map);
            if let Some((lo, hi, mv)) = self.table.get(&k) {
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
            key = Some(k);
        }
        if s.tlen == 0 {
            let sure = self.sure_honors(s);
            if s.side >> s.leader & 1 == 1 {
                if sure >= beta {
                    return sure;
                }
            } else if rem - sure <= alpha {
                return rem - sure;
            }
        }
        let (lower, upper) = self.bounds(s, rem);
        if upper <= alpha {
            return upper;
        }
        if lower >= beta {
            return lower;
        }
        let (a0, b0) = (alpha, beta);
        let seat = s.seat(n);
        let maximize = s.side >> seat & 1 == 1;
        let mut moves = self.moves(s, seat, true);
        if hint != u8::MAX {
            let ms = moves.as_mut_slice();
            if let Some(i) = ms.iter().position(|m| map[m.card as usize] == hint) {
                ms[..=i].rotate_right(1); // the table's best card first
            }
        }
        let mut best = if maximize { -1 } else { i32::MAX };
        let mut best_card = u8::MAX;
        for &m in moves.as_slice() {
            let (gain, undo) = self.play(s, seat, m);
            let v = gain + self.ab(s, alpha - gain, beta - gain);
            self.unplay(s, seat, m, undo);
            if self.stopped {
                return 0; // (no table entry from a search cut short)
            }
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
            let depth = s.hands[..n].iter().map(|h| h.count_ones()).sum::<u32>() as u8;
            let b = best as u8;
            let card = map[best_card as usize];
            if best <= a0 {
                self.table.put(k, depth, 0, b, u8::MAX);
            } else if best >= b0 {
                self.table.put(k, depth, b, rem as u8, card);
            } else {
                self.table.put(k, depth, b, b, card);
            }
        }
        best
    }

    /// Alpha-beta and nothing else: the reference the pruning is tested against.
    fn plain(&mut self, s: &mut State, mut alpha: i32, mut beta: i32) -> i32 {
        let n = self.rules.players;
        if s.tlen == 0 && s.hands[s.leader] == 0 {
            return 0;
        }
        let seat = s.seat(n);
        let maximize = s.side >> seat & 1 == 1;
        let mut best = if maximize { -1 } else { i32::MAX };
        for &m in self.moves(s, seat, false).as_slice() {
            let (gain, undo) = self.play(s, seat, m);
            let v = gain + self.plain(s, alpha - gain, beta - gain);
            self.unplay(s, seat, m, undo);
            if maximize {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// The last trick: every hand holds one card, so no choice is left but the suit
    /// a led joker names.
    fn last_trick(&self, s: &State) -> i32 {
        let r = &self.rules;
        let n = r.players;
        let mut cards = [0u8; 6];
        for (i, c) in cards.iter_mut().enumerate().take(n) {
            let seat = (s.leader as i32 + s.step as i32 * i as i32).rem_euclid(n as i32) as usize;
            *c = (s.hands[seat].trailing_zeros() as u8).min(JOKER);
        }
        let mut gain = cards[..n]
            .iter()
            .filter(|&&c| c < JOKER && r.honors >> c & 1 == 1)
            .count() as i32;
        if s.pending {
            gain += s.widow as i32;
        }
        let ours = |named: Option<u8>| {
            let w = r.winner(&cards[..n], r.lead_suit(cards[0], named), s.trick_no);
            let win_seat =
                (s.leader as i32 + s.step as i32 * w as i32).rem_euclid(n as i32) as usize;
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
        if won {
            gain
        } else {
            0
        }
    }

    /// Bounds on the honors Napoleon's side wins from `s` (`rem`: all still to be
    /// won): each side surely wins the honors it holds in cards that beat every card
    /// the other side has left (in hand or on the table), whatever the trick.
    fn bounds(&self, s: &State, rem: i32) -> (i32, i32) {
        let n = self.rules.players;
        let mut held = [0u64; 2]; // defenders', Napoleon's side's
        let mut all = [0u64; 2];
        for (i, &h) in s.hands[..n].iter().enumerate() {
            held[(s.side >> i & 1) as usize] |= h;
        }
        all[0] = held[0];
        all[1] = held[1];
        for (i, &c) in s.trick[..s.tlen].iter().enumerate() {
            let seat = (s.leader as i32 + s.step as i32 * i as i32).rem_euclid(n as i32) as usize;
            all[(s.side >> seat & 1) as usize] |= 1 << c;
        }
        let mut strongest = [NO_KEY; 2];
        for side in 0..2 {
            let mut bits = all[side];
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                strongest[side] = strongest[side].min(self.strongest[c]);
            }
        }
        let mut sure = [0i32; 2];
        for side in 0..2 {
            let mut bits = held[side] & self.rules.honors;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                sure[side] += (self.weakest[c] < strongest[1 - side]) as i32;
            }
        }
        if let Some(side) = self.decided(s) {
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
        (sure[1], rem - sure[0])
    }

    /// The side (1: Napoleon's) that wins the trick on the table whatever the
    /// players still to play it add: its best card beats every other card on the
    /// table and in their hands, same-two holding or not, the mighty played or not.
    fn decided(&self, s: &State) -> Option<usize> {
        if s.tlen == 0 {
            return None;
        }
        let r = &self.rules;
        let n = r.players;
        let seat_of =
            |i: usize| (s.leader as i32 + s.step as i32 * i as i32).rem_euclid(n as i32) as usize;
        let mut followers = 0u64;
        for i in s.tlen..n {
            followers |= s.hands[seat_of(i)];
        }
        let mut table = [0u8; 6];
        for (t, &c) in table.iter_mut().zip(&s.trick[..s.tlen]) {
            *t = c.min(JOKER);
        }
        let table = &table[..s.tlen];
        let mis: &[bool] = if table.contains(&MIGHTY) {
            &[true]
        } else if followers >> MIGHTY & 1 == 1 {
            &[false, true]
        } else {
            &[false]
        };
        let w = r.winner(table, s.lead, s.trick_no);
        let extreme = |card: u8, index: usize, weakest: bool| {
            let mut k = if weakest { 0 } else { NO_KEY };
            for &m in mis {
                for s2 in [false, true] {
                    let v = r.key(card, index, s.lead, s2, m || card == MIGHTY);
                    k = if weakest { k.max(v) } else { k.min(v) };
                }
            }
            k
        };
        let weak = extreme(table[w], (w > 0) as usize, true);
        if weak >= NO_KEY {
            return None;
        }
        for (j, &c) in table.iter().enumerate() {
            if j != w && extreme(c, (j > 0) as usize, false) <= weak {
                return None;
            }
        }
        let mut bits = followers;
        while bits != 0 {
            let c = (bits.trailing_zeros() as u8).min(JOKER);
            bits &= bits - 1;
            if extreme(c, 1, false) <= weak {
                return None;
            }
        }
        Some((s.side >> seat_of(w) & 1) as usize)
    }

    /// Honors the leader's side is sure to win in the next tricks: the leader's
    /// cards that no card left in another hand can beat, whatever the lead or trick
    /// (same-two or not, the mighty in the trick or not), win a trick each in a row;
    /// those tricks hold their own honors and, from each other hand, the honors it
    /// must play once its other cards run out.
    fn sure_honors(&self, s: &State) -> i32 {
        let r = &self.rules;
        let n = r.players;
        if s.trick_no == 1 && r.opening_restricted {
            return 0;
        }
        let hand = s.hands[s.leader];
        let mut others = 0u64;
        for (i, &h) in s.hands[..n].iter().enumerate() {
            if i != s.leader {
                others |= h;
            }
        }
        let mighty_out = others >> MIGHTY & 1 == 1;
        let mut wins = 0i32;
        let mut honors = 0i32;
        let mut bits = hand;
        while bits != 0 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let card = c.min(JOKER);
            let leads: &[Option<u8>] = if card == JOKER && r.joker_lead_suit {
                &[Some(0), Some(1), Some(2), Some(3)]
            } else {
                &[None]
            };
            let sure = leads.iter().any(|&named| {
                let lead = r.lead_suit(card, named);
                let mi: &[bool] = if card == MIGHTY {
                    &[true]
                } else if mighty_out {
                    &[false, true]
                } else {
                    &[false]
                };
                let mut weakest = 0u16;
                for &m in mi {
                    for s2 in [false, true] {
                        weakest = weakest.max(r.key(card, 0, lead, s2, m));
                    }
                }
                let mut rest = others;
                while rest != 0 {
                    let o = rest.trailing_zeros() as u8;
                    rest &= rest - 1;
                    let oc = o.min(JOKER);
                    let m_in: &[bool] = if card == MIGHTY || oc == MIGHTY {
                        &[true]
                    } else if mighty_out {
                        &[false, true]
                    } else {
                        &[false]
                    };
                    for &m in m_in {
                        for s2 in [false, true] {
                            if r.key(oc, 1, lead, s2, m) < weakest {
                                return false;
                            }
                        }
                    }
                }
                true
            });
            if sure {
                wins += 1;
                honors += (card < JOKER && r.honors >> card & 1 == 1) as i32;
            }
        }
        if wins == 0 {
            return 0;
        }
        for (i, &h) in s.hands[..n].iter().enumerate() {
            if i != s.leader {
                let plain = (h & !r.honors).count_ones() as i32;
                honors += (wins - plain).max(0);
            }
        }
        if s.pending {
            honors += s.widow as i32;
        }
        honors
    }

    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    pub fn clear(&mut self) {
        self.table.clear();
    }
}

/// Each card's weakest and strongest sort key over every context of a trick: led
/// (naming any suit) or followed under any lead, same-two holding or not, the mighty
/// in the trick or not.
fn extremes(r: &Rules) -> ([u16; 54], [u16; 54]) {
    let mut weakest = [0u16; 54];
    let mut strongest = [NO_KEY; 54];
    let leads = [None, Some(0), Some(1), Some(2), Some(3)];
    for c in 0..54u8 {
        let card = c.min(JOKER);
        let mut contexts: Vec<(usize, Option<u8>)> = leads.iter().map(|&l| (1, l)).collect();
        for &named in &leads {
            contexts.push((0, r.lead_suit(card, named)));
        }
        for (index, lead) in contexts {
            for s2 in [false, true] {
                for mi in [false, true] {
                    let k = r.key(card, index, lead, s2, mi || card == MIGHTY);
                    weakest[c as usize] = weakest[c as usize].max(k);
                    strongest[c as usize] = strongest[c as usize].min(k);
                }
            }
        }
    }
    (weakest, strongest)
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
