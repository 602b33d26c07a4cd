//! The solver's answers — a position's value, a best card, every card's value —
//! by zero-window probes of the search (`search`): MTD(f) from a first guess, then
//! halving; the first guess itself a smaller solve (the position one trick later,
//! after a greedy trick); the honors still to be won, which bound every probe.

use crate::rules::JOKER;
use crate::search::{Move, Position, Solver, LIMIT, STOPPED};
use crate::state::{State, Undo};

impl Solver {
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
                gain + self.ab(&mut s, want - 1 - gain, want - gain).0 >= want
            } else {
                gain + self.ab(&mut s, want - gain, want + 1 - gain).0 <= want
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

    /// The legal cards of the player to move (for the parity tests).
    pub fn legal_cards(&self, p: &Position) -> Result<Vec<Move>, String> {
        let s = self.state(p)?;
        let seat = s.seat(self.rules.players);
        Ok(self.moves(&s, seat, false).as_slice().to_vec())
    }

    /// `Err(STOPPED)` once a poll asked the search to stop, `Err(LIMIT)` once the
    /// node limit did (then ready again).
    pub(crate) fn check_stopped(&mut self) -> Result<(), String> {
        if std::mem::take(&mut self.stopped) {
            return Err(if self.nodes >= self.limit {
                LIMIT
            } else {
                STOPPED
            }
            .into());
        }
        Ok(())
    }

    /// The value by zero-window probes: the first four as MTD(f) stepping from
    /// `guess` (the value is most often the guess or next to it; with the solved
    /// guess three steps took 2–4 % fewer nodes from tricks 2–4 but made a round
    /// from trick 1 cost 61 M nodes instead of 22 M, docs/performance.md), then
    /// halving the interval, so that a guess far off costs a few probes, not one a
    /// honor.
    /// The solved first guess (`deeper_guess`, when the caller has none) is probed
    /// from above: the first probe asks whether the value is more than the guess
    /// (15 % fewer nodes from trick 4, 4–5 % from tricks 2 and 3, 11 % on the hard
    /// rounds from trick 1 than asking whether it is at least the guess,
    /// docs/performance.md, eighth pass).
    pub(crate) fn mtd(
        &mut self,
        s: &mut State,
        guess: Option<i32>,
        within: (Option<i32>, Option<i32>),
    ) -> i32 {
        let rem = self.remaining(s);
        if !self.pruning {
            return self.ab(s, -1, rem + 1).0;
        }
        let (mut lo, mut hi, _) = self.bounds(s, rem);
        let (l, h) = (
            lo.max(within.0.unwrap_or(lo)),
            hi.min(within.1.unwrap_or(hi)),
        );
        if l <= h {
            (lo, hi) = (l, h);
        }
        let solved = guess.is_none();
        let mut g = match guess {
            Some(g) => g,
            None => {
                // A guess at an extreme makes the first probe a proof that one side
                // takes every honor it can: the cut-offs of the guess's search (a
                // position after a greedy trick, often in the middle of its range)
                // mislead that proof's order, so the history is left as it was
                // (standard's first round from trick 3: 7.38 M -> 6 k nodes; from
                // trick 2 216.3 M -> 189.0 M, docs/performance.md, sixth pass).
                let history = self.history;
                let d = self.deeper_guess(s);
                if d <= lo || d >= hi {
                    self.history = history;
                }
                d
            }
        }
        .clamp(lo, hi);
        let mut probes = 0;
        while lo < hi {
            let beta = if probes >= 4 {
                (lo + hi + 1) / 2
            } else if g == lo || solved && probes == 0 && g < hi {
                g + 1
            } else {
                g
            };
            probes += 1;
            g = self.ab(s, beta - 1, beta).0;
            if g < beta {
                hi = g;
            } else {
                lo = g;
            }
        }
        lo
    }

    /// A first guess for MTD(f) when the caller has none: the rest of this trick
    /// played greedily (each player the first card of the search's own order), the
    /// position after it solved — by the same search, so its own guess comes from
    /// one trick later still. A smaller search (about a tenth of the nodes a
    /// trick less) whose value is most often within an honor of this one's, and
    /// whose table entries this search then meets: 59.8 M -> 46.9 M nodes from
    /// trick 3 against the greedy play-out of the whole round as the guess.
    fn deeper_guess(&mut self, s: &mut State) -> i32 {
        let (total, played) = self.play_greedily(s);
        let v = if s.hands[s.leader] != 0 {
            total + self.mtd(s, None, (None, None))
        } else {
            total
        };
        self.take_back(s, played);
        v
    }

    /// The rest of this trick played greedily, each player the first card of the
    /// search's own order (the first guess's trick, and the look-ahead at trick 1's
    /// leads, `order::look_ahead`): the honors Napoleon's side gains in it, and the
    /// cards played, for `take_back`.
    pub(crate) fn play_greedily(&mut self, s: &mut State) -> (i32, Vec<(usize, Move, Undo)>) {
        let n = self.rules.players;
        let mut played = Vec::new();
        let mut total = 0;
        while s.tlen > 0 || played.is_empty() {
            let seat = s.seat(n);
            let Some(&m) = self.moves(s, seat, true).as_slice().first() else {
                break;
            };
            let (gain, undo) = self.play(s, seat, m);
            total += gain;
            played.push((seat, m, undo));
        }
        (total, played)
    }

    /// Takes back the cards `play_greedily` played, last first.
    pub(crate) fn take_back(&mut self, s: &mut State, mut played: Vec<(usize, Move, Undo)>) {
        while let Some((seat, m, undo)) = played.pop() {
            self.unplay(s, seat, m, undo);
        }
    }

    /// Honors still to be won from `s`: in the hands, on the table, and the discards
    /// when trick 1 decides them.
    pub(crate) fn remaining(&self, s: &State) -> i32 {
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
}
