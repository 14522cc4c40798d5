//! The branching rule, written once for both engines. When propagation stalls, the
//! search branches on one square:
//! 1. an unsolved square with the fewest candidates (in practice two: a binary
//!    branch);
//! 2. among those, the one with the most unsolved peers (the degree heuristic: its
//!    digits leave the most squares);
//! 3. among those, the first in row-major order.
//!
//! Its digits are tried in increasing order. Both engines reach the same fixed point
//! at every node (the same rules, applied to a fixed point, give the same state in any
//! order), and both choose with the keys below, so they search the same tree: the same
//! guesses and the same first solution. The fast engine finds the unsolved and the
//! two-candidate squares from its band words; [`branch_square`] is the rule read
//! straight from the cells, which the step engine uses and the tests compare with.

use bitdoku_core::PEER_BITS;

/// The key of a square with two candidates and `degree` unsolved peers: the largest
/// key is the square to branch on (the most unsolved peers, then the first square).
#[inline(always)]
pub(crate) const fn pair_key(square: usize, degree: u32) -> u32 {
    degree << 8 | (255 - square as u32)
}

/// The key of a square with `n` candidates when no square has two (rare): fewer
/// candidates first, then as [`pair_key`]; 0 for a solved square.
#[inline(always)]
pub(crate) const fn key(square: usize, n: u32, degree: u32) -> u32 {
    if n > 1 {
        (16 - n) << 16 | pair_key(square, degree)
    } else {
        0
    }
}

/// The square a key (not 0) stands for.
#[inline(always)]
pub(crate) const fn square_of(key: u32) -> usize {
    255 - (key & 0xFF) as usize
}

/// The square to branch on in `cells`, or `None` if every square has one candidate
/// (or none: a state at a fixed point has none).
pub(crate) fn branch_square(cells: &[u16; 81]) -> Option<usize> {
    let (mut open, mut pairs) = (0u128, 0u128);
    for (s, &c) in cells.iter().enumerate() {
        let n = c.count_ones();
        open |= u128::from(n > 1) << s;
        pairs |= u128::from(n == 2) << s;
    }
    let degree = |s: usize| (open & PEER_BITS[s]).count_ones();
    let mut best = 0;
    let mut left = pairs;
    while left != 0 {
        let s = left.trailing_zeros() as usize;
        left &= left - 1;
        best = best.max(pair_key(s, degree(s)));
    }
    if best == 0 {
        let mut left = open;
        while left != 0 {
            let s = left.trailing_zeros() as usize;
            left &= left - 1;
            best = best.max(key(s, cells[s].count_ones(), degree(s)));
        }
    }
    (best != 0).then(|| square_of(best))
}
