//! Double-dummy search: the honors Napoleon's side ends with under best play by
//! both sides, every hand seen.
//!
//! Alpha-beta on the honors still to be won, driven by zero-window probes (`mtd`: MTD(f)
//! from a guess, then halving), with a bounded transposition table at the start of
//! each trick keyed on relative ranks (`canon`, `tt`), lower and upper bounds from
//! the honors each side is sure of (`bounds`), equivalent cards merged and measured
//! move ordering (`order`); `state` plays and takes back cards.

use crate::canon::Canon;
use crate::rules::{Rules, JOKER, NO_KEY};
use crate::state::State;
use crate::tt::{Key, Lows, Table};

pub use crate::order::MoveList;

/// The error of a search stopped by its poll.
pub const STOPPED: &str = "stopped";
/// The error of a search stopped by its node limit (benchmarks: a run cannot hang).
pub const LIMIT: &str = "node limit reached";

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
    pub(crate) special: u64,
    /// Plain cards: no special class (`ranks`).
    pub(crate) low: u64,
    /// `bounds::strongest_in`.
    pub(crate) strongest_in: Vec<[u16; 54]>,
    /// Per (whether the mighty is in the trick: no, maybe, yes; lead suit or none)
    /// and sort key `k` < `span`, the cards whose strongest key as a follower is
    /// at most `k` (`decided`: may a follower still beat the trick's best card).
    pub(crate) follow_beats: Vec<u64>,
    pub(crate) span: usize,
    /// The tables of the sure tricks (`sure`).
    pub(crate) sure: crate::sure::Sure,
    /// Per lead suit (4: none), the cards that may win a trick they follow in
    /// (a real sort key): the others cannot, and move ordering skips them.
    pub(crate) keyed: [u64; 5],
    pub(crate) canon: Canon,
    pub(crate) table: Table,
    pub nodes: u64,
    /// Off: plain full-window alpha-beta over every legal card, no table, no
    /// bounds, no merged cards (the tests' reference for the pruning).
    pub pruning: bool,
    /// Asked every 65,536 nodes whether to stop (Ctrl-C, a signal): the binding's
    /// check of Python's signals. A stopped search stores nothing and errs.
    pub poll: Option<fn() -> bool>,
    pub(crate) stopped: bool,
    /// Stop (with `LIMIT`) once `nodes` reaches this many.
    pub limit: u64,
    /// Per card, how often leading it cut a search off, a cut with `n` cards left
    /// in the leader's hand weighing 32ⁿ (move ordering only: kept across the
    /// solves of a round, it never changes a value). 32ⁿ, not 4ⁿ: one cut a trick
    /// higher outweighs up to 31 of the trick below, so the cards that refute the
    /// top of the tree lead there (from tricks 4-2, 3 samples: 66.1 M -> 57.7 M
    /// nodes; trick 1, 9 rounds to the end: 352.0 M -> 322.3 M, docs/performance.md,
    /// ninth pass). 128 bits: 18 cards a hand weigh 2⁹⁰.
    pub(crate) history: [u128; 54],
    /// Per trick number and seat, the card whose lead last cut a search off there
    /// (`order::killer_first`; move ordering only).
    pub(crate) killer: Vec<[u8; 6]>,
}

#[derive(Clone, Copy)]
pub struct Move {
    pub card: u8,
    pub named: Option<u8>,
}

impl Solver {
    pub fn new(rules: Rules, cap: usize) -> Solver {
        let special = rules.special();
        let low = !special & ((1 << 52) - 1);
        let canon = Canon::new(special, rules.honors, low);
        let strongest_in = crate::bounds::strongest_in(&rules);
        let span = 16 * (rules.nlad as usize + 1); // above every real key
        let follow_beats = (0..15 * span)
            .map(|i| {
                let keys = &strongest_in[15 + i / span]; // followed: (1 * 3 + variant) * 5 + lead
                (0..54)
                    .filter(|&c| keys[c] as usize <= i % span)
                    .fold(0, |a, c| a | 1 << c)
            })
            .collect();
        let keyed = [Some(0), Some(1), Some(2), Some(3), None].map(|lead| {
            (0..54u8)
                .filter(|&c| {
                    [false, true]
                        .iter()
                        .any(|&m| rules.key(c.min(JOKER), 1, lead, false, m) < NO_KEY)
                })
                .fold(0u64, |a, c| a | 1 << c)
        });
        let sure = crate::sure::Sure::new(&rules);
        let killer = vec![[u8::MAX; 6]; rules.tricks as usize + 2];
        Solver {
            rules,
            special,
            low,
            strongest_in,
            follow_beats,
            span,
            sure,
            keyed,
            canon,
            table: Table::new(cap),
            nodes: 0,
            pruning: true,
            poll: None,
            stopped: false,
            limit: u64::MAX,
            history: [0; 54],
            killer,
        }
    }

    pub(crate) fn state(&self, p: &Position) -> Result<State, String> {
        let n = self.rules.players;
        let cards: u32 =
            p.hands[..n].iter().map(|h| h.count_ones()).sum::<u32>() + p.trick.len() as u32;
        if !cards.is_multiple_of(n as u32) || p.trick.len() >= n {
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
        let mut st = State {
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
            rem: 0,
            holders: [0; 5],
            win: Default::default(),
        };
        for i in 0..p.trick.len() {
            st.tlen = i + 1;
            st.win = self.winning(&st);
        }
        for (seat, &h) in p.hands[..n].iter().enumerate() {
            let mut bits = h;
            while bits != 0 {
                let (w, b) = crate::state::holder_bits(bits.trailing_zeros() as u8, seat);
                bits &= bits - 1;
                st.holders[w] |= b;
            }
        }
        st.rem = self.remaining(&st);
        Ok(st)
    }

    /// Honors of the discards that are Napoleon's side's whatever happens next.
    pub(crate) fn fixed_credit(&self, p: &Position) -> i32 {
        let d = p.widow_honors as i32;
        match self.rules.discard {
            2 => d,
            3 if p.first_trick_napoleon == Some(true) => d,
            _ => 0,
        }
    }

    /// The value from `s` within `alpha..beta` (fail-soft), and the low cards whose
    /// ranks it read (`ranks`).
    pub(crate) fn ab(&mut self, s: &mut State, mut alpha: i32, mut beta: i32) -> (i32, u64) {
        self.nodes += 1;
        if self.nodes & 0xffff == 0 && self.poll.is_some_and(|poll| poll())
            || self.nodes >= self.limit
        {
            self.stopped = true;
        }
        if self.stopped {
            return (0, 0);
        }
        let n = self.rules.players;
        let mut key: Option<(Key, Lows, u64)> = None;
        let mut hint = u8::MAX;
        let mut read = 0u64;
        let rem = s.rem;
        debug_assert_eq!(rem, self.remaining(s));
        if !self.pruning {
            return (self.plain(s, alpha, beta), 0);
        }
        if s.tlen == 0 {
            let hand = s.hands[s.leader]; // (no card left, or one: without a popcount)
            if hand == 0 {
                return (0, 0);
            }
            if hand & (hand - 1) == 0 {
                return self.last_trick(s);
            }
        }
        if s.tlen == 0 {
            let present = s.hands[..n].iter().fold(0, |a, h| a | h);
            let (k, lows) = self.canon.key(&s.holders, self.extra(s));
            if let Some((lo, hi, mv, counts)) = self.table.get(&k, &lows) {
                hint = mv;
                read = self.read_cards(present, counts);
                let (lo, hi) = (lo as i32, hi as i32);
                if lo >= beta {
                    return (lo, read);
                }
                if hi <= alpha {
                    return (hi, read);
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
                if alpha >= beta {
                    return (alpha, read);
                }
            }
            key = Some((k, lows, present));
        }
        if s.tlen == 0 {
            let (sure, sure_read) = self.sure_honors(s);
            if s.side >> s.leader & 1 == 1 {
                if sure >= beta {
                    return (sure, read | sure_read);
                }
            } else if rem - sure <= alpha {
                return (rem - sure, read | sure_read);
            }
        }
        let (lower, upper, bound_read) = self.bounds(s, rem);
        if upper <= alpha {
            return (upper, read | bound_read);
        }
        if lower >= beta {
            return (lower, read | bound_read);
        }
        let (a0, b0) = (alpha, beta);
        let seat = s.seat(n);
        let maximize = s.side >> seat & 1 == 1;
        // the cards in play, once a node (before the moves: the merge's own count is the same)
        let mut in_play = s.hands.iter().fold(0, |a, h| a | h);
        for &c in &s.trick[..s.tlen] {
            in_play |= 1 << c;
        }
        let mut moves = self.moves(s, seat, true);
        if hint != u8::MAX {
            let ms = moves.as_mut_slice();
            let present = key.as_ref().map_or(0, |k| k.2);
            if let Some(i) = ms
                .iter()
                .position(|m| self.canon.card(present, m.card) == hint)
            {
                ms[..=i].rotate_right(1); // the table's best card first
            }
        }
        if s.tlen == 0 {
            self.killer_first(s, seat, moves.as_mut_slice(), hint != u8::MAX);
            if s.trick_no <= crate::order::LOOK_AHEAD_TRICKS {
                self.look_ahead(s, seat, &mut moves);
            }
        }
        let mut best = if maximize { -1 } else { i32::MAX };
        let mut best_card = u8::MAX;
        let mut same = 0u64; // cards shown equivalent to a tried one (`same_after`)
        for &m in moves.as_slice() {
            if same >> m.card & 1 == 1 {
                continue;
            }
            let (gain, undo) = self.play(s, seat, m);
            let trick_read = undo.read;
            let (v, child_read) = self.ab(s, alpha - gain, beta - gain);
            let v = gain + v;
            self.unplay(s, seat, m, undo);
            if self.stopped {
                return (0, 0); // (no table entry from a search cut short)
            }
            let got = child_read | trick_read;
            read |= got;
            if got >> m.card & 1 == 1 {
                read |= self.stood_for(s, seat, m.card, in_play);
            } else {
                same |= self.same_after(s, seat, m.card, got, in_play);
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
                if s.tlen == 0 {
                    self.killer[s.trick_no as usize][seat] = m.card;
                    let left = s.hands[seat].count_ones() + 1;
                    let h = &mut self.history[m.card as usize];
                    *h = h.saturating_add(1 << (5 * left));
                }
                break;
            }
        }
        if let Some((k, lows, present)) = key {
            let depth = present.count_ones() as u8;
            let counts = self.read_counts(present, read);
            let b = best as u8;
            let card = if best_card == u8::MAX {
                u8::MAX
            } else {
                self.canon.card(present, best_card)
            };
            if best <= a0 {
                self.table.put(k, &lows, counts, depth, 0, b, u8::MAX);
            } else if best >= b0 {
                self.table.put(k, &lows, counts, depth, b, rem as u8, card);
            } else {
                self.table.put(k, &lows, counts, depth, b, b, card);
            }
        }
        (best, read)
    }

    /// The table key's word beside the cards: leader, direction, pending
    /// discards, Napoleon's side.
    #[inline(always)]
    pub(crate) fn extra(&self, s: &State) -> u64 {
        s.leader as u64
            | ((s.step < 0) as u64) << 3
            | (s.pending as u64) << 4
            | (s.side as u64) << 8
            | if s.pending { (s.widow as u64) << 16 } else { 0 }
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

    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    pub fn clear(&mut self) {
        self.table.clear();
    }
}
