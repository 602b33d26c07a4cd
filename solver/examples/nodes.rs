//! Search nodes and time of the par of positions written one a line (the format
//! of `benchmarks/dump_positions.py`), without Python: for profiling the search
//! (callgrind, perf) and for counting nodes in quick steps.
//!
//!     cargo run --release --no-default-features --example nodes -- FILE [LIMIT [TABLE_CAP]]

use napkifu_solver::rules::Rules;
use napkifu_solver::search::{Position, Solver};
use std::collections::HashMap;
use std::time::Instant;

fn opt(v: &str) -> Option<u8> {
    (v != "-").then(|| v.parse().expect("a number"))
}

fn cards(v: &str) -> Vec<u8> {
    v.split(',')
        .filter(|c| !c.is_empty())
        .map(|c| c.parse().expect("a card"))
        .collect()
}

fn bits(hand: &[u8]) -> u64 {
    let mut b = 0u64;
    for &c in hand {
        b |= 1 << if c == 52 && b >> 52 & 1 == 1 { 53 } else { c };
    }
    b
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("a file of positions");
    let limit: u64 = args
        .get(2)
        .map_or(50_000_000, |v| v.parse().expect("a limit"));
    let cap: usize = args.get(3).map_or(napkifu_solver::tt::DEFAULT_CAP, |v| {
        v.parse().expect("a table cap")
    });
    let (mut total, mut time) = (0u64, 0.0f64);
    for line in text.lines() {
        let f: Vec<&str> = line.split('|').collect();
        let ladder: Vec<String> = f[0].split(',').map(String::from).collect();
        let opts: HashMap<String, String> = f[1]
            .split(';')
            .filter_map(|kv| kv.split_once('='))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let players: usize = f[3].parse().unwrap();
        let rules = Rules::new(
            &ladder,
            &opts,
            opt(f[2]),
            players,
            f[4].parse().unwrap(),
            &cards(f[5]),
        )
        .expect("rules the solver plays");
        let mut hands = [0u64; 6];
        for (i, h) in f[6].split('/').enumerate() {
            hands[i] = bits(&cards(h));
        }
        let mut trick = cards(f[7]);
        if trick.iter().filter(|&&c| c == 52).count() == 2 {
            *trick.iter_mut().rev().find(|c| **c == 52).unwrap() = 53;
        }
        let side = cards(f[11]).iter().fold(0u8, |a, &s| a | 1 << s);
        let p = Position {
            hands,
            trick,
            named: opt(f[8]),
            leader: f[9].parse().unwrap(),
            step: f[10].parse().unwrap(),
            napoleon_side: side,
            widow_honors: f[13].parse().unwrap(),
            first_trick_napoleon: opt(f[14]).map(|v| v == 1),
        };
        let mut solver = Solver::new(rules, cap);
        solver.limit = limit;
        let t = Instant::now();
        let v = solver.solve(&p, f[12].parse().unwrap(), None, (None, None));
        let dt = t.elapsed().as_secs_f64();
        println!("{:?} {} nodes {:.3} s", v, solver.nodes, dt);
        total += solver.nodes;
        time += dt;
    }
    println!("total {total} nodes {time:.2} s");
}
