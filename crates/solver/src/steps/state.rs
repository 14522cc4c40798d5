//! `State`: the search state of the step-by-step engine (81 candidate masks) and
//! `propagate`: Norvig's two rules, then locked candidates (when asked for), run to a
//! fixed point one deduction at a time, each reported to the observer. An observed
//! search runs on it; with locked candidates on it reaches the fast engine's fixed
//! point at every node, so both search the same tree (see [`crate::branch`]).
//! [`crate::propagate`] runs it without locked candidates: Norvig's `parse_grid`.
//!
//! ```text
//!   cells:  [u16; 81]     one 9-bit candidate mask per square (bit d-1 = digit d)
//!   digits: [u128; 9]     the same candidates by digit: bit s of digits[d-1] is set
//!                         when square s still has d (derived, kept in step by `set`)
//!
//!   propagate(queue):
//!     loop
//!       rule 1  for each square in the queue (it has one candidate d):
//!                 remove d from its 20 peers, visiting only the peers that hold it
//!                 (digits[d-1] & PEER_BITS[square]); a peer left with one candidate
//!                 joins the queue; a peer left with none is a contradiction
//!       rule 2  for each unit touched since the last pass (27-bit `dirty` set):
//!                 once  = digits in at least one square, twice = in at least two;
//!                 once != all nine           -> a digit has no place: contradiction
//!                 once & !twice & !placed    -> hidden singles: place them, queue them
//!       locked  when the queue is empty and no unit is dirty (and `locked` is set):
//!                 pointing and claiming on rows, then on columns; anything removed
//!                 sends the loop back to rule 1
//!     until nothing changes
//! ```
//!
//! The state is plain data and `Copy`: the search copies it on each guess and throws
//! the copy away on a contradiction, so there is nothing to undo.

use crate::masks::{grid_of, ALL, ALL_SQUARES};
use crate::observe::{Contradiction, Event, Observer};
use bitdoku_core::{Board, Candidates, Digit, Grid, Square, Unit, PEER_BITS, UNITS, UNIT_BITS};

/// All 27 unit bits.
const ALL_UNITS: u32 = (1 << 27) - 1;

/// Squares waiting to have their single candidate removed from their peers. A square
/// joins when it drops to one candidate, which happens at most once per square per
/// propagation, so 81 places are enough; there are 128 so that `pop` can index with a
/// mask instead of a bounds check.
pub(crate) struct Queue {
    items: [u8; 128],
    len: usize,
}

impl Queue {
    #[inline]
    pub(crate) const fn new() -> Queue {
        Queue {
            items: [0; 128],
            len: 0,
        }
    }

    #[inline]
    pub(crate) fn push(&mut self, square: usize) {
        debug_assert!(self.len < 81 && square < 81);
        // A square is queued once (when it drops to one candidate); if that invariant
        // were ever broken, a full queue drops the push rather than panicking, and the
        // square's value is still checked by the hidden-single pass.
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = square as u8;
            self.len += 1;
        }
    }

    #[inline]
    pub(crate) fn pop(&mut self) -> Option<usize> {
        if self.len == 0 {
            None
        } else {
            self.len -= 1;
            Some(self.items[self.len & 127] as usize)
        }
    }
}

/// The candidates of all 81 squares; see the [module docs](self).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct State {
    pub(crate) cells: [u16; 81],
    /// Derived from `cells`, kept beside them: bit `s` of `digits[d]` is set when square
    /// `s` still has digit `d + 1`. Rule 1 uses it to visit only the peers that hold
    /// the digit, without a branch per peer.
    digits: [u128; 9],
}

impl State {
    /// The puzzle's givens as single candidates, all nine elsewhere, and every given
    /// queued; `propagate` then does the rest. Nothing is checked here.
    pub(crate) fn new(grid: &Grid, queue: &mut Queue) -> State {
        let mut state = State {
            cells: [ALL; 81],
            digits: [ALL_SQUARES; 9],
        };
        for (i, &v) in grid.values().iter().enumerate() {
            if v != 0 {
                state.set(i, 1 << (v - 1));
                queue.push(i);
            }
        }
        state
    }

    /// Narrows `square` to `cells` (a subset of its candidates), keeping `digits` in
    /// step.
    #[inline(always)]
    fn set(&mut self, square: usize, cells: u16) {
        let mut gone = self.cells[square] & !cells;
        self.cells[square] = cells;
        while gone != 0 {
            self.digits[gone.trailing_zeros() as usize] &= !(1u128 << square);
            gone &= gone - 1;
        }
    }

    /// True if `digits` agrees with `cells` (for debug assertions).
    fn consistent(&self) -> bool {
        (0..81).all(|s| {
            (0..9).all(|d| ((self.cells[s] >> d) & 1 == 1) == ((self.digits[d] >> s) & 1 == 1))
        })
    }

    /// The candidates as a core [`Board`].
    pub(crate) fn board(&self) -> Board {
        let mut board = Board::FULL;
        for s in Square::all() {
            board.set(s, Candidates::from_bits(self.cells[s.index()]));
        }
        board
    }

    /// The solved grid (squares with several candidates come out empty).
    pub(crate) fn grid(&self) -> Grid {
        grid_of(&self.cells)
    }

    /// Places `bit` in `square` (a guess) and propagates. False on a contradiction.
    #[inline]
    pub(crate) fn assign<O: Observer>(
        &mut self,
        square: usize,
        bit: u16,
        locked: bool,
        obs: &mut O,
    ) -> bool {
        let mut queue = Queue::new();
        self.set(square, bit);
        queue.push(square);
        self.propagate(&mut queue, UNIT_BITS[square], locked, obs)
    }

    /// Runs rules 1 and 2 until nothing changes, starting from the queued squares and
    /// the `dirty` units. False on a contradiction (the state is then garbage).
    pub(crate) fn propagate<O: Observer>(
        &mut self,
        queue: &mut Queue,
        mut dirty: u32,
        locked: bool,
        obs: &mut O,
    ) -> bool {
        loop {
            while let Some(square) = queue.pop() {
                if !self.eliminate_from_peers(square, queue, &mut dirty, obs) {
                    return false;
                }
            }
            if dirty == 0 {
                debug_assert!(self.consistent());
                if !locked {
                    return true;
                }
                match self.locked_candidates(queue, &mut dirty, obs) {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => return true,
                }
            }
            let units = dirty;
            dirty = 0;
            if !self.hidden_singles(units, queue, &mut dirty, obs) {
                return false;
            }
        }
    }

    /// The state of a pencilmark puzzle: each square keeps the candidates `board`
    /// leaves it, then propagation (with locked candidates if `locked`). `None` if a
    /// square has no candidate or propagation finds a contradiction.
    pub(crate) fn from_board<O: Observer>(
        board: &Board,
        locked: bool,
        obs: &mut O,
    ) -> Option<State> {
        let mut queue = Queue::new();
        let mut state = State {
            cells: [ALL; 81],
            digits: [ALL_SQUARES; 9],
        };
        for (i, c) in board.0.iter().enumerate() {
            let bits = c.bits() & ALL;
            if bits == 0 {
                return None;
            }
            state.set(i, bits);
            if bits & (bits - 1) == 0 {
                queue.push(i);
            }
        }
        state
            .propagate(&mut queue, ALL_UNITS, locked, obs)
            .then_some(state)
    }

    /// The state after the givens and propagation, or `None` if that contradicts.
    /// With `locked`, locked candidates join the two rules.
    pub(crate) fn start<O: Observer>(grid: &Grid, locked: bool, obs: &mut O) -> Option<State> {
        let mut queue = Queue::new();
        let mut state = State::new(grid, &mut queue);
        state
            .propagate(&mut queue, ALL_UNITS, locked, obs)
            .then_some(state)
    }

    /// Rule 1: `square` has one candidate; remove it from the 20 peers.
    #[inline(always)]
    fn eliminate_from_peers<O: Observer>(
        &mut self,
        square: usize,
        queue: &mut Queue,
        dirty: &mut u32,
        obs: &mut O,
    ) -> bool {
        let bit = self.cells[square];
        let Some(board) = self.digits.get_mut(bit.trailing_zeros() as usize) else {
            return false;
        };
        // The peers that still hold the digit, found with one AND.
        let mut hits = *board & PEER_BITS[square];
        *board &= !PEER_BITS[square];
        while hits != 0 {
            let p = hits.trailing_zeros() as usize;
            hits &= hits - 1;
            let left = self.cells[p] ^ bit;
            if left == 0 {
                if O::ENABLED {
                    if let Some(peer) = Square::new(p) {
                        obs.event(&Event::Contradiction(Contradiction::NoCandidates(peer)));
                    }
                }
                return false;
            }
            self.cells[p] = left;
            *dirty |= UNIT_BITS[p];
            if left & (left - 1) == 0 {
                if O::ENABLED {
                    naked_single(obs, p, left);
                }
                queue.push(p);
            }
        }
        true
    }

    /// Rule 2 on each unit in `units`: a digit with one place left goes there.
    #[inline(always)]
    fn hidden_singles<O: Observer>(
        &mut self,
        mut units: u32,
        queue: &mut Queue,
        dirty: &mut u32,
        obs: &mut O,
    ) -> bool {
        while units != 0 {
            let unit_index = units.trailing_zeros() as usize;
            let unit = &UNITS[unit_index];
            units &= units - 1;
            let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
            for s in unit {
                let c = self.cells[s.index()];
                twice |= once & c;
                once |= c;
                placed |= if c & (c.wrapping_sub(1)) == 0 { c } else { 0 };
            }
            if once != ALL {
                if O::ENABLED {
                    no_place(obs, unit_index, ALL & !once);
                }
                return false;
            }
            let mut hidden = once & !twice & !placed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden ^= bit;
                let Some(s) = unit
                    .iter()
                    .map(|s| s.index())
                    .find(|&s| self.cells[s] & bit != 0)
                else {
                    // Two hidden digits wanted the same square, which took the first.
                    if O::ENABLED {
                        no_place(obs, unit_index, bit);
                    }
                    return false;
                };
                if O::ENABLED {
                    if let (Some(unit), Some(digit), Some(square)) = (
                        Unit::new(unit_index),
                        Digit::from_lowest_bit(bit),
                        Square::new(s),
                    ) {
                        obs.event(&Event::HiddenSingle {
                            unit,
                            digit,
                            square,
                        });
                    }
                }
                self.set(s, bit);
                *dirty |= UNIT_BITS[s];
                queue.push(s);
            }
        }
        true
    }

    /// Locked candidates, for rows and for columns. `None` on a contradiction, else
    /// whether anything changed.
    #[inline(always)]
    fn locked_candidates<O: Observer>(
        &mut self,
        queue: &mut Queue,
        dirty: &mut u32,
        obs: &mut O,
    ) -> Option<bool> {
        let rows = self.locked_lines(false, queue, dirty, obs)?;
        let columns = self.locked_lines(true, queue, dirty, obs)?;
        Some(rows | columns)
    }

    /// Locked candidates on rows (or on columns, `transpose`): where a line crosses a
    /// box it has a 3-square segment.
    /// - pointing: a digit that, within a box, lies only in one segment leaves the
    ///   rest of that segment's line;
    /// - claiming: a digit that, within a line, lies only in one segment leaves the
    ///   rest of that segment's box.
    ///
    /// ```text
    ///   line r  [seg 0 | seg 1 | seg 2]      seg[r][b] = OR of the 3 squares where
    ///   line r' [seg 0 | seg 1 | seg 2]      line r crosses box column b
    ///   line r''[seg 0 | seg 1 | seg 2]
    /// ```
    #[inline(always)]
    fn locked_lines<O: Observer>(
        &mut self,
        transpose: bool,
        queue: &mut Queue,
        dirty: &mut u32,
        obs: &mut O,
    ) -> Option<bool> {
        let at = |line: usize, pos: usize| {
            if transpose {
                pos * 9 + line
            } else {
                line * 9 + pos
            }
        };
        let mut seg = [[0u16; 3]; 9];
        for (line, segs) in seg.iter_mut().enumerate() {
            for (b, s) in segs.iter_mut().enumerate() {
                *s = self.cells[at(line, 3 * b)]
                    | self.cells[at(line, 3 * b + 1)]
                    | self.cells[at(line, 3 * b + 2)];
            }
        }
        let mut changed = false;
        for line in 0..9 {
            let band = line / 3 * 3;
            let (o1, o2) = (band + (line + 1) % 3, band + (line + 2) % 3);
            for b in 0..3 {
                let here = seg[line][b];
                // Pointing: only this line's segment has it in box b.
                let pointing = here & !(seg[o1][b] | seg[o2][b]);
                // Claiming: only box b has it in this line.
                let claiming = here & !(seg[line][(b + 1) % 3] | seg[line][(b + 2) % 3]);
                // The box where line `line` crosses box column (or row) `b`.
                let box_unit = 18
                    + if transpose {
                        b * 3 + line / 3
                    } else {
                        band + b
                    };
                let line_unit = line + if transpose { 9 } else { 0 };
                if pointing != 0 {
                    let others = [(b + 1) % 3, (b + 2) % 3];
                    if O::ENABLED {
                        let removed = others
                            .iter()
                            .flat_map(|&o| (0..3).map(move |k| 3 * o + k))
                            .fold(0, |m, pos| m | self.cells[at(line, pos)]);
                        locked(obs, box_unit, line_unit, removed & pointing);
                    }
                    for other in others {
                        for k in 0..3 {
                            changed |=
                                self.remove(at(line, 3 * other + k), pointing, queue, dirty, obs)?;
                        }
                    }
                }
                if claiming != 0 {
                    if O::ENABLED {
                        let removed = [o1, o2]
                            .iter()
                            .flat_map(|&o| (0..3).map(move |k| (o, 3 * b + k)))
                            .fold(0, |m, (l, pos)| m | self.cells[at(l, pos)]);
                        locked(obs, line_unit, box_unit, removed & claiming);
                    }
                    for other in [o1, o2] {
                        for k in 0..3 {
                            changed |=
                                self.remove(at(other, 3 * b + k), claiming, queue, dirty, obs)?;
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// Removes `digits` from `square`: `None` if nothing is left, else whether it
    /// changed. A square left with one candidate is queued.
    #[inline(always)]
    fn remove<O: Observer>(
        &mut self,
        square: usize,
        digits: u16,
        queue: &mut Queue,
        dirty: &mut u32,
        obs: &mut O,
    ) -> Option<bool> {
        let c = self.cells[square];
        if c & digits == 0 {
            return Some(false);
        }
        let left = c & !digits;
        if left == 0 {
            if O::ENABLED {
                if let Some(s) = Square::new(square) {
                    obs.event(&Event::Contradiction(Contradiction::NoCandidates(s)));
                }
            }
            return None;
        }
        self.set(square, left);
        *dirty |= UNIT_BITS[square];
        if left & (left - 1) == 0 {
            if O::ENABLED {
                naked_single(obs, square, left);
            }
            queue.push(square);
        }
        Some(true)
    }

    /// The square to branch on (the rule of [`crate::branch`]), or `None` if every
    /// square is solved.
    #[inline]
    pub(crate) fn most_constrained(&self) -> Option<usize> {
        crate::branch::branch_square(&self.cells)
    }
}

/// Reports that `square` is down to the one candidate `bit`.
#[cold]
fn naked_single<O: Observer>(obs: &mut O, square: usize, bit: u16) {
    if let (Some(square), Some(digit)) = (Square::new(square), Digit::from_lowest_bit(bit)) {
        obs.event(&Event::NakedSingle { square, digit });
    }
}

/// Reports that a digit of `missing` has no place in unit `unit`.
#[cold]
fn no_place<O: Observer>(obs: &mut O, unit: usize, missing: u16) {
    if let (Some(unit), Some(digit)) = (Unit::new(unit), Digit::from_lowest_bit(missing)) {
        obs.event(&Event::Contradiction(Contradiction::NoPlace {
            unit,
            digit,
        }));
    }
}

/// Reports locked candidates `digits` confined by `within`, removed from `line`.
#[cold]
fn locked<O: Observer>(obs: &mut O, within: usize, line: usize, digits: u16) {
    if digits == 0 {
        return;
    }
    if let (Some(within), Some(line)) = (Unit::new(within), Unit::new(line)) {
        obs.event(&Event::Locked {
            within,
            line,
            digits: Candidates::from_bits(digits),
        });
    }
}
