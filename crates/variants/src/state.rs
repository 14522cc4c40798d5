//! `State`: the search state, one candidate mask per cell, and propagation to a fixed
//! point: Norvig's two rules, locked candidates, and the rules' propagators.
//!
//! ```text
//!   State<W, C> (Copy: a guess copies it, a contradiction drops the copy)
//!     cand: [u32; C]   bit d-1 <=> the cell may hold d       (C = 64 W cells at most)
//!     open: Bits<W>    cells whose single digit has not yet left their peers
//!
//!   Work (one per search, never copied): what propagation still has to look at
//!     singles          cells left with one candidate, not yet propagated (a stack)
//!     houses           houses of N cells that lost a candidate since their last scan
//!     crossing_houses  the same, for locked candidates
//!     props            propagators whose watched cells changed
//!     pair_houses      houses to look at for naked and hidden pairs
//!     conflicts        where the search's contradictions came from (for branching)
//! ```
//!
//! Every candidate removal goes through [`State::restrict`], which queues a new single
//! and wakes the houses and propagators of the cell. [`State::propagate`] then runs
//! rule 1 (a single leaves its peers), the propagators, rule 2 (a digit with one place
//! in a house goes there), locked candidates on the crossings of houses, then (on
//! large boards) naked and hidden pairs, until nothing is queued. Each step runs
//! only when the ones before it have nothing queued. The propagators come before
//! rule 2: their removals wake houses, and a house scanned before them was scanned
//! again after (docs/performance.md, session 15). They come before locked
//! candidates too: a pass of locked candidates looks at every crossing of a 9×9
//! board, and placed between the propagators it ran once for each propagator that
//! removed a digit. Every rule only removes candidates, so the fixed point is the
//! same in any order. A contradiction (a cell without candidates, a house without a
//! place for a digit) is `Err(Contradiction)`.

use crate::bits::Bits;
use crate::conflicts::{Conflicts, ONE};
use crate::puzzle::MAX_SIZE;
use crate::rules::Cells;
use crate::tables::{loose_cell, List, Tables, NO_SLOT, SLOTS};

/// Propagation found that the state has no solution.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Contradiction;

pub(crate) type Step = Result<(), Contradiction>;

/// The most houses of N cells a puzzle may have (the engine's house sets are fixed
/// arrays of this many bits).
pub const MAX_HOUSES: usize = 256;

/// Boards of this side and up (16×16, 25×25, ...) run naked and hidden pairs and
/// branch by [`State::branch_large`]: both cut their trees several times over.
pub(crate) const LARGE: usize = 16;

/// Boards of rectangular boxes of this side and up (10×10 to 15×15 below [`LARGE`])
/// branch by [`State::branch_large`] too: on such boards nearly every cell has as
/// many open peers as the next, so the small boards' rule takes the first cell in
/// row-major order. 4 to 45% less time on classic 10×10 to 15×15; with rules, from
/// 26% less (15×15 thermometers) to 7% more (15×15 windoku and X); jigsaws of these
/// sizes ran 2 to 16% slower with it, and 9×9 keeps the fast engine's rule
/// (docs/performance.md, session 28).
pub(crate) const LARGE_BOXED: usize = 10;

/// Up to this many crossings (classic 9×9 has 54), a pass of locked candidates looks
/// at every one: cheaper than finding those of the houses that changed (most of them,
/// on 9×9).
const SWEEP: usize = 64;

/// A set of houses of N cells, as fixed words.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct HouseSet([u64; MAX_HOUSES / 64]);

impl HouseSet {
    #[inline(always)]
    fn insert(&mut self, h: usize) {
        self.0[(h >> 6) & 3] |= 1 << (h & 63);
    }

    #[inline(always)]
    fn any(&self) -> bool {
        self.0.iter().any(|&w| w != 0)
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<usize> {
        for (i, w) in self.0.iter_mut().enumerate() {
            if *w != 0 {
                let b = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(i * 64 + b);
            }
        }
        None
    }

    fn fill(&mut self, len: usize) {
        for h in 0..len {
            self.insert(h);
        }
    }

    #[inline(always)]
    fn clear(&mut self) {
        self.0 = [0; MAX_HOUSES / 64];
    }
}

/// A set of indices as words, sized once per search.
#[derive(Clone, Debug, Default)]
pub(crate) struct Dirty {
    words: Vec<u64>,
    any: bool,
}

impl Dirty {
    fn new(len: usize) -> Dirty {
        Dirty {
            words: vec![0; len.div_ceil(64)],
            any: false,
        }
    }

    #[inline(always)]
    fn insert(&mut self, i: usize) {
        self.words[i >> 6] |= 1 << (i & 63);
        self.any = true;
    }

    #[inline(always)]
    fn contains(&self, i: usize) -> bool {
        self.words[i >> 6] >> (i & 63) & 1 != 0
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<usize> {
        if !self.any {
            return None;
        }
        for (i, w) in self.words.iter_mut().enumerate() {
            if *w != 0 {
                let b = w.trailing_zeros() as usize;
                *w &= *w - 1;
                return Some(i * 64 + b);
            }
        }
        self.any = false;
        None
    }

    fn fill(&mut self, len: usize) {
        for i in 0..len {
            self.insert(i);
        }
    }

    fn clear(&mut self) {
        if self.any {
            self.words.fill(0);
            self.any = false;
        }
    }
}

/// Propagation's scratch space; see the [module docs](self).
#[derive(Clone, Debug)]
pub(crate) struct Work {
    singles: Vec<u16>,
    houses: HouseSet,
    crossing_houses: HouseSet,
    crossing_scratch: HouseSet,
    crossings_seen: Dirty,
    /// The candidates of each crossing's shared cells, read once per pass of locked
    /// candidates (see `Crossing::slots`).
    slots: [u32; SLOTS],
    props: Dirty,
    pair_houses: HouseSet,
    /// Whether naked and hidden pairs run (on boards of [`LARGE`] and up, where they
    /// cut the tree by 2.5 to 3.5 times).
    pub(crate) pairs: bool,
    /// Whether locked candidates run (on boards with crossings of houses).
    pub(crate) locked: bool,
    /// The contradictions of the search so far (on boards with rules).
    conflicts: Conflicts,
}

impl Work {
    pub(crate) fn new(t: &Tables) -> Work {
        Work {
            singles: Vec::with_capacity(t.cells),
            houses: HouseSet::default(),
            crossing_houses: HouseSet::default(),
            crossing_scratch: HouseSet::default(),
            crossings_seen: Dirty::new(t.crossings.len()),
            slots: [0; SLOTS],
            props: Dirty::new(t.props.len()),
            pair_houses: HouseSet::default(),
            pairs: t.size >= LARGE,
            locked: !t.crossings.is_empty(),
            conflicts: Conflicts::new(t.props.len(), t.cells),
        }
    }

    /// Forgets what was queued (after a contradiction).
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.singles.clear();
        self.houses.clear();
        self.crossing_houses.clear();
        self.props.clear();
        self.pair_houses.clear();
    }

    #[inline(always)]
    fn touch(&mut self, t: &Tables, cell: usize) {
        let words = &t.house_words[cell];
        if t.houses.len() <= 64 {
            // Most boards (every one up to 16×16 without many extra houses): one word.
            self.houses.0[0] |= words[0];
        } else {
            for (w, &h) in self.houses.0.iter_mut().zip(words) {
                *w |= h;
            }
        }
        if t.has_props {
            for &p in t.watchers.row(cell) {
                self.props.insert(usize::from(p));
            }
        }
    }
}

/// `cell` as an index into a state of `C` cells: masked when `C` is a power of two,
/// so that the compiler drops the bounds check (a cell of the tables is always below
/// the board's cell count, itself at most `C`).
#[inline(always)]
fn ix<const C: usize>(cell: usize) -> usize {
    if C.is_power_of_two() {
        cell & (C - 1)
    } else {
        cell
    }
}

/// The search state; see the [module docs](self).
#[derive(Clone, Copy, Debug)]
pub(crate) struct State<const W: usize, const C: usize> {
    pub(crate) cand: [u32; C],
    pub(crate) open: Bits<W>,
}

impl<const W: usize, const C: usize> State<W, C> {
    /// The state before propagation: every cell's start candidates, everything queued.
    /// A cell without candidates is a contradiction at once.
    pub(crate) fn start(t: &Tables, w: &mut Work) -> Result<State<W, C>, Contradiction> {
        debug_assert!(t.cells <= C && C <= Bits::<W>::CAPACITY);
        let mut s = State {
            cand: [0; C],
            open: Bits::first(t.cells),
        };
        w.clear();
        for (c, &m) in t.start.iter().enumerate() {
            if m == 0 {
                return Err(Contradiction);
            }
            s.cand[c] = m;
            if m & (m - 1) == 0 {
                w.singles.push(c as u16);
            }
        }
        w.houses.fill(t.houses.len());
        w.crossing_houses.fill(t.houses.len());
        w.pair_houses.fill(t.houses.len());
        w.props.fill(t.props.len());
        Ok(s)
    }

    /// Keeps only `keep` of `cell`'s candidates; queues what that wakes.
    #[inline(always)]
    pub(crate) fn restrict(&mut self, t: &Tables, w: &mut Work, cell: usize, keep: u32) -> Step {
        let old = self.cand[ix::<C>(cell)];
        let new = old & keep;
        if new == old {
            return Ok(());
        }
        if new == 0 {
            if t.has_props {
                w.conflicts.blame_cell(cell);
            }
            return Err(Contradiction);
        }
        self.cand[ix::<C>(cell)] = new;
        if new & (new - 1) == 0 {
            w.singles.push(cell as u16);
        }
        w.touch(t, cell);
        Ok(())
    }

    /// Runs every rule to a fixed point; see the [module docs](self). Inlined into
    /// its one caller, `search::General::settle`, so that it is compiled in that
    /// `Isa::enter`'s instructions.
    #[inline(always)]
    pub(crate) fn propagate(&mut self, t: &Tables, w: &mut Work) -> Step {
        loop {
            while let Some(c) = w.singles.pop() {
                self.single(t, w, usize::from(c))?;
            }
            if let Some(p) = w.props.pop() {
                if let Err(e) = self.prop(t, w, p) {
                    w.conflicts.blame_prop(p);
                    return Err(e);
                }
                continue;
            }
            if let Some(h) = w.houses.pop() {
                // A house that changed: rule 2 now, locked candidates and pairs later.
                w.crossing_houses.insert(h);
                w.pair_houses.insert(h);
                self.hidden_singles(t, w, h)?;
                continue;
            }
            if w.locked && w.crossing_houses.any() {
                self.locked_candidates(t, w)?;
                continue;
            }
            if w.pairs {
                if let Some(h) = w.pair_houses.pop() {
                    self.subsets(t, w, h)?;
                    continue;
                }
            }
            return Ok(());
        }
    }

    /// Rule 1: `cell`'s one candidate leaves its peers.
    #[inline(always)]
    fn single(&mut self, t: &Tables, w: &mut Work, cell: usize) -> Step {
        if !self.open.contains(cell) {
            return Ok(());
        }
        self.open.remove(cell);
        let m = self.cand[ix::<C>(cell)];
        // Only open peers can hold the digit: a solved peer's digit left this cell
        // when that peer was propagated.
        let peers = t.peer_bits::<W>(cell);
        for i in 0..W {
            let mut bits = self.open.0[i] & peers.0[i];
            while bits != 0 {
                let p = i * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if self.cand[ix::<C>(p)] & m != 0 {
                    self.restrict(t, w, p, !m)?;
                }
            }
        }
        Ok(())
    }

    /// Rule 2 in house `h`: a digit with one place goes there; a digit with none is a
    /// contradiction.
    #[inline(always)]
    fn hidden_singles(&mut self, t: &Tables, w: &mut Work, h: usize) -> Step {
        let cells = t.houses.row(h);
        let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
        for &c in cells {
            let m = self.cand[ix::<C>(usize::from(c))];
            twice |= once & m;
            once |= m;
            if m & (m - 1) == 0 {
                placed |= m;
            }
        }
        if once != t.all {
            return Err(Contradiction);
        }
        let hidden = once & !twice & !placed;
        if hidden == 0 {
            return Ok(());
        }
        for &c in cells {
            let c = usize::from(c);
            let m = self.cand[ix::<C>(c)] & hidden;
            if m != 0 {
                if m & (m - 1) != 0 {
                    return Err(Contradiction);
                }
                self.restrict(t, w, c, m)?;
            }
        }
        Ok(())
    }

    /// Naked and hidden pairs in house `h`. A pass that removes a naked pair's digits
    /// stops there: the removals wake the house, which comes back for its hidden pairs.
    fn subsets(&mut self, t: &Tables, w: &mut Work, h: usize) -> Step {
        let cells = t.houses.row(h);
        let mut bivalue = [(0u32, 0usize); 32];
        let mut nb = 0;
        let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
        let mut naked = false;
        for (i, &c) in cells.iter().enumerate() {
            let m = self.cand[ix::<C>(usize::from(c))];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
            let rest = m & m.wrapping_sub(1);
            if rest == 0 || rest & (rest - 1) != 0 {
                continue;
            }
            if let Some(&(_, j)) = bivalue[..nb].iter().find(|(x, _)| *x == m) {
                for (k, &o) in cells.iter().enumerate() {
                    let o = usize::from(o);
                    if k != i && k != j && self.cand[ix::<C>(o)] & m != 0 {
                        naked = true;
                        self.restrict(t, w, o, !m)?;
                    }
                }
            } else {
                bivalue[nb] = (m, i);
                nb += 1;
            }
        }
        let two = twice & !thrice;
        if naked || two & two.wrapping_sub(1) == 0 {
            return Ok(());
        }
        // The two places of each digit that has two, as a set of indices into `cells`.
        let mut places = [0u32; 32];
        for (i, &c) in cells.iter().enumerate() {
            let mut m = self.cand[ix::<C>(usize::from(c))] & two;
            while m != 0 {
                places[m.trailing_zeros() as usize] |= 1 << i;
                m &= m - 1;
            }
        }
        let mut seen = [(0u32, 0u32); 32];
        let mut ns = 0;
        let mut rest = two;
        while rest != 0 {
            let digit = rest.trailing_zeros() as usize;
            let d = 1 << digit;
            rest &= rest - 1;
            let p = places[digit];
            if let Some(&(_, e)) = seen[..ns].iter().find(|(q, _)| *q == p) {
                let mut q = p;
                while q != 0 {
                    let i = q.trailing_zeros() as usize;
                    q &= q - 1;
                    self.restrict(t, w, usize::from(cells[i]), d | e)?;
                }
            } else {
                seen[ns] = (p, d);
                ns += 1;
            }
        }
        Ok(())
    }

    /// Locked candidates on the crossings of the houses that changed (on every
    /// crossing, when there are at most [`SWEEP`] of them). Not inlined: `propagate`'s
    /// loop runs fewer instructions without it.
    #[inline(never)]
    fn locked_candidates(&mut self, t: &Tables, w: &mut Work) -> Step {
        // Each crossing's shared candidates, read once for the pass: a slot may hold
        // digits removed during the pass, which only makes this pass remove less, and
        // the cells that lost them wake their houses for the next pass.
        let used = t.crossings.len().min(usize::from(NO_SLOT));
        w.slots[..used].fill(0);
        for (cells, &slot) in t.slot_cells.iter().zip(&t.slot_of) {
            w.slots[usize::from(slot)] |= self.or(cells);
        }
        if t.crossings.len() <= SWEEP {
            w.crossing_houses.clear();
            for x in 0..t.crossings.len() {
                self.crossing(t, w, x)?;
            }
            return Ok(());
        }
        // Look at the houses changed so far; removals made here mark the fresh set.
        core::mem::swap(&mut w.crossing_houses, &mut w.crossing_scratch);
        let mut result = Ok(());
        'houses: while let Some(h) = w.crossing_scratch.pop() {
            for &x in t.crossings_of.row(h) {
                let x = usize::from(x);
                if w.crossings_seen.contains(x) {
                    continue;
                }
                w.crossings_seen.insert(x);
                if let Err(e) = self.crossing(t, w, x) {
                    result = Err(e);
                    break 'houses;
                }
            }
        }
        w.crossing_scratch.clear();
        w.crossings_seen.clear();
        result
    }

    /// The candidates of `cells`.
    #[inline(always)]
    fn or(&self, cells: &[u16]) -> u32 {
        cells
            .iter()
            .fold(0, |m, &c| m | self.cand[ix::<C>(usize::from(c))])
    }

    #[inline(always)]
    fn crossing(&mut self, t: &Tables, w: &mut Work, x: usize) -> Step {
        let x = &t.crossings[x];
        let v = x.slots.map(|s| w.slots[usize::from(s)]);
        let mut shared = v[0];
        let mut a_rest = v[1] | v[2] | v[3] | v[4];
        let mut b_rest = v[5] | v[6] | v[7] | v[8];
        if t.loose {
            // One list, each cell tagged with the one of the three it is in.
            let mut or = [0u32; 4];
            for &tagged in t.list(x, List::Loose) {
                let (list, c) = loose_cell(tagged);
                or[list] |= self.cand[ix::<C>(c)];
            }
            shared |= or[0];
            a_rest |= or[1];
            b_rest |= or[2];
        }
        // Confined to the shared cells within a: out of the rest of b.
        let from_b = shared & !a_rest & b_rest;
        if from_b != 0 {
            for &c in t.list(x, List::BRest) {
                self.restrict(t, w, usize::from(c), !from_b)?;
            }
        }
        let from_a = shared & !b_rest & a_rest;
        if from_a != 0 {
            for &c in t.list(x, List::ARest) {
                self.restrict(t, w, usize::from(c), !from_a)?;
            }
        }
        Ok(())
    }

    /// Runs propagator `p`.
    #[inline(always)]
    fn prop(&mut self, t: &Tables, w: &mut Work, p: usize) -> Step {
        t.props[p].propagate(&mut Propagating { state: self, t, w })
    }

    /// The cell to branch on, or `None` when every cell is solved. On boards with
    /// rules, once the search has met a contradiction, by [`State::branch_weighted`].
    /// Otherwise on large boards (`Tables::branch_large`: [`LARGE`], and
    /// [`LARGE_BOXED`] with boxes), by [`State::branch_large`]. On the others, an open
    /// cell with the fewest candidates; among those, the one with the most open peers
    /// (its digits leave the most cells) plus twice the propagators watching it (the
    /// rules it is in); among those, the first in row-major order.
    /// A classic board has no propagators: this is the rule of the fast engine
    /// (`bitdoku-solver`'s `branch.rs`), and both search the same tree.
    /// docs/performance.md (session 15) has what counting the propagators gains.
    #[inline(always)]
    pub(crate) fn branch(&self, t: &Tables, w: &Work) -> Option<usize> {
        // Only boards with rules blame (`State::restrict`, `State::propagate`).
        if w.conflicts.any() {
            return self.branch_weighted(t, &w.conflicts);
        }
        if t.branch_large {
            return self.branch_large(t);
        }
        let mut best = None;
        let (mut fewest, mut degree) = (u32::MAX, 0);
        for c in self.open.iter() {
            let k = self.cand[c].count_ones();
            if k > fewest {
                continue;
            }
            let d = self.degree(t, c);
            if k < fewest || d > degree {
                (fewest, degree, best) = (k, d, Some(c));
            }
        }
        best
    }

    /// The small boards' tie-break: `c`'s open peers and twice its propagators.
    #[inline(always)]
    fn degree(&self, t: &Tables, c: usize) -> usize {
        self.open.and(&t.peer_bits::<W>(c)).len() + 2 * t.watchers.row(c).len()
    }

    /// The branching rule of boards with rules after a contradiction: an open cell
    /// with the fewest candidates per factor of [`Conflicts::factor`] (where the
    /// search's contradictions came from lately; 1 where none did, and then this is
    /// the small boards' rule); ties as in [`State::branch`]. Counting to 64 on the
    /// 7,800 documents of the sweep against pencilmark, within 3 million guesses
    /// each, it made 72% fewer guesses and left 4 searches without a verdict where
    /// MRV left 25; on the shared variant files it makes 36% fewer guesses on mixed
    /// rules and 18% more on killers (docs/performance.md, session 30).
    #[inline(always)]
    fn branch_weighted(&self, t: &Tables, conflicts: &Conflicts) -> Option<usize> {
        let mut best = None;
        // The best so far has `fewest` candidates per `factor` (k / f, compared as
        // k × f' against k' × f: at most 32 × 16 × 65).
        let (mut fewest, mut factor, mut degree) = (u32::MAX, ONE, 0);
        for c in self.open.iter() {
            let k = self.cand[ix::<C>(c)].count_ones();
            let f = conflicts.factor(c, t.watchers.row(c));
            let (this, that) = (k * factor, fewest.saturating_mul(f));
            if this > that {
                continue;
            }
            let d = self.degree(t, c);
            if this < that || d > degree {
                (fewest, factor, degree, best) = (k, f, d, Some(c));
            }
        }
        best
    }

    /// The branching rule of large boards (`Tables::branch_large`): an open cell with
    /// the fewest candidates (on these boards, two at nearly every branch point), and
    /// among those the one whose guess leaves its peers closest to solved. Each open
    /// peer counts 1, and a peer that shares a candidate with the cell counts
    /// 4<sup>4 - k</sup> more when it has k ≤ 4 candidates (16 for a pair, 4 for a
    /// triple, 1 for four): either digit of the guess then takes a candidate from
    /// cells that are about to be solved, so both branches propagate far. Ties go to
    /// the first in row-major order. docs/performance.md (session 15) has its trees
    /// against the small boards' rule.
    #[inline(always)]
    fn branch_large(&self, t: &Tables) -> Option<usize> {
        // near[k - 2][d]: the open cells with k ≤ 4 candidates, d among them. A cell's
        // score is then a few set intersections per digit rather than a walk of its
        // peers.
        let mut near = [[Bits::<W>::EMPTY; MAX_SIZE]; 3];
        let mut fewest = u32::MAX;
        for c in self.open.iter() {
            let m = self.cand[ix::<C>(c)];
            let k = m.count_ones();
            fewest = fewest.min(k);
            if (2..=4).contains(&k) {
                let mut b = m;
                while b != 0 {
                    near[(k - 2) as usize][digit(b)].insert(c);
                    b &= b - 1;
                }
            }
        }
        let mut best = None;
        let mut most = 0;
        for c in self.open.iter() {
            let m = self.cand[ix::<C>(c)];
            if m.count_ones() != fewest {
                continue;
            }
            let peers = self.open.and(&t.peer_bits::<W>(c));
            let mut score = peers.len() as u32;
            for (k, sets) in near.iter().enumerate() {
                let mut sharing = Bits::EMPTY;
                let mut b = m;
                while b != 0 {
                    sharing = sharing.or(&sets[digit(b)]);
                    b &= b - 1;
                }
                score += (1 << (2 * (2 - k))) * sharing.and(&peers).len() as u32;
            }
            if best.is_none() || score > most {
                (best, most) = (Some(c), score);
            }
        }
        best
    }
}

/// The index of `mask`'s lowest digit, below [`MAX_SIZE`] (a board's candidates are).
#[inline(always)]
fn digit(mask: u32) -> usize {
    (mask.trailing_zeros() as usize).min(MAX_SIZE - 1)
}

/// A state being propagated, as the rules' propagators see it.
struct Propagating<'a, const W: usize, const C: usize> {
    state: &'a mut State<W, C>,
    t: &'a Tables,
    w: &'a mut Work,
}

impl<const W: usize, const C: usize> Cells for Propagating<'_, W, C> {
    #[inline(always)]
    fn get(&self, cell: usize) -> u32 {
        self.state.cand[cell]
    }
    #[inline(always)]
    fn restrict(&mut self, cell: usize, keep: u32) -> Step {
        self.state.restrict(self.t, self.w, cell, keep)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::nearly_full;
    use crate::puzzle::Puzzle;
    use crate::search::{search, Control};
    use bitdoku_solver::Options;
    use proptest::prelude::*;

    /// A 16×16 state with every cell open and holding every digit but `set`.
    fn open16(t: &Tables, set: &[(usize, usize, u32)]) -> State<4, 256> {
        let mut s = State {
            cand: [t.all; 256],
            open: Bits::first(256),
        };
        for &(r, c, m) in set {
            s.cand[r * 16 + c] = m;
        }
        s
    }

    #[test]
    fn large_boards_branch_on_the_pair_whose_peers_are_nearly_solved() {
        let t = Tables::new(&Puzzle::classic(16).unwrap(), 4, None);
        // r1c1 and r9c9 hold {1, 2}; r9c12, a peer of r9c9 only, holds {1, 3, 4}.
        let (pair, triple) = (0b11, 0b1101);
        let s = open16(&t, &[(0, 0, pair), (8, 8, pair), (8, 11, triple)]);
        // The small boards' rule takes the first: both have 39 open peers.
        assert_eq!(s.branch_large(&t), Some(8 * 16 + 8));
        // A pair sharing a digit weighs more than a triple.
        let s = open16(
            &t,
            &[(0, 0, pair), (0, 15, 0b101), (8, 8, pair), (8, 11, triple)],
        );
        assert_eq!(s.branch_large(&t), Some(0));
        // Only the fewest candidates count, and a solved board has no branch.
        let s = open16(&t, &[(8, 11, triple)]);
        assert_eq!(s.branch_large(&t), Some(8 * 16 + 11));
        let mut s = open16(&t, &[]);
        s.open = Bits::EMPTY;
        assert_eq!(s.branch_large(&t), None);
        assert_eq!(s.branch(&t, &Work::new(&t)), None);
    }

    /// [`State::branch_large`] by its definition: a walk of each candidate's open peers.
    fn branch_large_by_definition(s: &State<4, 256>, t: &Tables) -> Option<usize> {
        let fewest = s.open.iter().map(|c| s.cand[c].count_ones()).min()?;
        let mut best = None;
        let mut most = 0;
        for c in s.open.iter().filter(|&c| s.cand[c].count_ones() == fewest) {
            let score: u32 = s
                .open
                .and(&t.peer_bits::<4>(c))
                .iter()
                .map(|p| {
                    let k = s.cand[p].count_ones();
                    let near = s.cand[p] & s.cand[c] != 0 && k <= 4;
                    1 + if near { 1 << (2 * (4 - k)) } else { 0 }
                })
                .sum();
            if best.is_none() || score > most {
                (best, most) = (Some(c), score);
            }
        }
        best
    }

    /// The solutions of `p`, sorted, with or without naked and hidden pairs: all of
    /// them, or `None` past 64 (which 64 the search finds first depends on its tree).
    fn solutions(p: &Puzzle, pairs: bool) -> Option<Vec<Vec<u8>>> {
        struct Collect(Vec<Vec<u8>>);
        impl Control for Collect {
            fn solution(&mut self, values: &[u8]) {
                self.0.push(values.to_vec());
            }
        }
        let t = Tables::new(p, 4, None);
        let mut w = Work::new(&t);
        w.pairs = pairs;
        let root = State::<4, 256>::start(&t, &mut w).ok();
        let mut found = Collect(Vec::new());
        let o = search(
            &t,
            &mut w,
            root,
            &Options::default().with_limit(65),
            &mut found,
        );
        assert!(o.complete);
        found.0.sort();
        (found.0.len() <= 64).then_some(found.0)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn the_large_boards_branch_is_its_definition(
            masks in proptest::collection::vec(1u32..1 << 16, 256),
            k in proptest::collection::vec(0u32..4, 256),
        ) {
            let t = Tables::new(&Puzzle::classic(16).unwrap(), 4, None);
            // Candidates of every count, most of them with few.
            let mut s = open16(&t, &[]);
            for c in 0..256 {
                let mut m = masks[c];
                while m.count_ones() > k[c] + 1 {
                    m &= m - 1;
                }
                s.cand[c] = m;
                // After propagation every open cell has two candidates or more.
                if m.is_power_of_two() {
                    s.open.remove(c);
                }
            }
            prop_assert_eq!(s.branch_large(&t), branch_large_by_definition(&s, &t));
        }

        /// Naked and hidden pairs keep every solution: the engine with them finds the
        /// same solutions as without, on nearly full 16×16s (sometimes with the
        /// diagonals) with two or three given candidates in some empty cells, one of
        /// them without the solution's digit in one puzzle in three.
        #[test]
        fn pairs_keep_every_solution(seed in any::<u64>(), diagonals in any::<bool>(), shown in 0.3f64..0.6) {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut p = Puzzle::classic(16).unwrap();
            if diagonals {
                p.add_diagonals().unwrap();
            }
            nearly_full(&mut rng, &mut p, shown, 3, 4);
            prop_assert_eq!(solutions(&p, true), solutions(&p, false));
        }
    }
}
