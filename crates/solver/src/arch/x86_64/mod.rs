//! x86-64 back-ends, and the CPU detection that makes their tokens.
//!
//! `std::is_x86_feature_detected!` asks the CPU once per process and caches the
//! answer, so making a token is a load and a test. A token (`Avx2`, `Avx512`) can only
//! be made by its `new`, which checks, so holding one proves the instructions exist:
//! the `# Safety` contract of every `unsafe` block in these modules.

mod avx2;
mod avx512;

/// [`Cells::triads`](crate::arch::Cells::triads) with BMI2: bit `3k` of
/// `word | word >> 1 | word >> 2` is set when the triad starting there has a square,
/// and `pext` packs those nine bits.
///
/// # Safety
///
/// The CPU must have BMI2 (both kernels' tokens prove it).
#[inline(always)]
unsafe fn pext_triads(word: u32) -> u32 {
    // SAFETY: the caller guarantees BMI2.
    unsafe { core::arch::x86_64::_pext_u32(word | word >> 1 | word >> 2, 0o111_111_111) }
}

/// [`Cells::stack_matrix`](crate::arch::Cells::stack_matrix) with BMI2: `pext` packs
/// the stack's three columns of each band.
///
/// # Safety
///
/// The CPU must have BMI2 (both kernels' tokens prove it).
#[inline(always)]
unsafe fn pext_stack(columns: u32, stack: usize) -> u32 {
    // SAFETY: the caller guarantees BMI2.
    unsafe { core::arch::x86_64::_pext_u32(columns, 0o007_007_007 << (3 * (stack % 3))) }
}

/// The AVX2 kernel's token: this CPU has AVX2, BMI1, BMI2, POPCNT and LZCNT.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2(());

impl Avx2 {
    /// The token, if this CPU has the instructions.
    #[inline]
    pub(crate) fn new() -> Option<Avx2> {
        (std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt"))
        .then_some(Avx2(()))
    }
}

/// The AVX-512 kernel's token: this CPU has AVX-512F, AVX-512BW, BMI1, BMI2, POPCNT
/// and LZCNT.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512(());

impl Avx512 {
    /// The token, if this CPU has the instructions.
    #[inline]
    pub(crate) fn new() -> Option<Avx512> {
        (std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("lzcnt"))
        .then_some(Avx512(()))
    }
}
