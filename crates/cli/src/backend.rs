//! Which solving back-end a run uses, for `--backend`, `--version` and `--stats`: the
//! one place that says it. (The back-ends themselves, and the CPU detection, are the
//! solver's: `bitdoku_solver::Backend`.)

use bitdoku_solver::Backend;

/// The back-end a run asked for (`--backend`, or `--no-simd` for portable), checked
/// against this CPU. `Auto` stays `Auto`: each engine takes its own fastest (the
/// 16×16 band engine's is not the 9×9 engine's). One the CPU lacks is a usage error,
/// whose message names those it has.
pub fn chosen(asked: Backend, no_simd: bool) -> Result<Backend, String> {
    let asked = if no_simd { Backend::Portable } else { asked };
    asked.resolve().map(|_| asked).ok_or_else(|| {
        format!(
            "this CPU cannot run the {asked} back-end (it has {}; auto picks {})",
            available(),
            Backend::best()
        )
    })
}

/// `bitdoku --version`: the version, the back-end a run uses by default, and those
/// this CPU can run.
pub fn version() -> String {
    format!(
        "{} (solver back-end: {}; this CPU has {})",
        env!("CARGO_PKG_VERSION"),
        Backend::best(),
        available()
    )
}

/// The back-ends this CPU can run, as `portable, avx2`.
fn available() -> String {
    Backend::available()
        .map(Backend::name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The name of the back-end a classic 9×9 runs for `chosen`, for the summary.
pub fn name(chosen: Backend) -> &'static str {
    chosen.resolve().unwrap_or(chosen).name()
}
