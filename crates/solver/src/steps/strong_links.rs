//! Strong links: a chain of n strong links on one digit (n = 2, 3, 4), each joined to
//! the next by two ends that share a unit. One end of the chain or the other holds the
//! digit, so it leaves every square that sees both ends (and lies outside the units of
//! the pattern). Two links in parallel lines make a skyscraper, a row and a column a
//! 2-string kite; three and four links make the longer kinds, and a chain whose two
//! ends share a unit closes into an X-loop, which also clears its weak links.
//!
//! A link is a unit where the digit has two places (a box's two places on one line do
//! not count: the line has them too), or a grouped one: a line whose places lie in two
//! of its boxes, or a box whose places lie on one row and one column (an empty
//! rectangle) or on two parallel lines. A grouped end is the group of squares on one
//! side; it joins another end only if all their squares share a unit, and it removes
//! the digit only from squares that see all of it. In a box on a row and a column,
//! the corner square joins the side facing a single place (whether it holds the digit
//! or not), or both sides of two places if it holds the digit.
//!
//! The code after the name (`Skyscraper 011`) is Sudoku Explainer's: the number of
//! grouped links, then the kind of each link along the chain (0 box, 1 line, 2 a line
//! across the first kind of line), written the way round that reads smallest. The
//! difficulty grows with it: 4.0 for two links (5.4 for three, 5.8 for four), plus 0.1
//! for a kite or a box link, 0.2 for a box link and lines both ways, 0.3 for a grouped
//! link.
//!
//! Order: Sudoku Explainer finds every pattern, then offers the easiest first, then the
//! one that removes most, then the smallest code, then the first found: kinds of links
//! (box, row, column) in increasing combinations, digits, units in order, and the chain
//! orders and directions of each set of links as it tries them. This module ranks the
//! patterns it finds the same way.

use super::ladder::Found;
use super::marks::{changed_digits, squares, Marks};
use super::step::{Step, Technique};
use crate::masks::ALL;
use bitdoku_core::{PEER_BITS, UNITS, UNIT_BITS, UNIT_SQUARES};
use core::cell::RefCell;
use core::ops::ControlFlow;

/// Chains of two strong links (4.0-4.3).
pub(crate) fn two_strong_links(marks: &Marks, found: Found) -> ControlFlow<()> {
    strong_links(marks, 2, found)
}

/// Chains of three strong links (5.4-5.7).
pub(crate) fn three_strong_links(marks: &Marks, found: Found) -> ControlFlow<()> {
    strong_links(marks, 3, found)
}

/// Chains of four strong links (5.8-6.1).
pub(crate) fn four_strong_links(marks: &Marks, found: Found) -> ControlFlow<()> {
    strong_links(marks, 4, found)
}

/// At most two links per unit (a box with its places on a 2x2 rectangle gives two).
const MAX_LINKS: usize = 54;
/// The longest chain.
const MAX_CHAIN: usize = 4;

/// One side of a link: a square, or a group of squares on one line of a box or a line.
#[derive(Clone, Copy, Default)]
struct End {
    /// The squares that see every square of the group (one square for a plain end).
    seen: u128,
    /// The units that hold the whole group (bit `u` for unit `u`).
    units: u32,
}

impl End {
    fn of(group: u128) -> End {
        let mut seen = !0u128;
        let mut units = !0u32;
        let mut left = group;
        while left != 0 {
            let s = left.trailing_zeros() as usize;
            left &= left - 1;
            seen &= PEER_BITS[s];
            units &= UNIT_BITS[s];
        }
        End { seen, units }
    }
}

/// A strong link: a unit where the digit lies on one of two ends.
#[derive(Clone, Copy, Default)]
struct Link {
    /// The unit (bitdoku's numbering).
    unit: u8,
    /// Sudoku Explainer's kind of unit: 0 box, 1 row, 2 column.
    kind: u8,
    /// The unit's number among its kind.
    index: u8,
    /// Which of a unit's two links (a box's 2x2 rectangle has two).
    ordinal: u8,
    /// True for a grouped link.
    grouped: bool,
    /// The digit's places in the unit.
    places: u128,
    ends: [End; 2],
}

/// The unit `u` of Sudoku Explainer's kind `kind` (0 box, 1 row, 2 column), number `i`.
const fn unit_of(kind: u8, i: u8) -> usize {
    (match kind {
        0 => 18 + i,
        1 => i,
        _ => 9 + i,
    }) as usize
}

/// True if two squares share a row or a column.
fn same_line(a: usize, b: usize) -> bool {
    a / 9 == b / 9 || a % 9 == b % 9
}

/// The first shape of a grouped link that fits the places `p` (9 bits of positions in
/// the unit): the positions that must be empty, and the two sides. For a box: each
/// square as the corner of a row and a column (the sides are the column's and the
/// row's other squares), then pairs of rows, then pairs of columns; for a line, its
/// boxes, one left out. Returns the shape's number and the digit's places on each side,
/// if the first shape whose empty part is empty has places on both sides.
fn shape(p: u16, is_box: bool) -> Option<(usize, u16, u16)> {
    const ROW: u16 = 0b111;
    const COLUMN: u16 = 0b001_001_001;
    // Shapes 9 to 14 of a box: (empty, side 1, side 2).
    const BOX_LINES: [(u16, u16, u16); 6] = [
        (ROW << 6, ROW, ROW << 3),
        (ROW << 3, ROW, ROW << 6),
        (ROW, ROW << 3, ROW << 6),
        (COLUMN << 2, COLUMN, COLUMN << 1),
        (COLUMN << 1, COLUMN, COLUMN << 2),
        (COLUMN, COLUMN << 1, COLUMN << 2),
    ];
    const LINE: [(u16, u16, u16); 3] = [
        (ROW, ROW << 3, ROW << 6),
        (ROW << 3, ROW, ROW << 6),
        (ROW << 6, ROW, ROW << 3),
    ];
    let count = p.count_ones();
    let shapes = if is_box { 15 } else { 3 };
    for e in 0..shapes {
        let (empty, one, two) = if !is_box {
            LINE[e]
        } else if e < 9 {
            let row = ROW << (3 * (e / 3));
            let column = COLUMN << (e % 3);
            let corner = 1 << e;
            (0x1FF & !row & !column, column & !corner, row & !corner)
        } else if count < 4 {
            continue;
        } else {
            BOX_LINES[e - 9]
        };
        if p & empty == 0 {
            let (one, two) = (p & one, p & two);
            return (one != 0 && two != 0).then_some((e, one, two));
        }
    }
    None
}

/// The links of digit `d` in one unit, in Sudoku Explainer's order.
fn unit_links(marks: &Marks, d: usize, kind: u8, index: u8, mut push: impl FnMut(Link)) {
    let unit = unit_of(kind, index);
    let places = marks.places(d) & UNIT_SQUARES[unit];
    let count = places.count_ones();
    if !(2..=6).contains(&count) {
        return;
    }
    // The places as positions in the unit.
    let mut p = 0u16;
    let mut left = places;
    while left != 0 {
        let s = left.trailing_zeros() as usize;
        left &= left - 1;
        p |= 1
            << match kind {
                0 => s / 9 % 3 * 3 + s % 3,
                1 => s % 9,
                _ => s / 9,
            };
    }
    let square = |i: u32| UNITS[unit][i as usize % 9].index();
    let squares = |mut bits: u16| {
        let mut out = 0u128;
        while bits != 0 {
            out |= 1 << square(bits.trailing_zeros());
            bits &= bits - 1;
        }
        out
    };
    let is_box = kind == 0;
    let link = |ordinal: u8, grouped: bool, a: u128, b: u128| Link {
        unit: unit as u8,
        kind,
        index,
        ordinal,
        grouped,
        places,
        ends: [End::of(a), End::of(b)],
    };
    if count == 2 {
        let (a, b) = (square(p.trailing_zeros()), square(15 - p.leading_zeros()));
        if !(is_box && same_line(a, b)) {
            push(link(0, false, 1 << a, 1 << b));
        }
        return;
    }
    let Some((e, one, two)) = shape(p, is_box) else {
        return;
    };
    // A box's corner square belongs to the sides (shapes 0 to 8).
    let corner: u16 = if is_box && e < 9 { 1 << e } else { 0 };
    match (one.count_ones(), two.count_ones()) {
        // One place on a side: it is one end, the other side (with the box's corner)
        // the other; with one place on each side, the row's place is the single end.
        (1, n2) if n2 > 1 => push(link(0, true, squares(one), squares(two | corner))),
        (_, 1) => push(link(1, true, squares(two), squares(one | corner))),
        (n1, n2) => {
            // With the corner a place, it joins a side of two.
            let with = if p & corner != 0 { corner } else { 0 };
            let side = |bits: u16, n: u32| squares(if n == 2 { bits | with } else { bits });
            push(link(0, true, side(one, n1), side(two, n2)));
            // Places on a 2x2 rectangle of a box: the crossing pair of lines too.
            let lowest = |bits: u16| square(bits.trailing_zeros());
            let highest = |bits: u16| square(15 - bits.leading_zeros());
            if e > 8
                && count == 4
                && same_line(highest(one), highest(two))
                && same_line(lowest(one), lowest(two))
            {
                let first = 1 << lowest(one) | 1 << lowest(two);
                let second = 1 << highest(one) | 1 << highest(two);
                push(link(1, true, first, second));
            }
        }
    }
}

/// The unit two ends share (columns first, then rows, then boxes), if any.
fn share(a: &End, b: &End) -> Option<usize> {
    const COLUMNS: u32 = 0x1FF << 9;
    const ROWS: u32 = 0x1FF;
    let both = a.units & b.units;
    [COLUMNS, ROWS, !0]
        .into_iter()
        .map(|kind| both & kind)
        .find(|&units| units != 0)
        .map(|units| units.trailing_zeros() as usize)
}

/// The units of a set of units, in order.
fn bits27(mut set: u32) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        (set != 0).then(|| {
            let u = set.trailing_zeros() as usize;
            set &= set - 1;
            u
        })
    })
}

/// The permutations of `0..n` in the order Sudoku Explainer tries them (QuickPerm,
/// countdown).
const fn quick_perms(n: usize) -> [[u8; MAX_CHAIN]; 24] {
    let mut out = [[0u8; MAX_CHAIN]; 24];
    let mut q = [0u8, 1, 2, 3];
    let mut r = [0usize, 1, 2, 3, 4];
    r[n] = n;
    let mut count = 0;
    out[count] = q;
    count += 1;
    let mut s = 1;
    while s < n {
        r[s] -= 1;
        let t = if s % 2 == 1 { r[s] } else { 0 };
        let tmp = q[t];
        q[t] = q[s];
        q[s] = tmp;
        out[count] = q;
        count += 1;
        s = 1;
        while r[s] == 0 {
            r[s] = s;
            s += 1;
        }
    }
    out
}

const PERMS: [[[u8; MAX_CHAIN]; 24]; 5] = [
    quick_perms(1),
    quick_perms(1),
    quick_perms(2),
    quick_perms(3),
    quick_perms(4),
];

/// Every code: for n links, the number of grouped links then n kinds (0, 1 or 2), at
/// `code_index`, in 5 bytes.
const CODES: [u8; 540 * 5] = build_codes();

const fn code_offset(n: usize) -> usize {
    match n {
        2 => 0,
        3 => 27,
        _ => 27 + 108,
    }
}

const fn build_codes() -> [u8; 540 * 5] {
    let mut out = [b' '; 540 * 5];
    let mut n = 2;
    while n <= 4 {
        let kinds = 3usize.pow(n as u32);
        let mut i = 0;
        while i < (n + 1) * kinds {
            let at = (code_offset(n) + i) * 5;
            out[at] = b'0' + (i / kinds) as u8;
            let mut k = 0;
            let mut rest = i % kinds;
            while k < n {
                out[at + n - k] = b'0' + (rest % 3) as u8;
                rest /= 3;
                k += 1;
            }
            i += 1;
        }
        n += 1;
    }
    out
}

/// The code of a pattern as text: `digits[0]` grouped links, then the kinds.
fn code_text(n: usize, digits: &[u8; MAX_CHAIN + 1]) -> &'static str {
    let mut i = usize::from(digits[0]);
    for &k in &digits[1..=n] {
        i = i * 3 + usize::from(k);
    }
    let at = (code_offset(n) + i) * 5;
    core::str::from_utf8(&CODES[at..at + n + 1]).unwrap_or("")
}

/// Sudoku Explainer's kinds of links along the chain, as written in the code: the
/// sequence or its reverse, whichever reads smaller; then, if a row link is there,
/// the smallest of it, its row/column swap and the reversed swap, else columns
/// written as rows.
fn kinds_code(kinds: &[u8]) -> [u8; MAX_CHAIN] {
    let n = kinds.len();
    let mut seq = [0u8; MAX_CHAIN];
    let mut rev = [0u8; MAX_CHAIN];
    for i in 0..n {
        seq[i] = kinds[i];
        rev[i] = kinds[n - 1 - i];
    }
    if rev[..n] < seq[..n] {
        seq = rev;
    }
    let swap = |k: u8| match k {
        1 => 2,
        2 => 1,
        k => k,
    };
    if !seq[..n].contains(&1) {
        for k in &mut seq[..n] {
            if *k == 2 {
                *k = 1;
            }
        }
        return seq;
    }
    let mut swapped = [0u8; MAX_CHAIN];
    let mut reversed = [0u8; MAX_CHAIN];
    for i in 0..n {
        swapped[i] = swap(seq[i]);
        reversed[n - 1 - i] = swap(seq[i]);
    }
    let least = if reversed[..n] > swapped[..n] {
        swapped
    } else {
        reversed
    };
    if seq[..n] > least[..n] {
        least
    } else {
        seq
    }
}

/// What decides which pattern comes first: easiest, most removals, smallest code,
/// first found.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    difficulty: u16,
    fewer: u32,
    code: [u8; MAX_CHAIN + 1],
    found: [u16; 4 + 2 * MAX_CHAIN],
}

/// A pattern found, with what it takes to make its step.
#[derive(Clone, Copy)]
struct Pattern {
    key: Key,
    technique: Technique,
    n: usize,
    digit: usize,
    removes: u128,
    cells: u128,
    units: u32,
}

impl Pattern {
    fn step(&self) -> Step {
        let mut step = Step::new(self.technique, self.key.difficulty);
        step.removes[self.digit] = self.removes;
        step.cells = self.cells;
        step.marks[self.digit] = self.cells;
        step.units = self.units;
        step.digits = 1 << self.digit;
        step.variant = Some(code_text(self.n, &self.key.code));
        step
    }
}

/// The technique of a pattern: its code's kinds (from index 1), whether it closes.
fn technique(n: usize, code: &[u8; MAX_CHAIN + 1], ring: bool) -> Technique {
    use Technique::*;
    let grouped = code[0] > 0;
    let kinds = &code[1..=n];
    let parallel = !kinds.contains(&0) && !kinds.contains(&2);
    let kite = !kinds.contains(&0) && n < 4;
    match (n, ring, grouped, parallel, kite) {
        (2, true, false, ..) => XLoop2,
        (2, true, true, ..) => GroupedXLoop2,
        (3, true, false, ..) => XLoop3,
        (3, true, true, ..) => GroupedXLoop3,
        (_, true, false, ..) => XLoop4,
        (_, true, true, ..) => GroupedXLoop4,
        (2, _, false, true, _) => Skyscraper,
        (2, _, true, true, _) => GroupedSkyscraper,
        (2, _, false, _, true) => TwoStringKite,
        (2, _, true, _, true) => GroupedTwoStringKite,
        (2, _, false, ..) => TwoStrongLinks,
        (2, _, true, ..) => GroupedTwoStrongLinks,
        (3, _, false, true, _) => ThreeSkyscrapers,
        (3, _, true, true, _) => GroupedThreeSkyscrapers,
        (3, _, false, _, true) => ThreeStringKite,
        (3, _, true, _, true) => GroupedThreeStringKite,
        (3, _, false, ..) => ThreeStrongLinks,
        (3, _, true, ..) => GroupedThreeStrongLinks,
        (_, _, false, true, _) => FourSkyscrapers,
        (_, _, true, true, _) => GroupedFourSkyscrapers,
        (_, _, false, ..) => FourStrongLinks,
        (_, _, true, ..) => GroupedFourStrongLinks,
    }
}

/// The difficulty in tenths of n links with this code.
fn difficulty(n: usize, code: &[u8; MAX_CHAIN + 1]) -> u16 {
    let base = match n {
        2 => 40,
        3 => 54,
        _ => 58,
    };
    let kinds = &code[1..=n];
    let adder = if code[0] > 0 {
        3
    } else if !kinds.contains(&0) && !kinds.contains(&2) {
        0
    } else if kinds.contains(&0) && kinds.contains(&2) {
        2
    } else {
        1
    };
    base + adder
}

/// The search for chains of one digit's links.
struct Chains<'a, F: FnMut(Pattern)> {
    n: usize,
    digit: usize,
    places: u128,
    links: &'a [Link],
    /// For each link and end, the links whose end 0 or 1 joins it and whose places
    /// are apart from its link's.
    joins: &'a [[[u64; 2]; 2]],
    /// For each link, the links whose places meet its (itself included).
    meets: &'a [u64],
    /// The chain: link numbers and the end each is entered by.
    chain: [(usize, usize); MAX_CHAIN],
    out: F,
}

impl<F: FnMut(Pattern)> Chains<'_, F> {
    /// Adds the `k`-th link among those `allowed` (apart from the chain so far).
    fn extend(&mut self, k: usize, allowed: u64) {
        let (last, entry) = self.chain[k - 1];
        let mut allowed = allowed;
        if k + 1 == self.n {
            // Each chain is found both ways; Sudoku Explainer tries the order whose
            // first link comes before its last.
            allowed &= !0u64 << self.chain[0].0 << 1;
        }
        for e in 0..2 {
            let mut next = self.joins[last][1 - entry][e] & allowed;
            while next != 0 {
                let b = next.trailing_zeros() as usize;
                next &= next - 1;
                self.chain[k] = (b, e);
                if k + 1 == self.n {
                    self.complete();
                } else {
                    self.extend(k + 1, allowed & !self.meets[b]);
                }
            }
        }
    }

    fn complete(&mut self) {
        let n = self.n;
        let chain = &self.chain[..n];
        let links = self.links;
        let mut shares = [0usize; MAX_CHAIN];
        for w in 0..n - 1 {
            let (a, ea) = chain[w];
            let (b, eb) = chain[w + 1];
            shares[w] = share(&links[a].ends[1 - ea], &links[b].ends[eb]).unwrap_or(0);
        }
        let start = &links[chain[0].0].ends[chain[0].1];
        let end = &links[chain[n - 1].0].ends[1 - chain[n - 1].1];
        let ring = share(start, end).is_some();
        // The chain's links in the order Sudoku Explainer picks them (by unit).
        let mut order = [0usize; MAX_CHAIN];
        for (i, o) in order[..n].iter_mut().enumerate() {
            *o = chain[i].0;
        }
        order[..n].sort_unstable();
        let depth = |link: usize| order[..n].iter().position(|&l| l == link).unwrap_or(0);
        if ring && (depth(chain[0].0) != 0 || chain[0].1 != 0) {
            // A loop is offered once: from its first unit, entered by its first end.
            return;
        }
        let mut base = 0u128;
        let mut cells = 0u128;
        let mut units = 0u32;
        let mut grouped = 0u8;
        for &(l, _) in chain {
            base |= UNIT_SQUARES[usize::from(links[l].unit)];
            cells |= links[l].places;
            units |= 1 << links[l].unit;
            grouped += u8::from(links[l].grouped);
        }
        let mut shared = 0u128;
        for &u in &shares[..n - 1] {
            shared |= UNIT_SQUARES[u];
            units |= 1 << u;
        }
        let (removes, count) = if ring {
            let mut removes = start.seen & end.seen & self.places & !base;
            let mut count = removes.count_ones();
            for w in 0..n - 1 {
                let (a, ea) = chain[w];
                let (b, eb) = chain[w + 1];
                let more =
                    links[a].ends[1 - ea].seen & links[b].ends[eb].seen & self.places & !base;
                count += more.count_ones();
                removes |= more;
            }
            (removes, count)
        } else {
            let removes = start.seen & end.seen & self.places & !base & !shared;
            (removes, removes.count_ones())
        };
        if removes == 0 {
            return;
        }
        let mut kinds = [0u8; MAX_CHAIN];
        for (k, &(l, _)) in kinds.iter_mut().zip(chain) {
            *k = links[l].kind;
        }
        let written = kinds_code(&kinds[..n]);
        let mut code = [0u8; MAX_CHAIN + 1];
        code[0] = grouped;
        code[1..=n].copy_from_slice(&written[..n]);
        // Where Sudoku Explainer finds it: the kinds of links (as a combination), the
        // digit, each link's unit and shape, the chain order and the directions.
        let mut found = [0u16; 4 + 2 * MAX_CHAIN];
        let mut combination = 0u16;
        for (k, &l) in order[..n].iter().enumerate() {
            combination |= 1 << (usize::from(links[l].kind) * n + k);
            found[2 + 2 * k] = u16::from(links[l].index);
            found[3 + 2 * k] = u16::from(links[l].ordinal);
        }
        found[0] = combination;
        found[1] = self.digit as u16;
        let mut q = [0u8; MAX_CHAIN];
        let mut directions = 0u16;
        for (k, &(l, e)) in chain.iter().enumerate() {
            q[k] = depth(l) as u8;
            directions = directions << 1 | e as u16;
        }
        let perm = PERMS[n].iter().position(|p| p[..n] == q[..n]).unwrap_or(0);
        found[2 + 2 * n] = perm as u16;
        found[3 + 2 * n] = directions;
        let key = Key {
            difficulty: difficulty(n, &code),
            fewer: u32::MAX - count,
            code,
            found,
        };
        (self.out)(Pattern {
            key,
            technique: technique(n, &code, ring),
            n,
            digit: self.digit,
            removes,
            cells,
            units,
        });
    }
}

/// Calls `out` with every pattern of `n` strong links on `digits`.
fn search(marks: &Marks, n: usize, digits: u16, mut out: impl FnMut(Pattern)) {
    let mut links = [Link::default(); MAX_LINKS];
    let mut meets = [0u64; MAX_LINKS];
    let mut at = [0u64; 81];
    let mut joins = [[[0u64; 2]; 2]; MAX_LINKS];
    for digit in 0..9 {
        let places = marks.places(digit);
        if digits >> digit & 1 == 0 || places.count_ones() < 2 * n as u32 {
            continue;
        }
        let mut count = 0;
        for kind in 0..3 {
            for index in 0..9 {
                unit_links(marks, digit, kind, index, |link| {
                    if count < MAX_LINKS {
                        links[count] = link;
                        count += 1;
                    }
                });
            }
        }
        if count < n {
            continue;
        }
        let links = &links[..count];
        // The links at each place, and with an end in each unit.
        for s in squares(places) {
            at[s] = 0;
        }
        let mut ends_in = [[0u64; 2]; 27];
        for (b, link) in links.iter().enumerate() {
            for s in squares(link.places) {
                at[s] |= 1 << b;
            }
            for (e, end) in link.ends.iter().enumerate() {
                for u in bits27(end.units) {
                    ends_in[u][e] |= 1 << b;
                }
            }
        }
        for (a, link) in links.iter().enumerate() {
            meets[a] = squares(link.places).fold(0, |m, s| m | at[s]);
            for (ea, end) in link.ends.iter().enumerate() {
                joins[a][ea] = [0; 2];
                for u in bits27(end.units) {
                    joins[a][ea][0] |= ends_in[u][0];
                    joins[a][ea][1] |= ends_in[u][1];
                }
                joins[a][ea][0] &= !meets[a];
                joins[a][ea][1] &= !meets[a];
            }
        }
        let mut chains = Chains {
            n,
            digit,
            places,
            links,
            joins: &joins[..count],
            meets: &meets[..count],
            chain: [(0, 0); MAX_CHAIN],
            out: &mut out,
        };
        for a in 0..count {
            for e in 0..2 {
                chains.chain[0] = (a, e);
                chains.extend(1, !chains.meets[a]);
            }
        }
    }
}

std::thread_local! {
    /// For each number of links, the last grid where no pattern was found (kept from
    /// one call to the next on this thread).
    static EMPTY: RefCell<[Option<Marks>; MAX_CHAIN - 1]> = const { RefCell::new([None; MAX_CHAIN - 1]) };
}

/// Strong-link patterns of `n` links, in Sudoku Explainer's order (see the module
/// docs).
///
/// A pattern lies on one digit's places: on a grid that is, but for candidates
/// removed, the last grid where no pattern was found, only the digits whose places
/// changed since are searched.
fn strong_links(marks: &Marks, n: usize, found: Found) -> ControlFlow<()> {
    let digits = EMPTY.with(|e| changed_digits(marks, e.borrow()[n - 2].as_ref()));
    let mut best: Option<Pattern> = None;
    search(marks, n, digits, |f| {
        if best.is_none_or(|b| f.key < b.key) {
            best = Some(f);
        }
    });
    let Some(first) = best else {
        EMPTY.with(|e| e.borrow_mut()[n - 2] = Some(*marks));
        return ControlFlow::Continue(());
    };
    found.step(first.step())?;
    // Asked for more: all of them, in order.
    let mut all = Vec::new();
    search(marks, n, ALL, |f| all.push(f));
    all.sort_unstable_by_key(|f| f.key);
    for f in all.iter().skip(1) {
        found.step(f.step())?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::steps::ladder::{first, first_step, position, Finder};

    // Positions met on the solve paths of the public puzzles; each expected step is
    // the first hint Sudoku Explainer's serate gives there, with the same removals.
    const SKYSCRAPER: &str = concat!(
        "1...........4.6.....3....8..2.....89...45.....2.....8....456.....3...7....3...7.9",
        "..3....8.......7...2..............89.....6......45....1...........45......3.....9",
        ".....6..9...4.6..9....5....1..........3............7.....4.6..........8..2.......",
        ".2...6..9.......8......6..9...45.......45....1..........3.......2...67.......67..",
        "...4.........5....1..........3............7...2...6...........9.2...6..........8.",
        ".2...6.....3............7...2.....8.........9.2...6.8....45....1...........45....",
        "......7..1....6..9.....6..9....56....2.........3.............8....45....1..456...",
        "....5....1....6......4...........7.........8.........9.2.........3..6...1.3..6...",
        "..3....8..2.........3....8....456...1...........45..........7..........9....56...",
    );
    const KITE: &str = concat!(
        "..3.5...9...4...........7...2..5...9.......8..2......9.23.....9.....6...1........",
        "1.3.5..89.....6...123.5..89.2.45.7.9..3.5.7.912.4..7.9.234...89.23.5..8..2345..89",
        "1.3.5..89..3.5....123.5..89.....6.....3.5...912.4....9......7...23.5..8..2345..89",
        ".....6....2..........4...89...4...891..........3..........5..........7.....4...89",
        "..34..789..3...7....34...89.2.4..789......7.9....5....1234...89123....8......6...",
        "..345.7891..........345..89.2.4..789.....6....2.4..789.234...89.23....8..234...89",
        ".2..............8...3.56.....3.5.7.9...4..........67.91.3......1.3.5......3.5.7..",
        "..3...7..........9..3..6...1............5.7.......678..23....8....4......23.5.78.",
        "1..4.........5.7..1..4.......3...78..2.............78......6...........9..3.5.78.",
    );
    const BOX_LINK: &str = concat!(
        "..34....9.......8......6....234......2.4.........5....1..............7...2.4....9",
        "....5.......4..7...2.......1..4..7..........91..4..7.......6.....3.............8.",
        "1...........4..7.9..34....9.234.67...2.4.67.........8..2.45...9.2.45...9.2.45...9",
        "...4....9....5..........7..1..4.6..91..4.6....2..............8....4....9..3......",
        ".......8......6......4....9...4..7.9...4..7....3.......2..5....1.........2..5....",
        ".2.........3......1............5...........8....4....9......7.......6......4....9",
        "..34..7.9.2.4....9.......8..2.4..7.9.2.45.7.......6....2345...9.2.45...91........",
        "..34..7.912.4....9..345...9.......8.12.45.7..1..4..7.9.2345...9.2.45...9.....6...",
        ".....6...12.4....9...45...912.4....9..3......1..4....9.2.45...9.......8.......7..",
    );
    const GROUPED: &str = concat!(
        "..3....8......6...1.3...7.........8.....5....1.....78..2...............9...4.....",
        ".2.......1...5..891.......9...4..........6...1......89..3............7..1...5....",
        "....5.7..1...5...9...4...........7.9.2.........3.............8......6...1...5....",
        "1.........2...........5......3.............8......6...........9...4...........7..",
        "........9......7.........8.....5.......4......2.......1..........3...........6...",
        "...4.......3...........6...1..............7.9......7.9....5...........8..2.......",
        "..3.5..8.1...5..891.3...7.9.....6.........7.9......789...4......2.........3....89",
        ".....6..........89..3.....9.2.......1...........4...........7......5......3....89",
        "......78....4......2.............789..3..........5.........6...1...............89",
    );
    const LOOP: &str = concat!(
        ".2.............78...3.........4..........67..........9....5.........678.1........",
        "....5............9.....6.8......67..1.........2..........4..........678...3......",
        ".....67..1...........4............8...3..........5.........67..........9.2.......",
        ".......8....4......2...............9.....67..1..........3..........5.........67..",
        "........9..3..........5.....2..........4..........67.........8.1.............67..",
        "1.............6.........7......5...........8...3..............9.2..........4.....",
        ".....67........78.1..........3..............9.....6.8..2..........4.........5....",
        "...4......2............6.8......67......5.........678.1..........3..............9",
        "..3..........5............91.........2..........4..........67.......67.........8.",
    );
    const GROUPED_LOOP: &str = concat!(
        "1...........4.........5............9..3...........6.........7...2..............8.",
        "......78..2....7.9.2.....89....5.......4...........78...3......1.............6...",
        "..3...78...3...7.......6....2.......1..............78.........9....5.......4.....",
        "...45.....2..5.....2.4.....1.............6...........9.......8...3............7..",
        "........9.......8.......7....3.......2..5.....2..5.........6......4.....1........",
        ".....6...1..........3............7.........8....4......2...............9....5....",
        "....5.78......6..........89...4......2..5.7.912..5.7..1...5..........78...3......",
        ".2.........3.5.7.....4............8.....5.7..1.3.5.7..1..45.........6...........9",
        "..345.78...3.5.7.91.............6.......5.7.9..3.5.7.....45..........78..2.......",
    );
    const TIES: &str = concat!(
        ".....6.89.2.......1...........4...8....4....9....5.......4.6.8.......7....3......",
        "....5.........6.8.......7.....4.6.8...3......1...........4...8.........9.2.......",
        ".......89..3.........4......2.............7.......6..91............5.........6.8.",
        "......7......5.....2..........4.6......4....9.....6..9..3.............8.1........",
        "..3..............9.....6...1.........2..............8.....5.......4...........7..",
        "1...........4............8...3..........5..........7...2............6...........9",
        "...4..........6.8.....5............91.........2.............7....3...........6.8.",
        ".....6.8.1..........3............7.......6.8....4.............9.2...........5....",
        ".2.............7..........9....5.........6.8...3...........6.8.1...........4.....",
    );
    const THREE_KITE: &str = concat!(
        "....5...........8.1.......9.....6.........7...2.......1.34....91.34.......3.....9",
        "1.....7.......6..9.....67.....4.......3......1......8..2.......1...5.78.....567.9",
        ".23.......23.........4.....1......8.....5............91....67..1.....78......67..",
        "...4.....1...............8...3..............9.....67......567...2...........567..",
        ".2....7...2...6.....3..........5....1...........4..........67..........9.......8.",
        "........9....5.........67...2..............8......67..1.3......1.3.........4.....",
        ".....6.........7......5...........89.2.........3....8...34....9..34.....1........",
        "1.3........3.....91.......9......7.....4.........5...........8......6....2.......",
        ".......8....4......2.......1.......9.....6...1.3........3.5.7.9..3.5.7....3.5.7.9",
    );
    const THREE_GROUPED: &str = concat!(
        ".2......9.2....7.........8...3..67.......67.9..3..6..91............5.......4.....",
        "..3.....9..3...7..1.........2...........5.......4............8.......7.9.....6...",
        "...4.........5.........6..........8.1.....7.91.......9.2.............7.9..3......",
        "....56.....34...8...34.....1.3.567..1....67.91.3..6.89..34.6....2.......1......89",
        "....56.....34...8.........91.3.56...1....6....2.............7....34.6...1......8.",
        "......7..1.........2.........3..6......4............89....5......3..6..........89",
        ".23.......234...........7..........9.......8.1....6.....34.6...1.34.........5....",
        ".......8.........9..34.....1....6....2...........5......34.6...1.3..6.........7..",
        "1.............6.......5.......4.......3............7..........9.......8..2.......",
    );
    const THREE_LOOP: &str = concat!(
        "1.....7...2...........5.......4.....1.3...7.......6.....3...7.........8.........9",
        "......7.9.......8...3.....9....5......3...7...2.......1.............6......4.....",
        "...4.....1.3...........6...........91.3...7.........8.....5.....23.......2....7..",
        "....5.........6.........7..1...............8....4.......3.....9.23.....9.23......",
        ".2...............9.......8...3...........6.......5.......4...........7..1........",
        "..3.........4.....1.........2...............9......7.........8.....5.........6...",
        "1.....78.1.3...7.....4..........6.......5............9.2.......1.3........3...78.",
        ".......89....5......3.....9......7...2.......1.............6......4.......3....8.",
        ".....6...1.....7...2..............8....4.......3............7.91.......9....5....",
    );
    const FOUR: &str = concat!(
        "....5..89....5.7.9....5..8....4..78..2.........3.........45.789.....6...1........",
        "1............5.7.9.....6......4..78.......789...4..789...45.789.2.........3......",
        "..3.......2..........4.....1............5.........6.........789......789.......89",
        "...45...9..3......1.............6.........789.2.............789....5.789...45..89",
        ".....6......45...9......7....3.............89...45..891............5..89.2.......",
        "...45...9.......8..2..........45.7..1...........45.7.9.....6.....3.........45...9",
        "...45..8....45......3..............9.....6...1...5..8..2.......1...5..8.......7..",
        "......7.......6.......5..89.2..........4.....1...5..8...3......1...5..89....5..89",
        ".2.......1............5..89....5.78...3..........5.78........89...4..........6...",
    );
    const FOUR_LOOP: &str = concat!(
        ".23.............8.....5.........6...1................9.234..7.....4..7...23......",
        "12.............7..........9.2.....8....4.......3..........5.........6...12.....8.",
        ".....6...12.4.......34.........5..........7...2.....8.123.............8.........9",
        ".2......9.2......91...........4............8.......7.......6.....3..........5....",
        "......7....3...........6....2......9.2..5...9.2..5...........8.1...........4.....",
        "...4.........5...........8.1.3........3..6...1....6...........9.2.............7..",
        "1.3.....91....6..9.2.......1.3...789..3..6..9...4.....1.3...7......5....1.3..6.8.",
        ".......8.1..4.6.........7..123.......23.56...12..56...1234.............9123..6...",
        "....5....1..4.6..9..34.....123...789.23..6..912...6.8.1234..7.....4..78.123..6.8.",
    );
    /// Digit 9 in box 4 at D2, E2 and E3: E2 is the corner, so the link is E3 (the
    /// row's place) against D2 with E2, never a plain link D2-E3 (which would remove
    /// the 9 of D5 wrongly).
    const CORNER_WITH_THE_DIGIT: &str = concat!(
        "1.............6....2....7......5.7.........8..2..5.......4.......3..............9",
        ".2..5........5...9...4.......3...........6....2......9......7..1...............8.",
        "..3.............8.......7.91..............7.9...4..........6.......5.....2.......",
        ".....6......4....9.......8.....5.7.9....5.7.91..........3.......2..........45....",
        ".2..5........5.7.9.2......9.......8....4.......3......1..............7.9.....6...",
        "...4..7....3......1.............6....2...........5...9.......8.......7.9...45....",
        "...4..7.....4..7......5.....2.......1...............8.........9.....6.....3......",
        "........9.2............6......4.......3............7......5...........8.1........",
        ".......8.1..........3..........5...9....5...9.....6....2..........4...........7..",
    );
    /// No strong-link pattern of any length (nor a wing).
    const NONE: &str = concat!(
        "......7..12...6..........8....45...9.2.45...9.2.45...9..3......1..456...12..5...9",
        ".2.4....9.23.......234....9.....6....2345...91.........2.4..7.9...45.78..2..5.789",
        "....5....123..6...1234.6..9..34..789.234....9.234..78912.4.6..91..4.6...12......9",
        "1......89...4.....1...5.7.9..3.5.7.9..3.5...9..3.5.7.91.....78..2............6...",
        "..3......12...67..12...67.9...4..7.9.......8..2.4.67.91..4..7..1..45.7..1...5.7..",
        ".2...6.8..2..5678..2..567..1.........2.456....2.4567.....4..78.........9..3......",
        "1....6.8.........91.3.567...2.......1.3.56.....3.56.8.1....67..1.3..678....4.....",
        "12.4.6.8.123..6.8.1234.6.....34...89......7....34.6.89....5....1.3..6.8.12.....89",
        "12.4.6.8.123.5678.1234567....345..891.3456..9..3456.8912...67.91.3..678.12....789",
    );

    #[test]
    fn two_links_of_each_kind() {
        for (line, expected) in [
            (SKYSCRAPER, "Skyscraper 011 (4.0): remove 5 from G4, I9"),
            (KITE, "2-String Kite 012 (4.1): remove 3 from E7"),
            (BOX_LINK, "2 Strong links 001 (4.1): remove 9 from D1"),
            (
                GROUPED,
                "Grouped 2 Strong links 101 (4.3): remove 9 from G2",
            ),
            (
                LOOP,
                "(2 Strong Links) X-Loop 011 (4.0): remove 6 from B8, H6",
            ),
            (
                GROUPED_LOOP,
                "(2 Strong Links) Grouped X-Loop 211 (4.3): remove 7 from G6, H6, I6",
            ),
        ] {
            assert_eq!(first_step(two_strong_links, line), expected);
        }
        let step = first(two_strong_links, &position(SKYSCRAPER)).unwrap();
        assert_eq!(step.technique, Technique::Skyscraper);
        assert_eq!(step.variant, Some("011"));
        assert_eq!(step.name(), "Skyscraper 011");
    }

    #[test]
    fn a_box_corner_with_the_digit_joins_its_column_side() {
        let marks = position(CORNER_WITH_THE_DIGIT);
        let mut all = Vec::new();
        let _ = two_strong_links(&marks, &mut |step: Step| {
            all.push(step.to_string());
            ControlFlow::Continue(())
        });
        assert_eq!(
            all,
            [
                "Grouped 2 Strong links 101 (4.3): remove 9 from D2",
                "Grouped Skyscraper 111 (4.3): remove 9 from F6",
                "Grouped 2-String Kite 112 (4.3): remove 9 from B2",
            ]
        );
    }

    #[test]
    fn easiest_first_then_most_removals_then_code_then_first_found() {
        let mut all = Vec::new();
        let _ = two_strong_links(&position(TIES), &mut |step: Step| {
            all.push(step.to_string());
            ControlFlow::Continue(())
        });
        assert_eq!(
            all,
            [
                "Skyscraper 011 (4.0): remove 8 from B2, H1",
                "Skyscraper 011 (4.0): remove 8 from B7, C1",
                "2 Strong links 001 (4.1): remove 8 from G9",
                "2 Strong links 001 (4.1): remove 8 from C1",
                "2 Strong links 001 (4.1): remove 8 from B7",
                "2-String Kite 012 (4.1): remove 8 from G9",
            ]
        );
    }

    #[test]
    fn three_and_four_links() {
        for (find, line, expected) in [
            (
                three_strong_links as Finder,
                THREE_KITE,
                "3-String Kite 0112 (5.5): remove 6 from B9",
            ),
            (
                three_strong_links,
                THREE_GROUPED,
                "Grouped 3 Strong links 2012 (5.7): remove 3 from H8",
            ),
            (
                three_strong_links,
                THREE_LOOP,
                "(3 Strong Links) X-Loop 0111 (5.4): remove 7 from G1",
            ),
            (
                four_strong_links,
                FOUR,
                "4 Strong links 01122 (5.9): remove 7 from A4",
            ),
            (
                four_strong_links,
                FOUR_LOOP,
                "(4 Strong Links) X-Loop 01212 (5.9): remove 8 from I4, I9",
            ),
        ] {
            assert_eq!(first_step(find, line), expected);
        }
    }

    #[test]
    fn nothing_where_no_chain_removes_anything() {
        for find in [
            two_strong_links as Finder,
            three_strong_links,
            four_strong_links,
        ] {
            assert_eq!(first_step(find, NONE), "none");
        }
    }

    #[test]
    fn codes_read_the_smallest_way() {
        for (kinds, code) in [
            (&[2, 2][..], &[1, 1][..]),
            (&[1, 2], &[1, 2]),
            (&[2, 1], &[1, 2]),
            (&[2, 0], &[0, 1]),
            (&[1, 1, 0], &[0, 1, 1]),
            (&[2, 0, 1], &[1, 0, 2]),
            (&[0, 2, 2, 1], &[0, 1, 1, 2]),
        ] {
            assert_eq!(&kinds_code(kinds)[..kinds.len()], code, "{kinds:?}");
        }
        assert_eq!(code_text(2, &[1, 0, 1, 0, 0]), "101");
        assert_eq!(code_text(4, &[4, 2, 1, 0, 2]), "42102");
        let code = [0, 1, 2, 0, 0];
        assert_eq!(
            (difficulty(2, &code), technique(2, &code, false)),
            (41, Technique::TwoStringKite)
        );
        let code = [0, 0, 1, 2, 0];
        assert_eq!(difficulty(3, &code), 56);
    }

    #[test]
    fn chain_orders_as_sudoku_explainer_permutes() {
        let orders: Vec<[u8; 3]> = PERMS[3][..6].iter().map(|p| [p[0], p[1], p[2]]).collect();
        assert_eq!(
            orders,
            [
                [0, 1, 2],
                [1, 0, 2],
                [2, 0, 1],
                [0, 2, 1],
                [1, 2, 0],
                [2, 1, 0]
            ]
        );
    }

    #[test]
    fn grouped_shapes() {
        // A box with places on its corner's row and column (the corner empty).
        assert_eq!(
            shape(0b000_001_110, true),
            Some((0, 0b000_001_000, 0b000_000_110))
        );
        // On two rows of the box, not a corner's cross: rows 0 and 1.
        assert_eq!(shape(0b000_110_011, true), Some((9, 0b011, 0b110_000)));
        // All on one row: no link.
        assert_eq!(shape(0b000_000_111, true), None);
        // A line in two boxes.
        assert_eq!(shape(0b110_000_011, false), Some((1, 0b011, 0b110_000_000)));
        assert_eq!(shape(0b100_010_001, false), None);
    }
}
