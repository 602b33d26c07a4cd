//! Unit tests of the Rust side; the parity and brute-force tests live in napkifu's
//! pytest suite, where the Python engine is the reference.

use crate::rules::Rules;
use crate::search::{Position, Solver};
use std::collections::HashMap;

fn standard(trump: Option<u8>, players: usize, tricks: u8) -> Rules {
    let ladder: Vec<String> = [
        "yoromeki",
        "mighty",
        "joker-lead",
        "trump-jack",
        "back-jack",
        "same-two",
        "trump",
        "lead",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut o = HashMap::new();
    for (k, v) in [
        ("discard-honors", "void"),
        ("same-two-first-trick", "off"),
        ("same-two-last-trick", "on"),
        ("same-two-trump", "on"),
        ("same-two-joker", "blocks"),
        ("joker-lead", "trump"),
        ("joker-play", "any-time"),
        ("joker-request", "lead"),
        ("mighty-play", "suited"),
        ("opening-lead", "any"),
        ("reverse-jack", "off"),
    ] {
        o.insert(k.to_string(), v.to_string());
    }
    let honors: Vec<u8> = (0..52).filter(|c| c % 13 >= 8).collect();
    Rules::new(&ladder, &o, trump, players, tricks, &honors).unwrap()
}

#[test]
fn mighty_beats_trump_and_yoromeki_beats_mighty() {
    let r = standard(Some(1), 3, 1);
    // ♠A (12), ♥K (24): mighty wins
    assert_eq!(r.winner(&[24, 12], Some(1), 5), 1);
    // ♠A then ♥Q: yoromeki wins
    assert_eq!(r.winner(&[12, 23], Some(0), 5), 1);
}

#[test]
fn one_trick_endgame_counts_honors() {
    let r = standard(Some(0), 3, 1);
    let mut s = Solver::new(r, 1000);
    // seat 0 (Napoleon) holds ♠K, seat 1 ♠Q, seat 2 ♦2; spades trump: Napoleon takes 2 honors
    let p = Position {
        hands: [1 << 11, 1 << 10, 1 << 26, 0, 0, 0],
        trick: vec![],
        named: None,
        leader: 0,
        step: 1,
        napoleon_side: 1,
        widow_honors: 0,
        first_trick_napoleon: Some(true),
    };
    assert_eq!(s.solve(&p, 3, None, (None, None)).unwrap(), 5);
    let unknown = HashMap::from([("betrayal".to_string(), "on".to_string())]);
    assert!(Rules::new(&[], &unknown, None, 5, 10, &[])
        .unwrap_err()
        .contains("betrayal"));
}
