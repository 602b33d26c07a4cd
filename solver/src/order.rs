//! Which cards to try, in which order: the legal cards with equivalent ones merged,
//! ordered so that a cut-off comes early (measured on simulated rounds).

use crate::rules::{JOKER, MIGHTY, NO_KEY};
use crate::search::{Move, Solver};
use crate::state::State;

/// The tricks whose leads are ordered by a look-ahead (`look_ahead`): trick 1's
/// only, the root of a solve from trick 1 (docs/performance.md, tenth pass).
pub(crate) const LOOK_AHEAD_TRICKS: u8 = 1;

/// The legal moves of one turn, without an allocation (at most 18 cards in a hand,
/// a led joker four times).
pub struct MoveList {
    moves: [Move; 32],
    len: usize,
}

impl MoveList {
    pub(crate) fn new() -> MoveList {
        MoveList {
            moves: [Move {
                card: 0,
                named: None,
            }; 32],
            len: 0,
        }
    }
    pub(crate) fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    pub(crate) fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

/// A stable sort of a turn's few moves by `key`, each key computed once (the
/// library's sort asked for a key at every comparison: 6 % of the instructions).
fn sort_moves<K: Ord + Copy + Default>(moves: &mut [Move], key: impl Fn(&Move) -> K) {
    let mut keys = [K::default(); 32];
    for (k, m) in keys.iter_mut().zip(moves.iter()) {
        *k = key(m);
    }
    sort_keyed(moves, &mut keys);
}

/// A stable insertion sort of `moves` by keys computed before.
fn sort_keyed<K: Ord + Copy>(moves: &mut [Move], keys: &mut [K; 32]) {
    for i in 1..moves.len() {
        let (m, k) = (moves[i], keys[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] > k {
            moves[j] = moves[j - 1];
            keys[j] = keys[j - 1];
            j -= 1;
        }
        moves[j] = m;
        keys[j] = k;
    }
}

impl Solver {
    #[inline(always)]
    pub(crate) fn moves(&self, s: &State, seat: usize, merge: bool) -> MoveList {
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
    #[inline(always)]
    pub(crate) fn merged(&self, s: &State, legal: u64) -> u64 {
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
            // the next card in play above it in its suit
            let d = (present & !((2u64 << c) - 1)).trailing_zeros() as u64;
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
    /// tries the cheapest card that takes the trick for good, then the cheapest that
    /// wins it for now, then low cards that give nothing (winning for now before
    /// the low cards: 5–15 % fewer nodes from tricks 2–4, fifth pass); leads by side
    /// (see below).
    pub(crate) fn order(&self, s: &State, seat: usize, moves: &mut [Move]) {
        if moves.len() < 2 {
            return; // (a forced card, often late in a round: nothing to order)
        }
        let r = &self.rules;
        let mine = s.side >> seat & 1;
        if s.tlen == 0 {
            // First the leads that cut searches off most often, deep cuts weighing
            // most (history: 30.9 M -> 28.6 M nodes from trick 4); then Napoleon's
            // side tries its low leads first, the allies their high ones (fewest
            // nodes on simulated rounds of every preset).
            let low_first = s.side >> seat & 1 == 1;
            sort_moves(moves, |m| {
                let k = r.key(m.card, 0, r.lead_suit(m.card, m.named), false, false) as i32;
                let h = self.history[m.card as usize];
                (u128::MAX - h, if low_first { -k } else { k })
            });
            return;
        }
        let cards = &s.trick[..s.tlen];
        let mighty_in = s.win.mighty;
        // the card winning so far, same-two aside (the state's when it was read so)
        let (mut bi, mut bk) = (s.win.at, s.win.key);
        if s.win.s2 {
            bi = 0;
            bk = r.key(cards[0], 0, s.lead, false, mighty_in);
            for (i, &c) in cards.iter().enumerate().skip(1) {
                let k = r.key(c, 1, s.lead, false, mighty_in);
                if k < bk {
                    bi = i;
                    bk = k;
                }
            }
        }
        let n = r.players;
        let seat_of = |i: usize| s.seat_at(i, n);
        let partner_wins = s.side >> seat_of(bi) & 1 == mine;
        let mut later = NO_KEY; // the best card an opponent still to play may add
        for i in s.tlen + 1..n {
            let seat = seat_of(i);
            if s.side >> seat & 1 != mine {
                let mut bits = s.hands[seat] & self.keyed[s.lead.map_or(4, |l| l as usize)];
                while bits != 0 {
                    let c = (bits.trailing_zeros() as u8).min(JOKER);
                    bits &= bits - 1;
                    later = later.min(r.key(c, 1, s.lead, false, mighty_in || c == MIGHTY));
                }
            }
        }
        sort_moves(moves, |m| {
            let k = r.key(m.card, 1, s.lead, false, mighty_in || m.card == MIGHTY);
            let rank = (m.card % 13) as i32;
            let honor = (m.card < JOKER && r.honors >> m.card & 1 == 1) as i32;
            if partner_wins && bk < later {
                (0, (1 - honor) * 100 + rank) // feed honors to the partner's trick
            } else if k < bk && k < later {
                (0, -(k as i32)) // the cheapest card that takes the trick for good
            } else if k < bk {
                (1, -(k as i32)) // the cheapest card that wins for now
            } else if honor == 0 && k >= bk {
                (2, rank) // a low card that gives nothing
            } else {
                (3, rank)
            }
        });
    }

    /// A lead: the card whose lead last cut a search off in this trick for this
    /// seat (a killer) first, after the table's best card when there is one. The
    /// table keeps a best card for few leads (an entry has one only with a lower
    /// bound), and the history orders by cut-offs anywhere in the tree: a trick's
    /// killer is the refutation most like this one (from trick 2, 17 rounds:
    /// 180.0 M -> 172.6 M nodes; 9 rounds from trick 1 searched to the end:
    /// 441.8 M -> 375.7 M, docs/performance.md, eighth pass).
    pub(crate) fn killer_first(&self, s: &State, seat: usize, moves: &mut [Move], hinted: bool) {
        let card = self.killer[s.trick_no as usize][seat];
        let from = hinted as usize;
        if let Some(i) = moves.iter().skip(from).position(|m| m.card == card) {
            moves[from..=from + i].rotate_right(1);
        }
    }
}

impl Solver {
    /// The bounds the table holds for the trick's start `s` (0 and the honors
    /// left when it holds none), without searching (`order::look_ahead`).
    fn table_bounds(&mut self, s: &State) -> (i32, i32) {
        let (k, lows) = self.canon.key(&s.holders, self.extra(s));
        match self.table.get(&k, &lows) {
            Some((lo, hi, _, _)) => (lo as i32, hi as i32),
            None => (0, s.rem),
        }
    }

    /// The trick `m` starts, played out greedily (`mtd::play_greedily`): the honors
    /// Napoleon's side gains in it, and the table's bounds on the honors after it.
    fn greedy_trick(&mut self, s: &mut State, seat: usize, m: Move) -> (i32, i32, i32) {
        let (first, undo) = self.play(s, seat, m);
        let (rest, played) = self.play_greedily(s);
        let (lo, hi) = if s.hands[s.leader] != 0 {
            self.table_bounds(s)
        } else {
            (0, 0)
        };
        self.take_back(s, played);
        self.unplay(s, seat, m, undo);
        (first + rest, lo, hi)
    }

    /// The leads at the root of a solve from trick 1 ordered by their trick played
    /// out greedily and what the table knows of the position after it: Napoleon's
    /// side's honors of the trick plus the middle of the table's bounds after it
    /// (the middle of 0 and the honors left when it knows nothing), the most for
    /// the leader's side first, the history's order among equals, ahead of the
    /// table's card and the killer. The table knows the position after the first
    /// lead's greedy trick (the first guess, `mtd::deeper_guess`, solved it) and
    /// those the probes before reached: an order by their values. 9 rounds from
    /// trick 1 searched to the end: 322.3 M -> 258.9 M nodes (without the table's
    /// bounds 277.6 M; also at the leads of trick 2: 287.1 M; of tricks 3 and 4
    /// too: dearer from tricks 3-4, docs/performance.md, tenth pass).
    #[inline(never)] // (a few nodes a solve: kept out of the search's loop)
    pub(crate) fn look_ahead(&mut self, s: &mut State, seat: usize, moves: &mut MoveList) {
        let moves = moves.as_mut_slice();
        if moves.len() < 2 {
            return;
        }
        let maximize = s.side >> seat & 1 == 1;
        let mut keys = [0i32; 32];
        for (k, &m) in keys.iter_mut().zip(moves.iter()) {
            let (gain, lo, hi) = self.greedy_trick(s, seat, m);
            let twice = 2 * gain + lo + hi;
            *k = if maximize { -twice } else { twice };
        }
        sort_keyed(moves, &mut keys);
    }
}
