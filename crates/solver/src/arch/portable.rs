//! The portable back-end: the cells stay in memory ([`Lanes`]) and each square that
//! loses a digit is visited in turn. Plain Rust for every CPU; it is also the
//! reference the other back-ends are tested against.

use super::{Cells, Kernel, Lanes, Pending};

/// The portable kernel (needs nothing of the CPU).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Portable;

impl Kernel for Portable {
    type Cells = Lanes;

    #[inline(always)]
    fn with_cells<R>(self, lanes: &mut Lanes, f: impl FnOnce(&mut Lanes) -> R) -> R {
        f(lanes)
    }

    #[inline(always)]
    fn enter<R>(self, f: impl FnOnce() -> R) -> R {
        f()
    }
}

/// `BOXES_OF_ROW[f]`: for a 9-bit row `f`, bit `k` is set when `f` has a square in box
/// column `k` (columns 3k..3k+2).
const BOXES_OF_ROW: [u16; 512] = {
    let mut table = [0u16; 512];
    let mut f = 0;
    while f < 512 {
        let mut k = 0;
        while k < 3 {
            if (f >> (3 * k)) & 7 != 0 {
                table[f] |= 1 << k;
            }
            k += 1;
        }
        f += 1;
    }
    table
};

/// [`Cells::triads`] by table: three lookups of a row's boxes.
#[inline(always)]
pub(crate) fn triads(word: u32) -> u32 {
    u32::from(BOXES_OF_ROW[(word & 0x1FF) as usize])
        | u32::from(BOXES_OF_ROW[(word >> 9 & 0x1FF) as usize]) << 3
        | u32::from(BOXES_OF_ROW[(word >> 18 & 0x1FF) as usize]) << 6
}

impl Cells for Lanes {
    /// Reads the live cells: in memory, a step does not wait for the one before.
    type Frozen = ();

    #[inline(always)]
    fn freeze(&self) {}

    #[inline(always)]
    fn frozen_get(_: &(), live: &Self, square: usize) -> u16 {
        live.get(square)
    }

    #[inline(always)]
    fn get(&self, square: usize) -> u16 {
        Lanes::get(self, square)
    }

    #[inline(always)]
    fn set(&mut self, square: usize, value: u16) {
        self.0[Lanes::lane(square)] = value;
    }

    #[inline(always)]
    fn set_all(&mut self, squares: [u32; 3], value: u16) {
        for (band, mut left) in squares.into_iter().enumerate() {
            while left != 0 {
                let lane = 32 * band + left.trailing_zeros() as usize;
                left &= left - 1;
                if let Some(cell) = self.0.get_mut(lane) {
                    *cell = value;
                }
            }
        }
    }

    #[inline(always)]
    fn lose(&mut self, bit: u16, gone: [u32; 3]) -> Option<Pending> {
        // Half the calls (a single whose peers had lost its digit already) take
        // nothing. (The vector kernels' pass has no branch to spare: testing for this
        // there costs more than it saves.)
        if gone == [0; 3] {
            return Some(0);
        }
        // Two runs, bands 0 and 1 (lanes 0..64) and band 2, each with its singles as a
        // u64 in lane order (cheaper to build than a u128). A square left with none is
        // answered with them, for the batch that takes it to find (a test per square
        // fewer here).
        let mut singles = [0u64; 2];
        let runs = [
            u64::from(gone[0]) | u64::from(gone[1]) << 32,
            u64::from(gone[2]),
        ];
        for (run, mut left) in runs.into_iter().enumerate() {
            while left != 0 {
                let i = left.trailing_zeros();
                left &= left - 1;
                let cell = self.0.get_mut(64 * run + i as usize)?;
                let now = *cell & !bit;
                *cell = now;
                singles[run] |= u64::from(now & now.wrapping_sub(1) == 0) << i;
            }
        }
        // Lanes to squares: band 1 sits at lane 32, square 27.
        let low = singles[0];
        Some(
            Pending::from(low as u32)
                | Pending::from((low >> 32) as u32) << 27
                | Pending::from(singles[1]) << 54,
        )
    }
}
