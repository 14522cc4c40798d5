//! Hostile input: `puzzles/hostile.txt` (every kind of bad puzzle next to good ones),
//! huge lines, binary garbage, empty files. The binary must answer every puzzle with
//! exactly one record, in order, say clearly what was wrong, never panic, and keep its
//! memory bounded.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;

use common::{run_with, BIN};

const HOSTILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/hostile.txt");

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).unwrap()
}

/// The expected answer for each record of hostile.txt: (line, status, error text).
const EXPECTED: &[(usize, &str, &str)] = &[
    (6, "solved", ""),
    (
        8,
        "invalid",
        "line 8, column 11: unexpected character '\\0'",
    ),
    (10, "invalid", "line 10, column 21: invalid UTF-8 byte 0xFF"),
    (12, "invalid", "line 12, column 31: invalid UTF-8 byte 0xE9"),
    (
        14,
        "invalid",
        "line 14, column 41: unexpected character '１'",
    ),
    (
        16,
        "invalid",
        "line 16, column 6: unexpected character '\\u{1b}'",
    ),
    (18, "solved", ""),
    (20, "invalid", "too few squares: found 80, a puzzle has 81"),
    (22, "invalid", "too many squares: found 82, a puzzle has 81"),
    (24, "invalid", "digit 4 is given twice in row A (A1 and A6)"),
    (
        26,
        "invalid",
        "digit 5 is given twice in column 1 (B1 and H1)",
    ),
    (28, "invalid", "digit 3 is given twice in box 1 (A3 and B2)"),
    (30, "unsolvable", "no solution"),
    (32, "solved", ""),
    (34, "solved", ""),
    (36, "invalid", "too few squares: found 54, a puzzle has 81"),
    (
        45,
        "invalid",
        "line longer than 65536 bytes, not read further",
    ),
    (47, "invalid", "line 47, column 1: unexpected character 'A'"),
    (49, "solved", ""),
    (
        51,
        "invalid",
        "line 51, column 51: unexpected character '\\r'",
    ),
    (54, "solved", ""),
    (70, "gave-up", "gave up after 100000 guesses"),
    (72, "solved", ""),
];

#[test]
fn hostile_file_gives_one_clear_record_per_puzzle_in_every_format_and_thread_count() {
    for threads in ["1", "2", "4"] {
        let out = run_with(
            &[
                "solve",
                "--format",
                "json",
                "--max-guesses",
                "100000",
                "--threads",
                threads,
                HOSTILE,
            ],
            Vec::new(),
        );
        assert_eq!(out.status.code(), Some(1));
        let stdout = text(&out.stdout);
        let records: Vec<serde_json::Value> = stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(records.len(), EXPECTED.len(), "{stdout}");
        let stderr = text(&out.stderr);
        for (record, &(line, status, error)) in records.iter().zip(EXPECTED) {
            assert_eq!(record["line"], line, "{record}");
            assert_eq!(record["status"], status, "{record}");
            if error.is_empty() {
                assert!(record.get("error").is_none(), "{record}");
                let solution = record["solution"].as_str().unwrap();
                assert_eq!(solution.len(), 81);
            } else {
                let e = record["error"].as_str().unwrap();
                assert!(e.contains(error), "line {line}: {e:?} lacks {error:?}");
                // The same message on stderr, with the file name and line.
                assert!(
                    stderr.contains(&format!("hostile.txt:{line}")),
                    "stderr names line {line}: {stderr}"
                );
            }
        }
        assert!(!stderr.contains("panicked"), "{stderr}");
        for format in ["line", "grid"] {
            let out = run_with(
                &[
                    "solve",
                    "--format",
                    format,
                    "--max-guesses",
                    "100000",
                    "--threads",
                    threads,
                    "--quiet",
                    "-",
                ],
                std::fs::read(HOSTILE).unwrap(),
            );
            let stdout = text(&out.stdout);
            let solved = EXPECTED.iter().filter(|e| e.1 == "solved").count();
            let words = stdout
                .lines()
                .filter(|l| ["invalid", "unsolvable", "gave-up"].contains(l))
                .count();
            let grids = match format {
                "line" => stdout.lines().filter(|l| l.len() == 81).count(),
                _ => stdout.matches("------+------+------\n").count() / 2,
            };
            assert_eq!(
                (grids, words),
                (solved, EXPECTED.len() - solved),
                "{format}"
            );
            assert_eq!(text(&out.stderr), "", "--quiet");
        }
    }
    // count, rate and show read the same records.
    let out = run_with(
        &["count", "--quiet", "--max-guesses", "100000", HOSTILE],
        Vec::new(),
    );
    assert_eq!(text(&out.stdout).lines().count(), EXPECTED.len());
    let out = run_with(&["rate", HOSTILE], Vec::new());
    assert_eq!(text(&out.stdout).lines().count(), EXPECTED.len());
    let out = run_with(&["show", HOSTILE], Vec::new());
    assert_eq!(out.status.code(), Some(1));
    assert!(!text(&out.stderr).contains("panicked"));
}

#[test]
fn a_gigabyte_line_without_a_newline_is_rejected_in_bounded_memory() {
    // 1 GiB of '1' and no newline, streamed through a pipe. Under a 512 MiB address-space
    // limit, reading the line into memory would fail; bitdoku skips it unread.
    let mut child = Command::new("sh")
        .args(["-c", &format!("ulimit -v 524288 && exec {BIN} solve")])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'1'; 1 << 20];
        for _ in 0..1024 {
            if input.write_all(&chunk).is_err() {
                return false;
            }
        }
        true
    });
    let out = child.wait_with_output().unwrap();
    assert!(writer.join().unwrap(), "bitdoku read the whole gigabyte");
    assert_eq!(text(&out.stdout), "invalid\n");
    assert_eq!(
        text(&out.stderr),
        "bitdoku: <stdin>:1:1: line longer than 65536 bytes, not read further\n"
    );
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn binary_garbage_never_panics_and_every_record_is_answered() {
    // Deterministic pseudo-random bytes, with newlines sprinkled in, some digit runs.
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut bytes = Vec::with_capacity(4 << 20);
    while bytes.len() < 4 << 20 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        match state % 16 {
            0 => bytes.push(b'\n'),
            1..=6 => bytes.push(b"123456789."[(state >> 8) as usize % 10]),
            _ => bytes.push((state >> 16) as u8),
        }
    }
    for threads in ["1", "2"] {
        let out = run_with(
            &["solve", "--format", "json", "--threads", threads, "--quiet"],
            bytes.clone(),
        );
        assert_eq!(out.status.code(), Some(1));
        let stdout = text(&out.stdout);
        let mut last_line = 0;
        for l in stdout.lines() {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            let line = v["line"].as_u64().unwrap();
            assert!(line > last_line, "records in input order");
            last_line = line;
        }
        assert!(stdout.lines().count() > 1000);
        assert_eq!(text(&out.stderr), "");
    }
}

#[test]
fn nul_bytes_empty_inputs_and_comment_only_files() {
    let out = run_with(&["solve"], vec![0u8; 100]);
    assert_eq!(text(&out.stdout), "invalid\n");
    assert!(text(&out.stderr).contains("<stdin>:1:1: unexpected character '\\0'"));

    let out = run_with(&["solve"], Vec::new());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "bitdoku: <stdin>: no puzzles: the input is empty\n"
    );

    let out = run_with(&["count", "-"], b"# only\n\n   \n# comments\n".to_vec());
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr)
        .contains("bitdoku: <stdin>: no puzzles: only blank lines and # comments\n"));

    // An empty grid is solved at once; counting stops at the limit.
    let empty = ".".repeat(81);
    let out = run_with(
        &["solve", "--max-guesses", "1000"],
        empty.clone().into_bytes(),
    );
    assert!(out.status.success());
    assert_eq!(text(&out.stdout).trim().len(), 81);
    let out = run_with(&["count", "--limit", "100000"], empty.clone().into_bytes());
    assert_eq!(text(&out.stdout), "100000+ multiple\n");
    let near_empty = format!("1{}", &empty[1..]);
    let out = run_with(
        &["count", "--limit", "5000", "--format", "json"],
        near_empty.into_bytes(),
    );
    assert!(text(&out.stdout).contains("\"solutions\":5000,\"at_least\":true"));
}

#[test]
fn a_time_limit_is_its_own_status() {
    // No solution, and only a long search shows it: about 700,000 guesses, 0.13 s on
    // the project's machine, 13 times the limit.
    let hard =
        ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........\n";
    let started = std::time::Instant::now();
    let out = run_with(
        &["solve", "--timeout", "0.01", "--format", "json"],
        hard.repeat(3).into_bytes(),
    );
    assert!(started.elapsed().as_secs_f64() < 5.0);
    let stdout = text(&out.stdout);
    assert_eq!(
        stdout.matches("\"status\":\"timed-out\"").count(),
        3,
        "{stdout}"
    );
    assert!(text(&out.stderr).contains("<stdin>:2: timed out after "));
    assert_eq!(out.status.code(), Some(1));
    let out = run_with(&["count", "--timeout", "0.01"], hard.as_bytes().to_vec());
    assert!(
        text(&out.stdout).ends_with("+ timed-out\n"),
        "{}",
        text(&out.stdout)
    );
    let out = run_with(&["solve", "--timeout", "-1"], Vec::new());
    assert_eq!(out.status.code(), Some(2));
}
