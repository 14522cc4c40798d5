//! aarch64 back-ends, and the CPU detection that makes their tokens.
//!
//! `std::arch::is_aarch64_feature_detected!` asks once per process and caches the
//! answer. A token (`Neon`) can only be made by its `new`, which checks, so holding one
//! proves the instructions exist: the `# Safety` contract of every `unsafe` block in
//! these modules. (Every aarch64 CPU that runs Linux, macOS or Windows has NEON; the
//! check costs a load.)

mod neon;

/// The NEON kernel's token: this CPU has Advanced SIMD (NEON).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Neon(());

impl Neon {
    /// The token, if this CPU has the instructions.
    #[inline]
    pub(crate) fn new() -> Option<Neon> {
        std::arch::is_aarch64_feature_detected!("neon").then_some(Neon(()))
    }
}
