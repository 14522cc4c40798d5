//! The command line, as clap derive structs.

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Solve, count and check Sudoku puzzles by the million: Norvig's propagation and
/// search on bitsets.
#[derive(Parser, Debug)]
#[command(name = "bitdoku", version, about, propagate_version = true)]
#[command(after_help = "\
Examples:
  bitdoku solve puzzles/norvig-examples.txt
  bitdoku solve --stats --threads 1 big.txt > solutions.txt
  cat puzzles.txt | bitdoku solve --format grid
  bitdoku count --limit 10 puzzles/known-answers.txt")]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve each puzzle: one line per puzzle, the solution or why there is none.
    Solve(Run),
    /// Count each puzzle's solutions up to --limit: one number per puzzle.
    #[command(alias = "check")]
    Count(Count),
    /// Time the bitset and string solvers side by side and print a table.
    Bench(Bench),
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

    /// Output format.
    #[arg(short, long, value_enum, default_value_t = Format::Line)]
    pub format: Format,

    /// Print Norvig's summary (solved, average and max time, Hz) to stderr.
    #[arg(short, long)]
    pub stats: bool,

    /// The solver: the bitset one, or the string-based port of Norvig's program.
    #[arg(long, value_enum, default_value_t = SolverChoice::Bitset)]
    pub solver: SolverChoice,

    /// Give up on a puzzle after this many guesses and report it as `gave-up`.
    #[arg(long, value_name = "N")]
    pub max_guesses: Option<u64>,
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

/// How each record is printed.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One line: the 81-digit solution, or a word that says why there is none.
    Line,
    /// Norvig's boxed grid, followed by a blank line.
    Grid,
}
