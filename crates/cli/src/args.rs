//! The command line, as clap derive structs.

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Solve, count and check Sudoku puzzles by the million: Norvig's propagation and
/// search on bitsets.
#[derive(Parser, Debug)]
#[command(name = "bitdoku", version, about, propagate_version = true)]
#[command(after_help = "\
Input: one puzzle per line (81 squares, 0 or . for empty, anything after whitespace is
a comment) or Norvig's boxed grids; blank lines and # comments between puzzles are
skipped. Every puzzle gives exactly one output record, in input order.

Exit status: 0 when every puzzle was solved (count: had exactly one solution), 1 when
any was not or an input held no puzzle, 2 on usage errors and unreadable files.

Examples:
  bitdoku solve puzzles/norvig-examples.txt
  bitdoku solve --stats --threads 1 big.txt > solutions.txt
  cat puzzles.txt | bitdoku solve --format grid
  bitdoku solve --format json --stats big.txt | jq -c 'select(.status != \"solved\")'
  bitdoku count --limit 10 puzzles/known-answers.txt
  bitdoku show '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
  bitdoku completions bash > ~/.local/share/bash-completion/completions/bitdoku")]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve each puzzle: one record per puzzle, the solution or why there is none.
    #[command(after_help = "\
Examples:
  bitdoku solve puzzles.txt > solutions.txt
  bitdoku solve --threads 1 --stats puzzles.txt > /dev/null
  bitdoku solve --format json --max-guesses 100000 hard.txt
  zcat million.txt.gz | bitdoku solve | head")]
    Solve(Run),
    /// Count each puzzle's solutions up to --limit: unique, multiple or none.
    #[command(
        alias = "check",
        after_help = "\
Each line is the count (with + when the limit was reached, so there may be more) and a
word: unique, multiple, none, or invalid / gave-up. A summary goes to stderr.

Examples:
  bitdoku count puzzles.txt
  bitdoku check --limit 100 --format json puzzles.txt"
    )]
    Count(Count),
    /// Print Norvig's candidate grid of each puzzle after propagation (no search).
    #[command(after_help = "\
PUZZLE is a file, - for stdin, or a puzzle written out on the command line.

Example:
  bitdoku show '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'")]
    Show(Show),
    /// Make puzzles with exactly one solution (or run Norvig's random_puzzle experiment).
    #[command(after_help = "\
Each puzzle comes from a random filled grid, with givens removed in random order while
the solution stays unique (checked by the counting solver). The same --seed gives the
same puzzles, at any thread count.

Examples:
  bitdoku generate --count 10 --seed 1
  bitdoku generate --count 1000000 --seed 42 > million.txt
  bitdoku generate --count 5 --clues 24 --symmetric
  bitdoku generate --count 20 --norvig-random | bitdoku count")]
    Generate(Generate),
    /// Rate each puzzle: the hardest technique propagation needed and the search effort.
    #[command(after_help = "\
Levels (see the README): 1 easy (naked singles), 2 medium (hidden singles), 3 hard
(locked candidates), 4 search (a few guesses), 5 deep search (more than 10 guesses).
Guesses and backtracks measure this solver's effort, not how hard a human finds it.

Example:
  bitdoku rate puzzles/norvig-examples.txt")]
    Rate(Rate),
    /// Explain how the solver solves a puzzle, step by step, in Norvig's terms.
    #[command(after_help = "\
PUZZLE is the puzzle written out, a file (its first puzzle), or - for stdin.

Examples:
  bitdoku explain '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
  bitdoku explain --steps 20 puzzles/norvig-examples.txt
  bitdoku explain --json PUZZLE | jq -r .text")]
    Explain(Explain),
    /// Time the bitset and string solvers side by side and print a table.
    Bench(Bench),
    /// Print a shell completion script.
    #[command(after_help = "\
Examples:
  bitdoku completions bash > ~/.local/share/bash-completion/completions/bitdoku
  bitdoku completions zsh > ~/.zfunc/_bitdoku
  bitdoku completions fish > ~/.config/fish/completions/bitdoku.fish")]
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

/// Which solver answers.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolverChoice {
    /// The bitset solver (fast).
    Bitset,
    /// The string-based port of Norvig's program (the baseline).
    Norvig,
}

/// `bench` options.
#[derive(Args, Debug)]
#[command(after_help = "\
Example:
  bitdoku bench --solver all --budget 20 puzzles/norvig-examples.txt")]
pub struct Bench {
    /// Puzzle files.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,

    /// Which solvers to time.
    #[arg(long, value_enum, default_value_t = BenchSolvers::All)]
    pub solver: BenchSolvers,

    /// Timed runs of the bitset solver per file (the median is reported).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub runs: u32,

    /// Use at most this many puzzles of each file (evenly spaced), 0 for all.
    #[arg(long, default_value_t = 0)]
    pub sample: usize,

    /// Seconds the string solver may spend on each file; the puzzles it did not reach
    /// are reported as skipped and the speed-up is measured on the puzzles it did.
    #[arg(long, default_value_t = 10.0)]
    pub budget: f64,

    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// The solvers `bench` times.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchSolvers {
    /// Both, side by side, with the speed-up.
    All,
    /// Only the bitset solver.
    Bitset,
    /// Only the string solver.
    Norvig,
}

/// Options shared by the subcommands that run over puzzle files.
#[derive(Args, Debug)]
pub struct Run {
    /// Puzzle files: one puzzle per line or boxed grids; `-` or none for stdin.
    #[arg(value_name = "FILE")]
    pub files: Vec<String>,

    /// Worker threads; 1 solves on the main thread. Default: all cores.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,

    /// Output format: `line` (one line per puzzle), `grid` (Norvig's boxed grid) or
    /// `json` (JSON Lines: one object per puzzle).
    #[arg(short, long, value_enum, default_value_t = Format::Line)]
    pub format: Format,

    /// Norvig's summary (solved X of N, average and max time, Hz), guesses and wall
    /// time on stderr; with --format json, each record also gets its guesses.
    #[arg(short, long)]
    pub stats: bool,

    /// No progress bar and no per-puzzle messages on stderr (the exit status and the
    /// output records still say what failed).
    #[arg(short, long)]
    pub quiet: bool,

    /// The solver: the bitset one, or the string-based port of Norvig's program.
    #[arg(long, value_enum, default_value_t = SolverChoice::Bitset)]
    pub solver: SolverChoice,

    /// Give up on a puzzle after this many guesses and report it as `gave-up`.
    #[arg(long, value_name = "N")]
    pub max_guesses: Option<u64>,

    /// Give up on a puzzle after this many seconds (decimals allowed) and report it as
    /// `timed-out`. Checked between guesses, so a puzzle overruns it by microseconds.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: Option<std::time::Duration>,

    /// The machine code the solver runs on: auto (the fastest this CPU has), portable
    /// (no SIMD), avx2 or avx512. The answers are the same; only the speed differs.
    /// Asking for one this CPU lacks is a usage error; `bitdoku --version` lists those
    /// it has.
    #[arg(long, value_name = "NAME", default_value_t = bitdoku_solver::Backend::Auto)]
    pub backend: bitdoku_solver::Backend,
    /// Same as `--backend portable`.
    #[arg(long)]
    pub no_simd: bool,
}

fn parse_timeout(text: &str) -> Result<std::time::Duration, String> {
    let secs: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if secs.is_finite() && secs > 0.0 && secs < 1e9 {
        Ok(std::time::Duration::from_secs_f64(secs))
    } else {
        Err("the timeout must be a positive number of seconds".to_string())
    }
}

/// `count` options.
#[derive(Args, Debug)]
pub struct Count {
    /// The files and shared options.
    #[command(flatten)]
    pub run: Run,

    /// Count no further than this many solutions.
    #[arg(short, long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: u64,
}

/// `generate` options.
#[derive(Args, Debug)]
pub struct Generate {
    /// How many puzzles.
    #[arg(short = 'n', long, default_value_t = 1)]
    pub count: u64,

    /// Seed of the random generator: the same seed gives the same puzzles. Default: from
    /// the clock (printed on stderr).
    #[arg(long)]
    pub seed: Option<u64>,

    /// Stop removing givens when this many are left; grids that cannot get that low are
    /// replaced by new ones. From 17 to 81.
    #[arg(long, value_parser = clap::value_parser!(u64).range(17..=81))]
    pub clues: Option<u64>,

    /// Remove givens in pairs symmetric under a half-turn.
    #[arg(long)]
    pub symmetric: bool,

    /// Only puzzles where every given is needed (with --clues: run the removal pass to
    /// its end and keep the result only if it has at most that many givens).
    #[arg(long)]
    pub minimal: bool,

    /// Norvig's random_puzzle experiment instead: random assignments until 17 (or
    /// --clues) squares are filled with 8 distinct digits. Such puzzles may have no
    /// solution or several; each line is labeled so.
    #[arg(long, conflicts_with_all = ["symmetric", "minimal"])]
    pub norvig_random: bool,

    /// Worker threads. Default: all cores.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub threads: Option<u32>,
}

/// `rate` options.
#[derive(Args, Debug)]
pub struct Rate {
    /// Puzzle files, `-` for stdin, or puzzles written out.
    #[arg(value_name = "PUZZLE")]
    pub puzzles: Vec<String>,

    /// JSON Lines instead of one line per puzzle.
    #[arg(long)]
    pub json: bool,
}

/// `explain` options.
#[derive(Args, Debug)]
pub struct Explain {
    /// The puzzle written out, a file (its first puzzle is explained), or `-`.
    #[arg(value_name = "PUZZLE")]
    pub puzzle: String,

    /// Show at most this many steps (the rest are counted).
    #[arg(long, value_name = "N")]
    pub steps: Option<usize>,

    /// The same events as JSON Lines, one object per step.
    #[arg(long)]
    pub json: bool,
}

/// `show` options.
#[derive(Args, Debug)]
pub struct Show {
    /// Puzzle files, `-` for stdin, or puzzles written out (81 squares).
    #[arg(value_name = "PUZZLE", required = true)]
    pub puzzles: Vec<String>,
}

/// How each record is printed.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One line: the 81-digit solution, or a word that says why there is none.
    Line,
    /// Norvig's boxed grid, followed by a blank line.
    Grid,
    /// JSON Lines: one object per puzzle with line, puzzle, status, solution, error.
    Json,
}
