//! The C API of bitdoku: `include/bitdoku.h`, generated from this file by cbindgen.
//!
//! - [`bitdoku_solve`] has the signature and the input convention of tdoku's solver
//!   functions, so bitdoku can be dropped into tdoku's benchmark harness: it reads one
//!   puzzle (81 bytes, or 729 for a pencilmark puzzle, told apart by the byte after
//!   the 81st), counts its solutions up to a limit, writes the first one and the
//!   guesses taken.
//! - [`bitdoku_solve_batch`] does the same for N puzzles of 81 bytes each, on several
//!   threads, with the results in input order.
//! - [`bitdoku_last_error`] tells why the last call on this thread could not read a
//!   puzzle (the first such puzzle of a batch): a code, the puzzle's index, the line
//!   and column, the message and the reason (the message without the position).
//!   [`bitdoku_puzzle_error`] tells the same of any puzzle of the last call, so every
//!   bad puzzle of a batch can be described.
//!
//! A puzzle is 81 bytes: `1`-`9` for a given, `0`, `.`, `_` or `*` for an empty square.
//! As in tdoku, `bitdoku_solve` also reads the byte after them: if it is `.` or above
//! (a digit or a placeholder), the puzzle is a 729-byte pencilmark line (nine bytes per
//! square, the k-th the digit k where it is a candidate, an empty mark or `-` where
//! not); anything else (a NUL, a newline) ends an 81-byte puzzle. Batches are 81 bytes
//! per puzzle, with nothing between. Solutions are written as 81 ASCII digits, without
//! a NUL.
#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]

use bitdoku_core::{ParseError, ParseErrorKind, Record, RecordReader, PENCILMARK_LEN};
use bitdoku_solver::{search_record, Backend, Batch, Options, Outcome};
use std::cell::RefCell;
use std::ffi::c_char;

/// Bit of `configuration`: keep to the portable back-end (no SIMD) even where the CPU
/// has AVX2 or AVX-512 (same answers; for comparison). Other bits are reserved and
/// ignored.
pub const BITDOKU_PORTABLE: u32 = 1;

/// Bit of `configuration`: keep to the AVX2 back-end on a CPU that also has AVX-512
/// (same answers; to compare the two on one machine). Where the CPU has no AVX2 it
/// means nothing: the best back-end there is used. `BITDOKU_PORTABLE` wins over it.
pub const BITDOKU_AVX2: u32 = 2;

/// No error: the last call read every puzzle.
pub const BITDOKU_OK: u32 = 0;
/// A required pointer argument was NULL.
pub const BITDOKU_ERROR_NULL_POINTER: u32 = 1;
/// Fewer than 81 squares (layout characters such as spaces and `|` are not squares).
pub const BITDOKU_ERROR_TOO_FEW_SQUARES: u32 = 2;
/// More than 81 squares.
pub const BITDOKU_ERROR_TOO_MANY_SQUARES: u32 = 3;
/// A byte that is neither a square (`1`-`9`, `0`, `.`) nor layout.
pub const BITDOKU_ERROR_UNEXPECTED_CHARACTER: u32 = 4;
/// A byte that is not part of any UTF-8 character.
pub const BITDOKU_ERROR_INVALID_UTF8: u32 = 5;
/// Two equal givens in one row, column or box.
pub const BITDOKU_ERROR_REPEATED_DIGIT: u32 = 6;
/// Any other error.
pub const BITDOKU_ERROR_OTHER: u32 = 99;

/// The size of the `message` and the `reason` of a `bitdoku_error`, with their
/// terminating NUL (longer text is cut at a character's boundary).
pub const BITDOKU_MESSAGE_SIZE: usize = 160;

/// Why a puzzle could not be read (see `bitdoku_last_error` and
/// `bitdoku_puzzle_error`). The position is in `line` and `column`, and in `message`
/// once, before the `reason`: print the message alone, or the fields and the reason.
#[repr(C)]
#[derive(Clone, Copy)]
pub struct BitdokuError {
    /// One of the `BITDOKU_ERROR_*` codes, or `BITDOKU_OK`.
    pub code: u32,
    /// The puzzle's index in a batch call (0 for a single puzzle).
    pub index: usize,
    /// The 1-based line of the error inside the puzzle (always 1 for 81 bytes).
    pub line: usize,
    /// The 1-based column: the offending square, or 1 for errors about the whole
    /// puzzle.
    pub column: usize,
    /// The message, NUL-terminated: the position, then the reason, such as `line 1,
    /// column 41: unexpected character 'x' (squares are 1-9, with 0, ., _ or * for
    /// empty)`.
    pub message: [c_char; BITDOKU_MESSAGE_SIZE],
    /// What was wrong, NUL-terminated, without the position: the message's text after
    /// `line L, column C: `, such as `unexpected character 'x' (squares are 1-9, with 0,
    /// ., _ or * for empty)`.
    pub reason: [c_char; BITDOKU_MESSAGE_SIZE],
}

/// What the last call on a thread could not read.
enum Last {
    /// It read every puzzle.
    Read,
    /// A required pointer was NULL: none of its `count` puzzles was read.
    Null {
        /// The puzzles of the call (1 for `bitdoku_solve`).
        count: usize,
    },
    /// These puzzles (index, error; in increasing index order) could not be read.
    Unread(Vec<(usize, ParseError)>),
}

impl Last {
    /// The failure of puzzle `index`, if it had one.
    fn of(&self, index: usize) -> Option<Failure> {
        match self {
            Last::Read => None,
            Last::Null { count } => (index < *count).then_some(Failure::Null(index)),
            Last::Unread(errors) => errors
                .binary_search_by_key(&index, |&(i, _)| i)
                .ok()
                .map(|k| Failure::Parse(errors[k].1, index)),
        }
    }

    /// The failure of the first puzzle that had one.
    fn first(&self) -> Option<Failure> {
        match self {
            Last::Read => None,
            Last::Null { .. } => self.of(0),
            Last::Unread(errors) => errors.first().map(|&(i, e)| Failure::Parse(e, i)),
        }
    }
}

/// Why one puzzle could not be read.
#[derive(Clone, Copy)]
enum Failure {
    /// The puzzle (at this index) could not be read.
    Parse(ParseError, usize),
    /// A NULL pointer was passed (the puzzle's index).
    Null(usize),
}

thread_local! {
    static LAST: RefCell<Last> = const { RefCell::new(Last::Read) };
}

fn set_last(last: Last) {
    LAST.with(|l| *l.borrow_mut() = last);
}

/// Reads the bytes as one puzzle, with the core's reader (so the errors are those of
/// every other bitdoku front end), and searches it with [`search_record`]: a repeated
/// given is looked for only when the search finds no solution, as in `bitdoku solve`.
fn solve_bytes(bytes: &[u8], options: &Options) -> Result<Outcome, ParseError> {
    let mut reader = RecordReader::without_conflict_check();
    let mut first = None;
    let mut take = |r: Record| {
        first.get_or_insert_with(|| search_record(&r, options));
    };
    reader.push_line(bytes, &mut take);
    reader.finish(&mut take);
    first.unwrap_or(Err(ParseError {
        kind: ParseErrorKind::TooFewSquares { found: 0 },
        position: bitdoku_core::Position { line: 1, column: 1 },
    }))
}

fn options(limit: usize, configuration: u32) -> Options {
    let backend = if configuration & BITDOKU_PORTABLE != 0 {
        Backend::Portable
    } else if configuration & BITDOKU_AVX2 != 0 {
        Backend::Avx2
    } else {
        Backend::Auto
    };
    Options::default().with_limit(limit).with_backend(backend)
}

fn write_solution(outcome: &Outcome, out: &mut [u8]) {
    if let Some(solution) = outcome.solution {
        out.copy_from_slice(&solution.to_line());
    }
}

/// Solves one puzzle (tdoku's solver signature and input convention). Reads the puzzle
/// at `input`: 81 bytes, or 729 when `input[81]` is `.` or above (a pencilmark
/// puzzle). Counts its solutions up to `limit` (0 is read as 1) and returns that
/// count: 0 if it has none or could not be read (then `bitdoku_last_error` says why),
/// 1 for a unique puzzle with `limit` 2 or more, `limit` if it has at least that many.
///
/// When the count is at least 1, the first solution (digits tried in increasing
/// order) is written to `solution` as 81 ASCII digits, without a NUL; otherwise
/// `solution` is left alone. `num_guesses`, if not NULL, receives the guesses the
/// search took. `configuration`: 0, `BITDOKU_PORTABLE` or `BITDOKU_AVX2`.
///
/// # Safety
/// `input` must point to 82 readable bytes (an 81-byte puzzle and the byte after it,
/// such as its NUL or newline), or to 729 for a pencilmark puzzle; `solution` to 81
/// writable bytes (or be NULL when no solution is wanted); `num_guesses` must be NULL
/// or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn bitdoku_solve(
    input: *const c_char,
    limit: usize,
    configuration: u32,
    solution: *mut c_char,
    num_guesses: *mut usize,
) -> usize {
    if !num_guesses.is_null() {
        // SAFETY: the caller passes NULL or a pointer valid for a write.
        unsafe { *num_guesses = 0 };
    }
    if input.is_null() {
        set_last(Last::Null { count: 1 });
        return 0;
    }
    // SAFETY: the caller guarantees 82 readable bytes at `input`, or 729 when the 82nd
    // is `.` or above.
    let pencilmarks = unsafe { *input.add(81) } as u8 >= b'.';
    let len = if pencilmarks { PENCILMARK_LEN } else { 81 };
    // SAFETY: as above.
    let bytes = unsafe { std::slice::from_raw_parts(input.cast::<u8>(), len) };
    let outcome = match solve_bytes(bytes, &options(limit, configuration)) {
        Ok(outcome) => outcome,
        Err(e) => {
            set_last(Last::Unread(vec![(0, e)]));
            return 0;
        }
    };
    set_last(Last::Read);
    if !solution.is_null() {
        // SAFETY: the caller guarantees 81 writable bytes at a non-NULL `solution`.
        write_solution(&outcome, unsafe {
            std::slice::from_raw_parts_mut(solution.cast::<u8>(), 81)
        });
    }
    if !num_guesses.is_null() {
        // SAFETY: as above.
        unsafe { *num_guesses = usize::try_from(outcome.stats.guesses).unwrap_or(usize::MAX) };
    }
    outcome.solutions
}

/// `num_solutions[i]` of a puzzle that could not be read: `SIZE_MAX` (the header
/// defines it by hand, as cbindgen does not evaluate `usize::MAX`).
pub const BITDOKU_INVALID: usize = usize::MAX;

/// Solves `count` puzzles stored one after the other in `puzzles` (81 bytes each, no
/// separators), on `threads` threads (0: all cores; 1: the calling thread; more than
/// the cores there are is read as that many), and returns how many could not be read
/// (0 when all could). `bitdoku_puzzle_error(i, ...)` then describes puzzle `i` (each
/// one whose `num_solutions[i]` is `BITDOKU_INVALID`), and `bitdoku_last_error` the
/// first of them.
///
/// For puzzle `i`: `num_solutions[i]` receives its count of solutions up to `limit`,
/// as `bitdoku_solve` returns it, or `BITDOKU_INVALID` if it could not be read;
/// when it has a solution, the first is written to `solutions + 81 * i` (otherwise
/// those 81 bytes are left alone). Either output may be NULL. If the threads cannot be
/// started, the puzzles are solved on the calling thread.
///
/// # Safety
/// `puzzles` must point to `81 * count` readable bytes, `solutions` (unless NULL) to
/// `81 * count` writable bytes and `num_solutions` (unless NULL) to `count` writable
/// `size_t`s; the regions must not overlap.
#[no_mangle]
pub unsafe extern "C" fn bitdoku_solve_batch(
    puzzles: *const c_char,
    count: usize,
    limit: usize,
    configuration: u32,
    threads: usize,
    solutions: *mut c_char,
    num_solutions: *mut usize,
) -> usize {
    if count == 0 {
        set_last(Last::Read);
        return 0;
    }
    let Some(bytes_len) = count.checked_mul(81).filter(|_| !puzzles.is_null()) else {
        set_last(Last::Null { count });
        return count;
    };
    // SAFETY: the caller guarantees 81 * count readable bytes at `puzzles`.
    let bytes = unsafe { std::slice::from_raw_parts(puzzles.cast::<u8>(), bytes_len) };
    let chunks: Vec<&[u8]> = bytes.chunks_exact(81).collect();
    let options = options(limit, configuration);
    let batch = Batch::with_threads(options, Some(threads))
        .or_else(|_| Batch::with_threads(options, Some(1)))
        .unwrap_or_else(|_| Batch::new(options));
    let mut results = Vec::with_capacity(count);
    batch.map(&chunks, |p| solve_bytes(p, &options), &mut results);
    // SAFETY: for both outputs the caller guarantees room for `count` puzzles or NULL.
    let mut solutions = (!solutions.is_null())
        .then(|| unsafe { std::slice::from_raw_parts_mut(solutions.cast::<u8>(), bytes_len) });
    let mut num_solutions = (!num_solutions.is_null())
        .then(|| unsafe { std::slice::from_raw_parts_mut(num_solutions, count) });
    let mut unread = Vec::new();
    for (i, result) in results.iter().enumerate() {
        let found = match result {
            Ok(outcome) => {
                if let Some(out) = solutions.as_deref_mut() {
                    write_solution(outcome, &mut out[81 * i..81 * (i + 1)]);
                }
                outcome.solutions
            }
            Err(e) => {
                unread.push((i, *e));
                BITDOKU_INVALID
            }
        };
        if let Some(n) = num_solutions.as_deref_mut() {
            n[i] = found;
        }
    }
    let bad = unread.len();
    set_last(if bad == 0 {
        Last::Read
    } else {
        Last::Unread(unread)
    });
    bad
}

/// Describes why the last `bitdoku_solve` or `bitdoku_solve_batch` call on this
/// thread could not read a puzzle (the first such puzzle of a batch;
/// `bitdoku_puzzle_error` gives each), and returns its code: `BITDOKU_OK` (0) if that
/// call read every puzzle. `error` may be NULL to get the code alone.
///
/// # Safety
/// `error` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn bitdoku_last_error(error: *mut BitdokuError) -> u32 {
    let failure = LAST.with(|l| l.borrow().first());
    // SAFETY: the caller passes NULL or a pointer valid for a write.
    unsafe { describe(failure, error) }
}

/// Describes why puzzle `index` of the last `bitdoku_solve_batch` call on this thread
/// (or of the last `bitdoku_solve`, whose puzzle is index 0) could not be read, and
/// returns its code: `BITDOKU_OK` (0) if it was read, or if that call had no puzzle
/// `index`. Every bad puzzle of a batch can be described so, in any order and as often
/// as wanted, until the thread's next `bitdoku_solve` or `bitdoku_solve_batch`. `error`
/// may be NULL to get the code alone.
///
/// # Safety
/// `error` must be NULL or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn bitdoku_puzzle_error(index: usize, error: *mut BitdokuError) -> u32 {
    let failure = LAST.with(|l| l.borrow().of(index));
    // SAFETY: the caller passes NULL or a pointer valid for a write.
    unsafe { describe(failure, error) }
}

/// Writes `failure` (or no error) to `error` unless it is NULL; its code.
///
/// # Safety
/// `error` must be NULL or valid for a write.
unsafe fn describe(failure: Option<Failure>, error: *mut BitdokuError) -> u32 {
    let (code, index, line, column, message, reason) = match failure {
        None => (BITDOKU_OK, 0, 0, 0, String::new(), String::new()),
        Some(Failure::Null(index)) => {
            let reason = "a required pointer argument was NULL".to_string();
            (
                BITDOKU_ERROR_NULL_POINTER,
                index,
                0,
                0,
                reason.clone(),
                reason,
            )
        }
        Some(Failure::Parse(e, index)) => (
            code_of(&e.kind),
            index,
            e.position.line,
            e.position.column,
            e.to_string(),
            e.kind.to_string(),
        ),
    };
    if !error.is_null() {
        // SAFETY: the caller passes NULL or a pointer valid for a write.
        unsafe {
            *error = BitdokuError {
                code,
                index,
                line,
                column,
                message: c_text(&message),
                reason: c_text(&reason),
            };
        }
    }
    code
}

/// `text` NUL-terminated in a `BITDOKU_MESSAGE_SIZE` buffer, cut at the last whole
/// character that fits.
fn c_text(text: &str) -> [c_char; BITDOKU_MESSAGE_SIZE] {
    let mut end = text.len().min(BITDOKU_MESSAGE_SIZE - 1);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    let mut out = [0 as c_char; BITDOKU_MESSAGE_SIZE];
    for (o, &b) in out.iter_mut().zip(&text.as_bytes()[..end]) {
        *o = b as c_char;
    }
    out
}

fn code_of(kind: &ParseErrorKind) -> u32 {
    match kind {
        ParseErrorKind::TooFewSquares { .. } => BITDOKU_ERROR_TOO_FEW_SQUARES,
        ParseErrorKind::TooManySquares { .. } => BITDOKU_ERROR_TOO_MANY_SQUARES,
        ParseErrorKind::UnexpectedChar { .. } => BITDOKU_ERROR_UNEXPECTED_CHARACTER,
        ParseErrorKind::InvalidUtf8 { .. } => BITDOKU_ERROR_INVALID_UTF8,
        ParseErrorKind::Conflict { .. } => BITDOKU_ERROR_REPEATED_DIGIT,
        _ => BITDOKU_ERROR_OTHER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NUL-terminated, as tdoku's convention wants (the byte after an 81-byte puzzle is
    /// read).
    const GRID1: &[u8; 82] =
        b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\0";
    const TWO: &[u8; 82] =
        b"9.6.7.4.3...4..2...7..23.1.5.....1...4.2.8.6...3.....5.3.7...5...7..5...4.5.1.7.8\0";

    /// An error that no call wrote.
    const UNWRITTEN: BitdokuError = BitdokuError {
        code: 77,
        index: 77,
        line: 77,
        column: 77,
        message: [b'?' as c_char; BITDOKU_MESSAGE_SIZE],
        reason: [b'?' as c_char; BITDOKU_MESSAGE_SIZE],
    };

    fn last() -> BitdokuError {
        let mut e = UNWRITTEN;
        // SAFETY: a valid pointer.
        assert_eq!(unsafe { bitdoku_last_error(&mut e) }, e.code);
        e
    }

    fn puzzle_error(index: usize) -> BitdokuError {
        let mut e = UNWRITTEN;
        // SAFETY: a valid pointer.
        assert_eq!(unsafe { bitdoku_puzzle_error(index, &mut e) }, e.code);
        e
    }

    fn text(field: &[c_char; BITDOKU_MESSAGE_SIZE]) -> String {
        let bytes: Vec<u8> = field
            .iter()
            .take_while(|&&c| c != 0)
            .map(|&c| c as u8)
            .collect();
        String::from_utf8(bytes).unwrap()
    }

    fn message(e: &BitdokuError) -> String {
        text(&e.message)
    }

    #[test]
    fn solves_counts_and_reports_guesses() {
        let mut solution = [0 as c_char; 81];
        let mut guesses = 99;
        for configuration in [0, BITDOKU_PORTABLE] {
            // SAFETY: valid buffers of 81 bytes.
            let n = unsafe {
                bitdoku_solve(
                    GRID1.as_ptr().cast(),
                    2,
                    configuration,
                    solution.as_mut_ptr(),
                    &mut guesses,
                )
            };
            assert_eq!(n, 1);
            let line: Vec<u8> = solution.iter().map(|&c| c as u8).collect();
            assert_eq!(
                line,
                b"417369825632158947958724316825437169791586432346912758289643571573291684164875293"
            );
            assert_eq!(last().code, BITDOKU_OK);
            // SAFETY: as above; NULL outputs are allowed.
            let two = unsafe {
                bitdoku_solve(
                    TWO.as_ptr().cast(),
                    10,
                    configuration,
                    std::ptr::null_mut(),
                    &mut guesses,
                )
            };
            assert_eq!(two, 2);
            assert!(guesses > 0);
        }
    }

    #[test]
    fn thousands_of_threads_are_the_cores() {
        let puzzles: Vec<u8> = GRID1[..81].repeat(4);
        let start = std::time::Instant::now();
        let mut counts = [0usize; 4];
        // SAFETY: 4 puzzles of 81 bytes, room for 4 counts.
        let bad = unsafe {
            bitdoku_solve_batch(
                puzzles.as_ptr().cast(),
                4,
                1,
                0,
                3000,
                std::ptr::null_mut(),
                counts.as_mut_ptr(),
            )
        };
        assert_eq!((bad, counts), (0, [1; 4]));
        assert!(start.elapsed().as_secs() < 5, "3,000 threads were started");
    }

    #[test]
    fn a_pencilmark_puzzle_is_read_whole() {
        // The repository's pencilmark puzzle: grid1 less its solution's digit in A2.
        let text = include_str!("../../../puzzles/pencilmark-no-solution.txt");
        let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
        assert_eq!(line.len(), 729);
        let mut solution = [b'-' as c_char; 81];
        // SAFETY: 729 readable bytes (input[81] is a digit or '.'), 81 writable.
        let n = unsafe {
            bitdoku_solve(
                line.as_ptr().cast(),
                2,
                0,
                solution.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(n, 0, "its givens alone would have grid1's solution");
        assert_eq!(last().code, BITDOKU_OK);
        // The same candidates with A2 open again: grid1's one solution.
        let open = line.replacen(".23456789", "123456789", 1);
        // SAFETY: as above.
        let n = unsafe {
            bitdoku_solve(
                open.as_ptr().cast(),
                2,
                0,
                solution.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(n, 1);
        assert_eq!(solution[1] as u8, b'1');
    }

    #[test]
    fn every_empty_mark_is_read() {
        for mark in bitdoku_core::EMPTY_MARKS {
            let puzzle = GRID1.map(|b| if b == b'.' { mark } else { b });
            let mut solution = [0 as c_char; 81];
            // SAFETY: valid buffers of 81 bytes; a NULL guess count is allowed.
            let n = unsafe {
                bitdoku_solve(
                    puzzle.as_ptr().cast(),
                    2,
                    0,
                    solution.as_mut_ptr(),
                    std::ptr::null_mut(),
                )
            };
            assert_eq!(n, 1, "{}", char::from(mark));
            assert_eq!(solution.map(|c| c as u8)[..9], *b"417369825");
        }
    }

    #[test]
    fn bad_input_is_reported_with_its_position() {
        let mut bad = *GRID1;
        bad[40] = b'x';
        let mut solution = [b'-' as c_char; 81];
        // SAFETY: valid buffers.
        let n = unsafe {
            bitdoku_solve(
                bad.as_ptr().cast(),
                1,
                0,
                solution.as_mut_ptr(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(n, 0);
        assert!(solution.iter().all(|&c| c == b'-' as c_char), "left alone");
        let e = last();
        assert_eq!(
            (e.code, e.line, e.column),
            (BITDOKU_ERROR_UNEXPECTED_CHARACTER, 1, 41)
        );
        assert!(message(&e).starts_with("line 1, column 41: unexpected character 'x'"));
        // Issue 36: the position once, in the message; the reason without it.
        assert_eq!(
            message(&e),
            format!("line 1, column 41: {}", text(&e.reason))
        );
        assert!(text(&e.reason).starts_with("unexpected character 'x' (squares are"));
        assert_eq!(message(&e).matches("column").count(), 1);
        // SAFETY: NULL input is reported, not read.
        assert_eq!(
            unsafe {
                bitdoku_solve(
                    std::ptr::null(),
                    1,
                    0,
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                )
            },
            0
        );
        assert_eq!(last().code, BITDOKU_ERROR_NULL_POINTER);
        let mut repeated = *GRID1;
        repeated[1] = b'4';
        // SAFETY: valid buffer.
        assert_eq!(
            unsafe {
                bitdoku_solve(
                    repeated.as_ptr().cast(),
                    1,
                    0,
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                )
            },
            0
        );
        assert_eq!(last().code, BITDOKU_ERROR_REPEATED_DIGIT);
        // A success clears the error.
        // SAFETY: valid buffer.
        assert_eq!(
            unsafe {
                bitdoku_solve(
                    GRID1.as_ptr().cast(),
                    1,
                    0,
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                )
            },
            1
        );
        // SAFETY: NULL is allowed.
        assert_eq!(
            unsafe { bitdoku_last_error(std::ptr::null_mut()) },
            BITDOKU_OK
        );
    }

    #[test]
    fn a_batch_is_in_order_with_the_first_error() {
        let mut bad = *GRID1;
        bad[80] = b'?';
        let (grid1, two, bad) = (&GRID1[..81], &TWO[..81], &bad[..81]);
        let puzzles: Vec<u8> = [grid1, two, bad, grid1, bad].concat();
        for threads in [0, 1, 2] {
            let mut solutions = vec![b'-' as c_char; puzzles.len()];
            let mut counts = [0usize; 5];
            // SAFETY: buffers of 5 puzzles.
            let bad_count = unsafe {
                bitdoku_solve_batch(
                    puzzles.as_ptr().cast(),
                    5,
                    2,
                    0,
                    threads,
                    solutions.as_mut_ptr(),
                    counts.as_mut_ptr(),
                )
            };
            assert_eq!(bad_count, 2);
            assert_eq!(counts, [1, 2, BITDOKU_INVALID, 1, BITDOKU_INVALID]);
            let e = last();
            assert_eq!(
                (e.code, e.index, e.column),
                (BITDOKU_ERROR_UNEXPECTED_CHARACTER, 2, 81)
            );
            // Each bad puzzle, and only those, has its error.
            for (i, &count) in counts.iter().enumerate() {
                let e = puzzle_error(i);
                if count == BITDOKU_INVALID {
                    assert_eq!(
                        (e.code, e.index, e.column),
                        (BITDOKU_ERROR_UNEXPECTED_CHARACTER, i, 81)
                    );
                } else {
                    assert_eq!(
                        (e.code, e.index, e.line, message(&e)),
                        (BITDOKU_OK, 0, 0, String::new())
                    );
                }
            }
            let s: Vec<u8> = solutions.iter().map(|&c| c as u8).collect();
            assert_eq!(s[..81], s[243..324]);
            assert!(s[162..243].iter().all(|&b| b == b'-'));
            assert!(s[..81].iter().all(u8::is_ascii_digit));
        }
        // SAFETY: zero puzzles read nothing.
        assert_eq!(
            unsafe {
                bitdoku_solve_batch(
                    std::ptr::null(),
                    0,
                    1,
                    0,
                    1,
                    std::ptr::null_mut(),
                    std::ptr::null_mut(),
                )
            },
            0
        );
    }

    #[test]
    fn every_bad_puzzle_of_a_batch_is_described() {
        // Issue 36: bitdoku_last_error described only the first bad puzzle of a batch.
        let (grid1, two) = (&GRID1[..81], &TWO[..81]);
        let mut unexpected = *GRID1;
        unexpected[40] = b'x';
        let mut repeated = *GRID1;
        repeated[1] = b'4';
        let mut short = *GRID1;
        short[80] = b'|'; // layout, not a square: 80 squares
        let puzzles: Vec<u8> = [
            grid1,
            &unexpected[..81],
            two,
            &repeated[..81],
            &short[..81],
            grid1,
        ]
        .concat();
        let expected = [
            (1, BITDOKU_ERROR_UNEXPECTED_CHARACTER, 41),
            (3, BITDOKU_ERROR_REPEATED_DIGIT, 2),
            (4, BITDOKU_ERROR_TOO_FEW_SQUARES, 1),
        ];
        for threads in [1, 2] {
            let mut counts = [0usize; 6];
            // SAFETY: 6 puzzles of 81 bytes, room for 6 counts.
            let bad = unsafe {
                bitdoku_solve_batch(
                    puzzles.as_ptr().cast(),
                    6,
                    2,
                    0,
                    threads,
                    std::ptr::null_mut(),
                    counts.as_mut_ptr(),
                )
            };
            assert_eq!(bad, 3);
            assert_eq!(
                counts,
                [1, BITDOKU_INVALID, 2, BITDOKU_INVALID, BITDOKU_INVALID, 1]
            );
            // In any order, as often as wanted.
            for &(i, code, column) in expected.iter().rev().chain(&expected) {
                let e = puzzle_error(i);
                assert_eq!((e.code, e.index, e.line, e.column), (code, i, 1, column));
                let reason = text(&e.reason);
                assert_eq!(message(&e), format!("line 1, column {column}: {reason}"));
                // SAFETY: NULL asks for the code alone.
                assert_eq!(
                    unsafe { bitdoku_puzzle_error(i, std::ptr::null_mut()) },
                    code
                );
            }
            for i in [0, 2, 5, 6, usize::MAX] {
                assert_eq!(puzzle_error(i).code, BITDOKU_OK, "puzzle {i}");
            }
            assert_eq!((last().index, last().column), (1, 41), "the first");
        }
        // The next call replaces them.
        // SAFETY: a valid puzzle.
        let n = unsafe {
            bitdoku_solve(
                GRID1.as_ptr().cast(),
                2,
                0,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(n, 1);
        assert_eq!(puzzle_error(1).code, BITDOKU_OK);
        // A single call's puzzle is index 0.
        // SAFETY: a valid buffer of 82 bytes.
        unsafe {
            bitdoku_solve(
                unexpected.as_ptr().cast(),
                2,
                0,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(puzzle_error(0).column, 41);
        assert_eq!(puzzle_error(1).code, BITDOKU_OK);
        // A batch without its puzzles: each of them is unread.
        // SAFETY: NULL is reported, not read.
        let bad = unsafe {
            bitdoku_solve_batch(
                std::ptr::null(),
                3,
                2,
                0,
                1,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(bad, 3);
        for i in 0..3 {
            assert_eq!(
                (puzzle_error(i).code, puzzle_error(i).index),
                (BITDOKU_ERROR_NULL_POINTER, i)
            );
        }
        assert_eq!(puzzle_error(3).code, BITDOKU_OK);
    }

    #[test]
    fn a_long_message_is_cut_at_a_character() {
        let text = "\u{e9}".repeat(BITDOKU_MESSAGE_SIZE);
        let cut = c_text(&text);
        assert_eq!(cut[BITDOKU_MESSAGE_SIZE - 1], 0);
        let bytes: Vec<u8> = cut
            .iter()
            .take_while(|&&c| c != 0)
            .map(|&c| c as u8)
            .collect();
        assert_eq!(
            String::from_utf8(bytes).unwrap(),
            "\u{e9}".repeat((BITDOKU_MESSAGE_SIZE - 1) / 2)
        );
    }
}
