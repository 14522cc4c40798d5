//! The command line, as clap derive structs.

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Solve, count and check Sudoku puzzles by the million: Norvig's propagation and
/// search on bitsets.
#[derive(Parser, Debug)]
#[command(name = "bitdoku", version, about, propagate_version = true)]
#[command(after_help = "\
Input: one puzzle per line (81 squares, 1-9 given, 0, ., _ or * empty; the rest of the
line after a separator is the puzzle's tag), Norvig's boxed grids or nine lines of
nine; blank lines, # comments and section headers such as [Puzzle] are skipped. A
PUZZLE argument is a file, - for stdin, or a puzzle written out. Every puzzle gives
exactly one output record, in input order.

Exit status: 0 when every puzzle was solved (count: had exactly one solution), 1 when
any was not or an input held no puzzle (0 with --exit-zero), 2 on usage errors and
unreadable inputs, 3 when the output cannot be written, 130/143 after SIGINT/SIGTERM.

Examples:
  bitdoku solve puzzles/norvig-examples.txt
  bitdoku solve --stats --threads 1 puzzles/norvig-examples.txt > solutions.txt
  cat puzzles/norvig-examples.txt | bitdoku solve --format grid
  bitdoku solve -qf json puzzles/hostile.txt | jq -c 'select(.error)'
  bitdoku count --limit 10 puzzles/two-solutions.txt
  bitdoku show puzzles/norvig-examples.txt
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
  bitdoku solve puzzles/norvig-examples.txt > solutions.txt
  bitdoku solve --threads 1 --stats puzzles/norvig-examples.txt > /dev/null
  bitdoku solve --format json --max-guesses 100000 puzzles/norvig-examples.txt
  bitdoku solve --format tsv puzzles/hostile.txt
  bitdoku generate -n 1000 --seed 1 | bitdoku solve | head -3")]
    Solve(Run),
    /// Count each puzzle's solutions up to --limit: unique, multiple or none.
    #[command(
        visible_alias = "check",
        after_help = "\
Each line is the count (with + when the limit was reached, so there may be more) and a
word: unique, multiple, none (solvable with --limit 1), or invalid / gave-up /
timed-out. A summary goes to stderr.

Examples:
  bitdoku count puzzles/two-solutions.txt
  bitdoku check --limit 100 --format json puzzles/two-solutions.txt"
    )]
    Count(Count),
    /// Print Norvig's candidate grid of each puzzle after propagation (no search).
    #[command(after_help = "\
PUZZLE is a file, - for stdin, or a puzzle written out on the command line.

Example:
  bitdoku show puzzles/norvig-examples.txt")]
    Show(Show),
    /// Make puzzles with exactly one solution (or run Norvig's random_puzzle experiment).
    #[command(after_help = "\
Each puzzle comes from a random filled grid, with givens removed in random order while
the solution stays unique (checked by the counting solver). The same --seed gives the
same puzzles, at any thread count.

Examples:
  bitdoku generate --count 10 --seed 1
  bitdoku generate --count 10000 --seed 42 > puzzles.txt
  bitdoku generate --count 5 --clues 24 --symmetric
  bitdoku generate --count 5 --symmetry rotate90 --seed 1
  bitdoku generate --count 5 --level 4 --seed 1
  bitdoku generate --count 2 --clues 21 --attempts 100000 --seed 3
  bitdoku generate --count 20 --norvig-random | bitdoku count --exit-zero")]
    Generate(Generate),
    /// Rate each puzzle: the hardest technique propagation needed and the search effort.
    #[command(after_help = "\
Levels (see the README): 1 easy (naked singles), 2 medium (hidden singles), 3 hard
(locked candidates), 4 expert (naked or hidden pairs or triples), 5 search (a few
guesses), 6 deep-search (more than 10 guesses).
Guesses and backtracks measure this solver's effort, not how hard a human finds it. A
puzzle with more than one solution is rated on its first and marked not-unique.

Examples:
  bitdoku rate puzzles/norvig-examples.txt
  bitdoku rate --format json puzzles/norvig-examples.txt")]
    Rate(Rate),
    /// Explain how the solver solves a puzzle, step by step, in Norvig's terms.
    #[command(after_help = "\
PUZZLE is the puzzle written out, a file (its first puzzle), or - for stdin.

Examples:
  bitdoku explain puzzles/norvig-examples.txt
  bitdoku explain --steps 20 puzzles/norvig-examples.txt
  bitdoku explain --format json puzzles/norvig-examples.txt | jq -r .text")]
    Explain(Explain),
    /// Remove every given a puzzle does not need, keeping its solution.
    Minimize(crate::minimize::Minimize),
    /// Print each puzzle's canonical form (isomorphic puzzles get the same one).
    Canon(crate::canon::Canon),
    /// Print each solution of each puzzle, up to --limit.
    Enumerate(crate::enumerate::Enumerate),
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
  bitdoku bench --solver bitset --runs 1 puzzles/norvig-examples.txt")]
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

    /// Output format: `text` (a table) or `json`.
    #[arg(short, long, value_enum, default_value_t = TextFormat::Text)]
    pub format: TextFormat,

    /// The same as --format json.
    #[arg(long, hide = true)]
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

/// Options shared by the subcommands that run over puzzles (`solve`, `count`, `rate`).
#[derive(Args, Debug)]
pub struct Run {
    /// Puzzle files (one puzzle per line or boxed grids), `-` for stdin, or puzzles
    /// written out; none for stdin.
    #[arg(value_name = "PUZZLE")]
    pub files: Vec<String>,

    /// Worker threads; 1 solves on the main thread. Default and most: the CPUs there
    /// are (more would only wait).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,

    /// Output format: `line` (one line per puzzle), `grid` (Norvig's boxed grid and a
    /// blank line), `json` (JSON Lines: one object per puzzle), or `tsv` (the puzzle's
    /// tag, or the puzzle, a tab, and the line format's answer).
    #[arg(short, long, value_enum, default_value_t = Format::Line)]
    pub format: Format,

    /// The same as --format json.
    #[arg(long, hide = true)]
    pub json: bool,

    /// Norvig's summary (solved X of N, puzzles per second of wall time, average and
    /// max time per puzzle), guesses and wall time on stderr; with --format json, each
    /// record also gets its guesses and time.
    #[arg(short, long)]
    pub stats: bool,

    /// No progress bar and no per-puzzle messages on stderr (the exit status and the
    /// output records still say what failed).
    #[arg(short, long)]
    pub quiet: bool,

    /// The solver: the bitset one, or the string-based port of Norvig's program (which
    /// takes no budget: --max-guesses, --timeout and --cpu-timeout are refused).
    #[arg(long, value_enum, default_value_t = SolverChoice::Bitset)]
    pub solver: SolverChoice,

    /// Give up on a puzzle after this many guesses and report it as `gave-up`. The
    /// reproducible budget: the same puzzle gives up at the same point on any machine,
    /// under any load.
    #[arg(long, value_name = "N")]
    pub max_guesses: Option<u64>,

    /// Give up on a puzzle after this many seconds of wall-clock time (decimals
    /// allowed) and report it as `timed-out`. Checked every 64 guesses. Under load a
    /// puzzle can time out that would not on an idle machine: see --cpu-timeout and
    /// --max-guesses.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: Option<std::time::Duration>,

    /// Give up on a puzzle after this many seconds of its thread's CPU time and report
    /// it as `timed-out`: unlike --timeout, time spent waiting for a CPU does not count.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub cpu_timeout: Option<std::time::Duration>,

    /// The machine code the solver runs on: auto (the fastest this CPU has, as
    /// measured), portable (no SIMD), avx2, avx512 (x86-64) or neon (aarch64; not
    /// chosen by auto until timed on ARM). The answers are the same; only the speed
    /// differs.
    /// Asking for one this CPU lacks is a usage error; `bitdoku --version` lists those
    /// it has.
    #[arg(long, value_name = "NAME", default_value_t = bitdoku_solver::Backend::Auto)]
    pub backend: bitdoku_solver::Backend,
    /// Same as `--backend portable`.
    #[arg(long)]
    pub no_simd: bool,

    /// Exit 0 whenever the run itself completed, whatever the puzzles' outcomes (for
    /// Hadoop Streaming, Spark's `pipe` and other engines that fail a task on any other
    /// status). Unreadable inputs, usage and write errors still exit non-zero.
    #[arg(long)]
    pub exit_zero: bool,

    /// Answer each puzzle as soon as it is read, and flush (for a program that writes
    /// a puzzle and waits for its answer). The default when stdin is a terminal; files
    /// and pipes are read in batches otherwise, which is faster.
    #[arg(long)]
    pub line_buffered: bool,
}

impl Run {
    /// The output format, `--json` read as `--format json`.
    pub fn format(&self) -> Format {
        if self.json {
            Format::Json
        } else {
            self.format
        }
    }
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
    /// the clock (printed on stderr unless --quiet).
    #[arg(long)]
    pub seed: Option<u64>,

    /// Stop removing givens when this many are left (never fewer, also with
    /// --symmetric); grids that cannot get that low are replaced by new ones, up to
    /// --attempts. From 17 to 81.
    #[arg(long, value_parser = clap::value_parser!(u64).range(17..=81))]
    pub clues: Option<u64>,

    /// With --clues: how many filled grids to try per puzzle before giving up (exit
    /// status 1). Low clue counts need many: 20 clues take thousands.
    #[arg(long, value_name = "N", default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..))]
    pub attempts: u32,

    /// Remove givens in pairs symmetric under a half-turn (the same as --symmetry
    /// rotate180).
    #[arg(long, conflicts_with = "symmetry")]
    pub symmetric: bool,

    /// The symmetry of the pattern of givens: givens are removed a whole orbit at a
    /// time.
    #[arg(long, value_name = "KIND", value_parser = clap::builder::PossibleValuesParser::new(
        bitdoku_solver::generate::Symmetry::ALL.map(|s| s.name())))]
    pub symmetry: Option<String>,

    /// Only puzzles that `rate` puts at this level (1 easy .. 6 deep search): givens are
    /// removed only while the level stays at or below it; other grids are tried up to
    /// --attempts.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
    pub level: Option<u8>,

    /// Only puzzles where every given is needed (with --clues: run the removal pass to
    /// its end and keep the result only if it has at most that many givens).
    #[arg(long)]
    pub minimal: bool,

    /// Norvig's random_puzzle experiment instead: random assignments until 17 (or
    /// --clues) squares are filled with 8 distinct digits. Such puzzles may have no
    /// solution or several; each line is labeled so.
    #[arg(long, conflicts_with_all = ["symmetric", "symmetry", "minimal", "level"])]
    pub norvig_random: bool,

    /// Worker threads. Default and most: the CPUs there are.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,

    /// Output format: `line` (one puzzle per line), `grid` (boxed grids) or `json`
    /// (JSON Lines with the puzzle and its givens).
    #[arg(short, long, value_enum, default_value_t = Format::Line)]
    pub format: Format,

    /// No progress bar and no seed message on stderr.
    #[arg(short, long)]
    pub quiet: bool,
}

/// `rate` options.
#[derive(Args, Debug)]
pub struct Rate {
    /// The puzzles and the options shared with solve and count.
    #[command(flatten)]
    pub run: Run,
}

/// `explain` options.
#[derive(Args, Debug)]
pub struct Explain {
    /// The puzzle written out, a file (its first puzzle is explained), or `-`.
    #[arg(value_name = "PUZZLE")]
    pub puzzle: String,

    /// Show at most this many steps (the rest are counted). Default: all, or 1000 when
    /// stdout is a terminal.
    #[arg(long, value_name = "N")]
    pub steps: Option<usize>,

    /// Output format: `text` or `json` (JSON Lines, one object per step, each with a
    /// `text`).
    #[arg(short, long, value_enum, default_value_t = TextFormat::Text)]
    pub format: TextFormat,

    /// The same as --format json.
    #[arg(long, hide = true)]
    pub json: bool,
}

/// `show` options.
#[derive(Args, Debug)]
pub struct Show {
    /// Puzzle files, `-` for stdin, or puzzles written out (81 squares).
    #[arg(value_name = "PUZZLE", required = true)]
    pub puzzles: Vec<String>,

    /// Print each candidate grid as a 729-character pencilmark line (nine characters
    /// per square, the digit where it is a candidate, `.` where not) instead.
    #[arg(long)]
    pub pencilmarks: bool,
}

/// How each record is printed.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One line: the 81-digit solution, or a word that says why there is none.
    Line,
    /// Norvig's boxed grid (or the word), followed by a blank line.
    Grid,
    /// JSON Lines: one object per puzzle with file, line, tag, puzzle, status, solution.
    Json,
    /// KEY<TAB>ANSWER: the record's tag (or its puzzle when it has none) and the line
    /// format's answer.
    Tsv,
}

/// Formats of the subcommands that print text rather than records.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextFormat {
    /// Text for people.
    Text,
    /// JSON Lines.
    Json,
}
