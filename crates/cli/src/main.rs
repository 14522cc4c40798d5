//! `bitdoku`: the command line. A thin layer over `bitdoku-core` and
//! `bitdoku-solver`: arguments, files and stdin, output, exit status.
//!
//! Every subcommand reads its puzzle arguments through [`puzzles`], says everything on
//! stderr through [`messages`] (which also owns the exit-status policy), and reports
//! each record as a [`status::Status`]. `solve`, `count` and `rate` run through
//! [`pipeline`] (batches, or one record at a time with `--line-buffered`), each record's
//! work in [`work`] and its output record in [`output`].

mod args;
mod backend;
mod bench;
mod canon;
mod each;
mod enumerate;
mod explain;
mod generate;
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
mod work;

use args::{Cli, Command, SolverChoice};
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
    let matches = command.get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
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

/// Threads to use: as asked, but no more than the CPUs there are (more threads only
/// wait for a CPU, and rayon's idle workers spin before they sleep).
fn threads(asked: Option<u32>) -> usize {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    match asked {
        None => cpus,
        Some(n) if n as usize > cpus => {
            messages::note(format_args!(
                "--threads {n}: using {cpus}, the number of CPUs"
            ));
            cpus
        }
        Some(n) => n as usize,
    }
}

fn execute(cli: Cli) -> io::Result<u8> {
    let (run_args, task) = match cli.command {
        Command::Solve(r) => (r, work::Task::Solve),
        Command::Count(c) => {
            let limit = usize::try_from(c.limit).unwrap_or(usize::MAX);
            (c.run, work::Task::Count(limit))
        }
        Command::Rate(r) => (r.run, work::Task::Rate),
        Command::Bench(b) => return bench::bench(&b),
        Command::Show(s) => return with_stdout(|out| show::show(&s.puzzles, s.pencilmarks, out)),
        Command::Minimize(m) => return with_stdout(|out| minimize::run(&m, out)),
        Command::Enumerate(e) => return with_stdout(|out| enumerate::run(&e, out)),
        Command::Canon(c) => {
            let threads = threads(c.threads);
            return with_stdout(|out| canon::run(&c, threads, out));
        }
        Command::Generate(g) => {
            messages::set_quiet(g.quiet);
            let threads = threads(g.threads);
            return with_stdout(|out| generate::run(&g, threads, out));
        }
        Command::Explain(e) => return with_stdout(|out| explain::run(&e, out)),
        Command::Completions { shell } => {
            // Into a buffer first: clap_complete panics on a write error.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "bitdoku", &mut script);
            return with_stdout(|out| out.write_all(&script).map(|()| EXIT_OK));
        }
    };
    run(run_args, task)
}

/// `solve`, `count` and `rate`.
fn run(args: args::Run, task: work::Task) -> io::Result<u8> {
    messages::set_quiet(args.quiet);
    let norvig = args.solver == SolverChoice::Norvig;
    let budgets = [
        (args.max_guesses.is_some(), "--max-guesses"),
        (args.timeout.is_some(), "--timeout"),
        (args.cpu_timeout.is_some(), "--cpu-timeout"),
    ];
    if norvig {
        if let Some((_, flag)) = budgets.iter().find(|(asked, _)| *asked) {
            messages::error(format_args!(
                "--solver norvig takes no budget ({flag}): its search cannot be stopped \
                 part-way; use the bitset solver"
            ));
            return Ok(EXIT_USAGE);
        }
        if task == work::Task::Rate {
            messages::error("rate works with the bitset solver only (--solver bitset)");
            return Ok(EXIT_USAGE);
        }
    }
    if task == work::Task::Rate {
        if let Some((_, flag)) = budgets[1..].iter().find(|(asked, _)| *asked) {
            messages::error(format_args!(
                "rate takes --max-guesses as its budget, not {flag}"
            ));
            return Ok(EXIT_USAGE);
        }
    }
    let backend = match backend::chosen(args.backend, args.no_simd) {
        Ok(backend) => backend,
        Err(message) => {
            messages::error(message);
            return Ok(EXIT_USAGE);
        }
    };
    let inputs = puzzles::or_stdin(&args.files);
    let how = pipeline::Run {
        threads: threads(args.threads),
        line_buffered: args.line_buffered
            || (inputs.iter().any(|i| i == "-") && io::stdin().is_terminal()),
        quiet: args.quiet,
    };
    let settings = work::Settings {
        task,
        max_guesses: args.max_guesses,
        timeout: args.timeout,
        cpu_timeout: args.cpu_timeout,
        backend,
        timed: args.stats,
        norvig: norvig.then(bitdoku_norvig::Norvig::new),
    };
    let writer = output::Writer {
        format: args.format(),
        task,
        stats: args.stats,
        counts_guesses: !norvig,
        timeout: args.timeout,
    };
    signals::watch();
    let started = std::time::Instant::now();
    // Not locked: the batch loop writes from a pool thread. Buffered, so the lock is
    // taken once per 64 KiB.
    let mut out = io::BufWriter::with_capacity(1 << 16, io::stdout());
    let totals = pipeline::run(&inputs, &settings, &writer, &how, &mut out)?;
    out.flush().map_err(messages::write_error)?;
    if let Some(code) = signals::interrupted_exit() {
        return Ok(code);
    }
    if let work::Task::Count(limit) = task {
        messages::count_summary(&totals, limit);
    }
    if args.stats {
        messages::stats(
            &totals,
            &messages::Stats {
                verb: match task {
                    work::Task::Solve => "Solved",
                    work::Task::Count(_) => "Unique:",
                    work::Task::Rate => "Rated",
                },
                wall_secs: started.elapsed().as_secs_f64(),
                threads: if how.line_buffered { 1 } else { how.threads },
                counts_guesses: !norvig,
                solver: if norvig { "norvig" } else { backend.name() },
            },
        );
    }
    Ok(totals.exit_code(args.exit_zero))
}
