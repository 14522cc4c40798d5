//! The SIMD128 back-end (WebAssembly's 128-bit SIMD): the cells in twelve `v128`
//! registers, four per band, the NEON kernel's layout on WebAssembly.
//!
//! ```text
//!   register 4b + q (q = 0..4): lanes 32b + 8q .. 32b + 8q + 8 of `Lanes`,
//!                               squares 27b + 8q .. (lanes 27..32 of a band are its
//!                               padding, always 0: register 4b + 3 holds 3 squares)
//! ```
//!
//! A byte of a band word becomes a lane mask by splatting it and comparing each lane
//! with its own bit (`expand`); a digit then leaves every square of a band that lost it
//! at once, with no walk over the squares and no branch per square. The squares left
//! with one candidate come back as bits with `i16x8.bitmask`, which NEON lacks. A
//! grid's givens and cells are read sixteen bytes at a time (`i8x16.eq` and
//! `i8x16.bitmask`; two `i8x16.swizzle` table lookups), as on AVX2.
//!
//! Measured in Node 20 (V8) against the same search on the portable kernel in this
//! module: 25% more puzzles/s on 17-clue, 10% more on forum-hardest. Keeping the cells
//! in memory instead, with `lose` loading, clearing and storing only the registers of
//! the bytes it touches and answering the singles itself (no `settle`, no `freeze`),
//! was 7% slower than portable on forum-hardest (see docs/performance.md).
//!
//! The whole module is compiled with SIMD128 (it exists only when the crate is built
//! with `target_feature = "simd128"`; see `arch/wasm32/mod.rs`), so the intrinsics,
//! safe functions with `#[target_feature(enable = "simd128")]`, are called as plain
//! functions; only the loads and stores of memory are `unsafe`.

use super::Simd128;
use crate::arch::{Cells, Kernel, Lanes, Pending};
use core::arch::wasm32::*;

/// Lane `i` of a register holds bit `i`: the weights of `expand`.
const WEIGHTS: v128 = u16x8(1, 2, 4, 8, 16, 32, 64, 128);

/// The padding lanes of a band's fourth register (its lanes 3..8), all ones.
const PADDING: v128 = u16x8(0, 0, 0, u16::MAX, u16::MAX, u16::MAX, u16::MAX, u16::MAX);

impl Kernel for Simd128 {
    type Cells = Registers;

    #[inline(always)]
    fn with_cells<R>(self, lanes: &mut Lanes, f: impl FnOnce(&mut Registers) -> R) -> R {
        let p = lanes.0.as_mut_ptr() as *mut v128;
        // SAFETY: `Lanes` is 192 bytes: twelve 16-byte loads and stores cover it
        // exactly (WebAssembly's loads need no alignment; these are aligned anyway).
        unsafe {
            let mut registers = Registers(core::array::from_fn(|i| v128_load(p.add(i))), self);
            let out = f(&mut registers);
            for (i, &r) in registers.0.iter().enumerate() {
                v128_store(p.add(i), r);
            }
            out
        }
    }

    #[inline(always)]
    fn enter<R>(self, f: impl FnOnce() -> R) -> R {
        // The whole module is compiled for SIMD128 already: nothing to enable.
        f()
    }

    #[inline(always)]
    fn givens(self, values: &[u8; 81]) -> [[u32; 3]; 10] {
        let mut given = [[0u32; 3]; 10];
        for (band, [lo, hi]) in band_bytes(values).into_iter().enumerate() {
            for (v, given) in given.iter_mut().enumerate() {
                let v = u8x16_splat(v as u8);
                let eq = u32::from(i8x16_bitmask(i8x16_eq(lo, v)))
                    | u32::from(i8x16_bitmask(i8x16_eq(hi, v))) << 16;
                given[band] = eq & ((1 << 27) - 1);
            }
        }
        given
    }

    #[inline(always)]
    fn cells_of(self, values: &[u8; 81]) -> Lanes {
        // Value v -> its cell, low and high byte: 0 -> 0x1FF, v -> 1 << (v - 1).
        const LOW: v128 = u8x16(0xFF, 1, 2, 4, 8, 16, 32, 64, 128, 0, 0, 0, 0, 0, 0, 0);
        const HIGH: v128 = u8x16(1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0);
        // The band's padding lanes (3..8 of its fourth register) stay 0.
        const SQUARES: v128 = u16x8(u16::MAX, u16::MAX, u16::MAX, 0, 0, 0, 0, 0);
        let mut cells = Lanes([0; 96]);
        let p = cells.0.as_mut_ptr() as *mut v128;
        for (band, halves) in band_bytes(values).into_iter().enumerate() {
            for (half, bytes) in halves.into_iter().enumerate() {
                let (low, high) = (u8x16_swizzle(LOW, bytes), u8x16_swizzle(HIGH, bytes));
                let first = u8x16_shuffle::<0, 16, 1, 17, 2, 18, 3, 19, 4, 20, 5, 21, 6, 22, 7, 23>(
                    low, high,
                );
                let mut second =
                    u8x16_shuffle::<8, 24, 9, 25, 10, 26, 11, 27, 12, 28, 13, 29, 14, 30, 15, 31>(
                        low, high,
                    );
                if half == 1 {
                    second = v128_and(second, SQUARES);
                }
                // SAFETY: band < 3 and half < 2: registers 4 * band + 2 * half and the
                // one after lie inside the twelve that make up `Lanes`.
                unsafe {
                    v128_store(p.add(4 * band + 2 * half), first);
                    v128_store(p.add(4 * band + 2 * half + 1), second);
                }
            }
        }
        cells
    }
}

/// The 27 values of each band in the low 27 bytes of two registers (the rest 0).
#[inline(always)]
fn band_bytes(values: &[u8; 81]) -> [[v128; 2]; 3] {
    let mut padded = [0u8; 96];
    for (band, chunk) in values.chunks_exact(27).enumerate() {
        padded[32 * band..32 * band + 27].copy_from_slice(chunk);
    }
    let p = padded.as_ptr() as *const v128;
    // SAFETY: six 16-byte loads of a 96-byte array (WebAssembly's loads need no
    // alignment).
    unsafe {
        core::array::from_fn(|band| [v128_load(p.add(2 * band)), v128_load(p.add(2 * band + 1))])
    }
}

/// The 81 cells, four registers per band; see the [module docs](self). It holds the
/// token, as the other back-ends' registers do.
#[derive(Clone, Copy)]
pub(crate) struct Registers([v128; 12], Simd128);

impl Registers {
    /// The lanes of an 8-bit mask: lane `i` all ones when bit `i` of `mask` is set.
    #[inline(always)]
    fn expand(mask: u32) -> v128 {
        i16x8_eq(v128_and(u16x8_splat(mask as u16), WEIGHTS), WEIGHTS)
    }
}

impl Cells for Registers {
    type Frozen = Lanes;

    #[inline(always)]
    fn freeze(&self) -> Lanes {
        let mut out = Lanes([0; 96]);
        let p = out.0.as_mut_ptr() as *mut v128;
        // SAFETY: twelve 16-byte stores fill the 192-byte `Lanes` exactly.
        unsafe {
            for (i, &r) in self.0.iter().enumerate() {
                v128_store(p.add(i), r);
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
        let v = u16x8_splat(value);
        for (band, &word) in squares.iter().enumerate() {
            for q in 0..4 {
                let r = &mut self.0[4 * band + q];
                *r = v128_bitselect(v, *r, Registers::expand(word >> (8 * q)));
            }
        }
    }

    #[inline(always)]
    fn lose(&mut self, bit: u16, gone: [u32; 3]) -> Option<Pending> {
        // Only the clearing, as on AVX2 and NEON: `settle` finds the singles and the
        // empty squares once for all the `lose` calls of a batch or a cut.
        let bits = u16x8_splat(bit);
        for (band, &word) in gone.iter().enumerate() {
            for q in 0..4 {
                let r = &mut self.0[4 * band + q];
                // Every lane of the mask holds `bit` (the words agree with the cells):
                // clear it there.
                *r = v128_andnot(*r, v128_and(Registers::expand(word >> (8 * q)), bits));
            }
        }
        Some(0)
    }

    #[inline(always)]
    fn settle(&self, unplaced: [u32; 3]) -> Option<Pending> {
        let one = u16x8_splat(1);
        let zero = u16x8_splat(0);
        let mut least = u16x8_splat(u16::MAX);
        let mut singles = 0;
        for (band, &open) in unplaced.iter().enumerate() {
            let mut at_most_one = 0u32;
            for q in 0..4 {
                let r = self.0[4 * band + q];
                // A band's padding lanes are 0: read them as full, so that only a
                // square can be the empty lane.
                let full = if q == 3 { v128_or(r, PADDING) } else { r };
                least = u16x8_min(least, full);
                // v & (v - 1) == 0: at most one candidate (an empty square too, but
                // then the answer is `None`).
                let single = i16x8_eq(v128_and(r, i16x8_sub(r, one)), zero);
                at_most_one |= u32::from(i16x8_bitmask(single)) << (8 * q);
            }
            singles |= Pending::from(at_most_one & open) << (27 * band);
        }
        // Every lane of `least` nonzero: no square is left without a candidate.
        i16x8_all_true(least).then_some(singles)
    }
}
