//! The seam between the band engine and machine code, in the manner of memchr's
//! `arch`: the algorithm (`fast`) is written once over the [`Kernel`] and [`Cells`]
//! traits, and each back-end implements them in a module of its own:
//!
//! ```text
//!   arch/
//!     mod.rs            Backend (the public choice), Kernel and Cells (the contract),
//!                       dispatch (the one match from a Backend to a kernel type)
//!     portable.rs       the cells in memory, plain Rust: every CPU
//!     x86_64/mod.rs     CPU detection, once, and the tokens that prove it
//!     x86_64/avx2.rs    the cells in six 256-bit registers (AVX2, BMI1/2, POPCNT)
//!     x86_64/avx512.rs  the cells in three 512-bit registers (AVX-512F/BW, BMI2)
//!     aarch64/mod.rs    the same for aarch64
//!     aarch64/neon.rs   the cells in twelve 128-bit registers (NEON)
//!     wasm32/mod.rs     the same for wasm32, where the features are fixed when the
//!                       crate is compiled (no run-time detection exists there)
//!     wasm32/simd128.rs the cells in twelve 128-bit registers (WebAssembly SIMD128)
//! ```
//!
//! `unsafe` and `cfg(target_arch)` appear only under this directory. A kernel value is
//! a token: it can only be made where the CPU has the kernel's instructions
//! (`Avx2::new()` is `None` elsewhere), so every `unsafe` intrinsic behind it is
//! reached only on such a CPU. On wasm32 the token stands for a compile-time fact
//! instead: an engine validates a whole module before running any of it, so a module
//! holding SIMD128 instructions only runs where they exist, and the SIMD128 kernel is
//! compiled in exactly when the crate is built with `-C target-feature=+simd128`.
//! [`Kernel::enter`] runs a closure inside a
//! `#[target_feature]` function, and the search calls it at every node, so the whole
//! search (propagation, the digit cuts and MRV, not just the kernel's own methods) is
//! compiled for those instructions.
//!
//! A new back-end is one new file: a kernel type, its [`Cells`], and one arm in
//! [`dispatch`] and [`Backend`]. Every back-end must give the portable one's states
//! step for step (`tests` below, and the whole-search property tests, which loop over
//! [`Backend::available`]).

use core::fmt;
use core::str::FromStr;

#[cfg(target_arch = "aarch64")]
pub(crate) mod aarch64;
pub(crate) mod portable;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(crate) mod wasm32;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;

/// Squares as a set: bit `s` is square `s` (0..81).
pub(crate) type Pending = u128;

/// The 27 squares of a band, as a band word (bit `i`: square `27 * b + i`).
pub(crate) const BAND: u32 = (1 << 27) - 1;

/// The 81 cells in band lanes: band `b`'s 27 squares at lanes `32*b .. 32*b + 27`,
/// lanes 27..32 of each band always 0. A band word (bit `i` = square `27*b + i`) is
/// then a mask of band `b`'s lanes, and a vector back-end loads a band with aligned
/// loads and no masking.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(C, align(64))]
pub(crate) struct Lanes(pub(crate) [u16; 96]);

impl Lanes {
    /// The lane of `square` (0..81).
    #[inline(always)]
    pub(crate) const fn lane(square: usize) -> usize {
        /// `LANE[s]`: the lane of square `s` (a load, not a division).
        const LANE: [u8; 81] = {
            let mut table = [0u8; 81];
            let mut s = 0;
            while s < 81 {
                table[s] = (s / 27 * 32 + s % 27) as u8;
                s += 1;
            }
            table
        };
        LANE[square % 81] as usize
    }

    /// The candidates of `square`.
    #[inline(always)]
    pub(crate) fn get(&self, square: usize) -> u16 {
        self.0[Lanes::lane(square)]
    }

    /// The 81 cells in square order.
    #[inline]
    pub(crate) fn squares(&self) -> [u16; 81] {
        let mut out = [0u16; 81];
        for (band, chunk) in out.chunks_exact_mut(27).enumerate() {
            chunk.copy_from_slice(&self.0[32 * band..32 * band + 27]);
        }
        out
    }
}

/// Which machine code the band engine runs on. Every back-end makes the same
/// deductions in the same order, so answers and statistics do not depend on it;
/// only the speed does.
///
/// ```
/// use bitdoku_solver::Backend;
/// // Auto is always available: the fastest back-end this CPU has.
/// let chosen = Backend::Auto.resolve().unwrap();
/// assert!(chosen.is_available() && chosen != Backend::Auto);
/// assert!(Backend::available().any(|b| b == Backend::Portable));
/// assert_eq!("avx2".parse::<Backend>(), Ok(Backend::Avx2));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[non_exhaustive]
pub enum Backend {
    /// The fastest back-end this CPU has (detected once per process).
    #[default]
    Auto,
    /// Plain Rust, no SIMD: every CPU (this is what ARM and older x86 CPUs run).
    Portable,
    /// x86-64 with AVX2, BMI1, BMI2, POPCNT and LZCNT (Intel Haswell, AMD Zen and
    /// later): the cells in six 256-bit registers.
    Avx2,
    /// x86-64 with AVX-512F, AVX-512BW and BMI2 (Intel Skylake-X, Ice Lake, AMD Zen 4
    /// and later): the cells in three 512-bit registers.
    Avx512,
    /// aarch64 with NEON (every 64-bit ARM CPU): the cells in twelve 128-bit
    /// registers. Chosen by name only: `Auto` stays with portable on aarch64 until
    /// this kernel has been timed on ARM hardware (it is tested, not yet measured).
    Neon,
    /// WebAssembly with SIMD128 (every current browser, Node 16.4 and later): the
    /// cells in twelve 128-bit registers. Available in a module compiled with
    /// `-C target-feature=+simd128` (WebAssembly has no run-time detection: a module
    /// with SIMD128 instructions only loads where they exist), and then `Auto`'s
    /// choice.
    Simd128,
}

impl Backend {
    /// Every back-end: portable first, then by instruction set.
    pub const ALL: [Backend; 5] = [
        Backend::Portable,
        Backend::Avx2,
        Backend::Avx512,
        Backend::Neon,
        Backend::Simd128,
    ];

    /// The name used on the command line and in `--version`: `auto`, `portable`,
    /// `avx2`, `avx512`, `neon`, `simd128`.
    pub const fn name(self) -> &'static str {
        match self {
            Backend::Auto => "auto",
            Backend::Portable => "portable",
            Backend::Avx2 => "avx2",
            Backend::Avx512 => "avx512",
            Backend::Neon => "neon",
            Backend::Simd128 => "simd128",
        }
    }

    /// True if this CPU can run this back-end (`Auto` and `Portable` always can).
    pub fn is_available(self) -> bool {
        match self {
            Backend::Auto | Backend::Portable => true,
            #[cfg(target_arch = "x86_64")]
            Backend::Avx2 => x86_64::Avx2::new().is_some(),
            #[cfg(target_arch = "x86_64")]
            Backend::Avx512 => x86_64::Avx512::new().is_some(),
            #[cfg(not(target_arch = "x86_64"))]
            Backend::Avx2 | Backend::Avx512 => false,
            #[cfg(target_arch = "aarch64")]
            Backend::Neon => aarch64::Neon::new().is_some(),
            #[cfg(not(target_arch = "aarch64"))]
            Backend::Neon => false,
            // A compile-time fact on wasm32 (see the module docs).
            Backend::Simd128 => cfg!(all(target_arch = "wasm32", target_feature = "simd128")),
        }
    }

    /// The concrete back-ends this CPU can run, portable first.
    pub fn available() -> impl Iterator<Item = Backend> {
        Backend::ALL.into_iter().filter(|b| b.is_available())
    }

    /// The fastest back-end this CPU can run, as measured: AVX-512, then AVX2, then
    /// portable on x86-64; SIMD128 in a WebAssembly module built with it (NEON is not
    /// chosen for you yet; see [`Backend::Neon`]).
    pub fn best() -> Backend {
        [Backend::Avx512, Backend::Avx2, Backend::Simd128]
            .into_iter()
            .find(|b| b.is_available())
            .unwrap_or(Backend::Portable)
    }

    /// The back-end a search with this choice runs: `Auto` becomes [`Backend::best`];
    /// a back-end this CPU lacks is `None`. (A search asked for one it lacks runs
    /// [`Backend::best`] instead: the answers are the same.)
    pub fn resolve(self) -> Option<Backend> {
        match self {
            Backend::Auto => Some(Backend::best()),
            b if b.is_available() => Some(b),
            _ => None,
        }
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A back-end name that is not one of `auto`, `portable`, `avx2`, `avx512`, `neon`,
/// `simd128`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownBackend;

impl fmt::Display for UnknownBackend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unknown back-end (expected auto, portable, avx2, avx512, neon or simd128)")
    }
}

impl std::error::Error for UnknownBackend {}

impl FromStr for Backend {
    type Err = UnknownBackend;

    fn from_str(s: &str) -> Result<Backend, UnknownBackend> {
        [Backend::Auto]
            .into_iter()
            .chain(Backend::ALL)
            .find(|b| b.name().eq_ignore_ascii_case(s))
            .ok_or(UnknownBackend)
    }
}

/// A back-end as the engine sees it: where propagation keeps the cells, and the
/// instructions the search is compiled for. A value of the type is the proof that the
/// CPU has them (see the [module docs](self)).
pub(crate) trait Kernel: Copy {
    /// The cells while propagation runs.
    type Cells: Cells;
    /// Runs `f` with the cells loaded from `lanes`, then stores them back.
    fn with_cells<R>(self, lanes: &mut Lanes, f: impl FnOnce(&mut Self::Cells) -> R) -> R;
    /// Runs `f` compiled for this back-end's instructions (inside a
    /// `#[target_feature]` function): whatever `f` inlines gets them too.
    fn enter<R>(self, f: impl FnOnce() -> R) -> R;
    /// The squares of each band that hold value `v` (0 for empty), `[v][band]`.
    #[inline(always)]
    fn givens(self, values: &[u8; 81]) -> [[u32; 3]; 10] {
        let mut given = [[0u32; 3]; 10];
        for (band, values) in values.chunks_exact(27).enumerate() {
            for (i, &v) in values.iter().enumerate() {
                // A grid's values are 0..=9 (`min` keeps the index in bounds for free).
                given[usize::from(v.min(9))][band] |= 1 << i;
            }
        }
        given
    }
    /// The cells of a grid: a given's bit, all nine for an empty square.
    #[inline(always)]
    fn cells_of(self, values: &[u8; 81]) -> Lanes {
        let mut cells = Lanes([0; 96]);
        for (band, values) in values.chunks_exact(27).enumerate() {
            for (lane, &v) in cells.0[32 * band..].iter_mut().zip(values) {
                // No branch: `1 << v >> 1` is 0 for an empty square.
                *lane = (1u16 << v >> 1) | (0x1FF * u16::from(v == 0));
            }
        }
        cells
    }
}

/// The 81 cell masks, as propagation reads and writes them.
pub(crate) trait Cells {
    /// What a batch of singles reads their digits from.
    type Frozen;
    /// The cells as a batch of singles starts. A single's value does not change until
    /// it is taken, so the batch may read a copy taken here, which frees each of its
    /// steps from waiting for the one before.
    fn freeze(&self) -> Self::Frozen;
    /// The candidates of `square` as the batch started.
    fn frozen_get(frozen: &Self::Frozen, live: &Self, square: usize) -> u16;
    /// The (row, box) triad matrix of a band word: bit `3*r + k` set when row `r` has
    /// a square in box `k`.
    #[inline(always)]
    fn triads(word: u32) -> u32 {
        portable::triads(word)
    }
    /// The (band, column) matrix of stack `stack` from `columns` (9 bits per band,
    /// band b at bit 9b: the columns where a digit has a place): bit `3*b + j` set
    /// when band `b` has a place in column `3*stack + j`.
    #[inline(always)]
    fn stack_matrix(columns: u32, stack: usize) -> u32 {
        let t = columns >> (3 * stack) & 0o007_007_007;
        (t & 0o7) | (t >> 6 & 0o70) | (t >> 12 & 0o700)
    }
    /// The candidates of `square` (a vector kernel reads it from a stored copy).
    #[inline(always)]
    fn get(&self, square: usize) -> u16 {
        Self::frozen_get(&self.freeze(), self, square)
    }
    /// Sets the candidates of `square` (a vector kernel sets one lane of
    /// [`Cells::set_all`]).
    #[inline(always)]
    fn set(&mut self, square: usize, value: u16) {
        let mut squares = [0; 3];
        squares[square / 27 % 3] = 1 << (square % 27);
        self.set_all(squares, value);
    }
    /// Sets the candidates of the squares in `squares` (one 27-bit word per band).
    fn set_all(&mut self, squares: [u32; 3], value: u16);
    /// Takes `bit` from the squares in `gone` (one 27-bit word per band; every one of
    /// them holds `bit`): the squares left with at most one candidate (bit `s` =
    /// square `s`), or `None` if the kernel found one left with none. A square left
    /// with none may instead be answered among the others: the batch that takes it
    /// finds it empty (the portable kernel does that, and saves a test per square). A
    /// kernel may leave both to [`Cells::settle`] (and answer `Some(0)`).
    fn lose(&mut self, bit: u16, gone: [u32; 3]) -> Option<Pending>;
    /// What `lose` left unreported since the last call: the squares of `unplaced`
    /// (one 27-bit word per band) left with one candidate, or `None` if any square is
    /// left with none. A square with one candidate that is no longer unplaced has been
    /// (or is being) taken for rule 1 already, so reporting only `unplaced` ones
    /// gives the queue what reporting them in `lose` would have.
    #[inline(always)]
    fn settle(&self, unplaced: [u32; 3]) -> Option<Pending> {
        let _ = unplaced;
        Some(0)
    }
}

/// Something to run with a kernel type chosen at run time.
pub(crate) trait WithKernel {
    /// What it gives.
    type Output;
    /// Runs with `kernel`.
    fn call<K: Kernel>(self, kernel: K) -> Self::Output;
}

/// Runs `f` with the kernel of `backend` (with [`Backend::best`]'s when this CPU lacks
/// it): the one place where a run-time choice becomes a kernel type.
#[inline]
pub(crate) fn dispatch<F: WithKernel>(backend: Backend, f: F) -> F::Output {
    let backend = backend.resolve().unwrap_or_else(Backend::best);
    #[cfg(target_arch = "x86_64")]
    match backend {
        Backend::Avx512 => {
            if let Some(kernel) = x86_64::Avx512::new() {
                return f.call(kernel);
            }
        }
        Backend::Avx2 => {
            if let Some(kernel) = x86_64::Avx2::new() {
                return f.call(kernel);
            }
        }
        _ => {}
    }
    #[cfg(target_arch = "aarch64")]
    if backend == Backend::Neon {
        if let Some(kernel) = aarch64::Neon::new() {
            return f.call(kernel);
        }
    }
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    if backend == Backend::Simd128 {
        if let Some(kernel) = wasm32::Simd128::new() {
            return f.call(kernel);
        }
    }
    let _ = backend;
    f.call(portable::Portable)
}

/// A back-end's instructions, for an engine outside this crate (the 16×16 band
/// engine of `bitdoku-variants`): what [`Isa::enter`] runs, and all that it inlines,
/// is compiled for them. A value is the proof that this CPU has them; only
/// [`with_isa`] makes one.
pub trait Isa: Copy {
    /// Runs `f` inside this back-end's `#[target_feature]` function.
    fn enter<R>(self, f: impl FnOnce() -> R) -> R;
}

impl<K: Kernel> Isa for K {
    #[inline(always)]
    fn enter<R>(self, f: impl FnOnce() -> R) -> R {
        Kernel::enter(self, f)
    }
}

/// Something to run with a back-end's instructions chosen at run time (see
/// [`with_isa`]).
pub trait WithIsa {
    /// What it gives.
    type Output;
    /// Runs with `isa`.
    fn call<I: Isa>(self, isa: I) -> Self::Output;
}

/// Runs `f` with the instructions of `backend` (with [`Backend::best`]'s when this
/// CPU lacks it), chosen as the fast engine's kernel is chosen.
#[inline]
pub fn with_isa<F: WithIsa>(backend: Backend, f: F) -> F::Output {
    struct Through<F>(F);
    impl<F: WithIsa> WithKernel for Through<F> {
        type Output = F::Output;
        #[inline(always)]
        fn call<K: Kernel>(self, kernel: K) -> F::Output {
            self.0.call(kernel)
        }
    }
    dispatch(backend, Through(f))
}

/// Runs `f`, scalar code outside this crate (the general engine of
/// `bitdoku-variants`), with the instructions it gains from: on x86-64 with AVX2, the
/// AVX2 back-end's, for their POPCNT, BMI1/2 and LZCNT (unless `backend` is
/// [`Backend::Portable`]); elsewhere the portable back-end's. So there are two copies
/// of `f` on x86-64 and one elsewhere: AVX-512's wider vectors and WebAssembly's
/// SIMD128 would serve scalar code nothing, and a copy for each would double it (in a
/// WebAssembly module, near its size bound).
#[inline]
pub fn with_scalar_isa<F: WithIsa>(backend: Backend, f: F) -> F::Output {
    #[cfg(target_arch = "x86_64")]
    if backend.resolve() != Some(Backend::Portable) {
        if let Some(kernel) = x86_64::Avx2::new() {
            return f.call(kernel);
        }
    }
    let _ = backend;
    f.call(portable::Portable)
}

#[cfg(test)]
mod tests {
    //! Kernel conformance: every back-end this CPU has against the portable one, step
    //! by step on random consistent cells.
    use super::*;

    /// Random cells for the 96 lanes (padding lanes 0), from a seed.
    fn random_lanes(rng: &mut fastrand::Rng) -> Lanes {
        let mut lanes = Lanes([0; 96]);
        for square in 0..81 {
            // Mostly several candidates, some singles, a few with two.
            lanes.0[Lanes::lane(square)] = match rng.u8(0..10) {
                0 => 1 << rng.u8(0..9),
                1 => (1 << rng.u8(0..9)) | (1 << rng.u8(0..9)),
                _ => rng.u16(1..0x200),
            };
        }
        lanes
    }

    /// The squares of `lanes` that hold `bit`, a random subset of them.
    fn holders(rng: &mut fastrand::Rng, lanes: &Lanes, bit: u16) -> [u32; 3] {
        let mut gone = [0u32; 3];
        for square in 0..81 {
            if lanes.get(square) & bit != 0 && rng.bool() {
                gone[square / 27] |= 1 << (square % 27);
            }
        }
        gone
    }

    /// The squares of `gone` that `lose(bit, gone)` leaves with `n` candidates.
    fn left_with(n: u32, before: &Lanes, bit: u16, gone: [u32; 3]) -> Pending {
        (0..81)
            .filter(|&s| gone[s / 27] >> (s % 27) & 1 == 1)
            .filter(|&s| (before.get(s) & !bit).count_ones() == n)
            .fold(0, |set, s| set | 1 << s)
    }

    /// A sequence of kernel calls on `kernel`, the results and the final cells.
    fn script<K: Kernel>(kernel: K, seed: u64) -> Vec<(u64, u64, [u16; 96])> {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut lanes = random_lanes(&mut rng);
        let mut log = Vec::new();
        for _ in 0..40 {
            let before = lanes;
            let op = rng.u8(0..4);
            let bit = 1u16 << rng.u8(0..9);
            let gone = holders(&mut rng, &before, bit);
            let square = rng.usize(0..81);
            let word = rng.u32(0..1 << 27);
            let (a, b) = kernel.enter(|| {
                kernel.with_cells(&mut lanes, |cells| match op {
                    0 => {
                        // What lose reports and what settle reports after it, together.
                        let open = [BAND, BAND, BAND];
                        let emptied = left_with(0, &before, bit, gone);
                        match cells.lose(bit, gone).zip(cells.settle(open)) {
                            // A square left with none: the kernel says so, or answers
                            // it among the singles, for the batch that takes it.
                            answer if emptied != 0 => {
                                assert!(answer.is_none_or(|(a, b)| (a | b) & emptied == emptied));
                                (0, 0)
                            }
                            Some((a, b)) => {
                                let singles = (a | b) & left_with(1, &before, bit, gone);
                                (singles as u64, (singles >> 64) as u64 | 1 << 63)
                            }
                            None => (0, 0),
                        }
                    }
                    1 => {
                        cells.set_all(gone, bit);
                        (0, 0)
                    }
                    2 => {
                        cells.set(square, bit);
                        (u64::from(cells.get(square)), 0)
                    }
                    _ => {
                        let frozen = cells.freeze();
                        let got = K::Cells::frozen_get(&frozen, cells, square);
                        let stack = K::Cells::stack_matrix(word, square % 3);
                        let tables = K::Cells::triads(word) | stack << 16;
                        (u64::from(got), u64::from(tables))
                    }
                })
            });
            if (a, b) == (0, 0) && op == 0 {
                // A contradiction leaves the cells unspecified: start again.
                lanes = random_lanes(&mut rng);
            }
            log.push((a, b, lanes.0));
        }
        log
    }

    #[test]
    fn every_backend_matches_portable_step_by_step() {
        struct Run(u64);
        impl WithKernel for Run {
            type Output = Vec<(u64, u64, [u16; 96])>;
            fn call<K: Kernel>(self, kernel: K) -> Self::Output {
                script(kernel, self.0)
            }
        }
        let mut checked = 0;
        for backend in Backend::available() {
            for seed in 0..300 {
                let expected = script(portable::Portable, seed);
                let got = dispatch(backend, Run(seed));
                assert_eq!(
                    got, expected,
                    "{backend} differs from portable, seed {seed}"
                );
            }
            checked += 1;
        }
        assert!(checked >= 1);
    }

    #[test]
    fn every_backend_reads_grids_as_portable_does() {
        struct Start([u8; 81]);
        impl WithKernel for Start {
            type Output = ([[u32; 3]; 10], Lanes);
            fn call<K: Kernel>(self, kernel: K) -> Self::Output {
                kernel.enter(|| (kernel.givens(&self.0), kernel.cells_of(&self.0)))
            }
        }
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..2000 {
            let mut values = [0u8; 81];
            for v in &mut values {
                *v = if rng.bool() { 0 } else { rng.u8(0..10) };
            }
            let portable = portable::Portable;
            let expected = (portable.givens(&values), portable.cells_of(&values));
            for backend in Backend::available() {
                assert_eq!(dispatch(backend, Start(values)), expected, "{backend}");
            }
        }
    }

    #[test]
    fn portable_triads_match_definition() {
        for word in (0..1u32 << 27).step_by(997) {
            let mut expected = 0;
            for r in 0..3 {
                for k in 0..3 {
                    if word >> (9 * r + 3 * k) & 7 != 0 {
                        expected |= 1 << (3 * r + k);
                    }
                }
            }
            assert_eq!(portable::triads(word), expected, "{word:#x}");
        }
    }

    #[test]
    fn portable_stack_matrix_matches_definition() {
        for columns in (0..1u32 << 27).step_by(991) {
            for stack in 0..3 {
                let mut expected = 0;
                for b in 0..3 {
                    for j in 0..3 {
                        if columns >> (9 * b + 3 * stack + j) & 1 == 1 {
                            expected |= 1 << (3 * b + j);
                        }
                    }
                }
                let got = <Lanes as Cells>::stack_matrix(columns, stack);
                assert_eq!(got, expected, "{columns:#x} stack {stack}");
            }
        }
    }

    #[test]
    fn simd128_is_there_exactly_when_compiled_in() {
        // WebAssembly's features are fixed when the module is compiled (see the module
        // docs): a build with SIMD128 has its kernel, and Auto picks it.
        let compiled_in = cfg!(all(target_arch = "wasm32", target_feature = "simd128"));
        assert_eq!(Backend::Simd128.is_available(), compiled_in);
        assert_eq!(Backend::best() == Backend::Simd128, compiled_in);
    }

    /// Scalar code runs AVX2's instructions on x86-64 with AVX2, whatever vector
    /// back-end is asked for, and the portable back-end's when asked or elsewhere.
    #[test]
    fn scalar_code_runs_avx2_or_portable() {
        struct Name;
        impl WithIsa for Name {
            type Output = &'static str;
            fn call<I: Isa>(self, _: I) -> &'static str {
                std::any::type_name::<I>()
            }
        }
        assert!(with_scalar_isa(Backend::Portable, Name).ends_with("Portable"));
        let expected = if Backend::Avx2.is_available() {
            "Avx2"
        } else {
            "Portable"
        };
        for asked in [Backend::Auto].into_iter().chain(Backend::available()) {
            if asked != Backend::Portable {
                let ran = with_scalar_isa(asked, Name);
                assert!(ran.ends_with(expected), "{asked}: {ran}");
            }
        }
    }

    #[test]
    fn backend_names_round_trip() {
        for b in [Backend::Auto].into_iter().chain(Backend::ALL) {
            assert_eq!(b.name().parse::<Backend>(), Ok(b));
            assert_eq!(b.to_string(), b.name());
        }
        assert_eq!("sse2".parse::<Backend>(), Err(UnknownBackend));
        assert!(Backend::best().is_available());
        assert_eq!(Backend::Auto.resolve(), Some(Backend::best()));
    }

    #[test]
    fn lanes_layout() {
        let mut lanes = Lanes([0; 96]);
        for s in 0..81 {
            lanes.0[Lanes::lane(s)] = s as u16 + 1;
        }
        let squares = lanes.squares();
        assert!(squares.iter().enumerate().all(|(s, &v)| v == s as u16 + 1));
        for b in 0..3 {
            assert!(lanes.0[32 * b + 27..32 * b + 32].iter().all(|&v| v == 0));
        }
    }
}
