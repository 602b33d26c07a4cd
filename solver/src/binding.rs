//! The Python module `napkifu_solver`: a `Solver` made from resolved rules.

use crate::rules::{Rules, JOKER};
use crate::search::{Position, Solver as Core, STOPPED};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::collections::HashMap;

#[pyclass(module = "napkifu_solver")]
struct Solver {
    core: Core,
}

fn hand_bits(cards: &[u8]) -> PyResult<u64> {
    let mut bits = 0u64;
    for &c in cards {
        let bit = if c == JOKER && bits >> 52 & 1 == 1 {
            53
        } else {
            c
        };
        if bit > 53 || bits >> bit & 1 == 1 {
            return Err(PyValueError::new_err(format!(
                "card {c} is not a playable card or is held twice"
            )));
        }
        bits |= 1 << bit;
    }
    Ok(bits)
}

/// A position as Python gives it, one tuple (`napkifu.solve.engine.Position.args`):
/// hands, trick so far, suit a led joker named, leader, direction, Napoleon's side,
/// honors taken, honors in the widow, whether Napoleon's side won trick 1.
#[derive(FromPyObject)]
struct PositionArgs(
    Vec<Vec<u8>>,
    Vec<u8>,
    Option<u8>,
    usize,
    i8,
    Vec<usize>,
    i32,
    u8,
    Option<bool>,
);

/// The search's position (checked against the table's players) and the honors taken.
fn to_position(players: usize, args: PositionArgs) -> PyResult<(Position, i32)> {
    let PositionArgs(
        hands,
        trick,
        named,
        leader,
        step,
        napoleon_side,
        taken,
        widow_honors,
        first_trick_napoleon,
    ) = args;
    if hands.len() != players || leader >= players || !(step == 1 || step == -1) {
        return Err(PyValueError::new_err(
            "hands, leader or direction do not fit the players",
        ));
    }
    let mut h = [0u64; 6];
    for (i, cards) in hands.iter().enumerate() {
        h[i] = hand_bits(cards)?;
    }
    let mut t = trick;
    let mut joker_seen = false;
    for c in t.iter_mut() {
        if *c == JOKER {
            if joker_seen {
                *c = JOKER + 1;
            }
            joker_seen = true;
        }
    }
    let mut side = 0u8;
    for s in napoleon_side {
        if s >= players {
            return Err(PyValueError::new_err(
                "a seat of Napoleon's side is not at the table",
            ));
        }
        side |= 1 << s;
    }
    Ok((
        Position {
            hands: h,
            trick: t,
            named,
            leader,
            step,
            napoleon_side: side,
            widow_honors,
            first_trick_napoleon,
        },
        taken,
    ))
}

/// Whether a signal handler raised (Ctrl-C: KeyboardInterrupt): the exception is
/// left set for `stopped` to raise once the search has unwound.
fn signalled() -> bool {
    Python::with_gil(|py| match py.check_signals() {
        Ok(()) => false,
        Err(e) => {
            e.restore(py);
            true
        }
    })
}

/// The error of a failed search: the pending Python exception when it was stopped.
fn failed(py: Python<'_>, e: String) -> PyErr {
    if e == STOPPED {
        if let Some(err) = PyErr::take(py) {
            return err;
        }
        return pyo3::exceptions::PyKeyboardInterrupt::new_err("stopped");
    }
    PyValueError::new_err(e)
}

#[pymethods]
impl Solver {
    /// Rules as the engine resolved them: the ladder's classes in order, every option
    /// as written text, the trump suit (None: no-trump), player count, tricks, honor cards.
    #[new]
    #[pyo3(signature = (ladder, options, trump, players, tricks, honors, table_cap=crate::tt::DEFAULT_CAP, pruning=true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        ladder: Vec<String>,
        options: HashMap<String, String>,
        trump: Option<u8>,
        players: usize,
        tricks: u8,
        honors: Vec<u8>,
        table_cap: usize,
        pruning: bool,
    ) -> PyResult<Self> {
        let rules = Rules::new(&ladder, &options, trump, players, tricks, &honors)
            .map_err(PyValueError::new_err)?;
        let mut core = Core::new(rules, table_cap);
        core.pruning = pruning;
        core.poll = Some(signalled);
        Ok(Solver { core })
    }

    /// Index of the winning card of a finished trick (leader first).
    #[pyo3(signature = (cards, lead_suit, trick_number))]
    fn winner(&self, cards: Vec<u8>, lead_suit: Option<u8>, trick_number: u8) -> PyResult<usize> {
        if cards.is_empty() || cards.iter().any(|&c| c > JOKER) {
            return Err(PyValueError::new_err("a trick of cards 0..52"));
        }
        Ok(self.core.rules.winner(&cards, lead_suit, trick_number))
    }

    /// Whether a card turns the direction of play.
    fn reverses(&self, card: u8) -> bool {
        self.core.rules.reverses(card)
    }

    /// The honors Napoleon's side ends with from this position under best play
    /// (`guess`: a value near it, such as the value before the last card).
    #[pyo3(signature = (position, guess=None, lower=None, upper=None))]
    fn solve(
        &mut self,
        py: Python<'_>,
        position: PositionArgs,
        guess: Option<i32>,
        lower: Option<i32>,
        upper: Option<i32>,
    ) -> PyResult<i32> {
        let (p, taken) = to_position(self.core.rules.players, position)?;
        let core = &mut self.core;
        py.allow_threads(|| core.solve(&p, taken, guess, (lower, upper)))
            .map_err(|e| failed(py, e))
    }

    /// A legal card of the player to move that keeps the position's value `value`
    /// (card, suit a led joker names or None); None when no card does.
    fn best_move(
        &mut self,
        py: Python<'_>,
        position: PositionArgs,
        value: i32,
    ) -> PyResult<Option<(u8, Option<u8>)>> {
        let (p, taken) = to_position(self.core.rules.players, position)?;
        let core = &mut self.core;
        let got = py
            .allow_threads(|| core.best_move(&p, taken, value))
            .map_err(|e| failed(py, e))?;
        Ok(got.map(|m| (m.card, m.named)))
    }

    /// Each legal card of the player to move: (card, suit a led joker names or None,
    /// honors Napoleon's side ends with after it under best play).
    fn values(
        &mut self,
        py: Python<'_>,
        position: PositionArgs,
    ) -> PyResult<Vec<(u8, Option<u8>, i32)>> {
        let (p, taken) = to_position(self.core.rules.players, position)?;
        let core = &mut self.core;
        let got = py
            .allow_threads(|| core.values(&p, taken))
            .map_err(|e| failed(py, e))?;
        Ok(got.into_iter().map(|(m, v)| (m.card, m.named, v)).collect())
    }

    /// Every bound the search may cut with at this position before trying a card:
    /// (name, lower, upper), as the honors Napoleon's side ends with (the tests hold
    /// each against the plain search).
    fn bounds(&self, position: PositionArgs) -> PyResult<Vec<(String, i32, i32)>> {
        let (p, taken) = to_position(self.core.rules.players, position)?;
        let got = self
            .core
            .bound_values(&p, taken)
            .map_err(PyValueError::new_err)?;
        Ok(got
            .into_iter()
            .map(|(n, lo, hi)| (n.to_string(), lo, hi))
            .collect())
    }

    /// Search nodes visited since the solver was made (for the benchmark).
    #[getter]
    fn nodes(&self) -> u64 {
        self.core.nodes
    }

    /// Searches stop with a ValueError once `nodes` reaches this many (None: never).
    #[getter]
    fn get_node_limit(&self) -> Option<u64> {
        (self.core.limit != u64::MAX).then_some(self.core.limit)
    }

    #[setter]
    fn set_node_limit(&mut self, limit: Option<u64>) {
        self.core.limit = limit.unwrap_or(u64::MAX);
    }

    /// Entries in the transposition table (at most `table_cap`).
    #[getter]
    fn table_len(&self) -> usize {
        self.core.table_len()
    }
}

#[pymodule]
fn napkifu_solver(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Solver>()?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
