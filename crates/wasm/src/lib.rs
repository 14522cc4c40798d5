//! The WebAssembly module of the `bitdoku` JavaScript package: the Python package's
//! calls (solve, count, rate, hint, explain, generate, true candidates), Norvig's
//! candidate grid and his string solver, behind a small C ABI that the package's
//! hand-written loader (`index.js`) calls. No wasm-bindgen: see the crate's README for
//! why.
//!
//! `solve`, `count`, `is_unique`, `true_candidates` and `parse` also take puzzles for
//! the general engine (`bitdoku-variants`: any size, jigsaw and extra regions, variant
//! rules): an N×N line, sudoku-puzzle or f-puzzles JSON, an f-puzzles or SudokuPad
//! link. A puzzle goes to one engine or the other by
//! `bitdoku_variants::format::is_general`, the one rule every front end routes by.
//! `generate` makes either kind: a request with the board options of the command line
//! goes to the general generator by `bitdoku_variants::generate::Request::is_general`.
//!
//! # The boundary
//!
//! Text crosses in both directions through two buffers that this module owns:
//!
//! 1. the loader asks `bd_input(len)` for the input buffer, resized to `len` bytes,
//!    and writes the call's text into it (a puzzle's UTF-8; a JSON array of puzzle
//!    strings for the batch calls; a JSON object of options for `bd_generate`);
//! 2. it calls the function (numbers go as arguments), which answers a status and
//!    leaves its answer, UTF-8 JSON, in the output buffer;
//! 3. it reads `bd_output_len()` bytes at `bd_output_ptr()`.
//!
//! | status | the output is |
//! |---|---|
//! | [`OK`] | the answer: a JSON value |
//! | [`PUZZLE_ERROR`] | `{message, line, column, path, reason, index}`: a puzzle that could not be read (`index`: its place in a batch, else null; a general puzzle's `line` is null, its `column` an N×N line's, its `path` a JSON document's) |
//! | [`VALUE_ERROR`] | `{message, status}`: a call that cannot be answered (`status`: the vocabulary's word, `unsolvable`, `not-unique`, `stalled`, `gave-up`, or null for a bad argument) |
//!
//! Every buffer is a `Vec` held in a `thread_local`; the host writes and reads them only
//! between calls, when no reference to them is alive, so the module needs no `unsafe`
//! code. What the `unsafe_code` lint counts is allowed in one module, `exports`, and
//! nothing else is there: `#[no_mangle]`, which exports a function under its own name
//! (two such names in one program would clash at link time), and the one import, the
//! host's clock (`bitdoku.now`, milliseconds: `performance.now()`), declared `safe`:
//! WebAssembly has no clock of its own, and a rating's `timeout` needs one.
//!
//! No call keeps a buffer borrowed while it solves: the input is taken out first and
//! the output stored at the end, so even a trap in the middle (a bug: the solver never
//! panics on input) leaves the buffers usable.
#![deny(missing_docs)]
#![deny(unsafe_code)]

use bitdoku_core::{ParseError, Puzzle};
use bitdoku_norvig::Norvig;
use bitdoku_solver::generate::{Generator, Request};
use bitdoku_solver::observe::seconds_budget;
use bitdoku_solver::rate::{rate_with, Rating, Summary, Unrated};
use bitdoku_solver::steps::{Path, Step};
use bitdoku_solver::{Backend, Observer, Options, Solver};
use bitdoku_variants::format::{self as vformat, Settings, Source};
use bitdoku_variants::{Engine, ModelError, Reuse};
use serde::Serialize;
use serde_json::json;
use std::cell::{OnceCell, RefCell};

/// Status: the call answered; the output is its JSON value.
pub const OK: u32 = 0;
/// Status: a puzzle could not be read; the output is `{message, line, column, reason,
/// index}`.
pub const PUZZLE_ERROR: u32 = 1;
/// Status: the call cannot be answered (no solve path, a bad argument); the output is
/// `{message, status}`.
pub const VALUE_ERROR: u32 = 2;

thread_local! {
    /// What the host wrote for the next call.
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// The last call's answer.
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    /// Norvig's squares, units and peers, built once (as his module does at import).
    static NORVIG: OnceCell<Norvig> = const { OnceCell::new() };
}

/// Why a call gives no answer.
enum Failure {
    /// A puzzle that could not be read, and its index in a batch.
    Puzzle(ParseError, Option<usize>),
    /// A general puzzle that could not be read or cannot be valid: the library's
    /// message, its reason (the message without the place), the column of an N×N
    /// line, the JSON path of a document.
    General {
        message: String,
        reason: String,
        column: Option<usize>,
        path: Option<String>,
        /// Its index in a batch.
        index: Option<usize>,
    },
    /// A call that cannot be answered: its message, and the vocabulary's word for it.
    Value(String, Option<&'static str>),
}

impl From<Unrated> for Failure {
    fn from(e: Unrated) -> Failure {
        match e {
            Unrated::NoSolution => Failure::Value(
                "unsolvable: the puzzle has no solution".into(),
                Some("unsolvable"),
            ),
            Unrated::NotUnique { .. } => Failure::Value(
                "not-unique: the puzzle has more than one solution, so no solve path".into(),
                Some("not-unique"),
            ),
        }
    }
}

/// A call's answer as JSON text, or why there is none.
type Answer = Result<String, Failure>;

/// `value` as JSON text (in its fields' order: a rating's as the Python package's
/// dict, a step's as the library's).
fn to_json(value: &impl Serialize) -> String {
    // Serializing these values cannot fail: no map has non-string keys.
    serde_json::to_string(value).unwrap_or_else(|_| "null".into())
}

/// The input buffer's text, taken out of it (invalid UTF-8, which the loader never
/// writes, is read with replacement characters: the puzzle reader then reports them).
fn take_input() -> String {
    let bytes = INPUT.with(|b| std::mem::take(&mut *b.borrow_mut()));
    match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

/// Runs `f` on the input text and leaves its answer in the output buffer.
fn answer(f: impl FnOnce(&str) -> Answer) -> u32 {
    let input = take_input();
    store(f(&input))
}

/// Leaves an answer in the output buffer and gives its status. Not inlined: `answer`
/// has a copy for every export, and this is the same for all of them (the module's
/// size).
#[inline(never)]
fn store(answer: Answer) -> u32 {
    let (status, text) = match answer {
        Ok(text) => (OK, text),
        Err(Failure::Puzzle(e, index)) => {
            let message = match index {
                Some(i) => format!("puzzle {i}: {e}"),
                None => e.to_string(),
            };
            let value = json!({
                "message": message,
                "line": e.position.line,
                "column": e.position.column,
                "path": null,
                "reason": e.kind.to_string(),
                "index": index,
            });
            (PUZZLE_ERROR, value.to_string())
        }
        Err(Failure::General {
            message,
            reason,
            column,
            path,
            index,
        }) => {
            let message = match index {
                Some(i) => format!("puzzle {i}: {message}"),
                None => message,
            };
            let value = json!({
                "message": message,
                "line": null,
                "column": column,
                "path": path,
                "reason": reason,
                "index": index,
            });
            (PUZZLE_ERROR, value.to_string())
        }
        Err(Failure::Value(message, status)) => (
            VALUE_ERROR,
            json!({"message": message, "status": status}).to_string(),
        ),
    };
    OUTPUT.with(|o| *o.borrow_mut() = text.into_bytes());
    status
}

fn parse(text: &str) -> Result<Puzzle, Failure> {
    text.parse().map_err(|e| Failure::Puzzle(e, None))
}

impl From<vformat::Error> for Failure {
    fn from(e: vformat::Error) -> Failure {
        Failure::General {
            message: e.to_string(),
            reason: e.message.clone(),
            column: e.column(),
            path: match e.at {
                vformat::Where::Path(p) => Some(p),
                vformat::Where::Column(_) => None,
            },
            index: None,
        }
    }
}

impl From<ModelError> for Failure {
    fn from(e: ModelError) -> Failure {
        Failure::General {
            message: e.to_string(),
            reason: e.message,
            column: None,
            path: None,
            index: None,
        }
    }
}

/// A puzzle of a call that takes both kinds, routed by `format::is_general`.
enum Input {
    /// A classic puzzle, for the fast classic path.
    Classic(Puzzle),
    /// A puzzle for the general engine, as read.
    General(Box<vformat::Read>),
}

// Not inlined: one copy for every call that takes both kinds (the module's size).
#[inline(never)]
fn input(text: &str) -> Result<Input, Failure> {
    if !vformat::is_general(text, &Settings::default()) {
        return parse(text).map(Input::Classic);
    }
    let read = vformat::read_record(text, &Settings::default()).read?;
    Ok(Input::General(Box::new(read)))
}

/// Runs `f` on the engine of a general puzzle that this thread keeps (`Reuse`: a loop
/// over puzzles of one layout compiles its tables once), refusing a puzzle that
/// repeats a given (as the classic reader does).
fn run<R>(puzzle: &bitdoku_variants::Puzzle, f: impl FnOnce(&Engine) -> R) -> Result<R, Failure> {
    if let Some(e) = puzzle.repeated_given() {
        return Err(e.into());
    }
    Ok(Reuse::with_engine(puzzle, f)?)
}

/// [`run`] on any puzzle (a classic one as a 9×9 general puzzle).
fn run_any<R>(text: &str, f: impl FnOnce(&Engine) -> R) -> Result<R, Failure> {
    match input(text)? {
        Input::General(read) => run(&read.puzzle, f),
        Input::Classic(classic) => run(&classic_read(&classic).puzzle, f),
    }
}

/// A classic puzzle as the general engine reads it: a 9×9 puzzle.
fn classic_read(classic: &Puzzle) -> vformat::Read {
    vformat::Read {
        puzzle: bitdoku_variants::Puzzle::from_classic(classic),
        source: Source::Line,
        solution: None,
        title: None,
        meta: None,
    }
}

/// The puzzle strings of a batch call's JSON array.
fn strings(text: &str) -> Result<Vec<String>, Failure> {
    serde_json::from_str(text).map_err(|e| {
        Failure::Value(
            format!("expected a JSON array of puzzle strings: {e}"),
            None,
        )
    })
}

/// A batch call: `each` of every puzzle of the JSON array `text`, in order, as one
/// JSON array; the first puzzle that fails fails the call, with its index.
fn many(text: &str, each: impl Fn(&str) -> Answer) -> Answer {
    let answers = strings(text)?
        .iter()
        .enumerate()
        .map(|(i, puzzle)| each(puzzle).map_err(|e| e.at(i)))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(format!("[{}]", answers.join(",")))
}

impl Failure {
    /// The failure of the puzzle at `index` of a batch.
    fn at(self, index: usize) -> Failure {
        match self {
            Failure::Puzzle(e, _) => Failure::Puzzle(e, Some(index)),
            Failure::General {
                message,
                reason,
                column,
                path,
                ..
            } => Failure::General {
                message,
                reason,
                column,
                path,
                index: Some(index),
            },
            value => value,
        }
    }
}

fn solve(text: &str) -> Answer {
    Ok(to_json(&match input(text)? {
        Input::Classic(puzzle) => bitdoku_solver::solve(puzzle).map(|g| g.to_string()),
        Input::General(read) => run(&read.puzzle, Engine::solve)?.map(|s| vformat::line(&s)),
    }))
}

fn solve_many(text: &str) -> Answer {
    many(text, solve)
}

fn count(text: &str, limit: usize) -> Answer {
    Ok(to_json(&match input(text)? {
        Input::Classic(puzzle) => bitdoku_solver::count_solutions(puzzle, limit),
        Input::General(read) => run(&read.puzzle, |e| e.count(limit))?,
    }))
}

fn count_many(text: &str, limit: usize) -> Answer {
    many(text, |puzzle| count(puzzle, limit))
}

fn is_unique(text: &str) -> Answer {
    Ok(to_json(&match input(text)? {
        Input::Classic(puzzle) => bitdoku_solver::is_unique(puzzle),
        Input::General(read) => run(&read.puzzle, Engine::is_unique)?,
    }))
}

/// True candidates of any puzzle (a classic one as a 9×9 general puzzle), as the
/// library's summary: the shape `bitdoku candidates --format json` and Python give.
fn true_candidates(text: &str, limit: usize) -> Answer {
    let options = Options::default().with_limit(limit);
    Ok(to_json(
        &run_any(text, |e| e.true_candidates(&options))?.summary(),
    ))
}

/// What `parse` answers: the basic facts of a puzzle. (Not the sudoku-puzzle document:
/// its writer, for every rule, would take the module past its size limit.)
#[derive(Serialize)]
struct Parsed {
    /// The board's side, N.
    size: usize,
    /// The format it came in: `classic`, `line`, `sudoku-puzzle`, `fpuzzles`, `link`.
    format: &'static str,
    /// The givens as an N×N line (`.` for empty).
    givens: String,
    /// How many givens.
    clues: usize,
    /// Its title, if it has one.
    title: Option<String>,
    /// How many variant rules beside its houses (cages, lines, dots...).
    rules: usize,
    /// The solution the document carries, as an N×N line, if any.
    solution: Option<String>,
}

fn parse_puzzle(text: &str) -> Answer {
    let (read, classic) = match input(text)? {
        Input::General(read) => (*read, false),
        Input::Classic(classic) => (classic_read(&classic), true),
    };
    if let Some(e) = read.puzzle.repeated_given() {
        return Err(e.into());
    }
    let givens = read.puzzle.givens();
    Ok(to_json(&Parsed {
        size: read.puzzle.size(),
        format: if classic {
            "classic"
        } else {
            read.source.name()
        },
        givens: vformat::line(givens),
        clues: givens.iter().filter(|&&d| d != 0).count(),
        title: read.title.clone(),
        rules: read.puzzle.rules().len(),
        solution: read.solution.as_deref().map(vformat::line),
    }))
}

/// The answer of `rate`: the status, the library's `rate::Summary` (the rating in the
/// shape every front end gives it) and the solution; the fields after `status` are
/// left out where they do not apply.
#[derive(Serialize, Default)]
struct RatingJson {
    status: &'static str,
    #[serde(flatten)]
    rating: Option<Summary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<String>,
}

/// A time budget on the host's clock (`std::time::Instant` has none here): says no
/// once `at` (milliseconds) has passed.
struct HostDeadline {
    at: f64,
    passed: bool,
}

impl Observer for HostDeadline {
    fn keep_going(&mut self) -> bool {
        self.passed = self.passed || exports::now() >= self.at;
        !self.passed
    }
}

/// Rates `puzzle` within `timeout` seconds of the host's clock, if given.
fn rate_within(puzzle: Puzzle, timeout: Option<f64>) -> Result<Result<Rating, Unrated>, Failure> {
    let Some(secs) = timeout else {
        return Ok(rate_with(puzzle, ()));
    };
    let budget = seconds_budget(secs).ok_or_else(|| {
        Failure::Value(
            format!("timeout={secs}: must be a positive number of seconds"),
            None,
        )
    })?;
    let deadline = HostDeadline {
        at: exports::now() + budget.as_secs_f64() * 1000.0,
        passed: false,
    };
    Ok(rate_with(puzzle, deadline))
}

fn rate(text: &str, timeout: Option<f64>) -> Answer {
    let puzzle = parse(text)?;
    let rating = match rate_within(puzzle, timeout)? {
        Ok(r) => RatingJson {
            status: r.status(),
            rating: Some(r.summary()),
            solution: Some(r.solution.to_string()),
        },
        Err(Unrated::NotUnique { first }) => RatingJson {
            status: "not-unique",
            solution: Some(first.to_string()),
            ..RatingJson::default()
        },
        Err(Unrated::NoSolution) => RatingJson {
            status: "unsolvable",
            ..RatingJson::default()
        },
    };
    Ok(to_json(&rating))
}

fn hint(text: &str) -> Answer {
    let mut path = Path::new(&parse(text)?)?;
    if path.is_solved() {
        return Ok("null".into());
    }
    match path.next() {
        Some(step) => Ok(to_json(&step)),
        None => Err(Failure::Value(
            "stalled: no technique of the ladder finds a step".into(),
            Some("stalled"),
        )),
    }
}

fn explain(text: &str) -> Answer {
    let path = Path::new(&parse(text)?)?;
    Ok(to_json(&path.collect::<Vec<Step>>()))
}

/// The grid before a step of the solve path: the solved squares (a line of 81, `.`
/// for open) and every square's candidates (a solved square's being its digit).
#[derive(Serialize)]
struct Stage {
    values: String,
    candidates: Vec<String>,
    /// The step taken from here; `None` for the solved grid at the end.
    step: Option<Step>,
}

fn path(text: &str) -> Answer {
    let mut path = Path::new(&parse(text)?)?;
    let stage = |path: &Path, step: Option<Step>| Stage {
        values: path.marks().grid().to_string(),
        candidates: path
            .marks()
            .board()
            .0
            .iter()
            .map(|c| c.to_string())
            .collect(),
        step,
    };
    let mut stages = Vec::new();
    loop {
        let before = stage(&path, None);
        match path.next() {
            Some(step) => stages.push(Stage {
                step: Some(step),
                ..before
            }),
            None => {
                stages.push(before);
                break;
            }
        }
    }
    Ok(to_json(&stages))
}

fn givens(text: &str) -> Answer {
    Ok(to_json(&parse(text)?.grid().to_string()))
}

fn propagate(text: &str) -> Answer {
    let board = bitdoku_solver::propagate(parse(text)?);
    Ok(to_json(&board.map(|b| {
        b.0.iter().map(|c| c.to_string()).collect::<Vec<_>>()
    })))
}

fn norvig_solve(text: &str) -> Answer {
    let puzzle = parse(text)?;
    let solution = NORVIG.with(|n| Solver::solve(n.get_or_init(Norvig::new), &puzzle));
    Ok(to_json(&solution.map(|g| g.to_string())))
}

/// `generate`'s arguments beside its options object (the input text).
struct GenerateArgs {
    n: u32,
    seed: u64,
    clues: Option<usize>,
    minimal: bool,
    level: Option<u32>,
    er: Option<(f64, f64)>,
}

/// `n` puzzles; `options` is the JSON object of the call's options beside the numbers
/// (the symmetry, the board's and `format`, their types checked by `index.js`). A
/// board for the general generator, by the library's `Request::is_general` (or a
/// `format` asked), goes there as the command line's and Python's do; else the classic
/// generator makes it.
fn generate(options: &str, args: GenerateArgs) -> Answer {
    use bitdoku_variants::generate::{self as vgenerate, Elements, Marks};
    use serde_json::Value;
    let options: serde_json::Map<String, Value> = serde_json::from_str(options)
        .map_err(|e| Failure::Value(format!("generate's options: {e}"), None))?;
    let get = |name: &str| options.get(name);
    let text = |name: &str| get(name).and_then(Value::as_str);
    let flag = |name: &str| get(name).and_then(Value::as_bool).unwrap_or(false);
    let whole = |v: &Value| v.as_u64().map(|k| usize::try_from(k).unwrap_or(usize::MAX));
    let count = |name: &str| get(name).and_then(whole).unwrap_or(0);
    let marks = |name: &str| match get(name) {
        None => Ok(None),
        Some(Value::String(all)) if all == "all" => Ok(Some(Marks::All)),
        Some(Value::String(other)) => Err(Failure::Value(
            format!("{name}={other:?}: give a number of marks or \"all\""),
            None,
        )),
        Some(k) => Ok(whole(k).map(Marks::Some)),
    };
    let value = |e: String| Failure::Value(e, None);
    let board = vgenerate::Request {
        size: get("size").and_then(whole),
        boxes: text("box")
            .map(vgenerate::box_shape)
            .transpose()
            .map_err(value)?,
        jigsaw: flag("jigsaw"),
        diagonals: flag("diagonals"),
        windows: flag("windows"),
        disjoint_groups: flag("disjointGroups"),
        anti_knight: flag("antiKnight"),
        anti_king: flag("antiKing"),
        non_consecutive: flag("nonConsecutive"),
        killer: match get("killer") {
            Some(Value::Bool(on)) => on.then_some(vgenerate::KILLER_CAGE),
            k => k.and_then(whole),
        },
        elements: Elements {
            thermos: count("thermos"),
            arrows: count("arrows"),
            whispers: count("whispers"),
            renbans: count("renban"),
            kropki: marks("kropki")?,
            xv: marks("xv")?,
            parity: count("oddEven"),
        },
        symmetry: text("symmetry"),
        clues: args.clues,
        classic_only: &[],
    };
    let format = text("format");
    if board.is_general() || format.is_some() {
        let classic_only: Vec<&str> = [
            (args.level.is_some(), "level"),
            (args.er.is_some(), "er"),
            (args.minimal, "minimal"),
        ]
        .into_iter()
        .filter_map(|(given, name)| given.then_some(name))
        .collect();
        let request = vgenerate::Request {
            classic_only: &classic_only,
            ..board
        };
        let settings = request.settings().map_err(|e| value(e.to_string()))?;
        let format = format.map(Source::named).transpose().map_err(value)?;
        let mut made = Vec::with_capacity(args.n as usize);
        for i in 0..u64::from(args.n) {
            let g = vgenerate::puzzle(args.seed, i, &settings).ok_or_else(|| {
                Failure::Value(
                    format!(
                        "gave-up: {}; try fewer rules, another box shape or another seed",
                        vgenerate::GAVE_UP
                    ),
                    Some("gave-up"),
                )
            })?;
            made.push(g.text(format).map_err(|e| value(e.to_string()))?);
        }
        return Ok(to_json(&made));
    }
    let request = Request {
        clues: args.clues,
        symmetry: board.symmetry,
        minimal: args.minimal,
        level: args.level,
        er: args.er,
    };
    let settings = request.settings().map_err(|e| value(e.to_string()))?;
    let generator = Generator::new(args.seed, settings);
    let mut made = Vec::with_capacity(args.n as usize);
    for i in 0..u64::from(args.n) {
        match generator.puzzle(i) {
            Ok(grid) => made.push(grid.to_string()),
            Err(gave_up) => {
                return Err(Failure::Value(
                    format!("gave-up: {gave_up}; try an easier target"),
                    Some("gave-up"),
                ))
            }
        }
    }
    Ok(to_json(&made))
}

/// A limit as the library reads it (0 is read as 1 there).
fn limit(limit: u32) -> usize {
    usize::try_from(limit).unwrap_or(usize::MAX)
}

/// The exported functions: the module's ABI, called by `index.js` only; and the one
/// import, the host's clock.
#[allow(unsafe_code)] // `#[no_mangle]` and the clock's import, nothing else: see the crate docs.
mod exports {
    use super::*;

    #[link(wasm_import_module = "bitdoku")]
    unsafe extern "C" {
        /// The host's clock in milliseconds (`performance.now()`), for time budgets.
        pub safe fn now() -> f64;
    }

    /// Resizes the input buffer to `len` bytes (zeroed) and gives its address, for
    /// the host to write the next call's text there.
    #[no_mangle]
    pub extern "C" fn bd_input(len: usize) -> *mut u8 {
        INPUT.with(|b| {
            let mut b = b.borrow_mut();
            b.clear();
            b.resize(len, 0);
            b.as_mut_ptr()
        })
    }

    /// The address of the last call's answer.
    #[no_mangle]
    pub extern "C" fn bd_output_ptr() -> *const u8 {
        OUTPUT.with(|o| o.borrow().as_ptr())
    }

    /// The length in bytes of the last call's answer.
    #[no_mangle]
    pub extern "C" fn bd_output_len() -> usize {
        OUTPUT.with(|o| o.borrow().len())
    }

    /// The back-end the solver runs on in this module (`simd128` or `portable`), in
    /// the output buffer.
    #[no_mangle]
    pub extern "C" fn bd_backend() -> u32 {
        answer(|_| Ok(to_json(&Backend::best().name())))
    }

    /// The package's version, in the output buffer.
    #[no_mangle]
    pub extern "C" fn bd_version() -> u32 {
        answer(|_| Ok(to_json(&env!("CARGO_PKG_VERSION"))))
    }

    /// The first solution (81 digits) or null.
    #[no_mangle]
    pub extern "C" fn bd_solve() -> u32 {
        answer(solve)
    }

    /// `bd_solve` of each puzzle of a JSON array, in order.
    #[no_mangle]
    pub extern "C" fn bd_solve_many() -> u32 {
        answer(solve_many)
    }

    /// How many solutions, counting no further than `limit` (0 is read as 1).
    #[no_mangle]
    pub extern "C" fn bd_count(limit: u32) -> u32 {
        answer(|text| count(text, super::limit(limit)))
    }

    /// `bd_count` of each puzzle of a JSON array, in order.
    #[no_mangle]
    pub extern "C" fn bd_count_many(limit: u32) -> u32 {
        answer(|text| count_many(text, super::limit(limit)))
    }

    /// True if the puzzle has exactly one solution.
    #[no_mangle]
    pub extern "C" fn bd_is_unique() -> u32 {
        answer(is_unique)
    }

    /// The true candidates (the library's summary), deciding with at most `limit`
    /// witness solutions.
    #[no_mangle]
    pub extern "C" fn bd_true_candidates(limit: u32) -> u32 {
        answer(|text| true_candidates(text, super::limit(limit)))
    }

    /// The puzzle's basic facts and its sudoku-puzzle document.
    #[no_mangle]
    pub extern "C" fn bd_parse() -> u32 {
        answer(parse_puzzle)
    }

    /// The rating on Sudoku Explainer's scale, as the Python package's `rate` dict,
    /// within `timeout` seconds (NaN: no budget).
    #[no_mangle]
    pub extern "C" fn bd_rate(timeout: f64) -> u32 {
        answer(|text| rate(text, (!timeout.is_nan()).then_some(timeout)))
    }

    /// The next step (the library's JSON of a `Step`), or null if solved.
    #[no_mangle]
    pub extern "C" fn bd_hint() -> u32 {
        answer(hint)
    }

    /// The whole solve path, an array of steps.
    #[no_mangle]
    pub extern "C" fn bd_explain() -> u32 {
        answer(explain)
    }

    /// The solve path with the grid before each step: `[{values, candidates,
    /// step}]`, the last entry the grid where the path ends (`step` null).
    #[no_mangle]
    pub extern "C" fn bd_path() -> u32 {
        answer(path)
    }

    /// The squares known at the start (the givens; a pencilmark puzzle's squares
    /// with one candidate) as a line of 81, `.` for the others.
    #[no_mangle]
    pub extern "C" fn bd_givens() -> u32 {
        answer(givens)
    }

    /// Norvig's candidate grid after his two rules: 81 strings of digits, or null on
    /// a contradiction.
    #[no_mangle]
    pub extern "C" fn bd_propagate() -> u32 {
        answer(propagate)
    }

    /// The first solution by Norvig's string solver (`bitdoku-norvig`), or null.
    #[no_mangle]
    pub extern "C" fn bd_norvig_solve() -> u32 {
        answer(norvig_solve)
    }

    /// Panics (a trap, the module built with `panic = "abort"`). For the tests: they
    /// check that the loader replaces an instance after a trap, so that a bug in one
    /// call does not break the next.
    #[no_mangle]
    pub extern "C" fn bd_panic_for_tests() -> u32 {
        answer(|_| panic!("a deliberate panic"))
    }

    /// `n` puzzles with one solution, puzzle `i` seeded from `(seed, i)`; the input
    /// is a JSON object of the other options (the symmetry, the board's, `format`).
    /// `clues` and `level` below 0 and `er_low` NaN mean not given; `minimal` is 0 or
    /// 1.
    #[no_mangle]
    pub extern "C" fn bd_generate(
        n: u32,
        seed: u64,
        clues: i32,
        minimal: u32,
        level: i32,
        er_low: f64,
        er_high: f64,
    ) -> u32 {
        let args = GenerateArgs {
            n,
            seed,
            clues: usize::try_from(clues).ok(),
            minimal: minimal != 0,
            level: u32::try_from(level).ok(),
            er: (!er_low.is_nan()).then_some((er_low, er_high)),
        };
        answer(|options| generate(options, args))
    }
}
