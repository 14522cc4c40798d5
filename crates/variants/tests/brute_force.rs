//! The engine against a brute force, on random small boards: 4×4 and 6×6 with boxes or
//! jigsaw regions, diagonals, neighbour rules, killer cages, lines, the sums family,
//! edge and cell marks, quadruples, minimum and maximum cells, clones, isomorphic
//! regions, indexers, counts, first-seen and appears rules, tables, vudoku, corner
//! marks, rossini arrows, global entropy and given candidates, and nearly full 9×9s
//! with lines. The brute force
//! fills cells in row-major order, trying every digit that breaks no rule among the
//! cells filled so far (the rules' definitions, [`Puzzle::is_solved_by`] on the way),
//! and so enumerates every grid the puzzle allows. The engine must find the same
//! solutions, and its true candidates must be exactly their union.

use bitdoku_variants::generate::{self, jigsaw, random_solution, Elements, Marks, Settings};
use bitdoku_variants::rules::{
    rossini, Appears, Arrow, Cage, CellKind, CellMark, CellNegative, Clones, Contains, Corner,
    CornerKind, Count, CountKind, DistinctCount, Edge, EqualSum, Extremum, ExtremumKind, FirstSeen,
    GlobalEntropy, Indexer, IndexerKind, Isomorphic, Line, LineKind, Mark, Mathrax, Negative,
    NegativeBattenburg, NegativeRossini, Placement, Rossini, Sandwich, Side, Skyscraper, SumClue,
    SumKind, Table, Towards, Vudoku, XSum,
};
use bitdoku_variants::{
    DigitPairs, Engine, HouseKind, NeighbourKind, Neighbours, Options, Place, Puzzle, Relation,
    Rule, Scope,
};
use proptest::prelude::*;

/// The digits the givens and candidates allow in `cell` (a given and its cell's
/// candidates both hold, as pencilmark reads them).
fn allowed(p: &Puzzle, n: usize, cell: usize) -> impl Iterator<Item = u8> + '_ {
    let given = p.givens()[cell];
    (1..=n as u8)
        .filter(move |&d| p.candidates()[cell] >> (d - 1) & 1 != 0 && (given == 0 || given == d))
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
        // A negative constraint's pairs are pruned as they fill, like neighbours.
        for rule in p.rules() {
            if let Rule::Negative(negative) = rule {
                for [a, b] in negative.pairs(p) {
                    for m in &negative.marks {
                        let not = m.negation().unwrap();
                        earlier[a.max(b)].push((a.min(b), not));
                    }
                }
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
            // Each relation holds from the earlier cell to this one: a neighbour rule's
            // pairs run forward in row-major order, a step on from their first cell.
            if !self.earlier[cell]
                .iter()
                .all(|&(o, r)| r.holds(self.values[o], d))
            {
                continue;
            }
            self.values[cell] = d;
            if !self.closing[cell].iter().all(|r| r.holds(p, &self.values)) {
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

/// A random path of `len` cells (or fewer, where it runs into itself), each a king's
/// move from the one before.
fn path(n: usize, rng: &mut fastrand::Rng, len: usize) -> Vec<usize> {
    let mut cells = vec![rng.usize(0..n * n)];
    for _ in 1..len {
        let last = *cells.last().unwrap();
        let (r, c) = ((last / n) as isize, (last % n) as isize);
        let steps: Vec<usize> = (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (r + dr, c + dc)))
            .filter(|&(r, c)| (0..n as isize).contains(&r) && (0..n as isize).contains(&c))
            .map(|(r, c)| r as usize * n + c as usize)
            .filter(|x| !cells.contains(x))
            .collect();
        if steps.is_empty() {
            break;
        }
        cells.push(steps[rng.usize(0..steps.len())]);
    }
    cells
}

/// A random line kind for a board of digits 1 to `n`.
fn line_kind(n: usize, rng: &mut fastrand::Rng) -> LineKind {
    type Make = fn(usize, &mut fastrand::Rng) -> LineKind;
    let kinds: &[Make] = &[
        |_, _| LineKind::Thermo,
        |_, _| LineKind::SlowThermo,
        |n, rng| LineKind::Whisper(rng.u8(1..=n as u8 / 2 + 1)),
        |_, _| LineKind::Palindrome,
        |_, _| LineKind::Parity,
        |_, _| LineKind::Renban,
        |_, _| LineKind::Between,
        |n, rng| {
            // Two or three groups of digits, in no particular order.
            let g = rng.usize(2..=3);
            let mut groups = vec![0u32; g];
            for d in 0..n {
                groups[if d < g { d } else { rng.usize(0..g) }] |= 1 << d;
            }
            LineKind::Entropic(groups)
        },
        |_, rng| LineKind::Modular(rng.u8(2..=3)),
        |n, rng| LineKind::Lockout(rng.u8(1..n as u8)),
        |_, _| LineKind::Zipper,
        |_, _| LineKind::RegionSum(Vec::new()),
        |_, _| LineKind::DoubleArrow,
        |_, _| LineKind::Nabner,
    ];
    kinds[rng.usize(0..kinds.len())](n, rng)
}

/// Random lines of every kind from a solution: king's-move paths of 2 to 6 cells on
/// which the solution keeps the line's rule, one in five kept though it breaks it (a
/// puzzle that may have no solution). Lines the puzzle refuses are passed over.
fn lines(p: &mut Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) {
    let n = p.size();
    for _ in 0..count {
        let broken = rng.u8(0..5) == 0;
        for _ in 0..40 {
            let kind = line_kind(n, rng);
            let len = rng.usize(2..=6.min(n + 1));
            let cells = path(n, rng, len);
            let mut line = match kind {
                LineKind::RegionSum(_) => Line::region_sum(p, cells),
                kind => Line::new(kind, cells),
            };
            line.closed = line.cells.len() > 2
                && matches!(
                    line.kind,
                    LineKind::Whisper(_) | LineKind::Parity | LineKind::Renban
                )
                && rng.bool();
            if (broken || line.holds(solution)) && p.add_rule(Rule::Line(line)).is_ok() {
                break;
            }
        }
    }
}

/// A random king's walk from one of `from`'s cells over cells not in `taken`, as long
/// as its digits add up to less than `value`: a shaft of that sum, or (one in five) of
/// another sum, as long as it is not empty.
fn walk(
    n: usize,
    solution: &[u8],
    rng: &mut fastrand::Rng,
    from: &[usize],
    taken: &[usize],
    value: u32,
) -> Option<Vec<usize>> {
    let mut shaft: Vec<usize> = Vec::new();
    let mut sum = 0;
    let mut at = from[rng.usize(0..from.len())];
    for _ in 0..30 {
        if sum >= value {
            break;
        }
        let (r, c) = (
            (at / n) as isize + rng.isize(-1..=1),
            (at % n) as isize + rng.isize(-1..=1),
        );
        if r < 0 || c < 0 || r >= n as isize || c >= n as isize {
            continue;
        }
        let next = r as usize * n + c as usize;
        if taken.contains(&next) || from.contains(&next) || shaft.contains(&next) {
            continue;
        }
        shaft.push(next);
        sum += u32::from(solution[next]);
        at = next;
    }
    let keep = sum == value || rng.u8(0..5) == 0;
    // A circle of k cells shows 1…1 (k ones) at least.
    let least = (0..from.len()).fold(0, |r, _| 10 * r + 1);
    (keep && !shaft.is_empty() && shaft.len() * n >= least).then_some(shaft)
}

/// Random arrows from a solution: a circle of one cell (one in four: two, read as a
/// number) and one or two shafts, king's walks that add up to it (one in five, not).
fn arrows(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let n = p.size();
    let mut out = Vec::new();
    for _ in 0..count {
        let c = rng.usize(0..p.cells());
        let circle = if rng.u8(0..4) == 0 && c % n + 1 < n {
            vec![c, c + 1]
        } else {
            vec![c]
        };
        let value = circle
            .iter()
            .fold(0, |v, &c| 10 * v + u32::from(solution[c]));
        let mut shafts: Vec<Vec<usize>> = Vec::new();
        for _ in 0..rng.usize(1..3) {
            let taken: Vec<usize> = shafts.iter().flatten().copied().collect();
            if let Some(s) = walk(n, solution, rng, &circle, &taken, value) {
                shafts.push(s);
            }
        }
        if !shafts.is_empty() {
            out.push(Rule::Arrow(Arrow { circle, shafts }));
        }
    }
    out
}

/// The cells from `side` at `index` inwards, straight or (with `slant` ±1) along a
/// diagonal, as long as they stay on the board.
fn from_side(n: usize, side: Side, index: usize, slant: isize) -> Vec<usize> {
    let (n, i) = (n as isize, index as isize);
    let (mut at, step) = match side {
        Side::Top => ((0, i), (1, slant)),
        Side::Bottom => ((n - 1, i), (-1, slant)),
        Side::Left => ((i, 0), (slant, 1)),
        Side::Right => ((i, n - 1), (slant, -1)),
    };
    let mut out = Vec::new();
    while (0..n).contains(&at.0) && (0..n).contains(&at.1) {
        out.push((at.0 * n + at.1) as usize);
        at = (at.0 + step.0, at.1 + step.1);
    }
    out
}

/// The true sum of `cells`, one in five off by one (within what the cells can make).
fn clue_sum(n: usize, solution: &[u8], cells: &[usize], rng: &mut fastrand::Rng) -> u32 {
    let sum: u32 = cells.iter().map(|&c| u32::from(solution[c])).sum();
    match rng.u8(0..10) {
        0 if sum > cells.len() as u32 => sum - 1,
        1 if sum < (cells.len() * n) as u32 => sum + 1,
        _ => sum,
    }
}

/// Random sum clues from a solution: little killers along a random diagonal, frames
/// (the first cells of a row or column), group and corner sums.
fn sum_clues(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let n = p.size();
    let sides = [Side::Top, Side::Bottom, Side::Left, Side::Right];
    let mut out = Vec::new();
    for _ in 0..count {
        let side = sides[rng.usize(0..4)];
        let (kind, side, cells) = match rng.u8(0..4) {
            0 => {
                let slant = if rng.bool() { 1 } else { -1 };
                let cells = from_side(n, side, rng.usize(0..n), slant);
                (SumKind::LittleKiller, Some(side), cells)
            }
            1 => {
                let mut cells = from_side(n, side, rng.usize(0..n), 0);
                cells.truncate(rng.usize(1..n));
                (SumKind::Frame, Some(side), cells)
            }
            2 => {
                let mut cells: Vec<usize> = (0..rng.usize(1..5))
                    .map(|_| rng.usize(0..p.cells()))
                    .collect();
                cells.sort_unstable();
                cells.dedup();
                (SumKind::Group, None, cells)
            }
            _ => {
                let c = rng.usize(0..n - 1) * n + rng.usize(0..n - 1);
                (SumKind::Corner, None, vec![c, c + 1, c + n, c + n + 1])
            }
        };
        let sum = clue_sum(n, solution, &cells, rng);
        out.push(Rule::SumClue(SumClue {
            kind,
            side,
            cells,
            sum,
        }));
    }
    out
}

/// Random sandwich clues from a solution: a whole row or column (one in four, part of
/// one) with the sum between its 1 and its N, one in five off by one.
fn sandwiches(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let n = p.size();
    let sides = [Side::Top, Side::Bottom, Side::Left, Side::Right];
    let mut out = Vec::new();
    for _ in 0..count {
        let side = sides[rng.usize(0..4)];
        let mut cells = from_side(n, side, rng.usize(0..n), 0);
        if rng.u8(0..4) == 0 {
            cells.truncate(rng.usize(2..n));
        }
        let place = |d: u8| cells.iter().position(|&c| solution[c] == d);
        let (a, b) = match (place(1), place(n as u8)) {
            (Some(a), Some(b)) => (a.min(b), a.max(b)),
            _ => (0, 0),
        };
        let mut sum: u32 = cells[a + 1..b.max(a + 1)]
            .iter()
            .map(|&c| u32::from(solution[c]))
            .sum();
        if rng.u8(0..5) == 0 {
            sum += 2;
        }
        if sum != 1 && sum <= (cells.len() as u32 - 2) * (n as u32 - 1) {
            out.push(Rule::Sandwich(Sandwich { side, cells, sum }));
        }
    }
    out
}

/// A random row or column from a random side: whole, or (one in four) its first cells.
fn outside_line(n: usize, rng: &mut fastrand::Rng) -> (Side, Vec<usize>) {
    let sides = [Side::Top, Side::Bottom, Side::Left, Side::Right];
    let side = sides[rng.usize(0..4)];
    let mut cells = from_side(n, side, rng.usize(0..n), 0);
    if rng.u8(0..4) == 0 {
        cells.truncate(rng.usize(2..n));
    }
    (side, cells)
}

/// Random X-sum clues from a solution: the sum of the first X digits of a row or
/// column, X the first (all of them where X is more than the cells), one in five off
/// by one. Clues the board cannot make are refused by the puzzle and passed over.
fn xsums(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let mut out = Vec::new();
    for _ in 0..count {
        let (side, cells) = outside_line(p.size(), rng);
        let x = usize::from(solution[cells[0]]).min(cells.len());
        let mut sum: u32 = cells[..x].iter().map(|&c| u32::from(solution[c])).sum();
        if rng.u8(0..5) == 0 {
            sum += 1;
        }
        out.push(Rule::XSum(XSum { side, cells, sum }));
    }
    out
}

/// Random skyscraper clues from a solution: how many digits of a row or column are
/// larger than every one before them, one in five off by one. Clues the board
/// cannot make are refused by the puzzle and passed over.
fn skyscrapers(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let mut out = Vec::new();
    for _ in 0..count {
        let (side, cells) = outside_line(p.size(), rng);
        let mut tallest = 0;
        let mut visible = 0;
        for &c in &cells {
            if solution[c] > tallest {
                (tallest, visible) = (solution[c], visible + 1);
            }
        }
        if rng.u8(0..5) == 0 {
            visible = if rng.bool() { visible + 1 } else { visible - 1 };
        }
        out.push(Rule::Skyscraper(Skyscraper {
            side,
            cells,
            visible,
        }));
    }
    out
}

/// Random equal sums from a solution: two or three king's-move segments of one to
/// three cells whose digits add up to the same sum (one in five, segments kept
/// whatever their sums).
fn equal_sums(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let n = p.size();
    let sum = |s: &[usize]| s.iter().map(|&c| u32::from(solution[c])).sum::<u32>();
    let mut out = Vec::new();
    for _ in 0..count {
        let any = rng.u8(0..5) == 0;
        let len = rng.usize(1..=3);
        let first = path(n, rng, len);
        let mut segments = vec![first];
        for _ in 0..rng.usize(1..=2) {
            for _ in 0..40 {
                let len = rng.usize(1..=3);
                let s = path(n, rng, len);
                if any || sum(&s) == sum(&segments[0]) {
                    segments.push(s);
                    break;
                }
            }
        }
        if segments.len() > 1 {
            out.push(Rule::EqualSum(EqualSum { segments }));
        }
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

/// Random contains rules (quadruples) from a solution: a 2×2 block or a few cells, and
/// some of the digits the solution has there (in one rule in six, one digit of any
/// value instead).
fn contains(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let n = p.size();
    let mut out = Vec::new();
    for _ in 0..count {
        let mut cells: Vec<usize> = if rng.bool() {
            let c = rng.usize(0..n - 1) * n + rng.usize(0..n - 1);
            vec![c, c + 1, c + n, c + n + 1]
        } else {
            (0..rng.usize(1..5)).map(|_| rng.usize(0..n * n)).collect()
        };
        cells.sort_unstable();
        cells.dedup();
        let mut digits: Vec<u8> = cells.iter().map(|&c| solution[c]).collect();
        rng.shuffle(&mut digits);
        digits.truncate(rng.usize(1..=digits.len()));
        if rng.u8(0..6) == 0 {
            digits[0] = rng.u8(1..=n as u8);
        }
        out.push(Rule::Contains(Contains { digits, cells }));
    }
    out
}

/// Minimum and maximum marks from a solution: cells smaller (larger) than every
/// neighbour there, a few of them, and in one rule in six any cell.
fn extrema(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng) -> Vec<Rule> {
    let n = p.size();
    let mut out = Vec::new();
    for kind in [ExtremumKind::Minimum, ExtremumKind::Maximum] {
        let fits = |c: usize| {
            Extremum {
                kind,
                cells: vec![c],
                size: n,
            }
            .holds(solution)
        };
        let mut cells: Vec<usize> = (0..n * n).filter(|&c| fits(c) && rng.bool()).collect();
        if rng.u8(0..6) == 0 {
            cells.push(rng.usize(0..n * n));
        }
        cells.sort_unstable();
        cells.dedup();
        if !cells.is_empty() {
            out.push(Rule::Extremum(Extremum {
                kind,
                cells,
                size: n,
            }));
        }
    }
    out
}

/// Random clones from a solution: a region of one to three cells and a copy of it,
/// cell by cell a cell of the same digit; one in six copied at random (a puzzle that
/// may have no solution).
fn clones(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let cells = p.cells();
    let mut out = Vec::new();
    for _ in 0..count {
        let broken = rng.u8(0..6) == 0;
        let first: Vec<usize> = (0..rng.usize(1..=3)).map(|_| rng.usize(0..cells)).collect();
        let copy: Vec<usize> = first
            .iter()
            .map(|&a| {
                let same: Vec<usize> = (0..cells)
                    .filter(|&b| b != a && (broken || solution[b] == solution[a]))
                    .collect();
                same[rng.usize(0..same.len())]
            })
            .collect();
        out.push(Rule::Clone(Clones {
            regions: vec![first, copy],
        }));
    }
    out
}

/// Random isomorphic regions from a solution: a region of two to five cells and, under
/// a random relabelling of the digits, a cell of the relabelled digit for each; one in
/// six at random.
fn isomorphic(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng) -> Rule {
    let (n, cells) = (p.size(), p.cells());
    let mut relabel: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut relabel);
    let broken = rng.u8(0..6) == 0;
    let first: Vec<usize> = (0..rng.usize(2..=5)).map(|_| rng.usize(0..cells)).collect();
    let second = first
        .iter()
        .map(|&a| {
            let want = relabel[usize::from(solution[a]) - 1];
            let fit: Vec<usize> = (0..cells)
                .filter(|&b| b != a && (broken || solution[b] == want))
                .collect();
            fit[rng.usize(0..fit.len())]
        })
        .collect();
    Rule::Isomorphic(Isomorphic {
        regions: [first, second],
    })
}

/// Random row and column indexers from a solution: cells whose digit points at their
/// index there, and one in six anywhere.
fn indexers(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng) -> Vec<Rule> {
    let n = p.size();
    let mut out = Vec::new();
    for kind in [IndexerKind::Column, IndexerKind::Row] {
        let one = |cells: Vec<usize>| Indexer {
            kind,
            cells,
            size: n,
        };
        let mut cells: Vec<usize> = (0..n * n)
            .filter(|&c| rng.u8(0..4) == 0 && one(vec![c]).holds(solution))
            .collect();
        if rng.u8(0..6) == 0 {
            cells.push(rng.usize(0..n * n));
        }
        cells.sort_unstable();
        cells.dedup();
        if !cells.is_empty() {
            out.push(Rule::Indexer(one(cells)));
        }
    }
    out
}

/// Random counting rules from a solution: counts of digits (listed, each, counting
/// circles), distinct counts, first-seen clues and appears rules, on random cells;
/// one in six made up (a puzzle that may have no solution).
fn counting(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let n = p.size();
    let cells = p.cells();
    let some = |rng: &mut fastrand::Rng, k: usize| -> Vec<usize> {
        let mut all: Vec<usize> = (0..cells).collect();
        rng.shuffle(&mut all);
        all.truncate(k);
        all
    };
    let mut out = Vec::new();
    for _ in 0..count {
        let made_up = rng.u8(0..6) == 0;
        let k = rng.usize(2..=6);
        let cs = some(rng, k);
        let times = |d: u8| cs.iter().filter(|&&c| solution[c] == d).count() as u8;
        out.push(match rng.u8(0..6) {
            0 => {
                let d = solution[cs[0]];
                let k = if made_up { rng.u8(0..3) } else { times(d) };
                Rule::Count(Count {
                    kind: CountKind::Digits(vec![(d, k)]),
                    cells: cs.clone(),
                })
            }
            1 => {
                // Counting circles: every digit d put in exactly d circles, from the
                // solution's cells of digit d.
                let mut circles = Vec::new();
                for d in 1..=n as u8 {
                    let of_d: Vec<usize> = (0..cells).filter(|&c| solution[c] == d).collect();
                    if of_d.len() >= usize::from(d) && rng.u8(0..3) == 0 {
                        let mut of_d = of_d;
                        rng.shuffle(&mut of_d);
                        circles.extend(&of_d[..usize::from(d)]);
                    }
                }
                if made_up || circles.is_empty() {
                    circles.push(rng.usize(0..cells));
                }
                circles.sort_unstable();
                circles.dedup();
                Rule::Count(Count {
                    kind: CountKind::Circles,
                    cells: circles,
                })
            }
            2 => {
                // Each digit once: a cell of each digit.
                let each: Vec<usize> = (1..=n as u8)
                    .map(|d| {
                        let of_d: Vec<usize> = (0..cells).filter(|&c| solution[c] == d).collect();
                        of_d[rng.usize(0..of_d.len())]
                    })
                    .collect();
                Rule::Count(Count {
                    kind: CountKind::Each(1),
                    cells: if made_up { some(rng, n) } else { each },
                })
            }
            3 => {
                let seen = cs.iter().fold(0u32, |m, &c| m | 1 << (solution[c] - 1));
                let value = seen.count_ones() as u8;
                Rule::DistinctCount(DistinctCount {
                    side: None,
                    cells: cs.clone(),
                    value: if made_up {
                        value % cs.len().min(n) as u8 + 1
                    } else {
                        value
                    },
                })
            }
            4 => {
                let (side, line) = outside_line(n, rng);
                let mut digits: Vec<u8> = (1..=n as u8).collect();
                rng.shuffle(&mut digits);
                digits.truncate(rng.usize(1..=3));
                let first = line
                    .iter()
                    .map(|&c| solution[c])
                    .find(|v| digits.contains(v))
                    .unwrap_or(digits[0]);
                Rule::FirstSeen(FirstSeen {
                    side,
                    value: if made_up {
                        digits[rng.usize(0..digits.len())]
                    } else {
                        first
                    },
                    cells: line,
                    digits,
                })
            }
            _ => {
                let source = rng.usize(0..cells);
                let mut others: Vec<usize> = cs.into_iter().filter(|&c| c != source).collect();
                if !made_up {
                    let same: Vec<usize> = (0..cells)
                        .filter(|&c| c != source && solution[c] == solution[source])
                        .collect();
                    if let Some(&c) = same.get(rng.usize(0..same.len().max(1))) {
                        if !others.contains(&c) {
                            others.push(c);
                        }
                    }
                }
                Rule::Appears(Appears {
                    source,
                    cells: others,
                })
            }
        });
    }
    out
}

/// A random negative constraint from a solution, with the marks it needs: over the
/// board or a random rectangle, a mark of its family on every pair there that one of
/// its relations relates (one of them left out in one puzzle in eight), and a few
/// more marks of the family where they hold.
fn negative(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng) -> Vec<Rule> {
    let n = p.size();
    if rng.u8(0..4) == 0 {
        return cell_negative(p, solution, rng);
    }
    let k = rng.u8(1..n as u8);
    let (marks, family): (Vec<Mark>, Vec<Mark>) = match rng.u8(0..9) {
        0 => (
            vec![Mark::White, Mark::Black],
            vec![Mark::White, Mark::Black],
        ),
        1 => (vec![Mark::White], vec![Mark::White, Mark::Black]),
        2 => (vec![Mark::Black], vec![Mark::White, Mark::Black]),
        3 => (vec![Mark::X, Mark::V], vec![Mark::X, Mark::V]),
        4 => (vec![Mark::V], vec![Mark::X, Mark::V]),
        5 => (
            vec![Mark::Difference(k)],
            vec![Mark::Difference(k), Mark::Difference(k + 1)],
        ),
        6 => (
            vec![Mark::Ratio(k + 1)],
            vec![Mark::Ratio(k + 1), Mark::Ratio(2)],
        ),
        7 => (
            vec![Mark::Sum(k + 3)],
            vec![Mark::Sum(k + 3), Mark::Sum(k + 2)],
        ),
        _ => (
            vec![Mark::Product(u16::from(k) * 2)],
            vec![Mark::Product(u16::from(k) * 2)],
        ),
    };
    let area = random_area(n, rng);
    let negative = Negative { marks, area };
    let mut out = Vec::new();
    let drop = if rng.u8(0..8) == 0 {
        rng.usize(0..n * n)
    } else {
        usize::MAX
    };
    // The pairs of the board without marks: all the negative's pairs.
    for (i, [a, b]) in negative.pairs(p).into_iter().enumerate() {
        let (x, y) = (solution[a], solution[b]);
        let related = negative.marks.iter().any(|m| m.relation().holds(x, y));
        let extra = rng.u8(0..8) == 0;
        if (related && i != drop) || extra {
            let fit: Vec<Mark> = family
                .iter()
                .copied()
                .filter(|m| m.relation().holds(x, y))
                .collect();
            if !fit.is_empty() {
                let mark = fit[rng.usize(0..fit.len())];
                out.push(Rule::Edge(Edge {
                    mark,
                    cells: [a, b],
                }));
            }
        }
    }
    out.push(Rule::Negative(negative));
    out
}

/// The area of a random negative constraint on a board of side `n`: the whole board,
/// or (one in two) a random rectangle of two rows and columns or more.
fn random_area(n: usize, rng: &mut fastrand::Rng) -> Vec<usize> {
    if rng.bool() {
        return (0..n * n).collect();
    }
    let (r0, c0) = (rng.usize(0..n - 1), rng.usize(0..n - 1));
    let (r1, c1) = (rng.usize(r0 + 1..n), rng.usize(c0 + 1..n));
    (r0..=r1)
        .flat_map(|r| (c0..=c1).map(move |c| r * n + c))
        .collect()
}

/// A random negative of cell marks from a solution (odd, even, low or high), over the
/// board or a random rectangle, with a mark on every cell there of its kind (one in
/// eight left out) and one in eight elsewhere.
fn cell_negative(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng) -> Vec<Rule> {
    let n = p.size();
    let split = rng.u8(1..n as u8);
    let kind = [
        CellKind::Odd,
        CellKind::Even,
        CellKind::Low { split },
        CellKind::High { split },
    ][rng.usize(0..4)];
    let area = random_area(n, rng);
    let cells: Vec<usize> = (0..n * n)
        .filter(|&c| {
            let fits = kind.allows(solution[c]);
            (fits && (rng.u8(0..8) != 0 || !area.contains(&c))) || rng.u8(0..32) == 0
        })
        .collect();
    let mut out = vec![Rule::CellNegative(CellNegative { kind, area })];
    if !cells.is_empty() {
        out.push(Rule::Cell(CellMark { kind, cells }));
    }
    out
}

/// A random tuple of `width` digits 1 to `n`.
fn any_tuple(n: usize, width: usize, rng: &mut fastrand::Rng) -> Vec<u8> {
    (0..width).map(|_| rng.u8(1..=n as u8)).collect()
}

/// Random tables from a solution: on a few random cells, or (one in three) at random
/// offsets over the whole board, allowing the solution's digits there and some random
/// tuples (one table in eight leaves one of the solution's out: a puzzle that may have
/// no solution).
fn tables(p: &Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let n = p.size();
    let mut out = Vec::new();
    for _ in 0..count {
        let width = rng.usize(1..=4);
        let placement = if rng.u8(0..3) == 0 {
            let mut offsets: Vec<[i32; 2]> = Vec::new();
            while offsets.len() < width {
                let o = [rng.i32(-1..=1), rng.i32(-1..=1)];
                if !offsets.contains(&o) {
                    offsets.push(o);
                }
            }
            Placement::Where { offsets, size: n }
        } else {
            let mut cells: Vec<usize> = Vec::new();
            while cells.len() < width {
                let c = rng.usize(0..n * n);
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
            Placement::Cells(cells)
        };
        let mut table = Table {
            placement,
            allowed: Vec::new(),
        };
        for cells in table.placements() {
            table
                .allowed
                .push(cells.iter().map(|&c| solution[c]).collect());
        }
        if rng.u8(0..8) == 0 && !table.allowed.is_empty() {
            let gone = table.allowed.swap_remove(rng.usize(0..table.allowed.len()));
            table.allowed.retain(|t| *t != gone);
        }
        for _ in 0..rng.usize(0..2 * n) {
            table.allowed.push(any_tuple(n, width, rng));
        }
        rng.shuffle(&mut table.allowed);
        out.push(Rule::Table(table));
    }
    out
}

/// Random relations from a solution, by the operators read as sets of pairs or
/// thirds and residues: on random pairs of cells, each holding there (one in five
/// anywhere), with `allowed` pairs that are the solution's and random others (one in
/// five without the solution's); and one puzzle in two with a neighbour rule over
/// random places, whose `allowed` pairs are those of the solution there and a few
/// more (directed: from each cell to its neighbour a step on).
fn relations(p: &mut Puzzle, solution: &[u8], rng: &mut fastrand::Rng, count: usize) -> Vec<Rule> {
    let n = p.size();
    let random_pairs = |rng: &mut fastrand::Rng| -> Vec<(u8, u8)> {
        let k = rng.usize(0..n);
        (0..k)
            .map(|_| (rng.u8(1..=n as u8), rng.u8(1..=n as u8)))
            .collect()
    };
    let mut out = Vec::new();
    for _ in 0..count {
        let a = rng.usize(0..n * n);
        let b = (a + rng.usize(1..n * n)) % (n * n);
        let (x, y) = (solution[a], solution[b]);
        let relation = if rng.bool() {
            let ops = [
                Relation::SameThird,
                Relation::DifferentThird,
                Relation::SameMod3,
                Relation::DifferentMod3,
            ];
            ops[rng.usize(0..ops.len())]
        } else {
            let mut listed = random_pairs(rng);
            if rng.u8(0..5) != 0 {
                listed.push((x, y));
            }
            Relation::Allowed(DigitPairs::accepted(n, |d, e| listed.contains(&(d, e))))
        };
        if relation.holds(x, y) || rng.u8(0..5) == 0 {
            out.push(Rule::Relation {
                relation,
                pairs: vec![[a, b]],
            });
        }
    }
    if rng.bool() {
        let place = Place::ALL[rng.usize(0..Place::ALL.len())];
        let probe = Neighbours::board(NeighbourKind::Related(Relation::Different, place));
        let mut listed = random_pairs(rng);
        listed.extend(
            probe
                .pairs(p)
                .iter()
                .map(|&[a, b]| (solution[a], solution[b])),
        );
        let relation = Relation::Allowed(DigitPairs::accepted(n, |d, e| listed.contains(&(d, e))));
        p.add_neighbours(Neighbours::board(NeighbourKind::Related(relation, place)))
            .unwrap();
    }
    out
}

/// Random vudoku Vs, corner marks and rossini arrows from a solution: each where it
/// holds there (one in sixteen anywhere), and one puzzle in three with a negative of
/// battenburg (over the board or a rectangle) or of rossini, with the marks it needs
/// (one left out in one puzzle in eight).
fn marks_of_the_table_family(
    p: &Puzzle,
    solution: &[u8],
    rng: &mut fastrand::Rng,
    count: usize,
) -> Vec<Rule> {
    let n = p.size();
    let sides = [Side::Top, Side::Bottom, Side::Left, Side::Right];
    let mut out = Vec::new();
    for _ in 0..count {
        let any = rng.u8(0..16) == 0;
        match rng.u8(0..3) {
            0 => {
                for _ in 0..20 {
                    let v = Vudoku {
                        cells: [0, 1, 2].map(|_| rng.usize(0..n * n)),
                    };
                    let [a, b, c] = v.cells;
                    if (any || v.holds(solution)) && a != b && b != c && a != c {
                        out.push(Rule::Vudoku(v));
                        break;
                    }
                }
            }
            1 => {
                let c = rng.usize(0..n - 1) * n + rng.usize(0..n - 1);
                let cells = [c, c + 1, c + n, c + n + 1];
                let [tl, tr, bl, br] = cells.map(|c| solution[c]);
                let digit = rng.u8(1..=n as u8);
                let kinds = [
                    CornerKind::Battenburg,
                    CornerKind::Exclude(digit),
                    CornerKind::Mathrax(Mathrax::Even),
                    CornerKind::Mathrax(Mathrax::Odd),
                    CornerKind::Mathrax(Mathrax::Pair(bitdoku_variants::Relation::Sum(tl + br))),
                    CornerKind::Mathrax(Mathrax::Pair(bitdoku_variants::Relation::Difference(
                        tl.abs_diff(br),
                    ))),
                    CornerKind::Mathrax(Mathrax::Pair(bitdoku_variants::Relation::Product(
                        u16::from(tr) * u16::from(bl),
                    ))),
                    CornerKind::Mathrax(Mathrax::Pair(bitdoku_variants::Relation::Ratio(
                        tr.max(bl) / tr.min(bl),
                    ))),
                ];
                let fit: Vec<CornerKind> = kinds
                    .into_iter()
                    .filter(|&kind| any || Corner { kind, cells }.holds(solution))
                    .collect();
                if !fit.is_empty() {
                    let kind = fit[rng.usize(0..fit.len())];
                    out.push(Rule::Corner(Corner { kind, cells }));
                }
            }
            _ => {
                let side = sides[rng.usize(0..4)];
                let line = from_side(n, side, rng.usize(0..n), 0);
                let cells = [line[0], line[1], line[2]];
                let arrow = if rng.bool() {
                    Towards::In
                } else {
                    Towards::Out
                };
                let r = Rossini { side, cells, arrow };
                if any || r.holds(solution) {
                    out.push(Rule::Rossini(r));
                }
            }
        }
    }
    let drop = rng.u8(0..8) == 0;
    match rng.u8(0..6) {
        0 | 1 => {
            let area = random_area(n, rng);
            let negative = NegativeBattenburg { area };
            for (i, cells) in negative.blocks(p).into_iter().enumerate() {
                let corner = Corner {
                    kind: CornerKind::Battenburg,
                    cells,
                };
                if corner.holds(solution) && !(drop && i % 3 == 0) {
                    out.push(Rule::Corner(corner));
                }
            }
            out.push(Rule::NegativeBattenburg(negative));
        }
        2 => {
            for side in sides {
                for i in 0..n {
                    let line = from_side(n, side, i, 0);
                    let cells = [line[0], line[1], line[2]];
                    let t = cells.map(|c| solution[c]);
                    if rossini::monotone(&t) && !(drop && i == 0) {
                        let arrow = if t[0] < t[1] {
                            Towards::In
                        } else {
                            Towards::Out
                        };
                        out.push(Rule::Rossini(Rossini { side, cells, arrow }));
                    }
                }
            }
            out.push(Rule::NegativeRossini(NegativeRossini { size: n }));
        }
        _ => {}
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
        0usize..4,
        proptest::collection::vec((0usize..36, 1u8..7), 0..10),
        proptest::collection::vec((0usize..36, 1u32..64), 0..4),
    )
        .prop_map(
            |((n, r, c), jig, seed, extras, line_count, givens, marks)| {
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
                    // Over the board, within boxes, or within the extra regions.
                    let mut rule = Neighbours::board(NeighbourKind::AntiKing);
                    rule.scope = [Scope::Board, Scope::WithinBox, Scope::WithinExtraRegion]
                        [(seed % 3) as usize]
                        .clone();
                    p.add_neighbours(rule).unwrap();
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
                if extras & 8 != 0 || line_count > 0 {
                    if let Some(solution) = random_solution(&mut rng, &p) {
                        if extras & 8 != 0 {
                            for rule in cages(&p, &solution, &mut rng, n) {
                                p.add_rule(rule).unwrap();
                            }
                        }
                        lines(&mut p, &solution, &mut rng, line_count);
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
            },
        )
}

/// A puzzle of lines: a 4×4, 6×6 or nearly full 9×9 with boxes, lines drawn from a
/// random solution, and some of that solution's digits given (so that few puzzles
/// have more solutions than the brute force lists).
fn lined() -> impl Strategy<Value = Puzzle> {
    (
        prop_oneof![Just((4, 2, 2)), Just((6, 2, 3)), Just((9, 3, 3))],
        any::<u64>(),
        1usize..6,
    )
        .prop_map(|((n, r, c), seed, count)| {
            let mut p = Puzzle::with_boxes(n, r, c).unwrap();
            let mut rng = fastrand::Rng::with_seed(seed);
            if let Some(solution) = random_solution(&mut rng, &p) {
                lines(&mut p, &solution, &mut rng, count);
                let shown = if n == 9 { 0.6 } else { 0.25 };
                for (cell, &d) in solution.iter().enumerate() {
                    if rng.f64() < shown {
                        p.set_given(cell, d).unwrap();
                    }
                }
            }
            p
        })
}

/// A board of `n` with boxes of `r`×`c` cells or, when `jig` and the fill finds a
/// solution of them, random jigsaw regions.
fn layout(n: usize, (r, c): (usize, usize), jig: bool, rng: &mut fastrand::Rng) -> Puzzle {
    if jig {
        let mut q = Puzzle::latin(n).unwrap();
        let regions = jigsaw(n, rng);
        q.add_regions(&regions.iter().map(|&k| Some(k)).collect::<Vec<_>>())
            .unwrap();
        if random_solution(&mut rng.clone(), &q).is_some() {
            return q;
        }
    }
    Puzzle::with_boxes(n, r, c).unwrap()
}

/// A random small puzzle with rules of the sums family drawn from one random solution
/// (some of them off, so that some puzzles have no solution), and some of its digits
/// given: few enough solutions for the brute force to list them.
fn sums_puzzle() -> impl Strategy<Value = Puzzle> {
    (
        prop_oneof![Just((4, 2, 2)), Just((6, 2, 3)), Just((6, 3, 2))],
        any::<bool>(),
        any::<u64>(),
        1u8..64,
    )
        .prop_map(|((n, r, c), jig, seed, kinds)| {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut p = layout(n, (r, c), jig, &mut rng);
            let solution = random_solution(&mut rng, &p).expect("boxes have solutions");
            let mut rules = Vec::new();
            if kinds & 1 != 0 {
                rules.extend(arrows(&p, &solution, &mut rng, n / 2));
            }
            if kinds & 2 != 0 {
                rules.extend(sum_clues(&p, &solution, &mut rng, n / 2));
            }
            if kinds & 4 != 0 {
                rules.extend(sandwiches(&p, &solution, &mut rng, n / 2));
            }
            for rule in rules {
                p.add_rule(rule).unwrap();
            }
            // Outside clues that may not fit the board: refused ones passed over.
            let mut clues = Vec::new();
            if kinds & 8 != 0 {
                clues.extend(xsums(&p, &solution, &mut rng, n / 2));
            }
            if kinds & 16 != 0 {
                clues.extend(skyscrapers(&p, &solution, &mut rng, n / 2));
            }
            if kinds & 32 != 0 {
                clues.extend(equal_sums(&p, &solution, &mut rng, n / 3));
            }
            for rule in clues {
                let _ = p.add_rule(rule);
            }
            let givens = if n == 4 {
                rng.usize(0..4)
            } else {
                rng.usize(6..16)
            };
            for _ in 0..givens {
                let c = rng.usize(0..p.cells());
                p.set_given(c, solution[c]).unwrap();
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
        1u16..2048,
    )
        .prop_map(|((n, r, c), jig, seed, kinds)| {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut p = layout(n, (r, c), jig, &mut rng);
            // Global entropy (digits divisible by 3) before the solution is drawn, when
            // the layout has a solution with it.
            if kinds & 512 != 0 && n % 3 == 0 {
                let mut q = p.clone();
                q.add_rule(Rule::GlobalEntropy(GlobalEntropy { size: n }))
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
            if kinds & 4 != 0 {
                rules.extend(negative(&p, &solution, &mut rng));
            }
            if kinds & 8 != 0 {
                let count = rng.usize(1..n);
                rules.extend(contains(&p, &solution, &mut rng, count));
            }
            if kinds & 16 != 0 {
                rules.extend(extrema(&p, &solution, &mut rng));
            }
            if kinds & 32 != 0 {
                let count = rng.usize(1..=3);
                rules.extend(clones(&p, &solution, &mut rng, count));
                if rng.bool() {
                    rules.push(isomorphic(&p, &solution, &mut rng));
                }
            }
            if kinds & 64 != 0 {
                rules.extend(indexers(&p, &solution, &mut rng));
            }
            if kinds & 128 != 0 {
                let count = rng.usize(1..=3);
                rules.extend(counting(&p, &solution, &mut rng, count));
            }
            if kinds & 1024 != 0 {
                let count = rng.usize(1..n);
                rules.extend(relations(&mut p, &solution, &mut rng, count));
            }
            if kinds & 256 != 0 {
                let count = rng.usize(1..n);
                rules.extend(tables(&p, &solution, &mut rng, count));
                let count = rng.usize(1..n);
                rules.extend(marks_of_the_table_family(&p, &solution, &mut rng, count));
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

/// The rule elements of one kind (`kind` 0 to 8: thermometers, arrows, whispers,
/// renban lines, some kropki dots, all of them, some X and V, all of them, odd and
/// even cells), `count` of them.
fn elements(kind: u8, count: usize) -> Elements {
    let mut e = Elements::default();
    match kind {
        0 => e.thermos = count,
        1 => e.arrows = count,
        2 => e.whispers = count,
        3 => e.renbans = count,
        4 => e.kropki = Some(Marks::Some(count)),
        5 => e.kropki = Some(Marks::All),
        6 => e.xv = Some(Marks::Some(count)),
        7 => e.xv = Some(Marks::All),
        _ => e.parity = count,
    }
    e
}

/// A small puzzle with rule elements as the generator draws them from a random
/// solution, and some of its digits given.
fn drawn() -> impl Strategy<Value = Puzzle> {
    (
        prop_oneof![Just((4, 2, 2)), Just((6, 2, 3)), Just((6, 3, 2))],
        any::<u64>(),
        0u8..9,
        1usize..6,
    )
        .prop_map(|((n, r, c), seed, kind, count)| {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut p = Puzzle::with_boxes(n, r, c).unwrap();
            let solution = random_solution(&mut rng, &p).unwrap();
            for rule in elements(kind, count).draw(&mut rng, &p, &solution) {
                p.add_rule(rule).unwrap();
            }
            assert!(p.is_solved_by(&solution));
            for _ in 0..rng.usize(n / 2..n * n / 2) {
                let cell = rng.usize(0..n * n);
                p.set_given(cell, solution[cell]).unwrap();
            }
            p
        })
}

#[test]
fn generated_puzzles_of_each_element_are_unique_and_reproducible() {
    for kind in 0..9u8 {
        for (n, seeds) in [(4, 0..3), (6, 0..3), (9, 0..1)] {
            let settings = Settings {
                elements: elements(kind, n / 2 + 1),
                ..Settings::new(n)
            };
            for seed in seeds {
                let g = generate::puzzle(seed, 0, &settings).unwrap();
                let what = format!("kind {kind}, {n}x{n}, seed {seed}");
                assert!(!g.puzzle.rules().is_empty(), "{what}");
                assert!(g.puzzle.is_solved_by(&g.solution), "{what}");
                let engine = Engine::new(&g.puzzle).unwrap();
                assert_eq!(engine.count(2), 1, "{what}");
                if n < 9 {
                    assert_eq!(
                        brute_force(&g.puzzle, 2),
                        Some(vec![g.solution.clone()]),
                        "{what}"
                    );
                }
                assert_eq!(generate::puzzle(seed, 0, &settings).unwrap(), g, "{what}");
            }
        }
    }
}

/// The engine's solutions, count and true candidates against the brute force's (a
/// puzzle with more than `cap` solutions, or too many brute-force nodes, is passed
/// over).
fn agrees(p: &Puzzle) -> Result<(), TestCaseError> {
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
        agrees(&p)?;
    }

    #[test]
    fn lines_agree_with_the_brute_force(p in lined()) {
        agrees(&p)?;
    }

    #[test]
    fn sums_agree_with_the_brute_force(p in sums_puzzle()) {
        agrees(&p)?;
    }

    #[test]
    fn pair_and_cell_rules_against_the_brute_force(p in marked_puzzle()) {
        agrees(&p)?;
    }

    #[test]
    fn drawn_elements_agree_with_the_brute_force(p in drawn()) {
        agrees(&p)?;
    }
}
