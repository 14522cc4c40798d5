//! Nothing silent at the edges of a run: write errors, a closed stdout, completions
//! into a full disk or a closed pipe, absurd thread counts, CPU-time budgets, and
//! SIGINT / SIGTERM ending the output at a record boundary.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

mod common;

use common::bin;

const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles");
const GRID1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLVED1: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn dev_full() -> std::fs::File {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap()
}

/// Issue 18, 10: a write error has its own exit status (3, not the 2 of usage errors)
/// and the message says it was stdout.
#[test]
fn a_full_disk_is_a_write_error_on_stdout() {
    let examples = format!("{PUZZLES}/norvig-examples.txt");
    for args in [
        &["solve", examples.as_str()][..],
        &["count", examples.as_str()][..],
        &["rate", examples.as_str()][..],
        &["show", examples.as_str()][..],
        &["explain", examples.as_str()][..],
        &["generate", "-n", "10", "--seed", "1"][..],
    ] {
        let out = Command::new(bin())
            .args(args)
            .stdout(dev_full())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(3), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("bitdoku: error writing to stdout: No space left on device"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

/// Issue 18, 3: a closed stdout (`>&-`) is an error, not a silent success.
#[test]
fn a_closed_stdout_is_an_error() {
    let file = format!("{PUZZLES}/norvig-examples.txt");
    let out = Command::new("sh")
        .args(["-c", "exec \"$0\" solve \"$1\" >&-", &bin(), &file])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("stdout is closed"),
        "{}",
        stderr(&out)
    );
}

/// Issue 18, 2: completions into a full disk or a pipe closed after one byte: an error
/// message or a quiet end, never a panic (exit 134).
#[test]
fn completions_never_panic_on_write_errors() {
    let out = Command::new(bin())
        .args(["completions", "bash"])
        .stdout(dev_full())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    for shell in ["zsh", "bash", "fish"] {
        let mut child = Command::new(bin())
            .args(["completions", shell])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut one = [0u8; 1];
        child.stdout.take().unwrap().read_exact(&mut one).unwrap();
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{shell}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{shell}");
    }
}

/// Issue 18, 5: more threads than CPUs are not started (they would only wait, and idle
/// workers spin); the run says how many it uses.
#[test]
fn absurd_thread_counts_are_clamped_to_the_cpus() {
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
    let input = format!("{GRID1}\n").repeat(5000);
    for sub in ["solve", "count", "rate"] {
        let out = common::run_with(&[sub, "--threads", "1024"], input.clone().into_bytes());
        assert!(out.status.success(), "{sub}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("--threads 1024: using {cpus}, the number of CPUs")),
            "{sub}: {}",
            stderr(&out)
        );
        assert_eq!(out.stdout.iter().filter(|&&b| b == b'\n').count(), 5000);
    }
    let out = common::run_with(
        &["generate", "-n", "5", "-j", "100000", "--seed", "1"],
        vec![],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stderr(&out).contains("using"), "{}", stderr(&out));
}

/// Issue 18, 8: a CPU-time budget (the solving thread's own time), and --max-guesses
/// documented as the reproducible one.
#[test]
fn cpu_time_budget_and_the_reproducible_budget() {
    let out = common::run_with(
        &["solve", "--cpu-timeout", "0.0001", "--threads", "1"],
        format!("{HARD1}\n{GRID1}\n").into_bytes(),
    );
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(text, format!("timed-out\n{SOLVED1}\n"));
    assert!(stderr(&out).contains("timed out after"), "{}", stderr(&out));
    assert_eq!(out.status.code(), Some(1));
    let help = common::run_with(&["solve", "--help"], vec![]);
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    assert!(help.contains("--cpu-timeout"), "{help}");
    assert!(help.contains("The\n          reproducible budget") || help.contains("reproducible"));
}

/// Starts `solve` reading stdin through a pipe that the test keeps open.
fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn kill(child: &std::process::Child, signal: &str) {
    let sent = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
}

/// Issue 18, 9: SIGINT while the run waits for input: the records written so far
/// stand, stderr says how far the run got, exit status 130.
#[test]
fn sigint_while_waiting_for_input_says_how_far_the_run_got() {
    let mut child = spawn(&["solve", "--line-buffered"]);
    let mut input = child.stdin.take().unwrap();
    let mut answers = BufReader::new(child.stdout.take().unwrap());
    for _ in 0..3 {
        writeln!(input, "{GRID1}").unwrap();
        input.flush().unwrap();
        let mut line = String::new();
        answers.read_line(&mut line).unwrap();
        assert_eq!(line.trim_end(), SOLVED1);
    }
    kill(&child, "-INT");
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(status.code(), Some(130), "{err}");
    assert!(
        err.contains("interrupted by SIGINT: 3 records written, the last for <stdin>:3"),
        "{err}"
    );
    let mut rest = String::new();
    answers.read_to_string(&mut rest).unwrap();
    assert_eq!(rest, "");
    drop(input);
}

/// A run blocked reading a pipe (not line-buffered) takes the first signal as a flag
/// for the next record, and a second signal ends it at once, exit status 128 + the
/// signal. Without a watcher thread, a handler does both.
#[test]
fn a_second_signal_ends_a_blocked_run_at_once() {
    for (signal, code) in [("-INT", 130), ("-TERM", 143)] {
        let mut child = spawn(&["count"]);
        let input = child.stdin.take().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(300));
        kill(&child, signal);
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(
            child.try_wait().unwrap().is_none(),
            "{signal}: ended on the first"
        );
        kill(&child, signal);
        let status = (0..100).find_map(|_| {
            std::thread::sleep(std::time::Duration::from_millis(50));
            child.try_wait().unwrap()
        });
        let _ = child.kill();
        assert_eq!(status.and_then(|s| s.code()), Some(code), "{signal}");
        drop(input);
    }
}

/// Issue 18, 9: SIGINT or SIGTERM in the middle of a big batch run in grid format (the
/// format whose records span lines): the output ends after a whole record.
#[test]
fn a_signal_mid_run_ends_the_output_at_a_record_boundary() {
    let dir = std::env::temp_dir().join(format!("bitdoku-signals-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("many.txt");
    std::fs::write(&file, format!("{HARD1}\n{GRID1}\n").repeat(100_000)).unwrap();
    let one_grid = {
        let out = common::run_with(&["solve", "--format", "grid", GRID1], vec![]);
        out.stdout.len()
    };
    for (signal, code) in [("-INT", 130), ("-TERM", 143)] {
        for threads in ["1", "2"] {
            let mut child = Command::new(bin())
                .args(["solve", "--format", "grid", "--threads", threads])
                .arg(&file)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let mut out = child.stdout.take().unwrap();
            let reader = std::thread::spawn(move || {
                let mut all = Vec::new();
                out.read_to_end(&mut all).unwrap();
                all
            });
            std::thread::sleep(Duration::from_millis(400));
            kill(&child, signal);
            let status = child.wait().unwrap();
            let all = reader.join().unwrap();
            let mut err = String::new();
            child
                .stderr
                .take()
                .unwrap()
                .read_to_string(&mut err)
                .unwrap();
            assert_eq!(status.code(), Some(code), "{signal} {threads}: {err}");
            assert!(err.contains("interrupted by SIG"), "{err}");
            // Every record of this file is a solved grid of the same length.
            assert!(
                !all.is_empty() && all.len() < 200_000 * one_grid,
                "{signal}"
            );
            assert_eq!(
                all.len() % one_grid,
                0,
                "{signal} {threads}: cut mid-record"
            );
            let written = all.len() / one_grid;
            assert!(
                err.contains(&format!(" {written} records written")),
                "{written}: {err}"
            );
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The first `n` puzzles of `../shared/puzzles/forum-hardest-1905-11plus.txt` (rated
/// 11 and up: seconds each), or `None` where the shared sets are not there (CI has
/// them).
fn forum_hardest(n: usize) -> Option<String> {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/puzzles/forum-hardest-1905-11plus.txt"
    );
    let Ok(text) = std::fs::read_to_string(file) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs ../shared/puzzles"
        );
        eprintln!("../shared/puzzles not found: skipped");
        return None;
    };
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(n)
        .collect();
    Some(lines.join("\n") + "\n")
}

/// Sends `signal` to a run of `args` after `after`, and gives its exit status, how long
/// it took to end after the signal, its stdout and stderr.
/// Found by a sweep: a search of the general engine can run for minutes (this 9×9
/// with one long arrow from a three-cell circle, and nothing given), and the signal
/// waited for it: `timeout` never ended the run. The signal now stops the search; the
/// record in flight is dropped and the records before it are written.
#[test]
fn a_signal_stops_a_long_general_search() {
    let dir = std::env::temp_dir().join(format!("bitdoku-general-signal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cells = |names: &[&str]| {
        names
            .iter()
            .map(|c| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(",")
    };
    let shaft = cells(&[
        "r3c3", "r4c4", "r5c5", "r6c6", "r7c7", "r8c8", "r9c9", "r9c8", "r8c7", "r7c6", "r6c5",
        "r5c4", "r4c3", "r3c2", "r4c1", "r5c1", "r6c1", "r7c1",
    ]);
    let long = format!(
        "{{\"format\":\"sudoku-puzzle\",\"format_version\":1,\"board\":{{\"rows\":9,\"cols\":9}},\
         \"digits\":9,\"givens\":[{}],\"rules\":[{{\"type\":\"box_grid\",\"box\":[3,3],\"origin\":\"r1c1\"}},\
         {{\"type\":\"arrow\",\"bulb\":[{}],\"lines\":[[{shaft}]]}}]}}",
        vec!["0"; 81].join(","),
        cells(&["r1c1", "r1c2", "r2c2"]),
    );
    let file = dir.join("long.jsonl");
    std::fs::write(&file, format!("4....2....43...1\n{long}\n")).unwrap();
    let file = file.to_string_lossy();
    for (command, signal, code) in [("count", "-TERM", 143), ("candidates", "-INT", 130)] {
        let (status, took, out, err) = interrupt(
            &[command, "--threads", "1", "--format", "json", &file],
            Duration::from_millis(1500),
            signal,
        );
        assert_eq!(status, Some(code), "{command}: {err}");
        assert!(
            took < Duration::from_secs(1),
            "{command}: ended {took:?} after the signal"
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 1, "{command}: {out}");
        assert!(
            lines[0].contains("\"status\":\"unique\""),
            "{command}: {out}"
        );
        assert!(err.contains("1 record written"), "{command}: {err}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

fn interrupt(
    args: &[&str],
    after: Duration,
    signal: &str,
) -> (Option<i32>, Duration, String, String) {
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut all = String::new();
        out.read_to_string(&mut all).unwrap();
        all
    });
    let mut err = child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || {
        let mut all = String::new();
        err.read_to_string(&mut all).unwrap();
        all
    });
    std::thread::sleep(after);
    assert!(
        child.try_wait().unwrap().is_none(),
        "{args:?} ended before the signal"
    );
    let sent = std::time::Instant::now();
    kill(&child, signal);
    let status = child.wait().unwrap();
    let took = sent.elapsed();
    (
        status.code(),
        took,
        reader.join().unwrap(),
        errors.join().unwrap(),
    )
}

/// Issue 36, 1: SIGINT during `rate` of hard puzzles on two threads waited for the whole
/// chunk (63 s for 200 forum-hardest puzzles); `explain` for the whole story. A signal
/// now ends the run within a second: a rating in flight is dropped, the output ends
/// after a whole record (every JSON line parses, the last one ends the output), and the
/// exit status is 130 / 143.
#[test]
fn a_signal_ends_a_rating_within_a_second() {
    let Some(hard) = forum_hardest(200) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("bitdoku-rate-signal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // 300 quick ratings first, so that the first chunk (256 records) is written before
    // the signal, then hard ones: the signal lands in the middle of the second chunk.
    let mix = dir.join("mix.txt");
    std::fs::write(&mix, format!("{GRID1}\n").repeat(300) + &hard).unwrap();
    let hard_file = dir.join("hard.txt");
    std::fs::write(&hard_file, &hard).unwrap();
    let (mix, hard_file) = (mix.to_string_lossy(), hard_file.to_string_lossy());
    for (signal, code) in [("-INT", 130), ("-TERM", 143)] {
        let (status, took, out, err) = interrupt(
            &["rate", "--threads", "2", "--format", "json", &mix],
            Duration::from_secs(3),
            signal,
        );
        assert_eq!(status, Some(code), "{signal}: {err}");
        assert!(
            took < Duration::from_secs(1),
            "{signal}: ended {took:?} after the signal"
        );
        assert!(out.ends_with('\n'), "{signal}: cut mid-record");
        let records: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
            .collect();
        assert!(records.len() >= 256, "{signal}: {} records", records.len());
        assert!(records.len() < 500, "{signal}: every rating was finished");
        assert!(records.iter().all(|r| r["status"] != "interrupted"));
        assert!(
            err.contains(&format!("{} records written", records.len())),
            "{signal}: {err}"
        );
    }
    // explain: the story in flight ends with its `end`, status `interrupted`.
    let (status, took, out, err) = interrupt(
        &["explain", "--format", "json", &hard_file],
        Duration::from_secs(2),
        "-INT",
    );
    assert_eq!(status, Some(130), "{err}");
    assert!(
        took < Duration::from_secs(1),
        "explain ended {took:?} after the signal"
    );
    let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(
        (&last["event"], &last["status"]),
        (&"end".into(), &"interrupted".into())
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
