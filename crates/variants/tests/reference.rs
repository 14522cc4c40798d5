//! The engine against a brute force, on random small boards: 4×4 and 6×6 with boxes or
//! jigsaw regions, diagonals, neighbour rules, killer cages, edge marks and given
//! candidates. The brute force fills cells in row-major order, trying every digit that
//! breaks no rule among the cells filled so far (the rules' definitions,
//! [`Puzzle::is_solved_by`] on the way), and so enumerates every grid the puzzle allows.
//! The engine must find the same solutions, and its true candidates must be exactly
//! their union.

use bitdoku_variants::generate::{jigsaw, random_solution};
use bitdoku_variants::rules::{Cage, CellKind, CellMark, Edge, Mark};
use bitdoku_variants::{
    Engine, HouseKind, NeighbourKind, Neighbours, Options, Puzzle, Relation, Rule,
};
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

/// The brute force: cells filled in row-major order, each with every digit that breaks
/// no pairwise rule with the cells before it, each rule checked by its definition
/// ([`Rule::holds`]) once its last cell is filled, and a forward check that every
/// later cell keeps a digit.
struct Brute<'a> {
    p: &'a Puzzle,
    n: usize,
    /// For each cell, the earlier cells it must differ from or relate to.
    earlier: Vec<Vec<(usize, Relation)>>,
    /// For each cell, the rules whose last cell it is.
    closing: Vec<Vec<&'a Rule>>,
    values: Vec<u8>,
    out: Vec<Vec<u8>>,
    cap: usize,
    nodes: u64,
}

/// Nodes the brute force may visit before the case is skipped.
const BRUTE_NODES: u64 = 2_000_000;

impl<'a> Brute<'a> {
    fn new(p: &'a Puzzle, cap: usize) -> Brute<'a> {
        let mut earlier: Vec<Vec<(usize, Relation)>> = vec![Vec::new(); p.cells()];
        for h in p.houses() {
            for &a in &h.cells {
                for &b in &h.cells {
                    if b < a {
                        earlier[a].push((b, Relation::Different));
                    }
                }
            }
        }
        for rule in p.neighbours() {
            for [a, b] in rule.pairs(p) {
                earlier[a.max(b)].push((a.min(b), rule.kind.relation()));
            }
        }
        let mut closing: Vec<Vec<&Rule>> = vec![Vec::new(); p.cells()];
        for rule in p.rules() {
            let last = rule.cells().into_iter().max().unwrap();
            closing[last].push(rule);
        }
        Brute {
            p,
            n: p.size(),
            earlier,
            closing,
            values: vec![0; p.cells()],
            out: Vec::new(),
            cap,
            nodes: 0,
        }
    }

    /// Every solution (`None` past `cap` of them or past the node budget).
    fn run(mut self) -> Option<Vec<Vec<u8>>> {
        self.go(0).then_some(self.out)
    }

    fn go(&mut self, cell: usize) -> bool {
        self.nodes += 1;
        if self.nodes > BRUTE_NODES {
            return false;
        }
        if cell == self.values.len() {
            assert!(self.p.is_solved_by(&self.values));
            self.out.push(self.values.clone());
            return self.out.len() <= self.cap;
        }
        let (p, n) = (self.p, self.n);
        for d in allowed(p, n, cell) {
            // The relations here are symmetric: the order of a pair does not matter.
            if !self.earlier[cell]
                .iter()
                .all(|&(o, r)| r.holds(self.values[o], d))
            {
                continue;
            }
            self.values[cell] = d;
            if !self.closing[cell].iter().all(|r| r.holds(&self.values)) {
                continue;
            }
            let open = (cell + 1..self.values.len()).all(|later| {
                allowed(p, n, later).any(|e| {
                    self.earlier[later]
                        .iter()
                        .all(|&(o, r)| o > cell || r.holds(self.values[o], e))
                })
            });
            if open && !self.go(cell + 1) {
                return false;
            }
        }
        self.values[cell] = 0;
        true
    }
}

fn brute_force(p: &Puzzle, cap: usize) -> Option<Vec<Vec<u8>>> {
    Brute::new(p, cap).run()
}

/// Random killer cages from a solution: orthogonally connected groups of 1 to 4 cells
/// with their true sum, one in five off by one (a puzzle that may have no solution).
fn cages(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let n = p.size();
    let mut used = vec![false; p.cells()];
    let mut out = Vec::new();
    for _ in 0..count {
        let start = rng.usize(0..p.cells());
        if used[start] {
            continue;
        }
        let mut cells = vec![start];
        used[start] = true;
        for _ in 0..rng.usize(0..4) {
            let c = cells[rng.usize(0..cells.len())];
            let (r, col) = (c / n, c % n);
            let next = [
                (r.wrapping_sub(1), col),
                (r + 1, col),
                (r, col.wrapping_sub(1)),
                (r, col + 1),
            ][rng.usize(0..4)];
            if next.0 < n && next.1 < n && !used[next.0 * n + next.1] {
                let m = next.0 * n + next.1;
                if cells.iter().all(|&x| solution[x] != solution[m]) {
                    used[m] = true;
                    cells.push(m);
                }
            }
        }
        let mut sum: u32 = cells.iter().map(|&c| u32::from(solution[c])).sum();
        if rng.u8(0..5) == 0 && sum > cells.len() as u32 * (cells.len() as u32 + 1) / 2 {
            sum -= 1;
        }
        let sum = (rng.u8(0..8) != 0).then_some(sum);
        out.push(Rule::Cage(Cage { cells, sum }));
    }
    out
}

/// A random orthogonal pair of cells, in either order.
fn orthogonal_pair(n: usize, rng: &mut fastrand::Rng) -> [usize; 2] {
    let (r, c) = (rng.usize(0..n), rng.usize(0..n - 1));
    let (a, b) = if rng.bool() {
        (r * n + c, r * n + c + 1)
    } else {
        (c * n + r, (c + 1) * n + r)
    };
    if rng.bool() {
        [a, b]
    } else {
        [b, a]
    }
}

/// Random edge marks from a solution: on random orthogonal pairs, a mark that holds
/// there (a kropki dot, X or V where the digits allow, else a numbered edge or a
/// greater-than sign), one in thirty-two any mark (a puzzle that may have no
/// solution).
fn edges(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let mut out = Vec::new();
    for _ in 0..count {
        let cells = orthogonal_pair(p.size(), rng);
        let (x, y) = (solution[cells[0]], solution[cells[1]]);
        let marks = [
            Mark::White,
            Mark::Black,
            Mark::X,
            Mark::V,
            Mark::Less,
            Mark::Difference(x.abs_diff(y) + rng.u8(0..2)),
            Mark::Ratio(x.max(y) / x.min(y) + rng.u8(0..2)),
            Mark::Sum(x + y - rng.u8(0..2)),
            Mark::Product(u16::from(x) * u16::from(y) + rng.u16(0..2)),
        ];
        let any = rng.u8(0..32) == 0;
        let fit: Vec<Mark> = marks
            .into_iter()
            .filter(|m| any || m.relation().holds(x, y))
            .collect();
        if !fit.is_empty() {
            let mark = fit[rng.usize(0..fit.len())];
            out.push(Rule::Edge(Edge { mark, cells }));
        }
    }
    out
}

/// Random cell marks from a solution: groups of random cells, each marked with a kind
/// that holds for all of them (odd, even, low, high, listed or excluded digits), one
/// in thirty-two any kind.
fn cell_marks(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let n = p.size() as u8;
    let mut out = Vec::new();
    for _ in 0..count {
        let cells: Vec<usize> = (0..rng.usize(1..4))
            .map(|_| rng.usize(0..p.cells()))
            .collect();
        let mut cells = cells;
        cells.sort_unstable();
        cells.dedup();
        let split = rng.u8(1..n);
        let some = rng.u32(0..1 << n);
        let kinds = [
            CellKind::Odd,
            CellKind::Even,
            CellKind::Low { split },
            CellKind::High { split },
            CellKind::Set(some),
            CellKind::Exclude(some),
        ];
        let any = rng.u8(0..32) == 0;
        let fit: Vec<CellKind> = kinds
            .into_iter()
            .filter(|k| any || cells.iter().all(|&c| k.allows(solution[c])))
            .collect();
        if !fit.is_empty() {
            let kind = fit[rng.usize(0..fit.len())];
            out.push(Rule::Cell(CellMark { kind, cells }));
        }
    }
    out
}

/// A random small puzzle: a layout, extra rules, and some givens and candidates.
fn puzzle() -> impl Strategy<Value = Puzzle> {
    (
        prop_oneof![Just((4, 2, 2)), Just((6, 2, 3)), Just((6, 3, 2))],
        any::<bool>(),
        any::<u64>(),
        0u8..16,
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
            let mut rng = fastrand::Rng::with_seed(seed ^ 0x5EED);
            if extras & 8 != 0 {
                if let Some(solution) = random_solution(&mut rng, &p) {
                    for rule in cages(&p, &solution, &mut rng, n) {
                        p.add_rule(rule).unwrap();
                    }
                }
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

/// A random small puzzle for the pair and cell rules: a layout (boxes, or jigsaw
/// regions when the fill finds a solution of them), rules derived from a random
/// solution of it (one kind or several, by the bits of `kinds`), and some digits of
/// that solution as givens, one of them off in one puzzle in eight.
fn marked_puzzle() -> impl Strategy<Value = Puzzle> {
    (
        prop_oneof![Just((4, 2, 2)), Just((6, 2, 3)), Just((6, 3, 2))],
        any::<bool>(),
        any::<u64>(),
        1u8..4,
    )
        .prop_map(|((n, r, c), jig, seed, kinds)| {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut p = Puzzle::with_boxes(n, r, c).unwrap();
            if jig {
                let mut q = Puzzle::latin(n).unwrap();
                let regions = jigsaw(n, &mut rng);
                q.add_regions(&regions.iter().map(|&k| Some(k)).collect::<Vec<_>>())
                    .unwrap();
                if random_solution(&mut rng.clone(), &q).is_some() {
                    p = q;
                }
            }
            let solution = random_solution(&mut rng, &p).unwrap();
            let mut rules = Vec::new();
            if kinds & 1 != 0 {
                let count = n + rng.usize(0..n);
                rules.extend(edges(&p, &solution, &mut rng, count));
            }
            if kinds & 2 != 0 {
                let count = rng.usize(1..n);
                rules.extend(cell_marks(&p, &solution, &mut rng, count));
            }
            for rule in rules {
                // A rule no digits of the board allow is refused: skipped.
                let _ = p.add_rule(rule);
            }
            for _ in 0..rng.usize(n..n * n / 2) {
                let cell = rng.usize(0..n * n);
                p.set_given(cell, solution[cell]).unwrap();
            }
            if rng.u8(0..8) == 0 {
                let cell = rng.usize(0..n * n);
                p.set_given(cell, solution[cell] % n as u8 + 1).unwrap();
            }
            p
        })
}

/// The engine finds exactly the brute force's solutions and true candidates (when the
/// brute force finishes within its budget, with at most 100 solutions).
fn agrees_with_the_brute_force(p: &Puzzle) -> Result<(), TestCaseError> {
    let cap = 100;
    let Some(mut all) = brute_force(p, cap) else {
        return Ok(());
    };
    let engine = Engine::new(p).unwrap();
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
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_engine_finds_every_solution_the_brute_force_does(p in puzzle()) {
        agrees_with_the_brute_force(&p)?;
    }

    #[test]
    fn pair_and_cell_rules_against_the_brute_force(p in marked_puzzle()) {
        agrees_with_the_brute_force(&p)?;
    }
}
