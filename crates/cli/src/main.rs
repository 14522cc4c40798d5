//! `bitdoku`: the command line. A thin layer over `bitdoku-core` and
//! `bitdoku-solver`: arguments, files and stdin, output, exit status.
//!
//! Exit status: 0 when every puzzle was solved (or, for `count`, has exactly one
//! solution), 1 when any was not or an input held no puzzle, 2 for usage errors and
//! unreadable inputs. A closed
//! output pipe (`bitdoku solve big.txt | head`) ends the run quietly.

mod args;
mod bench;
mod explain;
mod generate;
mod input;
mod progress;
mod rate;
mod run;
mod show;

use args::{Cli, Command};
use std::io::{self, Write};
use std::process::ExitCode;

/// `bitdoku --version`: the version and the solving back-ends of this CPU.
fn version() -> &'static str {
    use bitdoku_solver::Backend;
    let available: Vec<&str> = Backend::available().map(Backend::name).collect();
    let text = format!(
        "{} (solver back-end: {}; this CPU has {})",
        env!("CARGO_PKG_VERSION"),
        Backend::best(),
        available.join(", ")
    );
    // Made once per process, for clap's `&'static str`.
    Box::leak(text.into_boxed_str())
}

fn main() -> ExitCode {
    use clap::{CommandFactory, FromArgMatches};
    let matches = Cli::command().version(version()).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    match execute(cli) {
        Ok(code) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("bitdoku: {e}");
            ExitCode::from(2)
        }
    }
}

/// Runs `f` with buffered stdout; its result is the exit code.
fn with_stdout(f: impl FnOnce(&mut dyn Write) -> io::Result<u8>) -> io::Result<ExitCode> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let code = f(&mut out)?;
    out.flush()?;
    Ok(ExitCode::from(code))
}

fn execute(cli: Cli) -> io::Result<ExitCode> {
    let (run_args, task) = match cli.command {
        Command::Solve(r) => (r, run::Task::Solve),
        Command::Count(c) => {
            let limit = usize::try_from(c.limit).unwrap_or(usize::MAX);
            (c.run, run::Task::Count(limit))
        }
        Command::Bench(b) => return bench::bench(&b),
        Command::Show(s) => return with_stdout(|out| show::show(&s.puzzles, out)),
        Command::Generate(g) => return with_stdout(|out| generate::run(&g, out)),
        Command::Rate(r) => return with_stdout(|out| rate::run(&r, out)),
        Command::Explain(e) => return with_stdout(|out| explain::run(&e, out)),
        Command::Completions { shell } => {
            use clap::CommandFactory;
            let mut out = io::stdout().lock();
            clap_complete::generate(shell, &mut Cli::command(), "bitdoku", &mut out);
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    let threads = match run_args.threads {
        Some(n) => n as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let backend = if run_args.no_simd {
        bitdoku_solver::Backend::Portable
    } else {
        run_args.backend
    };
    if backend.resolve().is_none() {
        use bitdoku_solver::Backend;
        let available: Vec<&str> = Backend::available().map(Backend::name).collect();
        eprintln!(
            "bitdoku: this CPU cannot run the {backend} back-end (it has: auto, {})",
            available.join(", ")
        );
        return Ok(ExitCode::from(2));
    }
    let settings = run::Settings {
        task,
        format: run_args.format,
        threads,
        max_guesses: run_args.max_guesses,
        timeout: run_args.timeout,
        backend,
        stats: run_args.stats,
        quiet: run_args.quiet,
        norvig: (run_args.solver == args::SolverChoice::Norvig).then(bitdoku_norvig::Norvig::new),
    };
    let inputs = if run_args.files.is_empty() {
        vec!["-".to_string()]
    } else {
        run_args.files
    };
    let started = std::time::Instant::now();
    // Not locked: the batch loop writes from a pool thread. Buffered, so the lock is
    // taken once per 64 KiB.
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout());
    let totals = run::run(&inputs, &settings, &mut out)?;
    out.flush()?;
    if let (run::Task::Count(limit), false) = (settings.task, settings.quiet) {
        let mut line = format!(
            "bitdoku: counted {} puzzle{}: {} unique, {} multiple, {} none",
            totals.puzzles,
            if totals.puzzles == 1 { "" } else { "s" },
            totals.good,
            totals.multiple,
            totals.none
        );
        if totals.invalid > 0 {
            line += &format!(", {} invalid", totals.invalid);
        }
        if totals.gave_up > 0 {
            line += &format!(", {} gave up or timed out", totals.gave_up);
        }
        eprintln!("{line} (limit {limit}).");
    }
    if settings.stats {
        let n = totals.puzzles.max(1) as f64;
        let avg = totals.secs / n;
        let hz = if avg > 0.0 { 1.0 / avg } else { 0.0 };
        let verb = match settings.task {
            run::Task::Solve => "Solved",
            run::Task::Count(_) => "Unique:",
        };
        eprintln!(
            "{verb} {} of {} puzzles (avg {avg:.4} secs ({hz:.0} Hz), max {:.4} secs).",
            totals.good, totals.puzzles, totals.max_secs
        );
        eprintln!(
            "{} guesses ({:.2} per puzzle), {:.3} s wall time, {} thread{}, back-end {}.",
            totals.guesses,
            totals.guesses as f64 / n,
            started.elapsed().as_secs_f64(),
            settings.threads,
            if settings.threads == 1 { "" } else { "s" },
            if settings.norvig.is_some() {
                "n/a (norvig)"
            } else {
                settings.backend.resolve().map_or("?", |b| b.name())
            }
        );
    }
    Ok(if totals.unreadable > 0 {
        ExitCode::from(2)
    } else if totals.good == totals.puzzles && totals.empty == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
