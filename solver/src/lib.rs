//! napkifu's analysis engine: a double-dummy solver for Napoleon.
//!
//! `rules` resolves tricks from the engine's resolved rules (data, never a preset
//! name); `search` finds the honors Napoleon's side ends with under best play, its
//! value found by zero-window probes (`mtd`).
//! The Python binding (feature `python`) is the only way napkifu calls it.

mod bounds;
pub mod canon;
mod mtd;
mod order;
mod ranks;
pub mod rules;
pub mod search;
mod state;
mod sure;
pub mod tt;

#[cfg(feature = "python")]
mod binding;

#[cfg(test)]
mod tests;
