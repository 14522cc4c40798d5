//! Aligned exclusion: two (pair, 6.2) or three (triplet, 7.5) base squares and the
//! squares with few candidates that see them all (the excluders: two candidates for a
//! pair, two or three for a triplet). A combination of digits for the base squares is
//! impossible if two base squares that see each other get the same digit, or if it
//! takes every candidate of an excluder. A base square's digit that no possible
//! combination uses is removed.
//!
//! As Sudoku Explainer does it, the base squares need not share a unit (only two
//! excluders in common), a square is a base square only if it has two candidates or
//! more, some excluder among its peers and no peer with one candidate, and the search
//! runs over pairs of base squares in its order ((0, 1), (0, 2), (1, 2), (0, 3)... of
//! the base squares in square order). For a triplet the third square is an excluder of
//! the first or the second that is a base square itself: the first's excluders in
//! square order, then the second's not already met.

use super::ladder::Found;
use super::marks::{at_least, squares, Marks};
use super::step::{Step, Technique};
use super::units::bits;
use bitdoku_core::PEER_BITS;
use core::cell::Cell;
use core::ops::ControlFlow;

/// Aligned pair exclusion.
///
/// As for triplets (see [`aligned_triplets`]): on a grid that is, but for candidates
/// removed, the last grid where nothing was found, a pair whose squares and common
/// peers kept their candidates, none of whose peers had one candidate there, gave
/// nothing there and is not looked at again.
pub(crate) fn aligned_pairs(marks: &Marks, found: Found) -> ControlFlow<()> {
    remembering_empty(&PAIRS_EMPTY, marks, |memo| pairs(marks, memo, found))
}

/// The squares changed since `old` and `old`'s squares with one candidate, if
/// `marks` is `old` with candidates removed.
fn memo_since(marks: &Marks, old: &Marks) -> Option<(u128, u128)> {
    let changed = changed_since(marks, old)?;
    let ones = squares(old.unsolved())
        .filter(|&s| old.candidates(s).count_ones() == 1)
        .fold(0u128, |m, s| m | 1 << s);
    Some((changed, ones))
}

/// Aligned pair exclusion, the pairs unchanged since a grid where nothing was found
/// (`memo`: the squares changed since, and that grid's squares with one candidate)
/// skipped.
fn pairs(marks: &Marks, memo: Option<(u128, u128)>, found: Found) -> ControlFlow<()> {
    let bases = Bases::new(marks, 2);
    for j in 1..bases.count {
        for i in 0..j {
            let (a, b) = (usize::from(bases.list[i]), usize::from(bases.list[j]));
            let common = bases.excluders[a] & bases.excluders[b];
            if !at_least(common, 2) {
                continue;
            }
            if let Some((changed, ones)) = memo {
                let seen = PEER_BITS[a] & PEER_BITS[b];
                let near = PEER_BITS[a] | PEER_BITS[b];
                if (1 << a | 1 << b | seen) & changed == 0 && near & ones == 0 {
                    continue;
                }
            }
            // blocked[x] bit y: some excluder has candidates x and y.
            let mut blocked = [0u16; 9];
            for e in squares(common) {
                let c = marks.candidates(e);
                let (x, y) = (c.trailing_zeros() as usize, 15 - c.leading_zeros() as usize);
                blocked[x % 9] |= 1 << y;
                blocked[y % 9] |= 1 << x;
            }
            let see = PEER_BITS[a] >> b & 1 == 1;
            let (ca, cb) = (marks.candidates(a), marks.candidates(b));
            let mut allowed = [0u16; 2];
            for x in bits(ca) {
                for y in bits(cb) {
                    if (x == y && see) || blocked[x] >> y & 1 == 1 {
                        continue;
                    }
                    allowed[0] |= 1 << x;
                    allowed[1] |= 1 << y;
                }
            }
            if let Some(step) = exclusion(marks, &[a, b], &allowed, common) {
                found.step(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

std::thread_local! {
    /// The last grid in which aligned triplets found nothing (kept from one call to
    /// the next on this thread).
    static TRIPLETS_EMPTY: Cell<Option<Marks>> = const { Cell::new(None) };
    /// The same for aligned pairs.
    static PAIRS_EMPTY: Cell<Option<Marks>> = const { Cell::new(None) };
}

/// Runs `search` with [`memo_since`] the grid kept in `last` (the last one where it
/// found nothing), and keeps this grid there if it finds nothing now.
fn remembering_empty(
    last: &'static std::thread::LocalKey<Cell<Option<Marks>>>,
    marks: &Marks,
    search: impl FnOnce(Option<(u128, u128)>) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let memo = last.with(Cell::get).and_then(|old| memo_since(marks, &old));
    let flow = search(memo);
    if flow.is_continue() {
        last.with(|c| c.set(Some(*marks)));
    }
    flow
}

/// The squares whose candidates differ between `old` and `marks`, if `marks` is
/// `old` with candidates removed (squares solved since have lost every candidate);
/// `None` otherwise.
fn changed_since(marks: &Marks, old: &Marks) -> Option<u128> {
    let mut changed = 0;
    for d in 0..9 {
        let (now, then) = (marks.places(d), old.places(d));
        if now & !then != 0 {
            return None;
        }
        changed |= now ^ then;
    }
    Some(changed)
}

/// Aligned triplet exclusion.
///
/// The outcome of a set of three depends only on the candidates of its squares and of
/// its excluders. When this grid is, but for candidates removed, a grid where nothing
/// was found, a set whose squares and whose common peers kept their candidates, and
/// none of whose peers had one candidate there, was a set of base squares there too
/// with the same excluders, and gave nothing: it is not looked at again.
pub(crate) fn aligned_triplets(marks: &Marks, found: Found) -> ControlFlow<()> {
    remembering_empty(&TRIPLETS_EMPTY, marks, |memo| triplets(marks, memo, found))
}

/// Aligned triplet exclusion, the sets of three unchanged since a grid where nothing
/// was found (`memo`: the squares changed since, and that grid's squares with one
/// candidate) skipped.
fn triplets(marks: &Marks, memo: Option<(u128, u128)>, found: Found) -> ControlFlow<()> {
    let bases = Bases::new(marks, 3);
    let among = bases.set;
    // A set of three met again from another pair gives the same step: while nothing
    // has been found, it need not be looked at again.
    let mut any = false;
    for j in 1..bases.count {
        for i in 0..j {
            let (a, b) = (usize::from(bases.list[i]), usize::from(bases.list[j]));
            let ends = 1u128 << a | 1u128 << b;
            let (ea, eb) = (bases.excluders[a], bases.excluders[b]);
            // The excluders of the three are among the two's common ones.
            if (ea & eb).count_ones() < 2 {
                continue;
            }
            let mut first = ea & among & !ends;
            let mut then = eb & !ea & among & !ends;
            if let Some((changed, 0)) = memo {
                // Two squares unchanged since, and their common peers: only a third
                // changed since can make a set of three not met there.
                if (ends | PEER_BITS[a] & PEER_BITS[b]) & changed == 0 {
                    first &= changed;
                    then &= changed;
                }
            }
            for c in squares(first).chain(squares(then)) {
                let ec = bases.excluders[c];
                let common = ea & eb & ec;
                if common.count_ones() < 2 {
                    continue;
                }
                // Met before: from the pair of the two first squares of the three (in
                // base order), or from c and b when c comes before a.
                let k = usize::from(bases.index[c]);
                let met = k < j && ((ea | ec) >> b & 1 == 1 || (k < i && (ec | eb) >> a & 1 == 1));
                if met && !any {
                    continue;
                }
                if let Some((changed, ones)) = memo {
                    let three = ends | 1 << c;
                    let seen = PEER_BITS[a] & PEER_BITS[b] & PEER_BITS[c];
                    let near = PEER_BITS[a] | PEER_BITS[b] | PEER_BITS[c];
                    if (three | seen) & changed == 0 && near & ones == 0 {
                        continue;
                    }
                }
                if let Some(step) = triplet(marks, [a, b, c], common) {
                    any = true;
                    found.step(step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The combinations of three base squares `cells` against the excluders `common`.
fn triplet(marks: &Marks, cells: [usize; 3], common: u128) -> Option<Step> {
    let [a, b, c] = cells;
    // Excluders of two candidates block pairs of digits; of three, one set of three.
    let mut blocked = [0u16; 9];
    let mut threes = [0u16; 20];
    let mut n = 0;
    for e in squares(common) {
        let m = marks.candidates(e);
        if m.count_ones() == 2 {
            let (x, y) = (m.trailing_zeros() as usize, 15 - m.leading_zeros() as usize);
            blocked[x % 9] |= 1 << y;
            blocked[y % 9] |= 1 << x;
        } else if n < threes.len() {
            threes[n] = m;
            n += 1;
        }
    }
    let threes = &threes[..n];
    let see_ab = PEER_BITS[a] >> b & 1 == 1;
    let see_ac = PEER_BITS[a] >> c & 1 == 1;
    let see_bc = PEER_BITS[b] >> c & 1 == 1;
    let cands = [
        marks.candidates(a),
        marks.candidates(b),
        marks.candidates(c),
    ];
    let mut allowed = [0u16; 3];
    'all: for x in bits(cands[0]) {
        for y in bits(cands[1]) {
            if (x == y && see_ab) || blocked[x] >> y & 1 == 1 {
                continue;
            }
            // The third square's digits left: not x or y where it sees their square,
            // no excluder of two candidates with x or y, none of three with x and y.
            let xy = 1u16 << x | 1 << y;
            let mut zs = cands[2] & !(blocked[x] | blocked[y]);
            if see_ac {
                zs &= !(1 << x);
            }
            if see_bc {
                zs &= !(1 << y);
            }
            if x != y {
                for &t in threes {
                    if t & xy == xy {
                        zs &= !(t ^ xy);
                    }
                }
            }
            if zs != 0 {
                allowed[0] |= 1 << x;
                allowed[1] |= 1 << y;
                allowed[2] |= zs;
            }
            if allowed == cands {
                break 'all; // every digit is possible: nothing to remove
            }
        }
    }
    exclusion(marks, &cells, &allowed, common)
}

/// The step removing from each base square the candidates that no possible
/// combination gives it, if any.
fn exclusion(marks: &Marks, cells: &[usize], allowed: &[u16], common: u128) -> Option<Step> {
    let technique = if cells.len() == 2 {
        (Technique::AlignedPairExclusion, 62)
    } else {
        (Technique::AlignedTripletExclusion, 75)
    };
    let mut step = Step::new(technique.0, technique.1);
    for (&s, &ok) in cells.iter().zip(allowed) {
        for d in bits(marks.candidates(s) & !ok) {
            step.removes[d] |= 1 << s;
        }
        step.cells |= 1 << s;
    }
    if step.removes == [0; 9] {
        return None;
    }
    for e in squares(common) {
        for d in bits(marks.candidates(e)) {
            step.marks[d] |= 1 << e;
            step.digits |= 1 << d;
        }
    }
    step.cells |= common;
    Some(step)
}

/// The base squares, in square order, and each one's excluders.
struct Bases {
    list: [u8; 81],
    /// The place of each base square in `list`.
    index: [u8; 81],
    count: usize,
    set: u128,
    excluders: [u128; 81],
}

impl Bases {
    /// Squares with two candidates or more, some peer with two to `most` candidates
    /// (its excluders) and no peer with one.
    fn new(marks: &Marks, most: u32) -> Bases {
        let mut ones = 0u128;
        let mut few = 0u128;
        for s in squares(marks.unsolved()) {
            let n = marks.candidates(s).count_ones();
            ones |= u128::from(n == 1) << s;
            few |= u128::from(n >= 2 && n <= most) << s;
        }
        let mut bases = Bases {
            list: [0; 81],
            index: [0; 81],
            count: 0,
            set: 0,
            excluders: [0; 81],
        };
        for s in squares(marks.unsolved()) {
            let peers = PEER_BITS[s];
            if marks.candidates(s).count_ones() < 2 || peers & ones != 0 || peers & few == 0 {
                continue;
            }
            bases.list[bases.count] = s as u8;
            bases.index[s] = bases.count as u8;
            bases.count += 1;
            bases.set |= 1 << s;
            bases.excluders[s] = peers & few;
        }
        bases
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::ladder::first;
    use bitdoku_core::{Board, Candidates, Puzzle, Square};

    /// Marks where the named squares have the given candidates, every other all nine.
    fn board(squares: &[(&str, &str)]) -> Marks {
        let mut board = Board::FULL;
        for (name, cands) in squares {
            let s: Square = name.parse().unwrap();
            let bits = cands.bytes().fold(0u16, |m, b| m | 1 << (b - b'1'));
            board.0[s.index()] = Candidates::from_bits(bits);
        }
        Marks::new(&Puzzle::Candidates(board)).unwrap()
    }

    #[test]
    fn a_pair_loses_the_digit_every_combination_rules_out() {
        // A1 = 3 leaves A2 1 or 2: with 1, A3 (1, 3) is empty; with 2, A4 (2, 3).
        let m = board(&[("A1", "123"), ("A2", "12"), ("A3", "13"), ("A4", "23")]);
        let step = first(aligned_pairs, &m).unwrap();
        assert_eq!(
            step.to_string(),
            "Aligned Pair Exclusion (6.2): remove 3 from A1"
        );
        // With A3 (3, 4) nothing is ruled out.
        let m = board(&[("A1", "123"), ("A2", "12"), ("A3", "34")]);
        assert!(first(aligned_pairs, &m).is_none());
        assert!(first(aligned_triplets, &m).is_none());
    }

    #[test]
    fn a_triplet_finds_more_than_a_pair() {
        // Base A1, A5 and A2: A5 can take none of 1, 2, 3 (Sudoku Explainer finds the
        // same from the same squares).
        let m = board(&[("A1", "123"), ("A2", "12"), ("A3", "13"), ("A4", "23")]);
        let step = first(aligned_triplets, &m).unwrap();
        assert_eq!(
            step.to_string(),
            "Aligned Triplet Exclusion (7.5): remove 1 from A5; 2 from A5; 3 from A1, A5"
        );
    }

    #[test]
    fn positions_of_a_solve_path() {
        // Sudoku Explainer's first aligned pair and triplet exclusions here.
        let m = Marks::new(&POSITION.parse().unwrap()).unwrap();
        let pair = first(aligned_pairs, &m).unwrap();
        assert_eq!(
            pair.to_string(),
            "Aligned Pair Exclusion (6.2): remove 9 from A1"
        );
        let triplet = first(aligned_triplets, &m).unwrap();
        assert_eq!(
            triplet.to_string(),
            "Aligned Triplet Exclusion (7.5): remove 7 from A4"
        );
    }

    const POSITION: &str = concat!(
        "1...5.7.9......7.9.2...........5.7..1.3.5..8........89..3....89...4..........6..",
        ".....5.7.9...4............8.....567....3.5.........6..9..3.....91.........2.....",
        "..1.......9.....6.....3......1......8..2..........4............89......7......5.",
        ".........7.9......7.9....5....1......8.1......8...3...........6....2..........4.",
        "......3.......2.......1...........4..........6.......5..........7.........8.....",
        "....9.....6..........8....4.............9......7...2.......1............5......3",
        ".........4.......3............7...2...............91............5.........6.....",
        ".....8........8.....5.........6.....3.........4...........7...2...............91",
        ".........2.......1................9....56.......5..8......6.8....4.......3......",
        "......7..",
    );
}
