//! The AVX-512 back-end: the cells in three 512-bit registers, one band each (x86-64
//! with AVX-512F, AVX-512BW and BMI2).
//!
//! ```text
//!   register b (b = 0, 1, 2): the 27 squares of band b in 16-bit lanes 0..27
//!     lane:   0    1    2  ...  26 | 27 .. 31
//!     cell: s27b s27b+1       s27b+26 | unused (0)
//! ```
//!
//! A band word (bit `i` = square `27*b + i`) is then a lane mask, so taking a digit
//! from every square of a band that lost it is one masked subtract, and the squares
//! left with one candidate come back as a mask: no walk over the squares, and no
//! branch per square. The registers are [`Lanes`] as they are in memory, so loading
//! and storing them is three aligned moves.
//!
//! A batch of singles reads its digits from a copy of the registers stored to memory
//! as the batch starts ([`Cells::freeze`]), a plain load per square: reading the live
//! registers chains each step of the batch to the one before.

use super::Avx512;
use crate::arch::{Cells, Kernel, Lanes, Pending, BAND};
use core::arch::x86_64::*;

#[target_feature(enable = "avx512f,avx512bw,bmi1,bmi2,popcnt,lzcnt")]
fn inside<R>(f: impl FnOnce() -> R) -> R {
    f()
}

impl Kernel for Avx512 {
    type Cells = Registers;

    #[inline(always)]
    fn with_cells<R>(self, lanes: &mut Lanes, f: impl FnOnce(&mut Registers) -> R) -> R {
        let p = lanes.0.as_mut_ptr() as *mut __m512i;
        // SAFETY: `Lanes` is 192 bytes aligned to 64: three aligned 64-byte loads and
        // stores cover it exactly; the token proves AVX-512F.
        unsafe {
            let mut registers = Registers(
                [
                    _mm512_load_si512(p),
                    _mm512_load_si512(p.add(1)),
                    _mm512_load_si512(p.add(2)),
                ],
                self,
            );
            let out = f(&mut registers);
            _mm512_store_si512(p, registers.0[0]);
            _mm512_store_si512(p.add(1), registers.0[1]);
            _mm512_store_si512(p.add(2), registers.0[2]);
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
        let p = values.as_ptr() as *const i8;
        let mut given = [[0u32; 3]; 10];
        for band in 0..3 {
            // SAFETY: a masked load of the 27 bytes at offset 0, 27 or 54 of an 81-byte
            // array touches only those bytes; the token proves AVX-512BW.
            unsafe {
                let bytes = _mm512_maskz_loadu_epi8(u64::from(BAND), p.add(27 * band));
                for (v, given) in given.iter_mut().enumerate() {
                    let eq = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(v as i8));
                    given[band] = eq as u32 & BAND;
                }
            }
        }
        given
    }
}

/// The 81 cells, one band per register; see the [module docs](self). It holds the
/// token, so it exists only on a CPU with AVX-512.
#[derive(Clone, Copy)]
pub(crate) struct Registers([__m512i; 3], Avx512);

impl Cells for Registers {
    type Frozen = Lanes;

    #[inline(always)]
    fn freeze(&self) -> Lanes {
        let mut out = Lanes([0; 96]);
        let p = out.0.as_mut_ptr() as *mut __m512i;
        // SAFETY: three aligned 64-byte stores fill the 192-byte `Lanes` exactly.
        unsafe {
            _mm512_store_si512(p, self.0[0]);
            _mm512_store_si512(p.add(1), self.0[1]);
            _mm512_store_si512(p.add(2), self.0[2]);
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
        // SAFETY: the token proves AVX-512BW.
        unsafe {
            let v = _mm512_set1_epi16(value as i16);
            for (band, &lanes) in squares.iter().enumerate() {
                self.0[band] = _mm512_mask_mov_epi16(self.0[band], lanes, v);
            }
        }
    }

    #[inline(always)]
    fn lose(&mut self, bit: u16, gone: [u32; 3]) -> Option<Pending> {
        // SAFETY: the token proves AVX-512BW.
        unsafe {
            let bits = _mm512_set1_epi16(bit as i16);
            let one = _mm512_set1_epi16(1);
            let mut singles = 0;
            let mut empty = 0u32;
            for (band, &lanes) in gone.iter().enumerate() {
                let v = self.0[band];
                // Every lane in `lanes` holds `bit` (the words agree with the cells),
                // so subtracting it clears it.
                debug_assert_eq!(_mm512_mask_test_epi16_mask(lanes, v, bits), lanes);
                let left = _mm512_mask_sub_epi16(v, lanes, v, bits);
                self.0[band] = left;
                let dec = _mm512_sub_epi16(left, one);
                // Lanes at most one candidate, and lanes with none: the first also
                // holds the emptied lanes, but then the answer is `None`.
                let single = _mm512_mask_testn_epi16_mask(lanes, left, dec);
                empty |= _mm512_mask_testn_epi16_mask(lanes, left, left);
                singles |= Pending::from(single) << (27 * band);
            }
            (empty == 0).then_some(singles)
        }
    }
}
