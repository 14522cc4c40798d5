//! The NEON back-end (aarch64): the cells in twelve 128-bit registers, four per band,
//! the AVX2 kernel's design on Advanced SIMD.
//!
//! ```text
//!   register 4b + q (q = 0..4): lanes 32b + 8q .. 32b + 8q + 8 of `Lanes`,
//!                               squares 27b + 8q .. (lanes 27..32 of a band are its
//!                               padding, always 0: register 4b + 3 holds 3 squares)
//! ```
//!
//! A byte of a band word becomes a lane mask with one `vtst` against the lanes' own
//! bits (`expand`); a digit then leaves every square of a band that lost it at once,
//! with no walk over the squares and no branch per square. NEON has no `movemask`:
//! the squares left with one candidate come back as bits by weighting each lane with
//! its bit and adding across the register (`vaddv`).

use super::Neon;
use crate::arch::{Cells, Kernel, Lanes, Pending};
use core::arch::aarch64::*;

/// The padding lanes of a band's fourth register (its lanes 27..32), all ones.
const PADDING: [u16; 8] = [0, 0, 0, u16::MAX, u16::MAX, u16::MAX, u16::MAX, u16::MAX];

/// Lane `i` of a register holds bit `i`: the weights of `expand` and `bits`.
const WEIGHTS: [u16; 8] = [1, 2, 4, 8, 16, 32, 64, 128];

#[target_feature(enable = "neon")]
fn inside<R>(f: impl FnOnce() -> R) -> R {
    f()
}

impl Kernel for Neon {
    type Cells = Registers;

    #[inline(always)]
    fn with_cells<R>(self, lanes: &mut Lanes, f: impl FnOnce(&mut Registers) -> R) -> R {
        let p = lanes.0.as_mut_ptr();
        // SAFETY: `Lanes` is 96 `u16`s: twelve loads and stores of eight cover it
        // exactly; the token proves NEON.
        unsafe {
            let mut registers = Registers(core::array::from_fn(|i| vld1q_u16(p.add(8 * i))), self);
            let out = f(&mut registers);
            for (i, &r) in registers.0.iter().enumerate() {
                vst1q_u16(p.add(8 * i), r);
            }
            out
        }
    }

    #[inline(always)]
    fn enter<R>(self, f: impl FnOnce() -> R) -> R {
        // SAFETY: the token proves this CPU has NEON, all that `inside` enables.
        unsafe { inside(f) }
    }
}

/// The 81 cells, four registers per band; see the [module docs](self). It holds the
/// token, so it exists only on a CPU with NEON.
#[derive(Clone, Copy)]
pub(crate) struct Registers([uint16x8_t; 12], Neon);

impl Registers {
    /// The lanes of an 8-bit mask: lane `i` all ones when bit `i` of `mask` is set.
    #[inline(always)]
    fn expand(mask: u32) -> uint16x8_t {
        // SAFETY: a `Registers` exists only with the token, which proves NEON; the
        // load reads the eight `u16`s of `WEIGHTS`.
        unsafe { vtstq_u16(vdupq_n_u16(mask as u16 & 0xFF), vld1q_u16(WEIGHTS.as_ptr())) }
    }

    /// The eight lanes of a lane mask (all ones or all zeros per lane) as bits.
    #[inline(always)]
    fn bits(lanes: uint16x8_t) -> u32 {
        // SAFETY: as in `expand`.
        unsafe { u32::from(vaddvq_u16(vandq_u16(lanes, vld1q_u16(WEIGHTS.as_ptr())))) }
    }
}

impl Cells for Registers {
    type Frozen = Lanes;

    #[inline(always)]
    fn freeze(&self) -> Lanes {
        let mut out = Lanes([0; 96]);
        let p = out.0.as_mut_ptr();
        // SAFETY: twelve stores of eight `u16`s fill the 96 lanes exactly.
        unsafe {
            for (i, &r) in self.0.iter().enumerate() {
                vst1q_u16(p.add(8 * i), r);
            }
        }
        out
    }

    #[inline(always)]
    fn frozen_get(frozen: &Lanes, _: &Self, square: usize) -> u16 {
        frozen.get(square)
    }

    #[inline(always)]
    fn set_all(&mut self, squares: [u32; 3], value: u16) {
        // SAFETY: the token proves NEON.
        unsafe {
            let v = vdupq_n_u16(value);
            for (band, &word) in squares.iter().enumerate() {
                for q in 0..4 {
                    let r = &mut self.0[4 * band + q];
                    *r = vbslq_u16(Registers::expand(word >> (8 * q)), v, *r);
                }
            }
        }
    }

    #[inline(always)]
    fn lose(&mut self, bit: u16, gone: [u32; 3]) -> Option<Pending> {
        // Only the clearing, as on AVX2: `settle` finds the singles and the empty
        // squares once for all the `lose` calls of a batch or a cut.
        // SAFETY: the token proves NEON.
        unsafe {
            let bits = vdupq_n_u16(bit);
            for (band, &word) in gone.iter().enumerate() {
                for q in 0..4 {
                    let r = &mut self.0[4 * band + q];
                    // Every lane of the mask holds `bit` (the words agree with the
                    // cells): clear it there.
                    *r = vbicq_u16(*r, vandq_u16(Registers::expand(word >> (8 * q)), bits));
                }
            }
        }
        Some(0)
    }

    #[inline(always)]
    fn settle(&self, unplaced: [u32; 3]) -> Option<Pending> {
        let mut singles = 0;
        // SAFETY: the token proves NEON; the load reads the eight `u16`s of
        // `PADDING`.
        unsafe {
            let one = vdupq_n_u16(1);
            // A band's padding lanes (3..8 of its fourth register) are 0: read them
            // as full, so that only a square can be the empty lane.
            let padding = vld1q_u16(PADDING.as_ptr());
            let mut least = vdupq_n_u16(u16::MAX);
            for (band, &open) in unplaced.iter().enumerate() {
                let mut at_most_one = 0u32;
                for q in 0..4 {
                    let r = self.0[4 * band + q];
                    let full = if q == 3 { vorrq_u16(r, padding) } else { r };
                    least = vminq_u16(least, full);
                    // v & (v - 1) == 0: at most one candidate (an empty square too,
                    // but then the answer is `None`).
                    at_most_one |=
                        Registers::bits(vceqzq_u16(vandq_u16(r, vsubq_u16(r, one)))) << (8 * q);
                }
                singles |= Pending::from(at_most_one & open) << (27 * band);
            }
            // Any square with no candidate left: the smallest lane is 0.
            (vminvq_u16(least) != 0).then_some(singles)
        }
    }
}
