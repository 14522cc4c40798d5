//! The band engine's cells in three 512-bit registers, for x86-64 CPUs with AVX-512BW
//! and BMI2 (detected at run time; [`available`] says whether this one has them). The
//! only `unsafe` code in the crate is here: the intrinsics, each call reached only
//! through a `#[target_feature]` function that is entered only after [`available`].
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
//! branch per square. Propagation keeps the cells in the registers from start to end
//! and writes them back once.
//!
//! A batch of singles reads its digits from a copy of the registers stored to memory
//! as the batch starts ([`Cells::freeze`]), a plain load per square. Reading the live
//! registers chains each step of the batch to the one before; reading a register copy
//! through a permute was slower than the load (17-clue 121 against 116 ms, forum-hardest
//! 1315 against 1264 ms, medians of 7 and 5 whole-process runs).

use super::{Bands, Cells, Pending, Places, ALL, BAND};
use bitdoku_core::Grid;
use core::arch::x86_64::*;

/// True if this CPU has what the wide path needs (AVX-512F, AVX-512BW and BMI2).
/// `std` caches the answer, so this is a load and a test.
#[inline]
pub(super) fn available() -> bool {
    std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512bw")
        && std::is_x86_feature_detected!("bmi2")
}

/// [`Bands::start`] on the wide path, or `None` if this CPU cannot run it.
#[inline]
pub(super) fn start(grid: &Grid) -> Option<Option<Bands>> {
    // SAFETY: the CPU has the features `start_wide` enables.
    available().then(|| unsafe { start_wide(grid) })
}

/// `Places::propagate` on the wide path, the cells loaded into registers and stored
/// back; `None` if this CPU cannot run it.
#[inline]
pub(super) fn propagate(bands: &mut Bands, queue: Pending, changed: u16) -> Option<bool> {
    // SAFETY: the CPU has the features `propagate_wide` enables.
    available().then(|| unsafe { propagate_wide(bands, queue, changed) })
}

#[target_feature(enable = "avx512f,avx512bw,bmi2")]
fn start_wide(grid: &Grid) -> Option<Bands> {
    let p = grid.values().as_ptr() as *const i8;
    // given[v][b]: the squares of band b that hold value v (0 for empty).
    let mut given = [[0u32; 3]; 10];
    for band in 0..3 {
        // SAFETY: a masked load of the 27 bytes at offset 0, 27 or 54 of an 81-byte
        // array touches only those bytes.
        let bytes = unsafe { _mm512_maskz_loadu_epi8(u64::from(BAND), p.add(27 * band)) };
        for (v, given) in given.iter_mut().enumerate() {
            let eq = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(v as i8));
            given[band] = eq as u32 & BAND;
        }
    }
    // Each digit's places: its givens and the empty squares. The givens are queued
    // for rule 1 like any single.
    let mut words = [0u32; 27];
    for d in 0..9 {
        for band in 0..3 {
            words[3 * d + band] = given[0][band] | given[d + 1][band];
        }
    }
    let mut queue = Pending::from(BAND & !given[0][0])
        | Pending::from(BAND & !given[0][1]) << 27
        | Pending::from(BAND & !given[0][2]) << 54;
    // The cells from the words.
    let mut registers = Registers([_mm512_setzero_si512(); 3]);
    for band in 0..3 {
        let mut cells = _mm512_setzero_si512();
        for d in 0..9 {
            let bit = _mm512_maskz_set1_epi16(words[3 * d + band], 1 << d);
            cells = _mm512_or_si512(cells, bit);
        }
        registers.0[band] = cells;
    }
    let mut bands = Bands {
        cells: [0; 81],
        places: Places {
            words,
            unplaced: given[0],
        },
        wide: true,
    };
    let ok = bands.places.propagate(&mut registers, &mut queue, ALL);
    registers.store(&mut bands.cells);
    ok.then_some(bands)
}

#[target_feature(enable = "avx512f,avx512bw,bmi2")]
fn propagate_wide(bands: &mut Bands, mut queue: Pending, changed: u16) -> bool {
    let mut registers = Registers::load(&bands.cells);
    let ok = bands.places.propagate(&mut registers, &mut queue, changed);
    registers.store(&mut bands.cells);
    ok
}

/// The 81 cells, one band per register; see the [module docs](self). Its methods are
/// `#[inline(always)]` and only ever inlined into the `#[target_feature]` functions
/// above, which is what makes their intrinsics sound.
#[derive(Clone, Copy)]
struct Registers([__m512i; 3]);

impl Registers {
    #[inline(always)]
    fn load(cells: &[u16; 81]) -> Registers {
        let p = cells.as_ptr() as *const i16;
        // SAFETY: masked loads of 27 lanes at offsets 0, 27 and 54 of an 81-lane array
        // touch only those lanes; AVX-512BW as in the type's docs.
        unsafe {
            Registers([
                _mm512_maskz_loadu_epi16(BAND, p),
                _mm512_maskz_loadu_epi16(BAND, p.add(27)),
                _mm512_maskz_loadu_epi16(BAND, p.add(54)),
            ])
        }
    }

    #[inline(always)]
    fn store(&self, cells: &mut [u16; 81]) {
        let p = cells.as_mut_ptr() as *mut i16;
        // SAFETY: as for `load`, with masked stores.
        unsafe {
            _mm512_mask_storeu_epi16(p, BAND, self.0[0]);
            _mm512_mask_storeu_epi16(p.add(27), BAND, self.0[1]);
            _mm512_mask_storeu_epi16(p.add(54), BAND, self.0[2]);
        }
    }

    /// The lane of `square` in a stored copy: band `b` at 32 * `b`.
    #[inline(always)]
    fn lane(square: usize) -> usize {
        (square / 27 * 32 + square % 27) % 96
    }
}

impl Cells for Registers {
    type Frozen = [u16; 96];

    #[inline(always)]
    fn freeze(&self) -> [u16; 96] {
        let mut out = [0u16; 96];
        let p = out.as_mut_ptr() as *mut __m512i;
        // SAFETY: three unaligned 64-byte stores fill the 192-byte array exactly.
        unsafe {
            _mm512_storeu_si512(p, self.0[0]);
            _mm512_storeu_si512(p.add(1), self.0[1]);
            _mm512_storeu_si512(p.add(2), self.0[2]);
        }
        out
    }

    #[inline(always)]
    fn frozen_get(frozen: &[u16; 96], _: &Self, square: usize) -> u16 {
        frozen[Registers::lane(square)]
    }

    #[inline(always)]
    fn triads(word: u32) -> u32 {
        // Bit 3k of `word | word >> 1 | word >> 2` is set when the triad starting there
        // has a square; `pext` packs those nine bits.
        // SAFETY: BMI2 as in the type's docs.
        unsafe { _pext_u32(word | word >> 1 | word >> 2, 0o111_111_111) }
    }

    #[inline(always)]
    fn get(&self, square: usize) -> u16 {
        self.freeze()[Registers::lane(square)]
    }

    #[inline(always)]
    fn set(&mut self, square: usize, value: u16) {
        let mut squares = [0; 3];
        squares[(square / 27) % 3] = 1 << (square % 27);
        self.set_all(squares, value);
    }

    #[inline(always)]
    fn set_all(&mut self, squares: [u32; 3], value: u16) {
        // SAFETY: AVX-512BW as in the type's docs.
        unsafe {
            let v = _mm512_set1_epi16(value as i16);
            for (band, &lanes) in squares.iter().enumerate() {
                self.0[band] = _mm512_mask_mov_epi16(self.0[band], lanes, v);
            }
        }
    }

    #[inline(always)]
    fn lose(&mut self, bit: u16, gone: [u32; 3]) -> Option<Pending> {
        // SAFETY: AVX-512BW as in the type's docs.
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
