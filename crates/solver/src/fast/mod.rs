//! `Bands`: the search state of the fast path. The 81 cell masks stay the truth; beside
//! them each digit keeps its places as three 27-bit band words, so that Norvig's rule 2
//! and locked candidates run on 27 squares at a time. Per-digit band words are the
//! layout of JCZSolve and of the `sudoku` crate; the cut below reads a band word as
//! triads (the three squares where a row crosses a box), as tdoku does.
//!
//! ```text
//!   cells: Lanes       one 9-bit candidate mask per square (bit d-1 = digit d), in
//!                      band lanes ([u16; 96]: band b's 27 squares at lanes
//!                      32b .. 32b+27, the other lanes 0)
//!   words: [u32; 27]   words[3*(d-1) + b]: the squares of band b (rows 3b..3b+2) that
//!                      still hold digit d; bit 9*r + c is row 3b+r, column c, so bit i
//!                      of band b is square 27*b + i (lane 32*b + i)
//!
//!          band b, digit d          the 3x3 "triad" matrix of that word
//!        c0 ........... c8           bit 3*r + k: row r of the band has d in box k
//!   r0 [ . x . | . . . | x . . ]     [ 1 0 1 ]
//!   r1 [ . . . | x x . | . . . ]  -> [ 0 1 0 ]
//!   r2 [ x . . | . . . | . . x ]     [ 1 0 1 ]
//! ```
//!
//! Within a band, each of the 3 rows and each of the 3 boxes holds `d` exactly once,
//! so the (row, box) triads that hold `d` in the solution form a permutation matrix
//! inside that 3x3 matrix. `PERMUTATIONS` keeps the triads that lie on some such
//! permutation and drops the rest. The same holds for a stack: each of its 3 columns
//! and each of its 3 boxes holds `d` once, so the (band, column) matrix is cut the same
//! way. This one table does, for a whole band or stack at once:
//! - rule 2, a digit with one place left in a unit goes there: a row with one place
//!   keeps it, and a box or column with one place forces its triad, which then leaves
//!   its row with one place;
//! - locked candidates, pointing and claiming, in both directions;
//! - the contradiction of a unit with no place for a digit (no permutation left).
//!
//! ```text
//!   propagate:
//!     loop
//!       rule 1  take the whole queue as one batch; for each square in it (one
//!               candidate d, read as the batch began): clear its peers from d's
//!               three words, and take d from the cells of the squares that lost it:
//!               left with none is a contradiction, left with one joins the queue;
//!               repeat until the queue is empty
//!       digits  one digit whose words changed: cut its bands and stacks with the
//!               permutation table, again while the stacks cut something (then
//!               the squares that lost d lose it in `cells`, in one step), then
//!               place every row left with one unplaced square (a hidden single), all
//!               of them at once (the cut has taken d from their peers already)
//!     until the queue is empty and no digit changed
//! ```
//!
//! The queue is a set of squares (`Pending`, 81 bits), so a square queued twice is
//! taken once. Propagation reads and writes the cells through the kernel of a
//! back-end (`crate::arch`): in memory on the portable one, in vector registers on
//! AVX2, AVX-512 and NEON, where a band word is a lane mask and a digit leaves every
//! square of a band at once. All of them give the same states step for step; the state's type
//! parameter is the kernel (a token that the CPU has its instructions), chosen once
//! per search.
//!
//! Invariant: bit `i` of `words[3*d + b]` is set exactly when `cells[27*b + i]` holds
//! digit `d + 1`, after every step (checked by a debug assertion at every fixed point,
//! and by the vector kernels' subtract, which relies on it). The state is plain data
//! (320 bytes), `Copy`, copied on each guess.

use crate::arch::{Cells, Kernel, Lanes, Pending, BAND};
use crate::branch::{key, pair_key, square_of};
use crate::masks::{grid_of, ALL};
use bitdoku_core::{Board, Grid, PEER_BITS};

/// The low 9 bits: one row of a band word.
const ROW: u32 = 0x1FF;
/// Multiplying a 9-bit column mask by this copies it to the three rows of a band.
const EVERY_ROW: u32 = 1 | 1 << 9 | 1 << 18;

/// `PERMUTATIONS[m]`: `m` is a 3x3 matrix (bit `3*i + j`); the union of the six
/// permutation matrices that lie inside `m`, or 0 if none does.
const PERMUTATIONS: [u16; 512] = {
    const SIX: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            let bits = 1 << SIX[p][0] | 1 << (3 + SIX[p][1]) | 1 << (6 + SIX[p][2]);
            if m & bits == bits {
                table[m] |= bits as u16;
            }
            p += 1;
        }
        m += 1;
    }
    table
};

/// `TRIADS_TO_SQUARES[a]`: the band squares of the (row, box) triads in `a` (bit
/// `3*r + k`), as a 27-bit band word.
const TRIADS_TO_SQUARES: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut a = 0;
    while a < 512 {
        let mut t = 0;
        while t < 9 {
            if a >> t & 1 == 1 {
                let (r, k) = (t / 3, t % 3);
                table[a] |= 7 << (9 * r + 3 * k);
            }
            t += 1;
        }
        a += 1;
    }
    table
};

/// `BAND_KEEP[m]`: for the (row, box) triad matrix `m` of a band word, the squares of
/// the triads that lie on a permutation (`TRIADS_TO_SQUARES` of `PERMUTATIONS`).
const BAND_KEEP: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        table[m] = TRIADS_TO_SQUARES[PERMUTATIONS[m] as usize];
        m += 1;
    }
    table
};

/// `STACK_KEEP[m]`: for a stack's (band, column) matrix `m` (bit `3*b + j`), the
/// columns kept in each band, as a column word of that stack's first column (bit
/// `9*b + j`).
const STACK_KEEP: [u32; 512] = {
    let mut table = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let a = PERMUTATIONS[m] as u32;
        table[m] = (a & 7) | (a & 0o70) << 6 | (a & 0o700) << 12;
        m += 1;
    }
    table
};

/// `ONE_PLACE[f]`: the 9-bit row `f` if it has exactly one square, else 0.
const ONE_PLACE: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut f = 1;
    while f < 512 {
        if f & (f - 1) == 0 {
            table[f] = f as u16;
        }
        f += 1;
    }
    table
};

/// `PEERS_BY_BAND[s][b]`: the peers of square `s` in band `b`, as a band word (core's
/// `PEER_BITS` cut into bands: bit `i` of band `b` is square `27*b + i`).
const PEERS_BY_BAND: [[u32; 3]; 81] = {
    let mut table = [[0u32; 3]; 81];
    let mut s = 0;
    while s < 81 {
        let mut b = 0;
        while b < 3 {
            table[s][b] = (PEER_BITS[s] >> (27 * b)) as u32 & BAND;
            b += 1;
        }
        s += 1;
    }
    table
};

/// Cell masks plus per-digit band words; see the [module docs](self). `K` is the
/// back-end's kernel.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Bands<K> {
    /// The truth: one 9-bit candidate mask per square, in band lanes.
    pub(crate) cells: Lanes,
    places: Places,
    kernel: K,
}

/// Each digit's places as band words, and the squares not yet placed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Places {
    words: [u32; 27],
    /// Squares not yet placed by a cut or taken from the queue, one word per band:
    /// a row single is a new placement only where this bit is still set (a square the
    /// same cut just narrowed to one candidate is caught by `place`).
    unplaced: [u32; 3],
}

impl<K: Kernel> Bands<K> {
    /// The state after the givens and propagation, or `None` if that contradicts.
    #[inline(always)]
    pub(crate) fn start(kernel: K, grid: &Grid) -> Option<Bands<K>> {
        let values = grid.values();
        let given = kernel.givens(values);
        // Each digit's places: its givens and the empty squares.
        let mut words = [0u32; 27];
        for d in 0..9 {
            for band in 0..3 {
                words[3 * d + band] = given[0][band] | given[d + 1][band];
            }
        }
        // Rule 1 for the givens, one step per digit: the digit leaves the peers of all
        // its givens at once (two equal givens in a unit take it from each other, and
        // the contradiction is found there).
        let mut peers = [[0u32; 3]; 9];
        let mut used = 0u16;
        for (band, &empty) in given[0].iter().enumerate() {
            let mut left = BAND & !empty;
            while left != 0 {
                let square = 27 * band + left.trailing_zeros() as usize;
                left &= left - 1;
                let d = usize::from(values[square % 81].wrapping_sub(1)) % 9;
                used |= 1 << d;
                for (all, &p) in peers[d].iter_mut().zip(&PEERS_BY_BAND[square % 81]) {
                    *all |= p;
                }
            }
        }
        let mut state = Bands {
            cells: kernel.cells_of(values),
            places: Places {
                words,
                unplaced: given[0],
            },
            kernel,
        };
        let places = &mut state.places;
        let ok = state.kernel.with_cells(
            &mut state.cells,
            #[inline(always)]
            |cells| places.start(cells, peers, used),
        );
        debug_assert!(!ok || state.consistent());
        ok.then_some(state)
    }

    /// The state of a pencilmark puzzle: each square keeps the candidates `board`
    /// leaves it, then propagation (the squares with one candidate are rule 1's first
    /// batch). `None` if a square has no candidate or propagation contradicts.
    #[inline(always)]
    pub(crate) fn from_board(kernel: K, board: &Board) -> Option<Bands<K>> {
        let mut cells = Lanes([0; 96]);
        let mut words = [0u32; 27];
        let mut queue: Pending = 0;
        for (square, c) in board.0.iter().enumerate() {
            let c = c.bits() & ALL;
            if c == 0 {
                return None;
            }
            cells.0[Lanes::lane(square)] = c;
            queue |= Pending::from(c & (c - 1) == 0) << square;
            let (band, bit) = (square / 27, 1u32 << (square % 27));
            let mut digits = c;
            while digits != 0 {
                words[3 * (digits.trailing_zeros() as usize) + band] |= bit;
                digits &= digits - 1;
            }
        }
        let mut state = Bands {
            cells,
            places: Places {
                words,
                unplaced: [BAND; 3],
            },
            kernel,
        };
        let places = &mut state.places;
        let ok = state.kernel.with_cells(
            &mut state.cells,
            #[inline(always)]
            |cells| places.settle_and_propagate(cells, queue, ALL),
        );
        debug_assert!(!ok || state.consistent());
        ok.then_some(state)
    }

    /// Places digit `bit` (one bit) in `square` (a guess) and propagates. False on a
    /// contradiction; the state is then garbage.
    #[inline(always)]
    pub(crate) fn assign(&mut self, square: usize, bit: u16) -> bool {
        let d = bit.trailing_zeros() as usize % 9;
        let changed = self.places.place(&mut self.cells, square, d);
        let places = &mut self.places;
        let ok = self.kernel.with_cells(
            &mut self.cells,
            #[inline(always)]
            |cells| places.guess(cells, square, d, changed),
        );
        debug_assert!(!ok || self.consistent());
        ok
    }

    /// A copy of this state, field by field: each field is small enough for the
    /// compiler to copy inline, where the whole state (320 bytes) is a call to
    /// `memcpy`.
    #[inline(always)]
    pub(crate) fn child(&self) -> Bands<K> {
        Bands {
            cells: Lanes(self.cells.0),
            places: Places {
                words: self.places.words,
                unplaced: self.places.unplaced,
            },
            kernel: self.kernel,
        }
    }

    /// The kernel this state runs on.
    #[inline(always)]
    pub(crate) fn kernel(&self) -> K {
        self.kernel
    }

    /// The grid of the cells (squares with several candidates come out empty).
    #[inline]
    pub(crate) fn grid(&self) -> Grid {
        grid_of(&self.cells.squares())
    }
}

impl Places {
    /// Narrows `square` to digit `d` (which it holds), clears it from the other
    /// digits' words, and marks it placed. Returns the digits whose words changed.
    #[inline(always)]
    fn place<C: Cells>(&mut self, cells: &mut C, square: usize, d: usize) -> u16 {
        let (band, bit) = (square / 27, 1u32 << (square % 27));
        let old = cells.get(square);
        if old == 1 << d {
            // Already down to `d`: no other digit's words hold it.
            return 0;
        }
        cells.set(square, 1 << d);
        let mut gone = old & !(1 << d);
        let changed = gone;
        while gone != 0 {
            let e = gone.trailing_zeros() as usize;
            gone &= gone - 1;
            self.words[3 * e + band] &= !bit;
        }
        self.unplaced[band] &= !bit;
        changed
    }

    /// After [`Places::place`] for a guess: rule 1 for `square` on the spot (no batch
    /// of one), then [`Places::propagate`] from the digits in `changed` and `d`.
    #[inline(always)]
    fn guess<C: Cells>(&mut self, cells: &mut C, square: usize, d: usize, changed: u16) -> bool {
        let mut queue = 0;
        let Some(hit) = self.leave(cells, d, PEERS_BY_BAND[square % 81], &mut queue) else {
            return false;
        };
        self.settle_and_propagate(cells, queue, changed | u16::from(hit) << d)
    }

    /// The start's propagation: each digit in `used` leaves `peers[d]` (the peers of
    /// its givens), then [`Places::propagate`] with every digit changed.
    #[inline(always)]
    fn start<C: Cells>(&mut self, cells: &mut C, peers: [[u32; 3]; 9], mut used: u16) -> bool {
        let mut queue = 0;
        while used != 0 {
            let d = used.trailing_zeros() as usize % 9;
            used &= used - 1;
            if self.leave(cells, d, peers[d], &mut queue).is_none() {
                return false;
            }
        }
        self.settle_and_propagate(cells, queue, ALL)
    }

    /// After rule-1 steps taken outside a batch: the singles and empties they left
    /// (see [`Cells::settle`]), then [`Places::propagate`].
    #[inline(always)]
    fn settle_and_propagate<C: Cells>(
        &mut self,
        cells: &mut C,
        mut queue: Pending,
        changed: u16,
    ) -> bool {
        match cells.settle(self.unplaced) {
            Some(singles) => queue |= singles,
            None => return false,
        }
        self.propagate(cells, &mut queue, changed)
    }

    /// Runs rule 1 and the digit cuts until nothing changes, starting from the queued
    /// squares and the digits in `changed` (9 bits). False on a contradiction.
    #[inline(always)]
    fn propagate<C: Cells>(
        &mut self,
        cells: &mut C,
        queue: &mut Pending,
        mut changed: u16,
    ) -> bool {
        loop {
            while *queue != 0 {
                let mut batch = core::mem::take(queue);
                // A single's value does not change until it is taken, so the digits of
                // the whole batch come from the cells as they were at its start.
                let frozen = cells.freeze();
                for (band, unplaced) in self.unplaced.iter_mut().enumerate() {
                    *unplaced &= !((batch >> (27 * band)) as u32);
                }
                while batch != 0 {
                    let square = batch.trailing_zeros() as usize;
                    batch &= batch - 1;
                    // Rule 1: the square's digit leaves its peers.
                    let c = C::frozen_get(&frozen, cells, square);
                    if c == 0 {
                        // Left with none (a kernel may answer it as a single).
                        return false;
                    }
                    let d = c.trailing_zeros() as usize % 9;
                    match self.leave(cells, d, PEERS_BY_BAND[square], queue) {
                        Some(hit) => changed |= u16::from(hit) << d,
                        None => return false,
                    }
                }
                match cells.settle(self.unplaced) {
                    Some(singles) => *queue |= singles,
                    None => return false,
                }
            }
            if changed == 0 {
                return true;
            }
            let d = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            match self.cut_digit(cells, d, queue) {
                None => return false,
                Some(more) => changed |= more,
            }
        }
    }

    /// Cuts digit `d`'s bands and stacks with the permutation table, then places its
    /// hidden singles, and settles the cells (see [`Cells::settle`]). `None` on a
    /// contradiction, else the digits whose words changed (by placing a hidden single
    /// in a square that held others).
    #[inline(always)]
    fn cut_digit<C: Cells>(&mut self, cells: &mut C, d: usize, queue: &mut Pending) -> Option<u16> {
        let base = 3 * d;
        let mut w = [self.words[base], self.words[base + 1], self.words[base + 2]];
        // A digit with its nine squares placed and nothing else left has nothing to
        // cut (half the cuts of a 17-clue run find nothing, many of them this way).
        let open =
            (w[0] & self.unplaced[0]) | (w[1] & self.unplaced[1]) | (w[2] & self.unplaced[2]);
        if open == 0 && w[0].count_ones() + w[1].count_ones() + w[2].count_ones() == 9 {
            return Some(0);
        }
        // Bands, then stacks, until the stacks cut nothing more: the band cut alone
        // and the stack cut alone each reach their fixed point in one pass, but a
        // stack cut can open a band's triads to a further cut.
        let cut = loop {
            // Bands: (row, box) triads.
            for word in &mut w {
                let triads = C::triads(*word);
                *word &= BAND_KEEP[(triads & 0o777) as usize];
            }
            // Stacks: (band, column) triads. `columns` holds, for each band, the
            // columns where `d` still has a place: 9 bits per band, band b at bit 9b.
            let columns = ((w[0] | w[0] >> 9 | w[0] >> 18) & ROW)
                | ((w[1] | w[1] >> 9 | w[1] >> 18) & ROW) << 9
                | ((w[2] | w[2] >> 9 | w[2] >> 18) & ROW) << 18;
            let mut keep = 0u32;
            for stack in 0..3 {
                // Bit 3*b + j: band b has a place in column 3*stack + j.
                let matrix = C::stack_matrix(columns, stack);
                keep |= STACK_KEEP[(matrix & 0o777) as usize] << (3 * stack);
            }
            let next = [0, 1, 2].map(|band| w[band] & ((keep >> (9 * band) & ROW) * EVERY_ROW));
            if next == w {
                break w;
            }
            w = next;
        };
        let mut more = 0u16;
        let (mut gone, mut singles) = ([0u32; 3], [0u32; 3]);
        for (band, &cut) in cut.iter().enumerate() {
            if cut == 0 {
                // No permutation: a row, box or column of this digit has no place.
                return None;
            }
            let old = &mut self.words[base + band];
            gone[band] = *old & !cut;
            *old = cut;
            // Rule 2: a row left with one place for `d` (a box or column with one
            // place has been cut down to that by now, or will be on the next pass).
            let one = u32::from(ONE_PLACE[(cut & ROW) as usize])
                | u32::from(ONE_PLACE[(cut >> 9 & ROW) as usize]) << 9
                | u32::from(ONE_PLACE[(cut >> 18 & ROW) as usize]) << 18;
            singles[band] = one & self.unplaced[band];
        }
        if gone == [0; 3] && singles == [0; 3] {
            // Half the cuts find nothing: then the cells have not changed.
            return Some(0);
        }
        *queue |= cells.lose(1 << d, gone)?;
        if singles != [0; 3] {
            // Place them all at once. Their other candidates (read from their cells,
            // which this cut's `lose` did not touch: they keep `d`) are the digits
            // whose words hold them: those words lose them. Rule 1 for them has
            // nothing left to do: at the cut's fixed point a row's only place is its
            // box's and its column's only place too (the row's triad is forced, so
            // the box's other triads and then the other bands' places in that column
            // are cut), so `d` has left their peers already, in the words and (by
            // this cut's `lose`) in the cells.
            let frozen = cells.freeze();
            let mut others = 0u16;
            let mut placed = Pending::from(singles[0])
                | Pending::from(singles[1]) << 27
                | Pending::from(singles[2]) << 54;
            while placed != 0 {
                let square = placed.trailing_zeros() as usize % 81;
                placed &= placed - 1;
                others |= C::frozen_get(&frozen, cells, square);
                debug_assert!((0..3)
                    .all(|band| { self.words[base + band] & PEERS_BY_BAND[square][band] == 0 }));
            }
            others &= ALL & !(1 << d);
            more |= others;
            while others != 0 {
                let e = others.trailing_zeros() as usize;
                others &= others - 1;
                for (word, &placed) in self.words[3 * e..3 * e + 3].iter_mut().zip(&singles) {
                    *word &= !placed;
                }
            }
            cells.set_all(singles, 1 << d);
            for (unplaced, &placed) in self.unplaced.iter_mut().zip(&singles) {
                *unplaced &= !placed;
            }
        }
        *queue |= cells.settle(self.unplaced)?;
        Some(more)
    }

    /// Rule 1's step: digit `d` leaves the squares in `peers` (one 27-bit word per
    /// band), in its words and in the cells; the squares left with one candidate join
    /// the queue. `None` on a contradiction, else whether `d`'s words changed.
    #[inline(always)]
    fn leave<C: Cells>(
        &mut self,
        cells: &mut C,
        d: usize,
        peers: [u32; 3],
        queue: &mut Pending,
    ) -> Option<bool> {
        let mut gone = [0u32; 3];
        for (band, &peers) in peers.iter().enumerate() {
            let word = &mut self.words[3 * d + band];
            gone[band] = *word & peers;
            *word &= !peers;
        }
        *queue |= cells.lose(1 << d, gone)?;
        Some(gone != [0; 3])
    }
}

impl<K: Kernel> Bands<K> {
    /// True if `words` agrees with `cells` (for debug assertions).
    fn consistent(&self) -> bool {
        (0..81).all(|s| {
            (0..9).all(|d| {
                (self.cells.get(s) >> d & 1 == 1)
                    == (self.places.words[3 * d + s / 27] >> (s % 27) & 1 == 1)
            })
        })
    }

    /// The square to branch on, or `None` if every square is solved: the rule of
    /// [`crate::branch`], read from the band words. On forum-hardest the degree
    /// tie-break cuts guesses from 141 to 84 per puzzle against taking the first
    /// two-candidate square.
    #[inline(always)]
    pub(crate) fn most_constrained(&self) -> Option<usize> {
        // Per band, from the digit words: `open` holds the squares seen in at least two
        // words (unsolved), `pairs` those seen in exactly two.
        let (mut open, mut pairs) = ([0u32; 3], [0u32; 3]);
        for band in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let w = self.places.words[3 * d + band];
                three |= two & w;
                two |= one & w;
                one |= w;
            }
            open[band] = two;
            pairs[band] = two & !three;
        }
        let degree = |square: usize| {
            let peers = &PEERS_BY_BAND[square];
            // Two population counts instead of three: bands 0 and 1 share a u64.
            let low = u64::from(open[0] & peers[0]) | u64::from(open[1] & peers[1]) << 27;
            low.count_ones() + (open[2] & peers[2]).count_ones()
        };
        // The best pair square as a key, no branch per square (see `pair_key`).
        let mut best = 0;
        // Two runs (bands 0 and 1 as one u64, then band 2): cheaper steps than a u128.
        let runs = [
            (0, u64::from(pairs[0]) | u64::from(pairs[1]) << 27),
            (54, u64::from(pairs[2])),
        ];
        for (first, mut left) in runs {
            while left != 0 {
                let square = first + left.trailing_zeros() as usize;
                left &= left - 1;
                best = best.max(pair_key(square, degree(square)));
            }
        }
        if best != 0 {
            return Some(square_of(best));
        }
        if open == [0; 3] {
            return None;
        }
        // No square has two candidates (rare): the fewest candidates first, then the
        // same rule.
        for square in 0..81 {
            let n = (self.cells.get(square) & ALL).count_ones();
            best = best.max(key(square, n, degree(square)));
        }
        (best != 0).then(|| square_of(best))
    }
}
