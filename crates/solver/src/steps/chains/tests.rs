//! Tests of the chain rungs on known positions, and a comparison against a file of
//! expected chain steps (ignored unless `CHAINS_EXPECTED` names one).

use super::advanced::Results;
use super::node::{node, Node};
use super::*;
use crate::steps::ladder::first;
use crate::steps::step::{Step, Technique};
use crate::steps::{fish, intersections, subsets};
use bitdoku_core::{Puzzle, UNIT_SQUARES};
use core::ops::ControlFlow;

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

/// The candidates of digit `d + 1` that `source` has and `grid` has not in `squares`.
fn gone(source: &Marks, grid: &Marks, d: usize, squares: u128) -> u128 {
    source.places(d) & !grid.places(d) & squares
}

/// Appends the nodes of a set of squares, digit `d + 1`, "off", in square order.
fn push_nodes(out: &mut Vec<Node>, mut set: u128, d: usize) {
    while set != 0 {
        let s = set.trailing_zeros() as usize;
        set &= set - 1;
        out.push(node(s, d, false));
    }
}

/// The cells of a digit's removals in square order.
fn cells_of(set: u128, d: usize, out: &mut Vec<(usize, u16)>) {
    let mut set = set;
    while set != 0 {
        let s = set.trailing_zeros() as usize;
        set &= set - 1;
        out.push((s, 1 << d));
    }
}

/// Pointing and claiming, hidden pairs, naked pairs, X-wings through the rungs' own
/// searches: what [`super::simple`] does on bitboards (for tests).
pub(super) fn simple_generic(grid: &Marks, source: &Marks, results: &mut Results) {
    type Rule = fn(&Marks, crate::steps::ladder::Found) -> ControlFlow<()>;
    let rules: [Rule; 4] = [
        intersections::locked,
        subsets::hidden_pairs,
        subsets::naked_pairs,
        fish::x_wings,
    ];
    let mut parents = Vec::new();
    let mut cells = Vec::new();
    for rule in rules {
        let _ = rule(grid, &mut |step| {
            parents.clear();
            cells.clear();
            simple_parents(grid, source, &step, &mut parents, &mut cells);
            if !parents.is_empty() {
                results.push(&cells, &parents, super::store::NO_NESTED);
            }
            ControlFlow::Continue(())
        });
        if !results.is_empty() {
            return;
        }
    }
}

/// The parents of a simple technique's step and its removals in insertion order.
fn simple_parents(
    grid: &Marks,
    source: &Marks,
    step: &Step,
    parents: &mut Vec<Node>,
    cells: &mut Vec<(usize, u16)>,
) {
    let units: Vec<usize> = (0..27).filter(|u| step.units >> u & 1 == 1).collect();
    match step.technique {
        Technique::Pointing | Technique::Claiming => {
            let d = step.digits.trailing_zeros() as usize;
            let (line, bx) = (units[0], units[1]);
            let (confined, other) = if step.technique == Technique::Pointing {
                (bx, line)
            } else {
                (line, bx)
            };
            let set = gone(
                source,
                grid,
                d,
                UNIT_SQUARES[confined] & !UNIT_SQUARES[other],
            );
            push_nodes(parents, set, d);
            cells_of(step.removes[d], d, cells);
        }
        Technique::XWing => {
            let d = step.digits.trailing_zeros() as usize;
            let rows: Vec<usize> = units.iter().copied().filter(|&u| u < 9).collect();
            let columns: Vec<usize> = units.iter().copied().filter(|&u| u >= 9).collect();
            let over = |ls: &[usize]| ls.iter().fold(0u128, |m, &u| m | UNIT_SQUARES[u]);
            let (base, cover) = if step.removes[d] & !over(&rows) == 0 {
                (columns, rows)
            } else {
                (rows, columns)
            };
            let cover_squares = over(&cover);
            for &u in &base {
                push_nodes(
                    parents,
                    gone(source, grid, d, UNIT_SQUARES[u] & !cover_squares),
                    d,
                );
            }
            for &u in &cover {
                for sq in bitdoku_core::UNITS[u] {
                    let s = sq.index();
                    if step.removes[d] >> s & 1 == 1 {
                        cells.push((s, 1 << d));
                    }
                }
            }
        }
        Technique::HiddenPair => {
            let u = units[0];
            let digits = step.digits;
            let mut mine = 0u128;
            for d in 0..9 {
                if digits >> d & 1 == 1 {
                    mine |= grid.places(d) & UNIT_SQUARES[u];
                }
            }
            let mut rest = UNIT_SQUARES[u] & !mine;
            while rest != 0 {
                let s = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let mut ds = digits & source.candidates(s);
                while ds != 0 {
                    let d = ds.trailing_zeros() as usize;
                    ds &= ds - 1;
                    parents.push(node(s, d, false));
                }
            }
            removal_cells(step, cells);
        }
        Technique::NakedPair => {
            let mut set = step.cells;
            while set != 0 {
                let s = set.trailing_zeros() as usize;
                set &= set - 1;
                let mut ds = source.candidates(s) & !step.digits;
                while ds != 0 {
                    let d = ds.trailing_zeros() as usize;
                    ds &= ds - 1;
                    parents.push(node(s, d, false));
                }
            }
            removal_cells(step, cells);
        }
        _ => {}
    }
}

/// A step's removals by square, in square order.
fn removal_cells(step: &Step, cells: &mut Vec<(usize, u16)>) {
    let all = step.removes.iter().fold(0u128, |m, &r| m | r);
    let mut set = all;
    while set != 0 {
        let s = set.trailing_zeros() as usize;
        set &= set - 1;
        let digits = (0..9).fold(0u16, |m, d| m | (((step.removes[d] >> s & 1) as u16) << d));
        cells.push((s, digits));
    }
}

#[test]
fn the_simple_techniques_inside_chains_agree_with_their_rungs() {
    // Grids with candidates taken out at random from puzzles' starts, and the starts
    // as the chains' sources.
    let puzzles = [
        "98.7.....6...8.7....7..5....4..5..3...98..5.......2..1..65..9......1..2......3..4",
        "3....4..6....2..7..658....113.5..9..6..2.1.....9.........9..7.48...........46..32",
        "....6...9.7.2..........1.8..1..2....4....7.5272..59....41......5..9...2669.7....5",
    ];
    let mut rng = fastrand::Rng::with_seed(7);
    let (mut compared, mut found) = (0, 0);
    for p in puzzles {
        let source = marks(p);
        for _ in 0..300 {
            let mut grid = source;
            for _ in 0..rng.usize(1..40) {
                let s = rng.usize(0..81);
                let c = grid.candidates(s);
                if c.count_ones() > 1 {
                    let d = rng.usize(0..9);
                    if c >> d & 1 == 1 {
                        grid.eliminate(s, d);
                    }
                }
            }
            let placed = core::array::from_fn(|d| grid.placed(d).count_ones());
            let (mut fast, mut slow) = (Results::default(), Results::default());
            super::simple::simple(&grid, &source, &placed, &mut fast);
            simple_generic(&grid, &source, &mut slow);
            assert_eq!(fast.items_for_test(), slow.items_for_test(), "{p}");
            compared += 1;
            found += usize::from(!fast.is_empty());
        }
    }
    assert!(found > compared / 10, "{found} of {compared}");
}
