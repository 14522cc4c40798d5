//! The engine against a brute force, on random small boards: 4×4 and 6×6 with boxes or
//! jigsaw regions, diagonals, neighbour rules and given candidates. The brute force
//! fills cells in row-major order, trying every digit that breaks no rule among the
//! cells filled so far (the rules' definitions, [`Puzzle::is_solved_by`] on the way),
//! and so enumerates every grid the puzzle allows. The engine must find the same
//! solutions, and its true candidates must be exactly their union.

use bitdoku_variants::generate::jigsaw;
use bitdoku_variants::{Engine, HouseKind, NeighbourKind, Neighbours, Options, Puzzle};
use proptest::prelude::*;

/// The digits the givens and candidates allow in `cell` (a given overrides its
/// candidates).
fn allowed(p: &Puzzle, n: usize, cell: usize) -> impl Iterator<Item = u8> + '_ {
    let given = p.givens()[cell];
    (1..=n as u8).filter(move |&d| match given {
        0 => p.candidates()[cell] >> (d - 1) & 1 != 0,
        g => g == d,
    })
}

/// Every solution, by brute force (at most `cap`; `None` past it).
fn brute_force(p: &Puzzle, cap: usize) -> Option<Vec<Vec<u8>>> {
    let n = p.size();
    let mut values = vec![0u8; p.cells()];
    let mut out = Vec::new();
    // The pairs each cell must differ from or relate to, among earlier cells.
    let mut earlier: Vec<Vec<(usize, bitdoku_variants::Relation)>> = vec![Vec::new(); p.cells()];
    for h in p.houses() {
        for &a in &h.cells {
            for &b in &h.cells {
                if b < a {
                    earlier[a].push((b, bitdoku_variants::Relation::Different));
                }
            }
        }
    }
    for rule in p.neighbours() {
        for [a, b] in rule.pairs(p) {
            let (lo, hi) = (a.min(b), a.max(b));
            earlier[hi].push((lo, rule.kind.relation()));
        }
    }
    fn go(
        p: &Puzzle,
        n: usize,
        cell: usize,
        values: &mut Vec<u8>,
        earlier: &[Vec<(usize, bitdoku_variants::Relation)>],
        out: &mut Vec<Vec<u8>>,
        cap: usize,
    ) -> bool {
        if cell == values.len() {
            assert!(p.is_solved_by(values));
            out.push(values.clone());
            return out.len() <= cap;
        }
        for d in allowed(p, n, cell) {
            // Relations here are symmetric, so the order of the pair does not matter.
            if !earlier[cell].iter().all(|&(o, r)| r.holds(values[o], d)) {
                continue;
            }
            values[cell] = d;
            // Forward check: every later cell keeps a digit the filled cells allow.
            let open = (cell + 1..values.len()).all(|later| {
                allowed(p, n, later).any(|e| {
                    earlier[later]
                        .iter()
                        .all(|&(o, r)| o > cell || r.holds(values[o], e))
                })
            });
            if open && !go(p, n, cell + 1, values, earlier, out, cap) {
                return false;
            }
        }
        values[cell] = 0;
        true
    }
    go(p, n, 0, &mut values, &earlier, &mut out, cap).then_some(out)
}

/// A random small puzzle: a layout, extra rules, and some givens and candidates.
fn puzzle() -> impl Strategy<Value = Puzzle> {
    (
        prop_oneof![Just((4, 2, 2)), Just((6, 2, 3)), Just((6, 3, 2))],
        any::<bool>(),
        any::<u64>(),
        0u8..8,
        proptest::collection::vec((0usize..36, 1u8..7), 0..10),
        proptest::collection::vec((0usize..36, 1u32..64), 0..4),
    )
        .prop_map(|((n, r, c), jig, seed, extras, givens, marks)| {
            let mut p = Puzzle::latin(n).unwrap();
            if jig {
                let regions = jigsaw(n, &mut fastrand::Rng::with_seed(seed));
                p.add_regions(&regions.iter().map(|&k| Some(k)).collect::<Vec<_>>())
                    .unwrap();
            } else {
                p.add_boxes(r, c).unwrap();
            }
            if extras & 1 != 0 {
                p.add_diagonals().unwrap();
            }
            if extras & 2 != 0 {
                p.add_neighbours(Neighbours::board(NeighbourKind::AntiKing))
                    .unwrap();
            }
            if extras & 4 != 0 {
                p.add_neighbours(Neighbours::board(NeighbourKind::NonConsecutive))
                    .unwrap();
            }
            if extras == 7 {
                p.add_house(HouseKind::Extra, vec![0, n + 1, 2 * n + 2])
                    .unwrap();
            }
            for (cell, d) in givens {
                if cell < n * n && usize::from(d) <= n {
                    p.set_given(cell, d).unwrap();
                }
            }
            for (cell, m) in marks {
                if cell < n * n {
                    p.set_candidates(cell, m & p.all_digits()).unwrap();
                }
            }
            p
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_engine_finds_every_solution_the_brute_force_does(p in puzzle()) {
        let cap = 100;
        let Some(mut all) = brute_force(&p, cap) else { return Ok(()) };
        let engine = Engine::new(&p).unwrap();
        let mut found = Vec::new();
        let o = engine.enumerate(cap + 1, |s| found.push(s.to_vec()));
        prop_assert!(o.complete);
        prop_assert_eq!(o.solutions, all.len());
        all.sort();
        found.sort();
        prop_assert_eq!(&found, &all);
        prop_assert_eq!(engine.count(2), all.len().min(2));
        for s in &found {
            prop_assert!(p.is_solved_by(s));
        }
        let tc = engine.true_candidates(&Options::default().with_limit(usize::MAX));
        prop_assert!(tc.complete);
        let mut union = vec![0u32; p.cells()];
        for s in &all {
            for (c, &d) in s.iter().enumerate() {
                union[c] |= 1 << (d - 1);
            }
        }
        prop_assert_eq!(&tc.candidates, &union);
        prop_assert_eq!(tc.no_solution(), all.is_empty());
    }
}
