//! The command line, as clap derive structs: every subcommand and option is declared
//! here, and each subcommand offers the formats it implements, described for what it
//! prints. A repeated option takes its last value; options that contradict each other
//! (`--json` with `--format`, `--no-simd` with `--backend`) are usage errors.
//!
//! A subcommand's arguments are built only when it runs or its help is shown
//! (`#[command(defer = true)]`; docs/performance.md, session 21, has what building
//! them all cost). A deferred subcommand takes the doc comment of each
//! `Args` struct it flattens as its description, after its own; so the `Args` structs
//! carry plain comments, and a subcommand's description is its variant's doc comment.

use bitdoku_variants::generate::{Elements, Marks};
use clap::{Args, Parser, Subcommand, ValueEnum};

/// Solve, count, rate and explain Sudoku puzzles by the million: Norvig's propagation
/// and search on bitsets, and Sudoku Explainer's techniques for grading and hints.
#[derive(Parser, Debug)]
#[command(name = "bitdoku", version, about, propagate_version = true)]
#[command(after_help = "\
Input: puzzles one per line (81 squares: 1-9 given, 0, ., _ or * empty; the rest of
the line after a separator is the puzzle's tag), boxed grids over nine lines, or
729-character pencilmark lines; blank lines, # comments and section headers such as
[Puzzle] are skipped. A PUZZLE argument is a file, - for stdin, or a puzzle written
out; no PUZZLE reads stdin. Every puzzle gives exactly one output record, in order.

Exit status (every subcommand): 0 when every puzzle gave what was asked for, 1 when
some did not or an input held no puzzle (0 with --exit-zero), 2 on usage errors and
unreadable inputs, 3 when the output cannot be written, 130/143 after SIGINT/SIGTERM
(the output ends after a whole record).

Examples:
  bitdoku solve puzzles/norvig-examples.txt
  bitdoku solve --stats --threads 1 puzzles/norvig-examples.txt > solutions.txt
  cat puzzles/norvig-examples.txt | bitdoku solve --format grid
  bitdoku solve -qf json puzzles/hostile.txt | jq -c 'select(.error)'
  bitdoku count --limit 10 puzzles/two-solutions.txt
  bitdoku rate puzzles/norvig-examples.txt
  bitdoku hint puzzles/norvig-examples.txt
  bitdoku completions bash > ~/.local/share/bash-completion/completions/bitdoku")]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands (deferred: see the module docs).
#[derive(Subcommand, Debug)]
#[command(defer = true)]
pub enum Command {
    /// Solve each puzzle: one record per puzzle, the solution or why there is none.
    #[command(after_help = "\
Examples:
  bitdoku solve puzzles/norvig-examples.txt > solutions.txt
  bitdoku solve --threads 1 --stats puzzles/norvig-examples.txt > /dev/null
  bitdoku solve --format json --max-guesses 100000 puzzles/norvig-examples.txt
  bitdoku solve --format tsv puzzles/hostile.txt
  bitdoku generate -n 1000 --seed 1 | bitdoku solve | head -3")]
    Solve(Solve),
    /// Count each puzzle's solutions, up to --limit.
    #[command(
        visible_alias = "check",
        after_help = "\
Each line is the count (with + when the limit was reached, so there may be more) and a
word: unique, multiple, unsolvable (solvable with --limit 1), or invalid / gave-up /
timed-out. A summary goes to stderr.

Examples:
  bitdoku count puzzles/two-solutions.txt
  bitdoku check --limit 100 --format json puzzles/two-solutions.txt"
    )]
    Count(Count),
    /// Rate each puzzle on Sudoku Explainer's scale: ER, EP and ED of its human solve path.
    #[command(after_help = "\
Each puzzle's solve path takes, at every step, the first step of the first technique of
Sudoku Explainer's ladder that finds one. ER is the hardest step, EP the hardest up to
the first placement, ED the first step; the level (1 easy .. 6 extreme) is a coarse
label of ER. A puzzle with several solutions is not rated (not-unique); a grid with
nothing left to do is solved (ER 0.0). --timeout and --cpu-timeout bound each rating:
one that runs out says how far it got (`9.0+ timed-out after 12 steps`: ER at least
9.0). A signal ends the run within a second, after a whole record.

Examples:
  bitdoku rate puzzles/norvig-examples.txt
  bitdoku rate --format json puzzles/norvig-examples.txt
  bitdoku rate --timeout 10 --threads 2 puzzles/norvig-examples.txt")]
    Rate(Rate),
    /// Give the next step of each puzzle: the easiest deduction a human can make now.
    #[command(after_help = "\
The step is the first one of Sudoku Explainer's solve path: its technique and difficulty,
the squares, candidates, units and links it looks at, and what it places or removes.
Give the puzzle as it stands (a pencilmark line keeps the candidates already removed).

Examples:
  bitdoku hint puzzles/norvig-examples.txt
  bitdoku hint --format json puzzles/norvig-examples.txt")]
    Hint(Hint),
    /// Explain how each puzzle is solved, step by step.
    #[command(after_help = "\
A puzzle with one solution is explained by its human solve path (the steps of `rate`).
One with several, or none, by Norvig's propagation and search, as `solve` finds its
first solution.

Examples:
  bitdoku explain puzzles/norvig-examples.txt
  bitdoku explain --steps 20 puzzles/norvig-examples.txt
  bitdoku explain --format json puzzles/norvig-examples.txt | jq -r .text")]
    Explain(Explain),
    /// Print Norvig's candidate grid of each puzzle after propagation (no search).
    #[command(after_help = "\
Examples:
  bitdoku show puzzles/norvig-examples.txt
  bitdoku show --pencilmarks puzzles/norvig-examples.txt")]
    Show(Show),
    /// Make puzzles with exactly one solution (or run Norvig's random_puzzle experiment).
    #[command(after_help = "\
Each puzzle comes from a random filled grid, with givens removed in random order while
the solution stays unique (checked by the counting solver) and, with --level or --er,
while the rating stays within reach. Ratings that random puzzles seldom reach (level 6,
ER above 9.0) are found by varying a few givens of puzzles already rated high. The same
--seed gives the same puzzles, at any thread count, and in Python and JavaScript.

Examples:
  bitdoku generate --count 10 --seed 1
  bitdoku generate --count 10000 --seed 42 > puzzles.txt
  bitdoku generate --count 5 --clues 24 --symmetric
  bitdoku generate --count 5 --symmetry rotate90 --seed 1
  bitdoku generate --count 5 --level 3 --seed 1
  bitdoku generate --count 2 --er 3.0..4.4 --seed 1
  bitdoku generate --level 6 --seed 4
  bitdoku generate --count 2 --clues 21 --attempts 100000 --seed 3
  bitdoku generate --count 20 --norvig-random | bitdoku count --exit-zero
  bitdoku generate --size 6 --jigsaw --count 3 --seed 1
  bitdoku generate --killer --as link --seed 3
  bitdoku generate --thermos 8 --seed 1 | bitdoku count
  bitdoku generate --arrows 10 --as fpuzzles --seed 1
  bitdoku generate --kropki --seed 1 | bitdoku count
  bitdoku generate --xv 12 --odd-even 6 --seed 1
  bitdoku generate --whispers 6 --renban 3 --as link --seed 2")]
    Generate(Generate),
    /// Remove every given a puzzle does not need, keeping its solution.
    #[command(after_help = "\
A unique puzzle loses givens (tried in row-major order) while it stays unique. A puzzle
with several solutions first gets givens from its first solution where a second one
differs, so the result is unique with that first solution. A puzzle with no solution is
an error (exit status 1). Tags are kept.

Examples:
  bitdoku minimize puzzles/norvig-examples.txt
  bitdoku generate -n 5 --clues 30 | bitdoku minimize | bitdoku count")]
    Minimize(Minimize),
    /// Print each puzzle's canonical form (isomorphic puzzles get the same one).
    #[command(after_help = "\
Two puzzles are the same up to relabelling the digits, permuting rows within bands,
columns within stacks, bands, stacks, and transposing exactly when their canonical
forms are equal. The form puts as many givens as early as possible and names the digits
1, 2, 3, ... in order of appearance. Tags are kept.

Examples:
  bitdoku canon puzzles/norvig-examples.txt
  bitdoku generate -n 100 --seed 1 | bitdoku canon --dedup > distinct.txt")]
    Canon(Canon),
    /// Print each solution of each puzzle, up to --limit, as they are found.
    #[command(after_help = "\
Solutions come in the search's order (digits in increasing order at each guess), each
written as soon as it is found. A `#` line before them names the puzzle, and one after
them says how many there were, with + when the limit stopped the search.

Examples:
  bitdoku enumerate puzzles/two-solutions.txt
  bitdoku enumerate --limit 5 puzzles/two-solutions.txt")]
    Enumerate(Enumerate),
    /// Print each puzzle's true candidates: the digits each cell holds in some solution.
    #[command(after_help = "\
The tool setters use most: after each clue placed, which digits remain possible where.
One search first enumerates up to 64 solutions: a puzzle with fewer (a unique one, one
nearly finished) is decided by it. Past that, each candidate not yet seen in a
solution is decided by a search for one solution with it (finding one decides many at
once), so the work is bounded by the candidates, not by the solutions. The status is
unique (every cell fixed), multiple, unsolvable, or gave-up / timed-out when --limit,
--max-guesses or a timeout stopped it first (the candidates not decided are then
listed apart).

Examples:
  bitdoku candidates puzzles/two-solutions.txt
  bitdoku candidates --format json ../shared/puzzles/variants/sudoku-puzzle/killer_dig.jsonl
  bitdoku candidates --format line puzzles/two-solutions.txt | bitdoku count")]
    Candidates(Candidates),
    /// Time the bitset and string solvers side by side and print a table.
    #[command(after_help = "\
Example:
  bitdoku bench --solver bitset --runs 1 puzzles/norvig-examples.txt")]
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

// The puzzle arguments every subcommand takes, and how N×N lines are read.
#[derive(Args, Debug)]
pub struct Puzzles {
    /// Puzzle files, `-` for stdin, or puzzles written out; none: stdin.
    #[arg(value_name = "PUZZLE")]
    pub puzzles: Vec<String>,

    /// How an N×N line spells its digits: `standard` (1-9, then A-P for 10-25; 0 or .
    /// empty) or `hex` (16×16 files written 0-F: 0 is the first digit, read as 1; .
    /// empty). A line is never read as hex unless asked.
    #[arg(long, value_enum, default_value_t = AlphabetArg::Standard, value_name = "NAME")]
    pub alphabet: AlphabetArg,

    /// The box shape of N×N lines, ROWSxCOLS (such as 3x2 for a 6×6 with tall boxes).
    /// Default: the usual shape of the size (2x3 for 6×6, 4x4 for 16×16, 5x5 for 25×25).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box)]
    pub boxes: Option<(usize, usize)>,
}

impl Puzzles {
    /// How the general engine's lines are read.
    pub fn settings(&self) -> bitdoku_variants::format::Settings {
        bitdoku_variants::format::Settings {
            alphabet: match self.alphabet {
                AlphabetArg::Standard => bitdoku_variants::format::Alphabet::Standard,
                AlphabetArg::Hex => bitdoku_variants::format::Alphabet::Hex,
            },
            boxes: self.boxes,
        }
    }
}

/// `--alphabet`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlphabetArg {
    /// 1-9, then A-P; 0 and . empty.
    Standard,
    /// 0-9, A-F for the digits 1 to 16; . empty.
    Hex,
}

/// `RxC`, a box shape: the library's reading ([`bitdoku_variants::generate::box_shape`]).
fn parse_box(text: &str) -> Result<(usize, usize), String> {
    bitdoku_variants::generate::box_shape(text)
}

/// `N` or `all`: how many marks of a family `generate` draws.
fn parse_marks(text: &str) -> Result<Marks, String> {
    match text {
        "all" => Ok(Marks::All),
        _ => text
            .parse()
            .map(Marks::Some)
            .map_err(|_| format!("{text:?} is not a count of marks or `all`")),
    }
}

// `--threads`, the same for every subcommand that has it.
#[derive(Args, Debug)]
pub struct Threads {
    /// Worker threads; 1 works on the main thread. Default and most: the CPUs there
    /// are (more would only wait).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub threads: Option<u32>,
}

// How a run reports, the same for every subcommand that reads puzzles.
#[derive(Args, Debug)]
pub struct Report {
    /// No progress bar and no per-puzzle messages on stderr (the exit status and the
    /// output records still say what failed).
    #[arg(short, long)]
    pub quiet: bool,

    /// Exit 0 whenever the run itself completed, whatever the puzzles' outcomes (for
    /// Hadoop Streaming, Spark's `pipe` and other engines that fail a task on any other
    /// status). Unreadable inputs, usage and write errors still exit non-zero.
    #[arg(long)]
    pub exit_zero: bool,
}

// The time budgets, the same for every subcommand that has them (`solve`, `count`,
// `rate`, `hint`, `explain`).
#[derive(Args, Debug)]
pub struct Budget {
    /// Give up on a puzzle after this many seconds of wall-clock time (decimals
    /// allowed) and report it as `timed-out` (a rating then says how far it got: ER at
    /// least). Checked every 64 guesses of a search, and at every step of a rating (in
    /// its chains, at every square). Under load a puzzle can time out that would not
    /// on an idle machine: see --cpu-timeout (and a search's guess budget).
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: Option<std::time::Duration>,

    /// Give up on a puzzle after this many seconds of its thread's CPU time and report
    /// it as `timed-out`: unlike --timeout, time spent waiting for a CPU does not count.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub cpu_timeout: Option<std::time::Duration>,
}

// `--max-guesses` where nothing guesses (`rate`, `hint`: a solve path is deductions
// only): taken, so that it is refused with the reason rather than as unknown.
#[derive(Args, Debug)]
pub struct NoGuesses {
    /// Refused: a solve path makes no guesses (use --timeout or --cpu-timeout).
    #[arg(long, value_name = "N", hide = true)]
    pub max_guesses: Option<u64>,
}

// What `solve`, `count` and `rate` share: how records are read, written and reported.
#[derive(Args, Debug)]
pub struct Records {
    /// The puzzles.
    #[command(flatten)]
    pub puzzles: Puzzles,

    /// The threads.
    #[command(flatten)]
    pub threads: Threads,

    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,

    /// Norvig's summary (solved X of N, puzzles per second of wall time, average and
    /// max time per puzzle) on stderr; with --format json, each record also gets its
    /// time (and, solving, its guesses).
    #[arg(short, long)]
    pub stats: bool,

    /// --quiet and --exit-zero.
    #[command(flatten)]
    pub report: Report,

    /// Answer each puzzle as soon as it is read, and flush (for a program that writes
    /// a puzzle and waits for its answer). The default when stdin is a terminal; files
    /// and pipes are read in batches otherwise, which is faster.
    #[arg(long)]
    pub line_buffered: bool,
}

// What `solve` and `count` share: the solver and its budgets.
#[derive(Args, Debug)]
pub struct Search {
    /// The solver: the bitset one, or the string-based port of Norvig's program (which
    /// takes no budget: --max-guesses, --timeout and --cpu-timeout are refused).
    #[arg(long, value_enum, default_value_t = SolverChoice::Bitset)]
    pub solver: SolverChoice,

    /// Give up on a puzzle after this many guesses and report it as `gave-up`. The
    /// reproducible budget: the same puzzle gives up at the same point on any machine,
    /// under any load.
    #[arg(long, value_name = "N")]
    pub max_guesses: Option<u64>,

    /// --timeout and --cpu-timeout.
    #[command(flatten)]
    pub budget: Budget,

    /// The machine code the solver runs on: auto (the fastest this CPU has, as
    /// measured), portable (no SIMD), avx2, avx512 (x86-64) or neon (aarch64; not
    /// chosen by auto until timed on ARM). The answers are the same; only the speed
    /// differs. Asking for one this CPU lacks is a usage error; `bitdoku --version`
    /// lists those it has.
    #[arg(long, value_name = "NAME", default_value_t = bitdoku_solver::Backend::Auto)]
    pub backend: bitdoku_solver::Backend,

    /// Same as `--backend portable`.
    #[arg(long, conflicts_with = "backend")]
    pub no_simd: bool,
}

// `solve` options.
#[derive(Args, Debug)]
pub struct Solve {
    /// Input, output and threads.
    #[command(flatten)]
    pub records: Records,

    /// The solver and its budgets.
    #[command(flatten)]
    pub search: Search,

    /// Output format: `line` (the 81-digit solution, or the word that says why there
    /// is none), `grid` (Norvig's boxed grid, or the word, then a blank line), `json`
    /// (JSON Lines: file, line, tag, puzzle, status, solution), `tsv` (the tag, or the
    /// puzzle, a tab and the line format's answer).
    #[arg(short, long, value_enum, default_value_t = Format::Line)]
    pub format: Format,
}

// `count` options.
#[derive(Args, Debug)]
pub struct Count {
    /// Input, output and threads.
    #[command(flatten)]
    pub records: Records,

    /// The solver and its budgets.
    #[command(flatten)]
    pub search: Search,

    /// Count no further than this many solutions (0 is read as 1, as everywhere in
    /// bitdoku).
    #[arg(short, long, default_value_t = 2)]
    pub limit: u64,

    /// Output format: `line` (the count, + when the limit was reached, and a word:
    /// unique, multiple, unsolvable...), `grid` (that line, then the one solution of a
    /// unique puzzle as a boxed grid), `json` (JSON Lines with solutions, at_least,
    /// status and the one solution), `tsv` (the tag, or the puzzle, a tab and the line
    /// format's answer).
    #[arg(short, long, value_enum, default_value_t = Format::Line)]
    pub format: Format,
}

// `rate` options.
#[derive(Args, Debug)]
pub struct Rate {
    /// Input, output and threads.
    #[command(flatten)]
    pub records: Records,

    /// --timeout and --cpu-timeout.
    #[command(flatten)]
    pub budget: Budget,

    /// --max-guesses, refused.
    #[command(flatten)]
    pub no_guesses: NoGuesses,

    /// Output format: `line` (ER/EP/ED, the level, its label and the hardest
    /// technique: `4.2/1.2/1.2 3 hard XY-Wing`; `9.0+ timed-out after 12 steps` when a
    /// budget ran out, ER at least 9.0; or the word that says why there is no rating),
    /// `grid` (that line, then the solution as a boxed grid), `json` (JSON Lines: er,
    /// ep, ed, technique, ep_technique, ed_technique, level, label, steps, status,
    /// solution), `tsv` (the tag, or the puzzle, a tab and the line).
    #[arg(short, long, value_enum, default_value_t = Format::Line)]
    pub format: Format,
}

// `hint` options.
#[derive(Args, Debug)]
pub struct Hint {
    /// The puzzles.
    #[command(flatten)]
    pub puzzles: Puzzles,

    /// The threads.
    #[command(flatten)]
    pub threads: Threads,

    /// --quiet and --exit-zero.
    #[command(flatten)]
    pub report: Report,

    /// --timeout and --cpu-timeout.
    #[command(flatten)]
    pub budget: Budget,

    /// --max-guesses, refused.
    #[command(flatten)]
    pub no_guesses: NoGuesses,

    /// Output format: `text` (the step in words, and what it looks at) or `json` (JSON
    /// Lines: one object per puzzle with the step's technique, difficulty, placement,
    /// eliminations, cells, candidates, units, digits, links and text).
    #[arg(short, long, value_enum, default_value_t = TextFormat::Text)]
    pub format: TextFormat,

    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

// `explain` options.
#[derive(Args, Debug)]
pub struct Explain {
    /// The puzzles.
    #[command(flatten)]
    pub puzzles: Puzzles,

    /// --quiet and --exit-zero.
    #[command(flatten)]
    pub report: Report,

    /// --timeout and --cpu-timeout.
    #[command(flatten)]
    pub budget: Budget,

    /// Give up on the search told (a puzzle with several solutions or none, or the
    /// rest of a path that stalls) after this many guesses, and report it as
    /// `gave-up`. A solve path makes no guesses.
    #[arg(long, value_name = "N")]
    pub max_guesses: Option<u64>,

    /// Show at most this many steps of each puzzle (the rest are counted). Default:
    /// all, or 1000 when stdout is a terminal.
    #[arg(long, value_name = "N")]
    pub steps: Option<usize>,

    /// Output format: `text` (the steps, numbered, with the grid at the start and the
    /// end) or `json` (JSON Lines: a `start` object, one object per step, an `end`
    /// object, each with a `text`).
    #[arg(short, long, value_enum, default_value_t = TextFormat::Text)]
    pub format: TextFormat,

    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

// `show` options.
#[derive(Args, Debug)]
pub struct Show {
    /// The puzzles.
    #[command(flatten)]
    pub puzzles: Puzzles,

    /// The threads.
    #[command(flatten)]
    pub threads: Threads,

    /// --quiet and --exit-zero.
    #[command(flatten)]
    pub report: Report,

    /// Print each candidate grid as a 729-character pencilmark line (nine characters
    /// per square, the digit where it is a candidate, `.` where not) instead.
    #[arg(long)]
    pub pencilmarks: bool,

    /// Output format: `text` (a `#` line, then Norvig's candidate grid, or the
    /// pencilmark line) or `json` (JSON Lines: file, line, tag, puzzle, status, open,
    /// candidates: 81 strings).
    #[arg(short, long, value_enum, default_value_t = TextFormat::Text)]
    pub format: TextFormat,

    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

// `generate` options.
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
    /// --attempts. From 17 to 81 on a classic 9×9; up to N×N on another board.
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=625))]
    pub clues: Option<u64>,

    /// How many puzzles to make per puzzle asked for before giving up (exit status 1),
    /// with --clues, --level or --er: fresh ones and, with --level or --er, variants of
    /// puzzles rated high (each one rated). Low clue counts and hard ratings need many.
    #[arg(long, value_name = "N", default_value_t = bitdoku_solver::generate::Settings::default().attempts,
        value_parser = clap::value_parser!(u32).range(1..))]
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

    /// Only puzzles that `rate` puts at this level (1 easy .. 6 extreme; the ER range of
    /// the level): givens are removed only while the rating stays within reach.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6), conflicts_with = "er")]
    pub level: Option<u8>,

    /// Only puzzles whose ER (Sudoku Explainer rating) is in MIN..MAX, such as 3.0..4.4
    /// (or one number for exactly that rating; MIN.. for MIN or more).
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_er_range)]
    pub er: Option<(u16, u16)>,

    /// Only puzzles where every given is needed (with --clues: run the removal pass to
    /// its end and keep the result only if it has at most that many givens).
    #[arg(long)]
    pub minimal: bool,

    /// Norvig's random_puzzle experiment instead: random assignments until 17 (or
    /// --clues) squares are filled with 8 distinct digits. Such puzzles may have no
    /// solution or several; each is counted and labelled so.
    #[arg(long, conflicts_with_all = ["symmetric", "symmetry", "minimal", "level", "er"])]
    pub norvig_random: bool,

    /// The board and rules of a puzzle for the general engine.
    #[command(flatten)]
    pub board: Board,

    /// The threads.
    #[command(flatten)]
    pub threads: Threads,

    /// Output format: `line` (one puzzle per line: 81 digits; a general puzzle as its
    /// N×N line when boxes are all its houses, else in the format of --as), `grid`
    /// (boxed grids, a blank line after each) or `json` (JSON Lines: puzzle, givens,
    /// and for --norvig-random puzzles their count of solutions up to 2, `unique`; a
    /// general puzzle's record also has its size and its sudoku-puzzle `document`
    /// with the solution).
    #[arg(short, long, value_enum, default_value_t = PuzzleFormat::Line)]
    pub format: PuzzleFormat,

    /// No progress bar and no seed message on stderr.
    #[arg(short, long)]
    pub quiet: bool,
}

// `generate`'s options for a board other than the classic 9×9: any of them makes the
// puzzle on the general engine.
#[derive(Args, Debug)]
pub struct Board {
    /// The board's side N, from 4 to 25: N×N cells holding 1 to N (boxes of the usual
    /// shape unless --box or --jigsaw).
    #[arg(long, value_name = "N")]
    pub size: Option<u64>,

    /// Boxes of ROWSxCOLS cells (their product is the size).
    #[arg(long = "box", value_name = "RxC", value_parser = parse_box, conflicts_with = "jigsaw")]
    pub boxes: Option<(usize, usize)>,

    /// Jigsaw regions, drawn at random, instead of boxes.
    #[arg(long)]
    pub jigsaw: bool,

    /// The two diagonals hold every digit once (X-Sudoku).
    #[arg(long, visible_alias = "x")]
    pub diagonals: bool,

    /// The windows hold every digit once (Windoku).
    #[arg(long)]
    pub windows: bool,

    /// The cells at the same place in every box hold every digit once.
    #[arg(long)]
    pub disjoint_groups: bool,

    /// Cells a knight's move apart differ.
    #[arg(long)]
    pub anti_knight: bool,

    /// Cells a king's move apart differ.
    #[arg(long)]
    pub anti_king: bool,

    /// Orthogonal neighbours are not consecutive.
    #[arg(long)]
    pub non_consecutive: bool,

    /// A killer puzzle: cages of at most MAX cells (default 5) tiling the board, with
    /// their sums, and no givens.
    #[arg(long, value_name = "MAX", num_args = 0..=1, default_missing_value = KILLER_CAGE)]
    pub killer: Option<u64>,

    /// N thermometers drawn from the solution (digits increase from the bulb; 3 cells
    /// or more, king's moves).
    #[arg(long, value_name = "N")]
    pub thermos: Option<u64>,

    /// N arrows drawn from the solution (a circle's digit is the sum of its shaft of 1
    /// to 3 cells).
    #[arg(long, value_name = "N")]
    pub arrows: Option<u64>,

    /// N whispers drawn from the solution (neighbours on a line differ by at least half
    /// the digits: 5 on a 9×9, German whispers).
    #[arg(long, value_name = "N")]
    pub whispers: Option<u64>,

    /// N renban lines drawn from the solution (a set of consecutive digits).
    #[arg(long, value_name = "N")]
    pub renban: Option<u64>,

    /// Kropki dots drawn from the solution (white: consecutive; black: one twice the
    /// other): N of them, or `all` (the default) with the negative constraint (no dot
    /// means neither).
    #[arg(long, value_name = "N|all", num_args = 0..=1, default_missing_value = "all",
        value_parser = parse_marks)]
    pub kropki: Option<Marks>,

    /// X and V drawn from the solution (sums of 10 and 5): N of them, or `all` (the
    /// default) with the negative constraint (no mark means neither sum).
    #[arg(long, value_name = "N|all", num_args = 0..=1, default_missing_value = "all",
        value_parser = parse_marks)]
    pub xv: Option<Marks>,

    /// N cells marked odd or even, as the solution has them.
    #[arg(long, value_name = "N")]
    pub odd_even: Option<u64>,

    /// How --format line writes a general puzzle that an N×N line cannot hold:
    /// `sudoku-puzzle` (pencilmark's JSON, one line), `fpuzzles` (f-puzzles JSON) or
    /// `link` (an f-puzzles link). `line` forces the N×N line of the givens alone.
    #[arg(long = "as", value_enum, value_name = "FORMAT")]
    pub write_as: Option<WriteAs>,
}

/// `--killer` without a number: `bitdoku_variants::generate::KILLER_CAGE` (a test
/// checks that they agree; clap takes the default as text).
const KILLER_CAGE: &str = "5";

impl Board {
    /// The board asked for, as the general generator's request (checked by it).
    pub fn request(&self) -> bitdoku_variants::generate::Request<'static> {
        let whole = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        bitdoku_variants::generate::Request {
            size: self.size.map(whole),
            boxes: self.boxes,
            jigsaw: self.jigsaw,
            diagonals: self.diagonals,
            windows: self.windows,
            disjoint_groups: self.disjoint_groups,
            anti_knight: self.anti_knight,
            anti_king: self.anti_king,
            non_consecutive: self.non_consecutive,
            killer: self.killer.map(whole),
            elements: Elements {
                thermos: self.thermos.map_or(0, whole),
                arrows: self.arrows.map_or(0, whole),
                whispers: self.whispers.map_or(0, whole),
                renbans: self.renban.map_or(0, whole),
                kropki: self.kropki,
                xv: self.xv,
                parity: self.odd_even.map_or(0, whole),
            },
            ..Default::default()
        }
    }

    /// True if the puzzle is one for the general engine (the library's rule).
    pub fn is_general(&self) -> bool {
        self.request().is_general()
    }
}

/// `generate --as`: the library's formats (`bitdoku_variants::format::Source`), by
/// their names.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteAs {
    /// The N×N line of the givens.
    Line,
    /// pencilmark's sudoku-puzzle JSON.
    SudokuPuzzle,
    /// f-puzzles JSON.
    Fpuzzles,
    /// An f-puzzles link.
    Link,
}

impl WriteAs {
    /// The library's format.
    pub fn format(self) -> bitdoku_variants::format::Source {
        use bitdoku_variants::format::Source;
        match self {
            WriteAs::Line => Source::Line,
            WriteAs::SudokuPuzzle => Source::SudokuPuzzle,
            WriteAs::Fpuzzles => Source::Fpuzzles,
            WriteAs::Link => Source::Link,
        }
    }
}

// `minimize` options.
#[derive(Args, Debug)]
pub struct Minimize {
    /// The puzzles.
    #[command(flatten)]
    pub puzzles: Puzzles,

    /// The threads.
    #[command(flatten)]
    pub threads: Threads,

    /// --quiet and --exit-zero.
    #[command(flatten)]
    pub report: Report,

    /// Output format: `line` (the minimal puzzle, its tag after it), `grid` (a boxed
    /// grid, a blank line after each) or `json` (JSON Lines: file, line, tag, puzzle,
    /// status, result, givens).
    #[arg(short, long, value_enum, default_value_t = PuzzleFormat::Line)]
    pub format: PuzzleFormat,

    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

// `canon` options.
#[derive(Args, Debug)]
pub struct Canon {
    /// The puzzles.
    #[command(flatten)]
    pub puzzles: Puzzles,

    /// Print each canonical form only the first time it comes (a summary of how many
    /// were dropped goes to stderr).
    #[arg(long)]
    pub dedup: bool,

    /// The threads.
    #[command(flatten)]
    pub threads: Threads,

    /// --quiet and --exit-zero.
    #[command(flatten)]
    pub report: Report,

    /// Output format: `line` (the canonical form, its tag after it), `grid` (a boxed
    /// grid, a blank line after each) or `json` (JSON Lines: file, line, tag, puzzle,
    /// status, result, givens).
    #[arg(short, long, value_enum, default_value_t = PuzzleFormat::Line)]
    pub format: PuzzleFormat,

    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

// `enumerate` options.
#[derive(Args, Debug)]
pub struct Enumerate {
    /// The puzzles.
    #[command(flatten)]
    pub puzzles: Puzzles,

    /// Print at most this many solutions of each puzzle (0 is read as 1).
    #[arg(short, long, default_value_t = 100)]
    pub limit: u64,

    /// --quiet and --exit-zero.
    #[command(flatten)]
    pub report: Report,

    /// Output format: `line` (a `#` line naming the puzzle, each solution on a line, a
    /// `#` line with the count), `grid` (the same with each solution as a boxed grid
    /// and a blank line) or `json` (JSON Lines: a `solution` object per solution, then
    /// an `end` object with the status, solutions and at_least).
    #[arg(short, long, value_enum, default_value_t = PuzzleFormat::Line)]
    pub format: PuzzleFormat,

    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

// `candidates` options.
#[derive(Args, Debug)]
pub struct Candidates {
    /// Input, output and threads.
    #[command(flatten)]
    pub records: Records,

    /// Give up on a puzzle after this many guesses in all (status `gave-up`).
    #[arg(long, value_name = "N")]
    pub max_guesses: Option<u64>,

    /// --timeout and --cpu-timeout.
    #[command(flatten)]
    pub budget: Budget,

    /// Decide the candidates with at most this many solutions (each found decides every
    /// candidate it holds); past it, the status is `gave-up`. Default: no limit.
    #[arg(short, long, value_name = "N")]
    pub limit: Option<u64>,

    /// Output format: `grid` (a `#` line with the status and the fixed cells, then each
    /// cell's candidates in Norvig's display), `line` (a pencilmark line: N characters
    /// per cell, the digit where it is a candidate, `.` where not; the 729-character
    /// line on 9×9, which every subcommand reads back), `json` (JSON Lines: status,
    /// candidates as one string per cell, fixed, solutions, undecided), `tsv`.
    #[arg(short, long, value_enum, default_value_t = Format::Grid)]
    pub format: Format,
}

// `bench` options.
#[derive(Args, Debug)]
pub struct Bench {
    /// The puzzles.
    #[command(flatten)]
    pub puzzles: Puzzles,

    /// Which solvers to time.
    #[arg(long, value_enum, default_value_t = BenchSolvers::All)]
    pub solver: BenchSolvers,

    /// Timed runs of the bitset solver per input (the median is reported).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub runs: u32,

    /// Use at most this many puzzles of each input (evenly spaced), 0 for all.
    #[arg(long, default_value_t = 0)]
    pub sample: usize,

    /// Seconds the string solver may spend on each input; the puzzles it did not reach
    /// are reported as skipped and the speed-up is measured on the puzzles it did.
    #[arg(long, default_value_t = 10.0)]
    pub budget: f64,

    /// Output format: `text` (a table) or `json` (JSON Lines: one object per row).
    #[arg(short, long, value_enum, default_value_t = TextFormat::Text)]
    pub format: TextFormat,

    /// The same as --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

/// Which solver answers.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolverChoice {
    /// The bitset solver (fast).
    Bitset,
    /// The string-based port of Norvig's program (the baseline).
    Norvig,
}

/// The solvers `bench` times.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchSolvers {
    /// All that take the input (strings, fast engine, general engine), with speed-ups.
    All,
    /// Only a bitset engine: the fast one on classic 9×9, the general one otherwise.
    Bitset,
    /// Only the string solver.
    Norvig,
}

/// How each record of `solve`, `count` and `rate` is printed (what each prints is in
/// the subcommand's `--format` help).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One line per puzzle.
    Line,
    /// A boxed grid per puzzle.
    Grid,
    /// JSON Lines: one object per puzzle.
    Json,
    /// Key, tab, answer.
    Tsv,
}

/// How `generate` prints its puzzles.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleFormat {
    /// One puzzle per line.
    Line,
    /// Boxed grids.
    Grid,
    /// JSON Lines.
    Json,
}

/// Formats of the subcommands that print text rather than records.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextFormat {
    /// Text for people.
    Text,
    /// JSON Lines.
    Json,
}

/// A format enum with a `json` value.
pub trait HasJson: Copy {
    /// The `json` value.
    const JSON: Self;
}

impl HasJson for Format {
    const JSON: Format = Format::Json;
}

impl HasJson for PuzzleFormat {
    const JSON: PuzzleFormat = PuzzleFormat::Json;
}

impl HasJson for TextFormat {
    const JSON: TextFormat = TextFormat::Json;
}

impl Records {
    /// The output format, `--json` read as `--format json`.
    pub fn format(&self, format: Format) -> Format {
        with_json(format, self.json)
    }
}

/// `--json` read as `--format json`, for every subcommand that has both.
pub fn with_json<F: HasJson>(format: F, json: bool) -> F {
    if json {
        F::JSON
    } else {
        format
    }
}

fn parse_timeout(text: &str) -> Result<std::time::Duration, String> {
    let secs: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    bitdoku_solver::observe::seconds_budget(secs)
        .ok_or_else(|| "the timeout must be a positive number of seconds".to_string())
}

/// `3.0..4.4` (or `4.2`) as tenths of ER, checked: 1.0 to 20.0, the low end first.
fn parse_er_range(text: &str) -> Result<(u16, u16), String> {
    let tenths = |t: &str| -> Result<u16, String> {
        let v: f64 = t
            .trim()
            .parse()
            .map_err(|_| format!("{t:?} is not a rating (such as 4.2)"))?;
        if (1.0..=20.0).contains(&v) {
            Ok((v * 10.0).round() as u16)
        } else {
            Err(format!("{t}: ratings go from 1.0 to 20.0"))
        }
    };
    let top = bitdoku_solver::rate::STALLED.0;
    let (low, high) = match text.split_once("..") {
        Some((low, "")) => (tenths(low)?, top),
        Some((low, high)) => (tenths(low)?, tenths(high)?),
        None => (tenths(text)?, tenths(text)?),
    };
    if low > high {
        return Err(format!("{text}: the low end comes first"));
    }
    Ok((low, high))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generate_options_are_the_librarys() {
        use bitdoku_variants::generate::KILLER_CAGE as LIBRARY;
        assert_eq!(KILLER_CAGE, LIBRARY.to_string());
        for value in WriteAs::value_variants() {
            let name = value.to_possible_value().unwrap();
            assert_eq!(name.get_name(), value.format().name());
        }
    }

    /// Building a deferred subcommand (to run it or show its help) keeps the
    /// description the list of subcommands shows: no `Args` struct's doc comment
    /// replaces it.
    #[test]
    fn a_subcommand_built_keeps_its_description() {
        use clap::CommandFactory;
        let about = |c: &clap::Command| c.get_about().map(ToString::to_string);
        let long = |c: &clap::Command| c.get_long_about().map(ToString::to_string);
        let mut cli = Cli::command();
        let listed: Vec<_> = cli
            .get_subcommands()
            .map(|c| (c.get_name().to_string(), about(c), long(c)))
            .collect();
        cli.build();
        for (name, short, full) in listed {
            let built = cli.find_subcommand(&name).unwrap();
            assert!(built.get_arguments().next().is_some(), "{name}: not built");
            assert_eq!(about(built), short, "{name}");
            assert_eq!(long(built), full, "{name}");
        }
    }

    #[test]
    fn er_ranges() {
        assert_eq!(parse_er_range("3.0..4.4"), Ok((30, 44)));
        assert_eq!(parse_er_range("4.2"), Ok((42, 42)));
        assert_eq!(parse_er_range("9.1.."), Ok((91, 200)));
        assert!(parse_er_range("4.4..3.0").is_err());
        assert!(parse_er_range("0.5..2").is_err());
        assert!(parse_er_range("x").is_err());
    }
}
