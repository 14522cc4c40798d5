//! The 16×16 band engine: a classic 16×16 (rows, columns, 4×4 boxes and nothing
//! else) searched digit-major, as the fast 9×9 engine searches 9×9. Norvig's rules
//! and locked candidates become a few word operations per digit: a band of four rows
//! is 64 cells, one `u64`.
//!
//! ```text
//!   Band16 (Copy: a guess copies it; 544 bytes)
//!     pos: [[u64; 4]; 16]   pos[d][b]: the cells of band b (rows 4b..4b+3) where
//!                           digit d+1 may go; bit 16 r + c is row 4b + r, column c,
//!                           so the four words are the board's cells in row-major order
//!     solved: [u64; 4]      cells placed: their digit has left their peers
//!     paired: [u64; 4]      cells that had two candidates when naked pairs last
//!                           ran: their pairs are applied (candidates only go, so
//!                           such a cell with two still has the same two)
//!
//!   one word (a band), as four 16-bit lanes, one per row:
//!     bits  63..48    47..32    31..16    15..0
//!           row 4b+3  row 4b+2  row 4b+1  row 4b
//!   in a lane, bit c is column c, and nibble k (bits 4k..4k+3) the row's cells in
//!   box column k: box (b, k) is nibble k of the word's four lanes.
//! ```
//!
//! Propagation runs to a fixed point: naked singles (counted bit-sliced over the 16
//! digits), hidden singles in every row, column and box of every digit (SWAR on the
//! lanes and nibbles), locked candidates (a box's digit on one row or column leaves
//! the rest of that line; a line's digit in one box leaves the rest of the box), then
//! naked and hidden pairs. These are the general engine's rules on a 16×16, so both
//! engines search trees of nearly the same size; without hidden pairs a sparse 16×16 can run
//! past a million guesses where the general engine takes 39. The search branches by
//! the general engine's rule for large boards (`State::branch_large`).
//!
//! Each rule looks again only where it can find something new. Candidates only go,
//! so what a rule applied stays applied:
//! - hidden singles look at a digit's rows and boxes only in the bands where it
//!   changed (a set of (digit, band) pairs, bit 16 b + d of a `u64`), its columns
//!   always;
//! - naked pairs pair up only the cells new to two candidates since their last pass
//!   (`paired`);
//! - hidden pairs skip a pair whose two cells already have two candidates, and look
//!   at rows, columns (the board transposed) and boxes (moved into the lanes) as
//!   lanes, only where two digits' first places and two digits' second places meet.
//!
//! The search runs in the instructions of the fast engine's back-end
//! (`bitdoku_solver::with_isa`): the rules are loops of word operations, which the
//! compiler turns into 256- or 512-bit ones there. `Auto` runs AVX2's where the CPU
//! has it: AVX-512's ran this engine slower on every CPU measured (`backend`).
//!
//! A property test walks random paths of guesses and checks that every propagated
//! state is closed under all of these rules.

use crate::bits::Bits;
use crate::search::{run, Control, Outcome, Searcher};
use crate::state::{Contradiction, Step};
use bitdoku_solver::{with_isa, Backend, Isa, Options, WithIsa};

/// A set of cells of the board, one bit per cell, row-major.
type Board = [u64; 4];

/// Bit 0 of each lane.
const LANE: u64 = 0x0001_0001_0001_0001;
/// Bit 15 of each lane.
const HIGH: u64 = 0x8000_8000_8000_8000;
/// Bits 0 to 14 of each lane.
const LOW: u64 = !HIGH;
/// Nibble k of each lane: box column 0.
const BOX: u64 = 0x000F_000F_000F_000F;
/// Every cell.
const ALL: Board = [!0; 4];

/// Each lane whose bit 15 is set in `flags` (and no other bit), whole; the others
/// empty. A shift and a subtraction rather than a multiply, so that loops of it
/// vectorize.
#[inline(always)]
fn whole_lanes(flags: u64) -> u64 {
    (flags << 1).wrapping_sub(flags >> 15)
}

/// Each nibble whose bit 3 is set in `flags` (and no other bit), whole; the others
/// empty.
#[inline(always)]
fn whole_nibbles(flags: u64) -> u64 {
    (flags << 1).wrapping_sub(flags >> 3)
}

/// The 16 bits of `v` in each of the four lanes.
#[inline(always)]
fn every_lane(v: u64) -> u64 {
    let v = v | (v << 16);
    v | (v << 32)
}

/// The lanes of `w` that are not empty, as their bit 15.
#[inline(always)]
fn lanes_set(w: u64) -> u64 {
    (((w & LOW) + LOW) | w) & HIGH
}

/// The nibbles of a 16-bit `x` that are not empty, as their bit 3.
#[inline(always)]
fn nibbles_set(x: u64) -> u64 {
    (((x & 0x7777) + 0x7777) | x) & 0x8888
}

/// The nibbles of `w` that are not empty, as their bit 3.
#[inline(always)]
fn nibbles_set_64(w: u64) -> u64 {
    const LOW3: u64 = 0x7777_7777_7777_7777;
    (((w & LOW3) + LOW3) | w) & !LOW3
}

/// The nibbles of a 16-bit `x` with exactly one bit, as 0xF.
#[inline(always)]
fn single_nibbles(x: u64) -> u64 {
    let set = nibbles_set(x);
    // An empty nibble gets bit 3, so that subtracting 1 borrows within each nibble.
    let y = x | (0x8888 & !set);
    let more = nibbles_set(y & (y - 0x1111));
    whole_nibbles(set & !more)
}

/// The four 16-bit lanes of `w` folded, bit-sliced: the bits set in at least one
/// lane, and in at least two (or in any lane of `twice`).
#[inline(always)]
fn fold_lanes(w: u64, twice: u64) -> (u64, u64) {
    let (x, y) = (w | (w >> 32), w & (w >> 32));
    let t = twice | (twice >> 32);
    let once = (x | (x >> 16)) & 0xFFFF;
    let more = (y | (y >> 16) | (x & (x >> 16)) | t | (t >> 16)) & 0xFFFF;
    (once, more)
}

/// The board of words `f(0)` to `f(3)`. Used in place of an array's `map`, which is
/// not inlined and would run outside the back-end's instructions (see `search`).
#[inline(always)]
fn words(f: impl Fn(usize) -> u64) -> Board {
    [f(0), f(1), f(2), f(3)]
}

/// The four words of `x` folded, bit-sliced: the bits set in at least one word, and
/// in at least two.
#[inline(always)]
fn fold_words(x: &Board) -> (u64, u64) {
    let (mut once, mut twice) = (0u64, 0u64);
    for &w in x {
        twice |= once & w;
        once |= w;
    }
    (once, twice)
}

/// Takes `cells` out of `x`; true if `x` had some of them.
#[inline(always)]
fn remove(x: &mut Board, cells: &Board) -> bool {
    let mut had = 0;
    for (w, &c) in x.iter_mut().zip(cells) {
        had |= *w & c;
        *w &= !c;
    }
    had != 0
}

/// The cells of the houses that hold both `a` and `b` (two cells), but `a` and `b`.
#[inline(always)]
fn common_houses(a: usize, b: usize) -> Board {
    let mut out = [0u64; 4];
    let (ra, ca, rb, cb) = (a / 16, a % 16, b / 16, b % 16);
    if ra == rb {
        out[a / 64] |= 0xFFFF << (16 * (ra % 4));
    }
    if ca == cb {
        out = words(|i| out[i] | (LANE << ca));
    }
    if ra / 4 == rb / 4 && ca / 4 == cb / 4 {
        out[a / 64] |= BOX << (4 * (ca / 4));
    }
    out[a / 64] &= !(1 << (a % 64));
    out[b / 64] &= !(1 << (b % 64));
    out
}

/// Each cell's peers: the cells of its row, column and box but itself.
static PEERS: [Board; 256] = peers();

const fn peers() -> [Board; 256] {
    let mut t = [[0u64; 4]; 256];
    let mut c = 0;
    while c < 256 {
        let (w, lane, col) = (c / 64, (c % 64) / 16, c % 16);
        let mut i = 0;
        while i < 4 {
            t[c][i] = LANE << col;
            i += 1;
        }
        t[c][w] |= (0xFFFF << (16 * lane)) | (BOX << (4 * (col / 4)));
        t[c][w] &= !(1 << (c % 64));
        c += 1;
    }
    t
}

/// The search state; see the [module docs](self).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Band16 {
    pos: [Board; 16],
    solved: Board,
    paired: Board,
}

/// Cell `i` of house `h` of a kind: 0 rows, 1 columns, 2 boxes (in the lanes, as
/// `boxes_to_lanes` puts them).
#[inline(always)]
fn house_cell(kind: usize, h: usize, i: usize) -> usize {
    match kind {
        0 => 16 * h + i,
        1 => 16 * i + h,
        _ => 16 * (4 * (h / 4) + i / 4) + 4 * (h % 4) + i % 4,
    }
}

/// Board `b` with the houses of a kind (as [`house_cell`] numbers them) in the
/// lanes: cell i of house h is bit i of lane h % 4 of word h / 4. Rows are already
/// there; columns are transposed, boxes moved by `boxes_to_lanes`.
#[inline(always)]
fn as_lanes(kind: usize, b: &Board) -> Board {
    match kind {
        0 => *b,
        1 => transpose(b),
        _ => words(|i| boxes_to_lanes(b[i])),
    }
}

/// The digits (bits) of each pair among `places`' (two places in one house, as bits
/// of the house's cells; digit) with the same places, handed to `each` with those
/// places' indices.
#[inline(always)]
fn pair_up(places: impl Iterator<Item = (u64, usize)>, mut each: impl FnMut([usize; 2], u32)) {
    let mut seen = [(0u64, 0usize); 16];
    for (k, (v, d)) in places.take(16).enumerate() {
        // Three digits with the same two places make three pairs (a contradiction:
        // each pair empties the cells of the third digit).
        for &(_, e) in seen[..k].iter().filter(|(x, _)| *x == v) {
            let places = [v.trailing_zeros() as usize, 63 - v.leading_zeros() as usize];
            each(places, (1 << d) | (1 << e));
        }
        seen[k] = (v, d);
    }
}

/// A digit's places in the lanes of `w` where it has exactly two, as two words:
/// the first place of each such lane, and the second (both empty in other lanes).
#[inline(always)]
fn two_places(w: u64) -> (u64, u64) {
    // Each lane less its lowest bit, then less its next: an empty lane gets bit 15
    // first, so that no subtraction borrows across lanes.
    let p = w | (!lanes_set(w) & HIGH);
    let rest = p & p.wrapping_sub(LANE);
    let more = lanes_set(rest);
    let q = rest | (!more & HIGH);
    let two = more & !lanes_set(q & q.wrapping_sub(LANE));
    let lanes = whole_lanes(two);
    ((p ^ rest) & lanes, rest & lanes)
}

/// Where two digits may have the same two places, given each digit's `two_places`:
/// the lanes (as their bit 15) where two digits' first places meet and two digits'
/// second places meet, and those first and second places (each some two digits').
/// Every lane with such a pair is among them, and both its digits' places among
/// those; most lanes without one are not, and the pairs are then looked for in
/// those lanes only.
#[inline(always)]
fn pair_lanes(lo: &[u64; 16], hi: &[u64; 16]) -> (u64, u64, u64) {
    // Counted to two over the digits, bit-sliced.
    let (mut first, mut first2, mut second, mut second2) = (0u64, 0u64, 0u64, 0u64);
    for (&lo, &hi) in lo.iter().zip(hi) {
        first2 |= first & lo;
        first |= lo;
        second2 |= second & hi;
        second |= hi;
    }
    (lanes_set(first2) & lanes_set(second2), first2, second2)
}

/// Board `b` transposed: row c of the result (lane c % 4 of word c / 4) is column c
/// of `b`, its bit r row r. The 4×4 blocks of 4×4 cells (nibble k of a word's lanes)
/// change places across the words, by two rounds of swaps, then each block is
/// transposed in place, by two more.
#[inline(always)]
fn transpose(b: &Board) -> Board {
    // Block (R, C), nibble C of word R, goes to nibble R of word C: first the
    // blocks' halves (bytes) across words two apart, then their nibbles across
    // neighbouring words.
    let mut w = *b;
    for (i, j) in [(0, 2), (1, 3)] {
        let t = ((w[i] >> 8) ^ w[j]) & 0x00FF_00FF_00FF_00FF;
        w[j] ^= t;
        w[i] ^= t << 8;
    }
    for (i, j) in [(0, 1), (2, 3)] {
        let t = ((w[i] >> 4) ^ w[j]) & 0x0F0F_0F0F_0F0F_0F0F;
        w[j] ^= t;
        w[i] ^= t << 4;
    }
    // In each block, bit j of lane r goes to bit r of lane j: the 2×2 corners, then
    // the bits of each corner.
    words(|i| {
        let w = w[i];
        let t = (w ^ (w >> 30)) & 0x0000_0000_CCCC_CCCC;
        let w = w ^ t ^ (t << 30);
        let t = (w ^ (w >> 15)) & 0x0000_AAAA_0000_AAAA;
        w ^ t ^ (t << 15)
    })
}

/// A band with its boxes in the lanes: box k's cell (r, i), row r of the band and
/// column i of the box (nibble k of lane r), goes to bit 4 r + i of lane k. A 4×4
/// transpose of nibbles, by two swaps.
#[inline(always)]
fn boxes_to_lanes(w: u64) -> u64 {
    let t = (w ^ (w >> 24)) & 0x0000_0000_FF00_FF00;
    let w = w ^ t ^ (t << 24);
    let t = (w ^ (w >> 12)) & 0x0000_F0F0_0000_F0F0;
    w ^ t ^ (t << 12)
}

impl Band16 {
    /// The state of 256 cells' start candidates (bit d-1: digit d), not yet
    /// propagated.
    pub(crate) fn new(start: &[u32]) -> Band16 {
        debug_assert_eq!(start.len(), 256);
        let mut s = Band16 {
            pos: [[0; 4]; 16],
            solved: [0; 4],
            paired: [0; 4],
        };
        for (c, &m) in start.iter().enumerate() {
            let mut m = m & 0xFFFF;
            while m != 0 {
                s.pos[m.trailing_zeros() as usize][c / 64] |= 1 << (c % 64);
                m &= m - 1;
            }
        }
        s
    }

    /// Each cell's candidates counted to three, bit-sliced: the cells with at least
    /// one, at least two, at least three.
    #[inline(always)]
    fn counts(&self) -> (Board, Board, Board) {
        let (mut one, mut two, mut three) = ([0u64; 4], [0u64; 4], [0u64; 4]);
        for p in &self.pos {
            for i in 0..4 {
                three[i] |= two[i] & p[i];
                two[i] |= one[i] & p[i];
                one[i] |= p[i];
            }
        }
        (one, two, three)
    }

    /// Places digit `d` (0-based) in cell `c`: the cell's other digits and the digit's
    /// other places among the cell's peers go. Returns the digits whose boards
    /// changed (`d` and the cell's other candidates).
    #[inline(always)]
    fn place(&mut self, d: usize, c: usize) -> Result<u32, Contradiction> {
        let (w, s) = (c / 64, c % 64);
        let bit = 1u64 << s;
        if self.pos[d][w] & bit == 0 {
            return Err(Contradiction);
        }
        let mut touched = 1 << d;
        for (e, p) in self.pos.iter_mut().enumerate() {
            touched |= (((p[w] >> s) & 1) as u32) << e;
            p[w] &= !bit;
        }
        remove(&mut self.pos[d], &PEERS[c]);
        self.pos[d][w] |= bit;
        self.solved[w] |= bit;
        Ok(touched)
    }

    /// The cells of digit board `x` alone in their column, or in their row or box
    /// within the bands of `bands` (bit b: band b); a house among those without a
    /// place for the digit is a contradiction. The other bands' rows and boxes are
    /// left out: the digit did not change there since they were last looked at.
    #[inline(always)]
    fn alone(x: &Board, bands: u64) -> Result<Board, Contradiction> {
        let mut out = [0u64; 4];
        // Columns: fold the 16 rows, bit-sliced over the words then over the lanes.
        let (o, t) = fold_words(x);
        let (o16, t16) = fold_lanes(o, t);
        if o16 != 0xFFFF {
            return Err(Contradiction);
        }
        let cols = every_lane(o16 & !t16);
        // Every word, without a branch (so that the loop vectorizes): a band out of
        // `bands` keeps its column singles only, and a house without a place in a
        // band of `bands` is a contradiction.
        let mut empty = 0;
        for (i, (&w, out)) in x.iter().zip(&mut out).enumerate() {
            let mine = ((bands >> i) & 1).wrapping_neg();
            // Rows: each lane has a place, and has one when `lane & (lane - 1)` is 0
            // (a borrow crosses lanes only from an empty one: a contradiction).
            let set = lanes_set(w);
            let one = !lanes_set(w & w.wrapping_sub(LANE)) & HIGH;
            let rows = whole_lanes(one);
            // Boxes: fold the word's four lanes; box k is nibble k.
            let (bo, bt) = fold_lanes(w, 0);
            let nibbles = nibbles_set(bo);
            let one = !nibbles_set((bo & bo.wrapping_sub(0x1111)) | bt) & 0x8888;
            let boxes = every_lane(whole_nibbles(one));
            empty |= mine & ((set ^ HIGH) | (nibbles ^ 0x8888));
            *out = w & (cols | (mine & (rows | boxes)));
        }
        if empty != 0 {
            return Err(Contradiction);
        }
        Ok(out)
    }

    /// Locked candidates of digit board `x` (whose houses all have a place: `alone`
    /// said so).
    #[inline(always)]
    fn locked(x: &mut Board) {
        // Within a band, as a 4×4 matrix of segments (row r, box k) = nibble k of
        // lane r, flagged by the nibble's bit 3.
        for w in x.iter_mut() {
            let seg = nibbles_set_64(*w);
            // A box whose places are on one row: the rest of that row loses the digit.
            let (o, t) = fold_lanes(seg, 0);
            let sole = whole_nibbles(seg & every_lane(o & !t));
            let rows = whole_lanes(lanes_set(sole));
            *w &= !(rows & !sole);
            // A row whose places are in one box: the rest of that box loses it. An
            // empty lane gets bit 3, so that taking bit 3 of each lane borrows within
            // the lane.
            let seg = nibbles_set_64(*w);
            let set = lanes_set(seg);
            let y = seg | ((!set & HIGH) >> 12);
            let more = lanes_set(y & y.wrapping_sub(8 * LANE));
            let sole = whole_nibbles(seg & whole_lanes(set & !more));
            let (boxes, _) = fold_lanes(sole, 0);
            *w &= !(every_lane(boxes) & !sole);
        }
        // Across bands, every band from the same words (so that the four are computed
        // side by side): each band's columns with a place, 16 bits.
        let cols = words(|i| fold_lanes(x[i], 0).0);
        let (o, t) = fold_words(&cols);
        let only = o & !t;
        // Columns with places in band b alone: box (b, k) holds the digit in such a
        // column, so its other columns lose it (two such columns in one box empty it:
        // a contradiction that `alone` finds).
        *x = words(|b| {
            let mine = cols[b] & only;
            let boxes = every_lane(whole_nibbles(nibbles_set(mine)));
            x[b] & !(boxes & !every_lane(mine))
        });
        // A box of band b with places in one column: the column's other bands lose
        // the digit (two bands claiming one column both lose it: a contradiction).
        let column = words(|b| {
            let c = fold_lanes(x[b], 0).0;
            c & single_nibbles(c)
        });
        let (o, t) = fold_words(&column);
        *x = words(|b| x[b] & !every_lane((o & !column[b]) | t));
    }

    /// Runs the rules to a fixed point; see the [module docs](self). `dirty`: the
    /// digits whose boards changed since the state was last propagated.
    #[inline(always)]
    pub(crate) fn propagate(&mut self, dirty: u32) -> Step {
        // The digits to look at for hidden singles, by band (bit 16 b + d: digit d
        // changed in band b), and for locked candidates.
        let (mut hidden, mut locked) = (every_lane(u64::from(dirty)), dirty);
        loop {
            let (one, two, three) = self.counts();
            if one != ALL {
                return Err(Contradiction);
            }
            let singles = words(|i| one[i] & !two[i] & !self.solved[i]);
            if singles != [0; 4] {
                for c in Bits(singles).iter() {
                    let (w, bit) = (c / 64, 1u64 << (c % 64));
                    let d = self
                        .pos
                        .iter()
                        .position(|p| p[w] & bit != 0)
                        .ok_or(Contradiction)?;
                    // The cell's one candidate: only the digit's board changes.
                    remove(&mut self.pos[d], &PEERS[c]);
                    self.solved[w] |= bit;
                    hidden |= LANE << d;
                    locked |= 1 << d;
                }
                continue;
            }
            if hidden != 0 {
                let mut placed = false;
                while hidden != 0 {
                    let d = hidden.trailing_zeros() as usize % 16;
                    let x = (hidden >> d) & LANE;
                    hidden &= !(LANE << d);
                    let bands = (x | (x >> 15) | (x >> 30) | (x >> 45)) & 0xF;
                    let alone = Band16::alone(&self.pos[d], bands)?;
                    let new = words(|i| alone[i] & !self.solved[i]);
                    for c in Bits(new).iter() {
                        // The digit changes in every band (its column), the cell's
                        // other digits in the cell's band only.
                        let touched = self.place(d, c)?;
                        hidden |= (u64::from(touched) << (16 * (c / 64))) | (LANE << d);
                        locked |= touched;
                        placed = true;
                    }
                }
                if placed {
                    continue;
                }
            }
            let mut lost = false;
            while locked != 0 {
                let d = locked.trailing_zeros() as usize;
                locked &= locked - 1;
                let before = self.pos[d];
                Band16::locked(&mut self.pos[d]);
                for (b, (now, was)) in self.pos[d].iter().zip(before).enumerate() {
                    if *now != was {
                        hidden |= 1 << (16 * b + d);
                        lost = true;
                    }
                }
            }
            if lost {
                locked = fold_lanes(hidden, 0).0 as u32;
                continue;
            }
            let pairs = words(|i| two[i] & !three[i] & !self.solved[i]);
            let mut changed = self.naked_pairs(pairs)?;
            if changed == 0 {
                changed = self.hidden_pairs(pairs);
            }
            if changed == 0 {
                return Ok(());
            }
            hidden |= every_lane(u64::from(changed));
            locked |= changed;
        }
    }

    /// Naked pairs: two cells of a house with the same two candidates take them
    /// from the house's other cells. `pairs`: the open cells with two candidates.
    /// Only pairs with a cell new to `pairs` since the last call are looked at: the
    /// others were applied then. Returns the digits whose boards changed. A third
    /// cell of the pair's house with the same two loses both: a contradiction.
    #[inline(always)]
    fn naked_pairs(&mut self, pairs: Board) -> Result<u32, Contradiction> {
        let new = words(|i| pairs[i] & !self.paired[i]);
        self.paired = pairs;
        let mut changed = 0;
        for c in Bits(new).iter() {
            let m = self.candidates(c);
            if m == 0 {
                return Err(Contradiction);
            }
            if m.count_ones() != 2 {
                continue; // a single now: the next round places it
            }
            let (d1, d2) = (m.trailing_zeros() as usize, 31 - m.leading_zeros() as usize);
            // The same pair in c's houses, but among the new cells up to c (each
            // pair of new cells is met once, from its first cell).
            let met = Bits::<4>::first(c + 1).0;
            let same = words(|i| {
                pairs[i] & !(new[i] & met[i]) & PEERS[c][i] & self.pos[d1][i] & self.pos[d2][i]
            });
            for o in Bits(same).iter() {
                let rest = common_houses(c, o);
                for d in [d1, d2] {
                    if remove(&mut self.pos[d], &rest) {
                        changed |= 1 << d;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Hidden pairs: two digits with the same two places in a house, and no other,
    /// keep those two cells to themselves. Found on the state as it comes in, then
    /// applied. `pairs`: the open cells with two candidates; a hidden pair on two of
    /// them is one already applied, and is not looked for. Returns the digits whose
    /// boards changed.
    #[inline(always)]
    fn hidden_pairs(&mut self, pairs: Board) -> u32 {
        // The cells each digit loses: those of every pair of other digits.
        let mut lose = [[0u64; 4]; 16];
        let mut found = |cells: [usize; 2], digits: u32| {
            let cells = Bits::<4>::of(cells).0;
            for (d, l) in lose.iter_mut().enumerate() {
                if (digits >> d) & 1 == 0 {
                    for (w, c) in l.iter_mut().zip(cells) {
                        *w |= c;
                    }
                }
            }
        };
        // Rows, columns, boxes: a house is a lane.
        for kind in 0..3 {
            // A loop, not `map` (see `words`).
            let mut arranged = [[0u64; 4]; 16];
            for (a, b) in arranged.iter_mut().zip(&self.pos) {
                *a = as_lanes(kind, b);
            }
            let applied = as_lanes(kind, &pairs);
            // Each digit's two places, word by word (lo[w][d], hi[w][d]), in the
            // lanes where one of them has more than two candidates.
            let (mut lo, mut hi) = ([[0u64; 16]; 4], [[0u64; 16]; 4]);
            for (d, b) in arranged.iter().enumerate() {
                for w in 0..4 {
                    let (l, h) = two_places(b[w]);
                    let open = lanes_set((l | h) & !applied[w]);
                    let lanes = whole_lanes(open);
                    (lo[w][d], hi[w][d]) = (l & lanes, h & lanes);
                }
            }
            for w in 0..4 {
                let (mut lanes, first, second) = pair_lanes(&lo[w], &hi[w]);
                while lanes != 0 {
                    let shift = lanes.trailing_zeros() as usize - 15;
                    lanes &= lanes - 1;
                    let h = 4 * w + shift / 16;
                    let lane = |x: u64| (x >> shift) & 0xFFFF;
                    pair_up(
                        (0..16).filter_map(|d| {
                            let paired =
                                lane(lo[w][d] & first) != 0 && lane(hi[w][d] & second) != 0;
                            paired.then(|| (lane(lo[w][d] | hi[w][d]), d))
                        }),
                        |places, digits| found(places.map(|i| house_cell(kind, h, i)), digits),
                    );
                }
            }
        }
        let mut changed = 0;
        for (d, (b, l)) in self.pos.iter_mut().zip(&lose).enumerate() {
            if remove(b, l) {
                changed |= 1 << d;
            }
        }
        changed
    }

    /// The cell to branch on and its candidates, or `None` when every cell is placed:
    /// the general engine's rule for large boards (`State::branch_large`). A cell with
    /// the fewest candidates; among those, the one whose open peers count most, each
    /// 1, and 16, 4 or 1 more when it shares a candidate with the cell and has 2, 3 or 4.
    #[inline(always)]
    pub(crate) fn branch(&self) -> Option<(usize, u32)> {
        if self.solved == ALL {
            return None;
        }
        // at_least[k]: the cells with more than k candidates, bit-sliced.
        let at_least = |levels: usize| {
            let mut at_least = [[0u64; 4]; 17];
            for p in &self.pos {
                for k in (1..levels).rev() {
                    for i in 0..4 {
                        at_least[k][i] |= at_least[k - 1][i] & p[i];
                    }
                }
                for i in 0..4 {
                    at_least[0][i] |= p[i];
                }
            }
            at_least
        };
        let open = words(|i| !self.solved[i]);
        let exactly = |at_least: &[Board; 17], k: usize| {
            words(|i| at_least[k - 1][i] & !at_least[k][i] & open[i])
        };
        let few = at_least(5);
        let (two, three, four) = (exactly(&few, 2), exactly(&few, 3), exactly(&few, 4));
        // The cells with the fewest candidates: two, nearly always.
        let fewest = if two != [0; 4] {
            two
        } else {
            let all = at_least(17);
            (3..=16).map(|k| exactly(&all, k)).find(|b| *b != [0; 4])?
        };
        let count = |b: Board| Bits(b).len() as u32;
        let mut best = None;
        let mut most = 0;
        for c in Bits(fewest).iter() {
            let m = self.candidates(c);
            let peers = words(|i| PEERS[c][i] & open[i]);
            let mut share = [0u64; 4];
            let mut digits = m;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                for i in 0..4 {
                    share[i] |= peers[i] & self.pos[d][i];
                }
            }
            let score = count(peers)
                + 16 * count(words(|i| share[i] & two[i]))
                + 4 * count(words(|i| share[i] & three[i]))
                + count(words(|i| share[i] & four[i]));
            if best.is_none() || score > most {
                (best, most) = (Some((c, m)), score);
            }
        }
        best
    }

    /// Cell `c`'s candidates, bit d-1 for digit d.
    #[inline(always)]
    fn candidates(&self, c: usize) -> u32 {
        let (w, s) = (c / 64, c % 64);
        self.pos
            .iter()
            .enumerate()
            .fold(0, |m, (d, p)| m | (((p[w] >> s) & 1) as u32) << d)
    }

    /// The digits of a solved state, row-major.
    fn values(&self) -> Vec<u8> {
        (0..256)
            .map(|c| self.candidates(c).trailing_zeros() as u8 + 1)
            .collect()
    }
}

/// The band engine as the search sees it: it has no tables, its state is all.
struct Band;

impl Searcher for Band {
    type Node = Band16;

    #[inline(always)]
    fn branch(&self, node: &Band16) -> Option<(usize, u32)> {
        node.branch()
    }

    #[inline(always)]
    fn assign(&mut self, node: &mut Band16, cell: usize, bit: u32) -> bool {
        let placed = node.place(bit.trailing_zeros() as usize, cell);
        placed.and_then(|dirty| node.propagate(dirty)).is_ok()
    }

    fn values(&self, node: &Band16) -> Vec<u8> {
        node.values()
    }
}

/// The back-end this engine runs for `chosen`: `Auto` takes AVX2 where the CPU has
/// it, not [`Backend::best`]'s AVX-512. On both CPUs measured, this engine ran 5 to
/// 20% slower in AVX-512's instructions than in AVX2's (AMD Zen 4 and Intel Xeon
/// family 6 model 207; docs/performance.md, sessions 27 and 28). A back-end asked for by name
/// runs as asked.
fn backend(chosen: Backend) -> Backend {
    match chosen {
        Backend::Auto if Backend::Avx2.is_available() => Backend::Avx2,
        other => other,
    }
}

/// Searches the classic 16×16 whose cells start with `start`'s candidates (bit d-1:
/// digit d; 256 cells) within `options`, reporting to `control`. The whole search
/// runs in one `Isa::enter` of the back-end [`backend`] picks, everything in it
/// inlined, so that the rules' loops of words compile to 256- or 512-bit operations
/// where the CPU has them.
pub(crate) fn search(start: &[u32], options: &Options, control: &mut impl Control) -> Outcome {
    struct Search<'a, C> {
        start: &'a [u32],
        options: &'a Options,
        control: &'a mut C,
    }
    impl<C: Control> WithIsa for Search<'_, C> {
        type Output = Outcome;
        fn call<I: Isa>(self, isa: I) -> Outcome {
            isa.enter(
                #[inline(always)]
                || {
                    let mut root = Band16::new(self.start);
                    let root = root.propagate(0xFFFF).is_ok().then_some(root);
                    run(&mut Band, root, self.options, self.control)
                },
            )
        }
    }
    with_isa(
        backend(options.backend),
        Search {
            start,
            options,
            control,
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::generate::{nearly_full, random_solution};
    use crate::puzzle::Puzzle;
    use proptest::prelude::*;

    /// The 48 houses of a 16×16, as cell lists: rows, columns, boxes.
    fn houses() -> Vec<Vec<usize>> {
        let mut h = Vec::new();
        for i in 0..16 {
            h.push((0..16).map(|j| 16 * i + j).collect());
            h.push((0..16).map(|j| 16 * j + i).collect());
            let (r, c) = (4 * (i / 4), 4 * (i % 4));
            h.push((0..16).map(|j| 16 * (r + j / 4) + c + j % 4).collect());
        }
        h
    }

    fn has(x: &Board, c: usize) -> bool {
        Bits(*x).contains(c)
    }

    fn board(cells: impl IntoIterator<Item = usize>) -> Board {
        Bits::<4>::of(cells).0
    }

    /// `alone` by its definition: a house without the digit is a contradiction, and
    /// a cell alone in one of its houses is alone; the houses: every column, and the
    /// rows and boxes of the bands of `bands`.
    fn alone_by_definition(x: &Board, bands: u64) -> Result<Board, Contradiction> {
        let mut out = Vec::new();
        // houses() has row i, column i, box i for each i; row i and box i are in
        // band i / 4.
        for (k, h) in houses().into_iter().enumerate() {
            if k % 3 != 1 && (bands >> (k / 12)) & 1 == 0 {
                continue;
            }
            let places: Vec<usize> = h.iter().copied().filter(|&c| has(x, c)).collect();
            match places.len() {
                0 => return Err(Contradiction),
                1 => out.push(places[0]),
                _ => {}
            }
        }
        Ok(board(out))
    }

    #[test]
    fn the_peers_are_the_cells_sharing_a_house() {
        for (c, peers_of_c) in PEERS.iter().enumerate() {
            let peers = houses()
                .into_iter()
                .filter(|h| h.contains(&c))
                .flatten()
                .filter(|&p| p != c);
            assert_eq!(*peers_of_c, board(peers), "cell {c}");
        }
    }

    /// A digit's places in a solution, among other cells: locked candidates keep
    /// them all, and take a box's row from the rest of the row.
    #[test]
    fn locked_candidates_take_a_box_s_line_from_the_rest_of_it() {
        // Digit places confined to row 0 within box 0 (cells 0 and 1); the rest of
        // row 0 loses the digit, the rest of the board keeps it.
        let mut x = ALL;
        for c in [16, 17, 18, 19, 32, 33, 34, 35, 48, 49, 50, 51, 2, 3] {
            x[c / 64] &= !(1 << (c % 64));
        }
        let mut after = x;
        Band16::locked(&mut after);
        for c in 0..256 {
            let expected = has(&x, c) && !(4..16).contains(&c);
            assert_eq!(has(&after, c), expected, "cell {c}");
        }
    }

    /// Hidden pairs by their definition, on the state as it comes in: for every house
    /// and every two digits with the same two places there, and no other, those two
    /// cells lose every other digit.
    fn hidden_pairs_by_definition(s: &Band16) -> [Board; 16] {
        let mut pos = s.pos;
        for h in houses() {
            let places = |d: usize| -> Vec<usize> {
                h.iter().copied().filter(|&c| has(&s.pos[d], c)).collect()
            };
            for d in 0..16 {
                for e in d + 1..16 {
                    let (a, b) = (places(d), places(e));
                    if a.len() == 2 && a == b {
                        for (f, p) in pos.iter_mut().enumerate() {
                            if f != d && f != e {
                                remove(p, &board(a.iter().copied()));
                            }
                        }
                    }
                }
            }
        }
        pos
    }

    /// A sparse 16×16 with many solutions whose count blew up (over a million guesses
    /// without a solution) before the band engine had hidden pairs; the general engine
    /// finds five in 39 guesses.
    #[test]
    fn a_sparse_16x16_counts_without_a_blow_up() {
        let p = crate::format::read_line(concat!(
            ".5..9.14..C..B3........3.B..95..B..7.......EC.F.9......C........",
            "GBF3.5.9D.17.2..2..5AD...G.4..7....1.4..2...3D.5.49D..8...F5.GE.",
            "...A....E..FG......E...7....54..36..8G4........D......D.1.6...B.",
            "1...3.....ED..5.47....E.3..........G.9.8.....7....E..C..8A..B.6."
        ))
        .unwrap();
        let engine = Engine::new(&p).unwrap();
        assert!(engine.band16);
        let options = Options::default()
            .with_limit(5)
            .with_max_guesses(Some(10_000));
        let o = engine.search(&options);
        assert!(o.complete, "{:?}", o.stats);
        assert_eq!(o.solutions, 5);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn hidden_pairs_are_their_definition(words in any::<[[u64; 4]; 16]>(), sparse in any::<[[u64; 4]; 16]>()) {
            // Sparse boards (a cell in four), so that houses often have two places.
            let pos: [Board; 16] = core::array::from_fn(|d| [0, 1, 2, 3].map(|i| words[d][i] & sparse[d][i]));
            let mut s = Band16 { pos, solved: [0; 4], paired: [0; 4] };
            let expected = hidden_pairs_by_definition(&s);
            let (_, two, three) = s.counts();
            let changed = s.hidden_pairs([0, 1, 2, 3].map(|i| two[i] & !three[i]));
            prop_assert_eq!(s.pos, expected);
            for d in 0..16 {
                prop_assert_eq!((changed >> d) & 1 != 0, pos[d] != expected[d]);
            }
        }

        /// Down a random path of guesses from random givens of a 16×16 solution, each
        /// propagated state is closed under the rules: no naked or hidden single is
        /// left open, and locked candidates, naked pairs and hidden pairs have nothing
        /// left to take. Hidden singles and the pairs look again only where something
        /// changed since their last pass, so this checks that what the earlier passes
        /// applied still holds.
        #[test]
        fn a_propagated_state_is_closed_under_the_rules(seed in any::<u64>(), shown in 0.3f64..0.55) {
            let mut rng = fastrand::Rng::with_seed(seed);
            let solution = random_solution(&mut rng, &Puzzle::classic(16).unwrap()).unwrap();
            let start: Vec<u32> = solution
                .iter()
                .map(|&d| if rng.f64() < shown { 1 << (d - 1) } else { 0xFFFF })
                .collect();
            let mut s = Band16::new(&start);
            let mut ok = s.propagate(0xFFFF).is_ok();
            while ok {
                for c in 0..256 {
                    let m = s.candidates(c);
                    prop_assert!(m.count_ones() != 1 || has(&s.solved, c), "cell {}", c);
                }
                for d in 0..16 {
                    let alone = alone_by_definition(&s.pos[d], 0xF);
                    prop_assert!(alone.is_ok(), "digit {}", d);
                    for c in Bits(alone.unwrap()).iter() {
                        prop_assert!(has(&s.solved, c), "digit {} cell {}", d, c);
                    }
                }
                for h in houses() {
                    let open: Vec<usize> = h.iter().copied().filter(|&c| !has(&s.solved, c)).collect();
                    for &a in &open {
                        let m = s.candidates(a);
                        if m.count_ones() != 2 {
                            continue;
                        }
                        if let Some(&b) = open.iter().find(|&&b| b != a && s.candidates(b) == m) {
                            for &o in open.iter().filter(|&&o| o != a && o != b) {
                                prop_assert_eq!(s.candidates(o) & m, 0, "cells {} {} {}", a, b, o);
                            }
                        }
                    }
                }
                for d in 0..16 {
                    let mut x = s.pos[d];
                    Band16::locked(&mut x);
                    prop_assert_eq!(x, s.pos[d], "digit {}", d);
                }
                prop_assert_eq!(hidden_pairs_by_definition(&s), s.pos);
                let Some((c, m)) = s.branch() else { break };
                let picks: Vec<u32> = Bits([u64::from(m), 0, 0, 0]).iter().map(|d| d as u32).collect();
                let d = picks[rng.usize(0..picks.len())];
                ok = s.place(d as usize, c).and_then(|dirty| s.propagate(dirty)).is_ok();
            }
        }

        #[test]
        fn pair_lanes_keeps_every_lane_with_a_pair(words in any::<[u64; 16]>(), sparse in any::<[u64; 16]>(), copies in any::<[(u8, u8); 4]>()) {
            // Sparse words (a cell in four), some digits copied onto others, so that
            // lanes with two digits of the same two places are common.
            let mut w: [u64; 16] = core::array::from_fn(|d| words[d] & sparse[d]);
            for (from, to) in copies {
                w[usize::from(to % 16)] = w[usize::from(from % 16)];
            }
            let split = w.map(two_places);
            let (kept, first, second) = pair_lanes(&split.map(|s| s.0), &split.map(|s| s.1));
            for lane in 0..4 {
                let places = |d: usize| (w[d] >> (16 * lane)) & 0xFFFF;
                for (d, &(lo, hi)) in split.iter().enumerate() {
                    if places(d).count_ones() == 2 && (0..16).any(|e| e != d && places(e) == places(d)) {
                        prop_assert!((kept >> (16 * lane + 15)) & 1 != 0, "lane {}", lane);
                        let mask = 0xFFFF << (16 * lane);
                        prop_assert_eq!(lo & first & mask, lo & mask);
                        prop_assert_eq!(hi & second & mask, hi & mask);
                    }
                }
            }
        }

        #[test]
        fn the_transpose_and_boxes_helpers_are_their_definitions(x in any::<[u64; 4]>(), y in any::<[u64; 4]>()) {
            let b = [0, 1, 2, 3].map(|i| x[i] & y[i]);
            let t = transpose(&b);
            for h in 0..16 {
                for i in 0..16 {
                    prop_assert_eq!(has(&t, 16 * h + i), has(&b, house_cell(1, h, i)));
                }
            }
            for h in 0..16 {
                let lane = (boxes_to_lanes(b[h / 4]) >> (16 * (h % 4))) & 0xFFFF;
                for i in 0..16 {
                    prop_assert_eq!((lane >> i) & 1 != 0, has(&b, house_cell(2, h, i)));
                }
            }
        }

        #[test]
        fn alone_is_its_definition(words in any::<[u64; 4]>(), dense in any::<[u64; 4]>(), bands in 0u64..16) {
            // Dense boards, so that most houses have a place.
            let x = [0, 1, 2, 3].map(|i| words[i] | dense[i]);
            prop_assert_eq!(Band16::alone(&x, 0xF), alone_by_definition(&x, 0xF));
            prop_assert_eq!(Band16::alone(&words, 0xF), alone_by_definition(&words, 0xF));
            prop_assert_eq!(Band16::alone(&x, bands), alone_by_definition(&x, bands));
        }

        #[test]
        fn the_lane_helpers_are_their_definitions(w in any::<u64>(), t in any::<u64>()) {
            let lanes = [0, 1, 2, 3].map(|k| (w >> (16 * k)) & 0xFFFF);
            let twice = [0, 1, 2, 3].map(|k| (t >> (16 * k)) & 0xFFFF);
            let once = lanes.iter().fold(0, |m, l| m | l);
            let mut more = twice.iter().fold(0, |m, l| m | l);
            for i in 0..4 {
                for j in i + 1..4 {
                    more |= lanes[i] & lanes[j];
                }
            }
            prop_assert_eq!(fold_lanes(w, t), (once, more));
            let nibbles = |x: u64, n: usize| (0..n).map(move |k| (x >> (4 * k)) & 0xF);
            let set = nibbles(w, 16).enumerate().fold(0, |m, (k, n)| m | u64::from(n != 0) << (4 * k + 3));
            prop_assert_eq!(nibbles_set_64(w), set);
            let low = w & 0xFFFF;
            let single = nibbles(low, 4).enumerate().fold(0, |m, (k, n)| m | ((u64::from(n.count_ones() == 1) * 0xF) << (4 * k)));
            prop_assert_eq!(single_nibbles(low), single);
            let lanes_set_def = lanes.iter().enumerate().fold(0, |m, (k, l)| m | u64::from(*l != 0) << (16 * k + 15));
            prop_assert_eq!(lanes_set(w), lanes_set_def);
            let whole = |x: u64, n: u32| (0..64 / n).fold(0, |m, k| {
                let top = 1u64 << (n * k + n - 1);
                m | if x & top != 0 { ((1u64 << n) - 1) << (n * k) } else { 0 }
            });
            prop_assert_eq!(whole_lanes(w & HIGH), whole(w, 16));
            prop_assert_eq!(whole_nibbles(w & 0x8888_8888_8888_8888), whole(w, 4));
            prop_assert_eq!(every_lane(w & 0xFFFF), (w & 0xFFFF) * LANE);
            // Each lane's lowest bit and next, where it has exactly two.
            let two = |k: usize| lanes[k].count_ones() == 2;
            let lo_def = (0..4).filter(|&k| two(k)).fold(0, |m, k| m | (lanes[k] & lanes[k].wrapping_neg()) << (16 * k));
            let hi_def = (0..4).filter(|&k| two(k)).fold(0, |m, k| m | (lanes[k] & (lanes[k] - 1)) << (16 * k));
            prop_assert_eq!(two_places(w), (lo_def, hi_def));
        }

        /// Locked candidates never take a digit's place in a solution: the places
        /// of a digit in a random 16×16 solution, among random other cells, stay, and no
        /// cell is added.
        #[test]
        fn locked_candidates_keep_a_solution_s_places(seed in any::<u64>(), noise in any::<[[u64; 4]; 3]>(), digit in 1u8..=16) {
            let mut rng = fastrand::Rng::with_seed(seed);
            let solution = random_solution(&mut rng, &Puzzle::classic(16).unwrap()).unwrap();
            let places = board((0..256).filter(|&c| solution[c] == digit));
            // Sparse noise (one cell in eight), so that lines and boxes often lock.
            let mut x = [0, 1, 2, 3].map(|i| places[i] | (noise[0][i] & noise[1][i] & noise[2][i]));
            let before = x;
            Band16::locked(&mut x);
            for i in 0..4 {
                prop_assert_eq!(x[i] & places[i], places[i]);
                prop_assert_eq!(x[i] & !before[i], 0);
            }
        }

        /// The band engine finds the solutions the general engine finds, on nearly
        /// full 16×16s with given candidates in some empty cells (one of them without
        /// the solution's digit in one puzzle in three), and on random givens that
        /// may have no solution.
        #[test]
        fn the_band_engine_finds_the_general_engine_s_solutions(seed in any::<u64>(), shown in 0.25f64..0.6) {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut p = Puzzle::classic(16).unwrap();
            nearly_full(&mut rng, &mut p, shown, 4, 5);
            // A few givens at random besides: often a contradiction.
            let mut q = Puzzle::classic(16).unwrap();
            for _ in 0..rng.usize(0..40) {
                q.set_given(rng.usize(0..256), rng.u8(1..17)).unwrap();
            }
            for p in [p, q] {
                let engine = Engine::new(&p).unwrap();
                prop_assert!(engine.band16);
                let collect = |general: bool| {
                    let mut found = Vec::new();
                    let options = Options::default().with_limit(33).with_max_guesses(Some(20_000));
                    let o = if general {
                        engine.general_search(&options, &mut Collect(&mut found))
                    } else {
                        engine.search_with(&options, &mut Collect(&mut found))
                    };
                    found.sort();
                    // Past 32, which ones the search finds first depends on its tree.
                    (o.complete, (found.len() <= 32).then_some(found))
                };
                let (band, general) = (collect(false), collect(true));
                if band.0 && general.0 {
                    prop_assert_eq!(band, general);
                }
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Every back-end this CPU has searches the portable back-end's tree: the same
        /// outcome, guesses and all, compiled for other instructions.
        #[test]
        fn every_back_end_searches_the_portable_tree(seed in any::<u64>(), shown in 0.25f64..0.5) {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut p = Puzzle::classic(16).unwrap();
            nearly_full(&mut rng, &mut p, shown, 4, 5);
            let engine = Engine::new(&p).unwrap();
            let search = |backend| {
                let options = Options::default().with_limit(3).with_max_guesses(Some(5_000));
                engine.search_with(&options.with_backend(backend), &mut Collect(&mut Vec::new()))
            };
            crate::search::as_portable_on_every_back_end(search)?;
        }
    }

    /// `Auto` runs AVX2 where the CPU has it (else the best it has); a back-end asked
    /// for by name runs as asked.
    #[test]
    fn auto_runs_avx2_where_there_is_avx2() {
        let auto = backend(Backend::Auto);
        if Backend::Avx2.is_available() {
            assert_eq!(auto, Backend::Avx2);
        } else {
            assert_eq!(auto.resolve(), Some(Backend::best()));
        }
        for asked in Backend::available() {
            assert_eq!(backend(asked), asked);
        }
    }

    /// Collects the solutions a search reports.
    struct Collect<'a>(&'a mut Vec<Vec<u8>>);

    impl Control for Collect<'_> {
        fn solution(&mut self, values: &[u8]) {
            self.0.push(values.to_vec());
        }
    }
}
