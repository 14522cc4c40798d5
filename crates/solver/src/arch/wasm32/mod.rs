//! wasm32 back-ends, and the token that proves their instructions.
//!
//! WebAssembly has no run-time feature detection: an engine validates the whole module
//! before it runs any of it, and refuses a module with an instruction it lacks. A
//! SIMD128 instruction anywhere in the module is therefore a promise about every
//! engine that loads it, so the choice is made when the crate is compiled:
//! `-C target-feature=+simd128` sets `target_feature = "simd128"`, which compiles this
//! module in, and then every engine that loads the module has SIMD128 (every current
//! browser, Node 16.4 and later, Wasmtime). Built without it, the module holds no
//! SIMD128 instruction and the portable back-end is the only one.

mod simd128;

/// The SIMD128 kernel's token: the module was compiled with SIMD128, so the engine
/// running it has it (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Simd128(());

impl Simd128 {
    /// The token: always there, since this module exists only in a build with
    /// SIMD128 (the `Option` keeps the shape of the other tokens' `new`).
    #[inline]
    pub(crate) fn new() -> Option<Simd128> {
        Some(Simd128(()))
    }
}
