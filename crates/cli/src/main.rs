//! `bitdoku`: the command line. A thin layer over `bitdoku-core` and
//! `bitdoku-solver`: arguments, files and stdin, output, exit status.
//!
//! Every subcommand reads its puzzle arguments through [`puzzles`] and the one input
//! loop ([`input::Inputs`]), says everything on stderr through [`messages`] (which also
//! owns the exit-status policy), and reports each record as a [`status::Status`].
//! `solve`, `count` and `rate` run through [`pipeline`] (chunks, or one record at a time
//! with `--line-buffered`), each record's work in [`work`] and its output record in
//! [`output`]; the others through [`each`], one record at a time.

mod args;
mod backend;
mod bench;
mod canon;
mod each;
mod enumerate;
mod explain;
mod generate;
mod generate_general;
mod hint;
mod input;
mod messages;
mod minimize;
mod output;
mod pipeline;
mod progress;
mod puzzles;
mod show;
mod signals;
mod status;
mod threads;
mod work;

use args::{Budget, Cli, Command, NoGuesses, Records, Report, Search, SolverChoice};
use bitdoku_solver::Options;
use clap::{CommandFactory, FromArgMatches};
use messages::{EXIT_OK, EXIT_USAGE, EXIT_WRITE};
use std::io::{self, IsTerminal, Write};
use std::os::fd::AsFd;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

fn main() -> ExitCode {
    let cli = parse();
    if stdout_is_closed() {
        messages::error("stdout is closed: nowhere to write the output");
        return ExitCode::from(EXIT_WRITE);
    }
    ExitCode::from(match execute(cli) {
        Ok(code) => code,
        Err(e) => messages::exit_for_error(&e),
    })
}

/// The arguments: a repeated option takes its last value (so an alias in a shell
/// profile can be overridden), and `--version` names the solving back-end.
fn parse() -> Cli {
    let version = backend::version();
    let command = Cli::command()
        .args_override_self(true)
        .mut_subcommands(|s| s.args_override_self(true))
        .version(&*Box::leak(version.into_boxed_str()));
    let mut matches = command.get_matches();
    Cli::from_arg_matches_mut(&mut matches).unwrap_or_else(|e| e.exit())
}

/// Set before `main` when file descriptor 1 was not open (`bitdoku solve FILE >&-`):
/// Rust's runtime then opens `/dev/null` in its place before `main`, and every write
/// would vanish without an error, so the check runs earlier, as an ELF constructor.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Runs before Rust's runtime starts (see [`STDOUT_CLOSED`]).
extern "C" fn check_stdout_open() {
    use nix::fcntl::{fcntl, FcntlArg};
    let closed = fcntl(io::stdout().as_fd(), FcntlArg::F_GETFD) == Err(nix::errno::Errno::EBADF);
    STDOUT_CLOSED.store(closed, Ordering::Relaxed);
}

/// The constructor: ELF runs `.init_array` entries before `main` (and so before Rust's
/// runtime replaces a closed stdout).
#[cfg(any(target_os = "linux", target_os = "android", target_os = "freebsd"))]
#[used]
#[link_section = ".init_array"]
static CHECK_STDOUT_OPEN: extern "C" fn() = check_stdout_open;

/// True when file descriptor 1 was not open when the process started.
fn stdout_is_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

/// Runs `f` with buffered stdout; its result is the exit code.
fn with_stdout(f: impl FnOnce(&mut dyn Write) -> io::Result<u8>) -> io::Result<u8> {
    let stdout = io::stdout();
    let mut out = Marked(io::BufWriter::with_capacity(1 << 16, stdout.lock()));
    let code = f(&mut out)?;
    out.flush()?;
    Ok(code)
}

/// A writer whose errors are marked as errors of writing the output.
pub struct Marked<W>(pub W);

impl<W: Write> Write for Marked<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(messages::write_error)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.write_all(buf).map_err(messages::write_error)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(messages::write_error)
    }
}

fn execute(cli: Cli) -> io::Result<u8> {
    match cli.command {
        Command::Solve(a) => run(
            &a.records,
            Some(&a.search),
            &a.search.budget,
            a.format,
            work::Task::Solve,
        ),
        Command::Count(a) => {
            let limit = usize::try_from(a.limit).unwrap_or(usize::MAX).max(1);
            run(
                &a.records,
                Some(&a.search),
                &a.search.budget,
                a.format,
                work::Task::Count(limit),
            )
        }
        Command::Candidates(a) => {
            let limit = a.limit.map_or(usize::MAX, |l| {
                usize::try_from(l).unwrap_or(usize::MAX).max(1)
            });
            run_with(
                &a.records,
                None,
                a.max_guesses,
                &a.budget,
                a.format,
                work::Task::Candidates(limit),
            )
        }
        Command::Rate(a) => match refuse_guesses("rate", &a.no_guesses) {
            Some(code) => Ok(code),
            None => run(&a.records, None, &a.budget, a.format, work::Task::Rate),
        },
        Command::Hint(a) => match refuse_guesses("hint", &a.no_guesses) {
            Some(code) => Ok(code),
            None => {
                report(&a.report);
                let threads = threads::clamp(a.threads.threads);
                with_stdout(|out| hint::run(&a, threads, out))
            }
        },
        Command::Explain(a) => {
            report(&a.report);
            with_stdout(|out| explain::run(&a, out))
        }
        Command::Show(a) => {
            report(&a.report);
            let threads = threads::clamp(a.threads.threads);
            with_stdout(|out| show::run(&a, threads, out))
        }
        Command::Minimize(a) => {
            report(&a.report);
            let threads = threads::clamp(a.threads.threads);
            with_stdout(|out| minimize::run(&a, threads, out))
        }
        Command::Enumerate(a) => {
            report(&a.report);
            with_stdout(|out| enumerate::run(&a, out))
        }
        Command::Bench(a) => with_stdout(|out| bench::run(&a, out)),
        Command::Canon(a) => {
            report(&a.report);
            let threads = threads::clamp(a.threads.threads);
            with_stdout(|out| canon::run(&a, threads, out))
        }
        Command::Generate(a) => {
            messages::set_quiet(a.quiet);
            let threads = threads::clamp(a.threads.threads);
            with_stdout(|out| generate::run(&a, threads, out))
        }
        Command::Completions { shell } => {
            // Into a buffer first: clap_complete panics on a write error.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "bitdoku", &mut script);
            with_stdout(|out| out.write_all(&script).map(|()| EXIT_OK))
        }
    }
}

/// `--quiet` for the rest of the run.
fn report(report: &Report) {
    messages::set_quiet(report.quiet);
}

/// Refuses `--max-guesses` where nothing guesses (`rate`, `hint`): the exit code, or
/// `None` when it was not given.
fn refuse_guesses(subcommand: &str, no: &NoGuesses) -> Option<u8> {
    no.max_guesses?;
    messages::error(format_args!(
        "{subcommand} takes no --max-guesses: a solve path is deductions only, no guesses; \
         bound it with --timeout or --cpu-timeout"
    ));
    Some(EXIT_USAGE)
}

/// `solve`, `count` and `rate`: the records' pipeline. `search` is the solver and its
/// guess budget (none for `rate`, which does not search); `budget` the time budgets.
fn run(
    records: &Records,
    search: Option<&Search>,
    budget: &Budget,
    format: args::Format,
    task: work::Task,
) -> io::Result<u8> {
    let max_guesses = search.and_then(|s| s.max_guesses);
    run_with(records, search, max_guesses, budget, format, task)
}

/// [`run`] with the guess budget given apart (`candidates` has one, but no solver
/// choice).
fn run_with(
    records: &Records,
    search: Option<&Search>,
    max_guesses: Option<u64>,
    budget: &Budget,
    format: args::Format,
    task: work::Task,
) -> io::Result<u8> {
    report(&records.report);
    let norvig = search.is_some_and(|s| s.solver == SolverChoice::Norvig);
    if let Some(search) = search.filter(|_| norvig) {
        let budgets = [
            (search.max_guesses.is_some(), "--max-guesses"),
            (budget.timeout.is_some(), "--timeout"),
            (budget.cpu_timeout.is_some(), "--cpu-timeout"),
        ];
        if let Some((_, flag)) = budgets.iter().find(|(asked, _)| *asked) {
            messages::error(format_args!(
                "--solver norvig takes no budget ({flag}): its search cannot be stopped \
                 part-way; use the bitset solver"
            ));
            return Ok(EXIT_USAGE);
        }
    }
    let chosen = search.map_or(Ok(bitdoku_solver::Backend::Auto), |s| {
        backend::chosen(s.backend, s.no_simd)
    });
    let backend = match chosen {
        Ok(backend) => backend,
        Err(message) => {
            messages::error(message);
            return Ok(EXIT_USAGE);
        }
    };
    let inputs = puzzles::or_stdin(&records.puzzles.puzzles);
    let how = pipeline::Plan {
        threads: threads::clamp(records.threads.threads),
        line_buffered: records.line_buffered
            || (inputs.iter().any(|i| i == "-") && io::stdin().is_terminal()),
        quiet: records.report.quiet,
        settings: records.puzzles.settings(),
    };
    let job = work::Job {
        task,
        options: Options::default()
            .with_max_guesses(max_guesses)
            .with_time_limit(budget.timeout)
            .with_backend(backend),
        cpu_timeout: budget.cpu_timeout,
        timed: records.stats,
        norvig: norvig.then(bitdoku_norvig::Norvig::new),
    };
    let writer = output::Writer {
        format: records.format(format),
        task,
        stats: records.stats,
        counts_guesses: !norvig && task != work::Task::Rate,
        timeout: budget.timeout,
    };
    let started = std::time::Instant::now();
    // Not locked: the chunk loop writes from a pool thread. Buffered, so the lock is
    // taken once per 64 KiB.
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout());
    let totals = pipeline::run(&inputs, &job, &writer, &how, &mut out)?;
    out.flush().map_err(messages::write_error)?;
    if signals::interrupted() {
        return Ok(messages::exit_code(&totals, records.report.exit_zero));
    }
    if let work::Task::Count(limit) = task {
        messages::count_summary(&totals, limit);
    }
    if records.stats {
        messages::summary(
            &totals,
            &messages::Summary {
                verb: match task {
                    work::Task::Solve => "Solved",
                    work::Task::Count(_) => "Unique:",
                    work::Task::Rate => "Rated",
                    work::Task::Candidates(_) => "Unique:",
                },
                wall_secs: started.elapsed().as_secs_f64(),
                threads: if how.line_buffered { 1 } else { how.threads },
                counts_guesses: writer.counts_guesses,
                solver: if norvig {
                    "norvig"
                } else if task == work::Task::Rate {
                    "steps"
                } else {
                    backend::name(backend)
                },
            },
        );
    }
    Ok(messages::exit_code(&totals, records.report.exit_zero))
}
