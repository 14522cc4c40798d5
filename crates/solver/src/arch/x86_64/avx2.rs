//! The AVX2 back-end: the cells in six 256-bit registers, two per band (x86-64 with
//! AVX2, BMI1, BMI2, POPCNT and LZCNT: Intel since Haswell, AMD since Zen).
//!
//! ```text
//!   register 2b:     lanes 32b +  0 .. 32b + 16 of `Lanes`: squares 27b + 0 .. 27b + 16
//!   register 2b + 1: lanes 32b + 16 .. 32b + 32:            squares 27b + 16 .. 27b + 27
//!                    (its lanes 11..16 are the band's padding, always 0)
//! ```
//!
//! AVX2 has no mask registers, so a band word's half becomes a lane mask by
//! broadcasting it and comparing each lane with its own bit (`expand`); then, as on
//! AVX-512, a digit leaves every square of a band that lost it at once, with no walk
//! over the squares and no branch per square, and the squares left with one candidate
//! come back as a bit mask (`packs` + `movemask`).

use super::Avx2;
use crate::arch::{Cells, Kernel, Lanes, Pending};
use core::arch::x86_64::*;

#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
fn inside<R>(f: impl FnOnce() -> R) -> R {
    f()
}

impl Kernel for Avx2 {
    type Cells = Registers;

    #[inline(always)]
    fn with_cells<R>(self, lanes: &mut Lanes, f: impl FnOnce(&mut Registers) -> R) -> R {
        let p = lanes.0.as_mut_ptr() as *mut __m256i;
        // SAFETY: `Lanes` is 192 bytes aligned to 64: six aligned 32-byte loads and
        // stores cover it exactly; the token proves AVX2.
        unsafe {
            let mut registers = Registers(
                [
                    _mm256_load_si256(p),
                    _mm256_load_si256(p.add(1)),
                    _mm256_load_si256(p.add(2)),
                    _mm256_load_si256(p.add(3)),
                    _mm256_load_si256(p.add(4)),
                    _mm256_load_si256(p.add(5)),
                ],
                self,
            );
            let out = f(&mut registers);
            for (i, &r) in registers.0.iter().enumerate() {
                _mm256_store_si256(p.add(i), r);
            }
            out
        }
    }

    #[inline(always)]
    fn enter<R>(self, f: impl FnOnce() -> R) -> R {
        // SAFETY: the token proves this CPU has every feature `inside` enables.
        unsafe { inside(f) }
    }

    #[inline(always)]
    fn givens(self, values: &[u8; 81]) -> [[u32; 3]; 10] {
        let mut given = [[0u32; 3]; 10];
        for (band, bytes) in band_bytes(values).into_iter().enumerate() {
            for (v, given) in given.iter_mut().enumerate() {
                // SAFETY: the token proves AVX2.
                let eq = unsafe {
                    _mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, _mm256_set1_epi8(v as i8)))
                };
                given[band] = eq as u32 & ((1 << 27) - 1);
            }
        }
        given
    }

    #[inline(always)]
    fn cells_of(self, values: &[u8; 81]) -> Lanes {
        let mut cells = Lanes([0; 96]);
        let p = cells.0.as_mut_ptr() as *mut __m256i;
        // SAFETY: the token proves AVX2; six aligned 32-byte stores fill `Lanes`.
        unsafe {
            // Value v -> its cell, low and high byte: 0 -> 0x1FF, v -> 1 << (v - 1).
            let low = _mm256_setr_epi8(
                -1, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0, //
                -1, 1, 2, 4, 8, 16, 32, 64, -128, 0, 0, 0, 0, 0, 0, 0,
            );
            let high = _mm256_setr_epi8(
                1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, //
                1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0,
            );
            // Lanes 11..16 of a band's second register are padding (0).
            let padding =
                _mm256_setr_epi16(-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0);
            for (band, bytes) in band_bytes(values).into_iter().enumerate() {
                let lo = _mm256_shuffle_epi8(low, bytes);
                let hi = _mm256_shuffle_epi8(high, bytes);
                let first = widen(lo, hi);
                let second = widen(
                    _mm256_permute2x128_si256(lo, lo, 0x11),
                    _mm256_permute2x128_si256(hi, hi, 0x11),
                );
                _mm256_store_si256(p.add(2 * band), first);
                _mm256_store_si256(p.add(2 * band + 1), _mm256_and_si256(second, padding));
            }
        }
        cells
    }
}

/// 16-bit lanes from the low 16 bytes of `low` and of `high`.
#[inline(always)]
fn widen(low: __m256i, high: __m256i) -> __m256i {
    // SAFETY: callers hold the token, which proves AVX2.
    unsafe {
        let low = _mm256_cvtepu8_epi16(_mm256_castsi256_si128(low));
        let high = _mm256_cvtepu8_epi16(_mm256_castsi256_si128(high));
        _mm256_or_si256(low, _mm256_slli_epi16(high, 8))
    }
}

/// The 27 values of each band in the low 27 bytes of a register (the rest 0).
#[inline(always)]
fn band_bytes(values: &[u8; 81]) -> [__m256i; 3] {
    let mut padded = [0u8; 96];
    for (band, chunk) in values.chunks_exact(27).enumerate() {
        padded[32 * band..32 * band + 27].copy_from_slice(chunk);
    }
    let p = padded.as_ptr() as *const __m256i;
    // SAFETY: three unaligned 32-byte loads of a 96-byte array; callers hold the
    // token, which proves AVX2.
    unsafe {
        [
            _mm256_loadu_si256(p),
            _mm256_loadu_si256(p.add(1)),
            _mm256_loadu_si256(p.add(2)),
        ]
    }
}

/// The 81 cells, two registers per band; see the [module docs](self). It holds the
/// token, so it exists only on a CPU with AVX2.
#[derive(Clone, Copy)]
pub(crate) struct Registers([__m256i; 6], Avx2);

impl Registers {
    /// The lanes of a 16-bit mask: lane `i` all ones when bit `i` of `mask` is set.
    #[inline(always)]
    fn expand(mask: u32) -> __m256i {
        // SAFETY: a `Registers` exists only with the token, which proves AVX2.
        unsafe {
            let each = _mm256_setr_epi16(
                1,
                2,
                4,
                8,
                16,
                32,
                64,
                128,
                256,
                512,
                1024,
                2048,
                4096,
                8192,
                16384,
                i16::MIN,
            );
            let m = _mm256_set1_epi16(mask as u16 as i16);
            _mm256_cmpeq_epi16(_mm256_and_si256(m, each), each)
        }
    }

    /// The 32 lanes of two lane masks (all ones or all zeros per lane) as bits.
    #[inline(always)]
    fn bits(lo: __m256i, hi: __m256i) -> u32 {
        // SAFETY: a `Registers` exists only with the token, which proves AVX2.
        unsafe {
            // Bytes: packs interleaves the halves' 128-bit lanes; the permute puts the
            // 32 lanes back in order for movemask.
            let packed = _mm256_packs_epi16(lo, hi);
            _mm256_movemask_epi8(_mm256_permute4x64_epi64(packed, 0b11_01_10_00)) as u32
        }
    }
}

impl Cells for Registers {
    type Frozen = Lanes;

    #[inline(always)]
    fn freeze(&self) -> Lanes {
        let mut out = Lanes([0; 96]);
        let p = out.0.as_mut_ptr() as *mut __m256i;
        // SAFETY: six aligned 32-byte stores fill the 192-byte `Lanes` exactly.
        unsafe {
            for (i, &r) in self.0.iter().enumerate() {
                _mm256_store_si256(p.add(i), r);
            }
        }
        out
    }

    #[inline(always)]
    fn frozen_get(frozen: &Lanes, _: &Self, square: usize) -> u16 {
        frozen.get(square)
    }

    #[inline(always)]
    fn triads(word: u32) -> u32 {
        // SAFETY: a `Registers` exists only with the token, which proves BMI2.
        unsafe { super::pext_triads(word) }
    }

    #[inline(always)]
    fn stack_matrix(columns: u32, stack: usize) -> u32 {
        // SAFETY: a `Registers` exists only with the token, which proves BMI2.
        unsafe { super::pext_stack(columns, stack) }
    }

    #[inline(always)]
    fn set_all(&mut self, squares: [u32; 3], value: u16) {
        // SAFETY: the token proves AVX2.
        unsafe {
            let v = _mm256_set1_epi16(value as i16);
            for (band, &word) in squares.iter().enumerate() {
                for half in 0..2 {
                    let r = &mut self.0[2 * band + half];
                    let lanes = Registers::expand(word >> (16 * half));
                    *r = _mm256_blendv_epi8(*r, v, lanes);
                }
            }
        }
    }

    #[inline(always)]
    fn lose(&mut self, bit: u16, gone: [u32; 3]) -> Option<Pending> {
        // Only the clearing: the singles and empties are found by `settle`, once for
        // all the `lose` calls of a batch or a cut (what each of them would find is a
        // third of its cost here, not one instruction as on AVX-512).
        // SAFETY: the token proves AVX2.
        unsafe {
            let bits = _mm256_set1_epi16(bit as i16);
            for (band, &word) in gone.iter().enumerate() {
                for half in 0..2 {
                    let r = &mut self.0[2 * band + half];
                    let lanes = Registers::expand(word >> (16 * half));
                    // Every lane in `lanes` holds `bit` (the words agree with the
                    // cells): clear it there.
                    *r = _mm256_andnot_si256(_mm256_and_si256(lanes, bits), *r);
                }
            }
        }
        Some(0)
    }

    #[inline(always)]
    fn settle(&self, unplaced: [u32; 3]) -> Option<Pending> {
        // SAFETY: the token proves AVX2.
        unsafe {
            let one = _mm256_set1_epi16(1);
            let zero = _mm256_setzero_si256();
            // A band's padding lanes (11..16 of its second register) are 0: read them
            // as full, so that only a square can be the empty lane.
            let padding = _mm256_setr_epi16(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -1);
            let mut least = _mm256_set1_epi16(-1);
            let mut singles = 0;
            for (band, &open) in unplaced.iter().enumerate() {
                let (lo, hi) = (self.0[2 * band], self.0[2 * band + 1]);
                least = _mm256_min_epu16(least, _mm256_min_epu16(lo, _mm256_or_si256(hi, padding)));
                // v & (v - 1) == 0: at most one candidate (an empty square too, but
                // then the answer is `None`).
                let at_most_one = Registers::bits(
                    _mm256_cmpeq_epi16(_mm256_and_si256(lo, _mm256_sub_epi16(lo, one)), zero),
                    _mm256_cmpeq_epi16(_mm256_and_si256(hi, _mm256_sub_epi16(hi, one)), zero),
                );
                singles |= Pending::from(at_most_one & open) << (27 * band);
            }
            // Any square with no candidate left: the smallest lane is 0.
            let empty = _mm256_movemask_epi8(_mm256_cmpeq_epi16(least, zero)) != 0;
            (!empty).then_some(singles)
        }
    }
}
