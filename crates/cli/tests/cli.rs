//! The real binary on real files and on stdin: one record per puzzle, in order, and the
//! exit status.

use std::io::Write;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_bitdoku");
const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles");
const GRID1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLVED1: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    if let Some(text) = stdin {
        input.write_all(text.as_bytes()).unwrap();
    }
    drop(input);
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn solves_known_answers_in_order_with_one_record_each() {
    let file = format!("{PUZZLES}/known-answers.txt");
    let text = std::fs::read_to_string(&file).unwrap();
    let expected: Vec<(String, String)> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(':').collect();
            (f[1].to_string(), f[2].to_string())
        })
        .collect();
    for threads in ["1", "2", "3"] {
        // A copy of each line with the answers cut off is the input.
        let input: String = text
            .lines()
            .map(|l| l.split(':').next().unwrap().to_string() + "\n")
            .collect();
        let out = run(&["solve", "--threads", threads], Some(&input));
        assert_eq!(out.status.code(), Some(1), "some puzzles have no solution");
        let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
        assert_eq!(lines.len(), expected.len());
        for ((count, solution), got) in expected.iter().zip(&lines) {
            match count.as_str() {
                "invalid" => assert_eq!(got, "invalid"),
                "0" => assert_eq!(got, "unsolvable"),
                _ if !solution.is_empty() => assert_eq!(got, solution),
                _ => assert_eq!(got.len(), 81),
            }
        }
        let err = stderr(&out);
        assert!(err.contains("<stdin>:"), "{err}");
        assert!(
            err.contains("digit 6 is given twice in column 4 (E4 and G4)"),
            "{err}"
        );
        assert!(err.contains("too few squares: found 80"), "{err}");
        assert!(err.contains("unexpected character 'x'"), "{err}");
    }
}

#[test]
fn counts_solutions() {
    let two = format!("{PUZZLES}/two-solutions.txt");
    let out = run(&["count", &two], None);
    assert_eq!(stdout(&out), "2\n");
    assert_eq!(out.status.code(), Some(1));
    let out = run(
        &["check", "--limit", "5", "-"],
        Some(&format!("{GRID1}\n{}\n", ".".repeat(81))),
    );
    assert_eq!(stdout(&out), "1\n5\n");
    let out = run(&["count", "--threads", "1"], Some(GRID1));
    assert_eq!(stdout(&out), "1\n");
    assert!(out.status.success());
}

#[test]
fn norvig_examples_file_and_grid_format() {
    let file = format!("{PUZZLES}/norvig-examples.txt");
    let out = run(&["solve", "--stats", &file], None);
    assert!(out.status.success());
    let lines: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0], SOLVED1);
    let err = stderr(&out);
    assert!(err.starts_with("Solved 4 of 4 puzzles (avg "), "{err}");
    assert!(err.contains(" Hz), max "), "{err}");

    let out = run(&["solve", "--format", "grid"], Some(GRID1));
    let text = stdout(&out);
    assert!(text.starts_with("4 1 7 |3 6 9 |8 2 5 \n6 3 2 |"), "{text}");
    assert!(text.contains("------+------+------\n"));
}

#[test]
fn boxed_grid_on_stdin() {
    let boxed = "\
4 . . |. . . |8 . 5
. 3 . |. . . |. . .
. . . |7 . . |. . .
------+------+------
. 2 . |. . . |. 6 .
. . . |. 8 . |4 . .
. . . |. 1 . |. . .
------+------+------
. . . |6 . 3 |. 7 .
5 . . |2 . . |. . .
1 . 4 |. . . |. . .
";
    let out = run(&["solve"], Some(boxed));
    assert_eq!(stdout(&out), format!("{SOLVED1}\n"));
}

#[test]
fn usage_and_missing_files() {
    let out = run(&["solve", "--threads", "0"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["frobnicate"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["solve", "/no/such/file.txt", "-"], Some(GRID1));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out), format!("{SOLVED1}\n"));
    assert!(stderr(&out).contains("/no/such/file.txt"));
    let out = run(&["solve", PUZZLES], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("is a directory"));
}

#[test]
fn broken_pipe_exits_quietly() {
    let input: String = format!(
        "{GRID1}
"
    )
    .repeat(200_000);
    let mut child = Command::new(BIN)
        .args(["solve", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    // Read one line, then close the pipe, as `| head -1` does.
    let mut out = child.stdout.take().unwrap();
    let mut first = [0u8; 82];
    std::io::Read::read_exact(&mut out, &mut first).unwrap();
    drop(out);
    let status = child.wait().unwrap();
    let _ = writer.join();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert!(status.success(), "{status:?}");
    assert_eq!(err, "");
}

#[test]
fn bench_prints_a_table_and_json_for_both_solvers() {
    let examples = std::fs::read_to_string(format!("{PUZZLES}/norvig-examples.txt")).unwrap();
    // The first three examples; the fourth (hard1) takes the string solver seconds.
    let three: String = examples
        .lines()
        .filter(|l| !l.starts_with('#'))
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect();
    let dir = std::env::temp_dir().join(format!("bitdoku-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("three.txt").to_string_lossy().into_owned();
    std::fs::write(&file, three).unwrap();
    let out = run(&["bench", "--runs", "1", "--budget", "30", &file], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("solver  file"));
    assert!(lines[1].starts_with("norvig  three.txt"), "{text}");
    assert!(lines[2].starts_with("bitset  three.txt"), "{text}");
    assert!(
        lines[2].trim_end().ends_with('x'),
        "a speed-up: {}",
        lines[2]
    );

    let out = run(
        &[
            "bench", "--json", "--solver", "bitset", "--runs", "1", &file,
        ],
        None,
    );
    let json = stdout(&out);
    assert!(json.contains("\"solver\": \"bitset\""), "{json}");
    assert!(json.contains("\"puzzles\": 3"), "{json}");
    assert!(json.contains("\"solved\": 3"), "{json}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn norvig_solver_from_the_command_line() {
    let out = run(&["solve", "--solver", "norvig"], Some(GRID1));
    assert_eq!(stdout(&out), format!("{SOLVED1}\n"));
    let two = format!("{PUZZLES}/two-solutions.txt");
    let out = run(&["count", "--solver", "norvig", &two], None);
    assert_eq!(stdout(&out), "2\n");
}
