//! Tests of the chain rungs on known positions, and a comparison against a file of
//! expected chain steps (ignored unless `CHAINS_EXPECTED` names one).

use super::*;
use crate::steps::ladder::first;
use crate::steps::step::{Step, Technique};
use bitdoku_core::Puzzle;

/// The marks of a puzzle line (givens or 729 pencilmarks).
pub(super) fn marks(line: &str) -> Marks {
    let puzzle: Puzzle = line.parse().unwrap();
    Marks::new(&puzzle).unwrap()
}

/// The rung of a producer code `C<multiple><dynamic><nishio><level><nesting>`.
fn rung(code: &str) -> Option<crate::steps::ladder::Finder> {
    let b: Vec<u8> = code.bytes().skip(1).map(|c| c - b'0').collect();
    let p = Producer::new(b[0] == 1, b[1] == 1, b[2] == 1, b[3], b[4]);
    Some(match p {
        Producer::UNARY => cycles_and_forcing_chains,
        Producer::NISHIO => nishio,
        Producer::MULTIPLE => multiple,
        _ if p == Producer::dynamic(0, 0) => dynamic,
        _ if p == Producer::dynamic(1, 0) => dynamic_plus,
        _ if p == Producer::dynamic(2, 0) => nested_forcing,
        _ if p == Producer::dynamic(3, 0) => nested_multiple,
        _ if p == Producer::dynamic(4, 0) => nested_dynamic_0,
        _ if p == Producer::dynamic(4, 1) => nested_dynamic_1,
        _ if p == Producer::dynamic(4, 2) => nested_dynamic_2,
        _ if p == Producer::dynamic(4, 3) => nested_dynamic_3,
        _ => return None,
    })
}

/// A step's removals as `square:digit` pairs (digit 1-based), by square.
fn removals(step: &Step) -> String {
    let mut out = Vec::new();
    for s in 0..81 {
        for d in 0..9 {
            if step.removes[d] >> s & 1 == 1 {
                out.push(format!("{s}:{}", d + 1));
            }
        }
    }
    out.join(",")
}

/// Compares each chain step of the file named by `CHAINS_EXPECTED` (lines `S`, step
/// number, producer code, 729 pencilmarks, difficulty, name, complexity, sort key,
/// placement `square=digit` or `-`, removals) with the rung's first step.
#[test]
#[ignore]
fn chain_steps_agree_with_the_expected_file() {
    let Ok(path) = std::env::var("CHAINS_EXPECTED") else {
        return;
    };
    let only = std::env::var("CHAINS_ONLY").ok();
    let text = std::fs::read_to_string(path).unwrap();
    let (mut total, mut same, mut same_rating) = (0, 0, 0);
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 11 || f[0] != "S" || f[2].is_empty() {
            continue;
        }
        if only.as_deref().is_some_and(|o| !f[2].starts_with(o)) {
            continue;
        }
        let Some(find) = rung(f[2]) else { continue };
        total += 1;
        let m = marks(f[3]);
        let expected: f64 = f[4].parse().unwrap();
        let step = first(find, &m);
        let got = step.as_ref().map(|s| {
            let place = s
                .place
                .map_or("-".to_string(), |(q, d)| format!("{q}={}", d + 1));
            (s.difficulty.0, place, removals(s), s.name())
        });
        let want = (
            hint::tenths(expected),
            f[8].to_string(),
            f[9].to_string(),
            f[5].to_string(),
        );
        if got.as_ref().is_some_and(|g| g.0 == want.0) {
            same_rating += 1;
        }
        if got.as_ref() == Some(&want) {
            same += 1;
        } else {
            println!(
                "{} step {} {}: want {:?} {} {}\n   got {:?}",
                f[3], f[1], f[2], want, f[6], f[10], got
            );
        }
    }
    println!("{same} of {total} chain steps agree ({same_rating} with the same rating)");
}

#[test]
fn a_rung_finds_nothing_in_a_solved_grid() {
    let solved =
        marks("417369825632158947958724316825437169791586432346912758289643571573291684164875293");
    assert!(first(cycles_and_forcing_chains, &solved).is_none());
    assert!(first(dynamic, &solved).is_none());
    let _ = Technique::ForcingChain;
}
