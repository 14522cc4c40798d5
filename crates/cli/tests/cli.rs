//! The real binary on real files and on stdin: one record per puzzle, in order, and the
//! exit status.

use std::io::Write;
use std::process::{Command, Output, Stdio};

mod common;

use common::BIN;

const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles");
const GRID1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLVED1: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// No conflict among the givens, but no solution: row A needs a 9 only A9 could take, and
/// column 9 already has one.
const UNSOLVABLE: &str =
    "12345678.........9...............................................................";

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    common::run_with(args, stdin.unwrap_or("").as_bytes().to_vec())
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
    assert_eq!(stdout(&out), "2+ multiple\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("counted 1 puzzle: 0 unique, 1 multiple, 0 unsolvable (limit 2)"));
    let out = run(&["count", "--limit", "3", &two], None);
    assert_eq!(stdout(&out), "2 multiple\n", "exactly two: no +");
    let out = run(
        &["check", "--limit", "5", "-"],
        Some(&format!(
            "{GRID1}\n{}\n{}\n",
            ".".repeat(81),
            GRID1.replace("4.....8.5", "4....48.5")
        )),
    );
    assert_eq!(stdout(&out), "1 unique\n5+ multiple\ninvalid\n");
    assert!(
        stderr(&out).contains("counted 3 puzzles: 1 unique, 1 multiple, 0 unsolvable, 1 invalid"),
        "{}",
        stderr(&out)
    );
    let out = run(&["count", "--threads", "1"], Some(GRID1));
    assert_eq!(stdout(&out), "1 unique\n");
    assert!(out.status.success());
    let out = run(&["count", "--quiet", "--format", "grid"], Some(GRID1));
    assert!(stdout(&out).starts_with("1 unique\n4 1 7 |3 6 9 |8 2 5 \n"));
    assert_eq!(stderr(&out), "", "--quiet: no summary");
    let unsolvable = format!("{}\n", UNSOLVABLE);
    let out = run(&["count", "--limit", "1"], Some(&(unsolvable + GRID1)));
    assert_eq!(stdout(&out), "0 unsolvable\n1+ solvable\n");
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
    assert!(err.starts_with("Solved 4 of 4 puzzles ("), "{err}");
    assert!(
        err.contains(" puzzles/s of wall time; per puzzle avg "),
        "{err}"
    );

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
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines[0].starts_with("solver  file"));
    assert!(lines[1].starts_with("norvig  three.txt"), "{text}");
    assert!(lines[2].starts_with("bitset  three.txt"), "{text}");
    assert!(lines[3].starts_with("general three.txt"), "{text}");
    for line in &lines[2..] {
        assert!(line.trim_end().ends_with('x'), "a speed-up: {line}");
    }

    let out = run(
        &[
            "bench", "--json", "--solver", "bitset", "--runs", "1", &file,
        ],
        None,
    );
    // JSON Lines, as the help says: one object per row.
    let rows: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0]["solver"], "bitset");
    assert_eq!(
        (rows[0]["puzzles"].as_u64(), rows[0]["solved"].as_u64()),
        (Some(3), Some(3))
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// N×N puzzles (lines of another size, or JSON) are timed on Norvig's strings at their
/// size and on the general engine; a line that is not a puzzle is reported where it is.
#[test]
fn bench_times_strings_and_the_general_engine_on_other_sizes() {
    let dir = std::env::temp_dir().join(format!("bitdoku-bench-nxn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("tiny.txt").to_string_lossy().into_owned();
    // Two 4×4 lines, a broken one, and a 6×6 puzzle as JSON.
    let six = r#"{"format":"sudoku-puzzle","format_version":1,"board":{"rows":6,"cols":6},"digits":6,"givens":[0,0,0,0,0,4,0,2,6,0,0,0,0,0,0,1,0,6,0,5,0,0,0,0,1,0,0,0,0,0,0,0,0,2,1,0],"rules":[{"type":"box_grid","box":[2,3],"origin":"r1c1"}]}"#;
    std::fs::write(
        &file,
        format!("# 4x4\n4....2....43...1\n4.....2.........\n1...3..4..2.4..x\n{six}\n"),
    )
    .unwrap();
    let out = run(&["bench", "--runs", "1", "--json", &file], None);
    assert_eq!(out.status.code(), Some(1), "the broken line fails the run");
    assert!(
        stderr(&out).contains("tiny.txt:4:16: unexpected 'x'"),
        "{}",
        stderr(&out)
    );
    let rows: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let solvers: Vec<&str> = rows.iter().map(|r| r["solver"].as_str().unwrap()).collect();
    assert_eq!(solvers, ["norvig", "general"]);
    for r in &rows {
        assert_eq!(
            (r["puzzles"].as_u64(), r["solved"].as_u64()),
            (Some(3), Some(3))
        );
    }
    assert!(rows[1]["speedup"].as_f64().is_some_and(|s| s > 0.0));

    let out = run(&["bench", "--runs", "1", "--solver", "bitset", &file], None);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 2, "{text}");
    assert!(
        text.lines().nth(1).unwrap().starts_with("general tiny.txt"),
        "{text}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn norvig_solver_from_the_command_line() {
    let out = run(&["solve", "--solver", "norvig"], Some(GRID1));
    assert_eq!(stdout(&out), format!("{SOLVED1}\n"));
    let two = format!("{PUZZLES}/two-solutions.txt");
    let out = run(&["count", "--solver", "norvig", &two], None);
    assert_eq!(stdout(&out), "2+ multiple\n");
}

/// A mixed file: good puzzles, a boxed grid, bad ones of every kind, comments.
fn mixed_input() -> (String, usize) {
    let text = format!(
        "# mixed\n{GRID1}\n{}\n\n{}\n12x45\n{UNSOLVABLE}\n{}  comment\n\
         4 . . |. . . |8 . 5\n. 3 . |. . . |. . .\n. . . |7 . . |. . .\n\
         . 2 . |. . . |. 6 .\n. . . |. 8 . |4 . .\n. . . |. 1 . |. . .\n\
         . . . |6 . 3 |. 7 .\n5 . . |2 . . |. . .\n1 . 4 |. . . |. . .\n\
         \n{}\n",
        &GRID1[..80],
        GRID1.replace("4.....8.5", "4....48.5"),
        ".".repeat(81),
        "9.6.7.4.3...4..2...7..23.1.5.....1...4.2.8.6...3.....5.3.7...5...7..5...4.5.1.7.8",
    );
    (text, 8)
}

#[test]
fn every_format_and_thread_count_gives_one_record_per_puzzle() {
    let (text, puzzles) = mixed_input();
    let repeated = text.repeat(700); // 5,600 puzzles: more than one batch
    for task in ["solve", "count"] {
        for format in ["line", "grid", "json"] {
            for threads in ["1", "2", "3"] {
                let out = run(
                    &[task, "--format", format, "--threads", threads, "--quiet"],
                    Some(&repeated),
                );
                assert_eq!(out.status.code(), Some(1), "{task} {format} {threads}");
                let got = stdout(&out);
                let records = match format {
                    "json" => got.lines().count(),
                    "line" => got.lines().count(),
                    // A grid is 11 lines and a blank line. In solve it is the record;
                    // in count it follows the record's line.
                    _ => {
                        let grids = got.matches("------+------+------\n").count() / 2;
                        let other = got
                            .lines()
                            .filter(|l| !l.is_empty() && !l.contains('|') && !l.contains("--+"))
                            .count();
                        if task == "solve" {
                            other + grids
                        } else {
                            other
                        }
                    }
                };
                assert_eq!(records, puzzles * 700, "{task} {format} {threads}");
                if threads == "1" {
                    continue;
                }
                let single = run(
                    &[task, "--format", format, "--threads", "1", "--quiet"],
                    Some(&repeated),
                );
                assert_eq!(got, stdout(&single), "input order at {threads} threads");
            }
        }
    }
}

#[test]
fn json_lines_have_the_documented_fields() {
    let (text, puzzles) = mixed_input();
    let out = run(&["solve", "--format", "json", "--stats"], Some(&text));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), puzzles);
    let statuses: Vec<&str> = lines
        .iter()
        .map(|v| v["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuses,
        [
            "solved",
            "invalid",
            "invalid",
            "invalid",
            "unsolvable",
            "solved",
            "solved",
            "solved"
        ]
    );
    assert_eq!(lines[0]["line"], 2);
    assert_eq!(lines[0]["file"], "<stdin>");
    assert_eq!(lines[0]["puzzle"], GRID1);
    assert_eq!(lines[0]["solution"], SOLVED1);
    assert!(lines[0]["guesses"].is_u64());
    assert!(lines[0].get("error").is_none());
    assert_eq!(lines[1]["puzzle"], serde_json::Value::Null);
    assert!(lines[1]["error"]
        .as_str()
        .unwrap()
        .contains("too few squares: found 80"));
    assert!(lines[2]["error"]
        .as_str()
        .unwrap()
        .contains("digit 4 is given twice in row A"));
    assert!(lines[3]["error"]
        .as_str()
        .unwrap()
        .contains("column 3: unexpected character 'x'"));
    assert_eq!(lines[4]["error"], "unsolvable: the puzzle has no solution");
    assert_eq!(lines[6]["line"], 9, "the boxed grid starts on line 9");
    assert_eq!(lines[6]["solution"], SOLVED1);

    let out = run(&["count", "--format", "json", "-"], Some(&text));
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["status"], "unique");
    assert_eq!(lines[0]["solutions"], 1);
    assert_eq!(lines[0]["at_least"], false);
    assert_eq!(lines[0]["solution"], SOLVED1);
    assert_eq!(lines[4]["status"], "unsolvable");
    assert_eq!(lines[5]["status"], "multiple");
    assert_eq!(lines[5]["at_least"], true);
    assert_eq!(lines[7]["status"], "multiple");
    assert!(lines[7].get("guesses").is_none(), "only with --stats");
}

#[test]
fn stats_give_norvig_summary_and_guesses() {
    let file = format!("{PUZZLES}/norvig-examples.txt");
    let out = run(&["solve", "--stats", "--threads", "2", &file], None);
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert!(lines[0].starts_with("Solved 4 of 4 puzzles ("), "{err}");
    assert!(
        lines[1].contains(" guesses (") && lines[1].contains(" per puzzle), "),
        "{err}"
    );
    assert!(
        lines[1].contains("s wall time, 2 threads, solver "),
        "{err}"
    );
    let best = bitdoku_solver::Backend::best().to_string();
    assert!(lines[1].ends_with(&format!("solver {best}.")), "{err}");
}

#[test]
fn show_prints_norvigs_candidate_grid() {
    let out = run(&["show", GRID1], None);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "# <argument>:1: 61 squares open");
    // The grid as Norvig's article prints it after parse_grid(grid1).
    assert_eq!(
        lines[1],
        "   4      1679   12679  |  139     2369    269   |   8      1239     5    "
    );
    assert_eq!(
        lines[10],
        "   5      6789     3    |   2      479      1    |   69     489     4689  "
    );
    let file = format!("{PUZZLES}/norvig-examples.txt");
    let out = run(&["show", &file, "-"], Some(UNSOLVABLE));
    let text = stdout(&out);
    assert!(
        text.contains("norvig-examples.txt:5: solved by propagation"),
        "{text}"
    );
    assert!(text.contains("# <stdin>:1: unsolvable"), "{text}");
    assert_eq!(text.matches("\n# ").count() + 1, 5);
    assert_eq!(out.status.code(), Some(1));
    let out = run(&["show", "no-such-file"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("no such file, and not a puzzle"));
}

#[test]
fn completions_for_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F _bitdoku"),
        ("zsh", "#compdef bitdoku"),
        ("fish", "complete -c bitdoku"),
    ] {
        let out = run(&["completions", shell], None);
        assert!(out.status.success());
        let text = stdout(&out);
        assert!(text.contains(marker), "{shell}");
        for sub in ["solve", "count", "show"] {
            assert!(text.contains(sub), "{shell} completes {sub}");
        }
    }
    let out = run(&["--help"], None);
    assert!(stdout(&out).contains("Examples:"));
}

#[test]
fn generate_makes_unique_reproducible_puzzles() {
    let out = run(&["generate", "--count", "300", "--seed", "9"], None);
    assert!(out.status.success(), "{}", stderr(&out));
    let puzzles = stdout(&out);
    assert_eq!(puzzles.lines().count(), 300);
    let again = run(
        &["generate", "-n", "300", "--seed", "9", "--threads", "1"],
        None,
    );
    assert_eq!(puzzles, stdout(&again), "same seed, any thread count");
    // The counting solver, through the binary: every one is unique.
    let counted = run(&["count", "--quiet"], Some(&puzzles));
    assert!(counted.status.success());
    assert_eq!(stdout(&counted), "1 unique\n".repeat(300));
    let other = run(&["generate", "-n", "3", "--seed", "10"], None);
    assert_ne!(
        stdout(&other),
        puzzles
            .lines()
            .take(3)
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );

    let out = run(
        &[
            "generate",
            "-n",
            "20",
            "--seed",
            "1",
            "--clues",
            "28",
            "--symmetric",
        ],
        None,
    );
    for line in stdout(&out).lines() {
        let givens = line.bytes().filter(u8::is_ascii_digit).count();
        assert!(givens <= 28, "{line}");
        let b = line.as_bytes();
        assert!(
            (0..81).all(|i| (b[i] == b'.') == (b[80 - i] == b'.')),
            "{line}"
        );
    }
    let counted = run(&["count", "--quiet"], Some(&stdout(&out)));
    assert_eq!(stdout(&counted), "1 unique\n".repeat(20));
}

#[test]
fn generate_norvig_random_is_labeled() {
    let out = run(
        &["generate", "-n", "50", "--seed", "5", "--norvig-random"],
        None,
    );
    let text = stdout(&out);
    let mut lines = text.lines();
    assert!(lines
        .next()
        .unwrap()
        .starts_with("# Norvig's random_puzzle experiment"));
    // Each labelled with its own count (up to 2), as `count` would find it.
    let labels: Vec<&str> = lines.clone().map(|l| &l[81..]).collect();
    assert!(
        labels.iter().all(|l| [
            "  norvig-random: unsolvable",
            "  norvig-random: unique",
            "  norvig-random: multiple"
        ]
        .contains(l)),
        "{labels:?}"
    );
    for line in lines {
        let counted = stdout(&run(&["count", "--quiet", &line[..81]], None));
        assert!(line.ends_with(&counted.trim_end()[counted.trim_end().rfind(' ').unwrap()..]));
    }
    // The comments are skipped when the file is read back.
    let counted = run(&["count", "--format", "json", "--quiet"], Some(&text));
    assert_eq!(stdout(&counted).lines().count(), 50);
}

#[test]
fn rate_gives_sudoku_explainers_ratings() {
    let file = format!("{PUZZLES}/norvig-examples.txt");
    let out = run(&["rate", &file], None);
    // hard1, the fourth, has more than one solution: not rated, and said so.
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("norvig-examples.txt:9: not-unique"),
        "{}",
        stderr(&out)
    );
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    // As SukakuExplainer's serate rates them: 2.6/1.2/1.2 Pointing, 1.2/1.2/1.2.
    assert_eq!(lines[0], "2.6/1.2/1.2 3 hard Pointing", "{text}");
    assert_eq!(lines[1], "1.2/1.2/1.2 1 easy Hidden Single", "{text}");
    assert_eq!(lines[3], "not-unique", "{text}");
    let out = run(
        &["rate", "--json", "-"],
        Some(&format!("{GRID1}\n{UNSOLVABLE}\nxx\n")),
    );
    let v: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        (v[0]["er"].as_f64(), v[0]["ep"].as_f64()),
        (Some(2.6), Some(1.2))
    );
    assert_eq!(v[0]["ed"].as_f64(), Some(1.2));
    assert_eq!(
        (v[0]["level"].as_u64(), v[0]["label"].as_str()),
        (Some(3), Some("hard"))
    );
    assert_eq!(v[0]["technique"], "Pointing");
    assert_eq!(v[0]["status"], "rated");
    assert_eq!(v[0]["solution"], SOLVED1);
    assert_eq!(v[1]["status"], "unsolvable");
    assert_eq!(v[2]["status"], "invalid");
    assert_eq!(out.status.code(), Some(1));
    // --format grid prints the solution under the line.
    let out = run(&["rate", "--format", "grid", GRID1], None);
    assert!(
        stdout(&out).starts_with("2.6/1.2/1.2 3 hard Pointing\n4 1 7 |3 6 9 |8 2 5 \n"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn hint_gives_the_next_step() {
    let out = run(&["hint", GRID1], None);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out).lines().next(),
        Some("<argument>:1: Hidden Single (1.2): F2 = 4")
    );
    let out = run(&["hint", "--format", "json", GRID1], None);
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["status"], "hint");
    assert_eq!(v["hint"]["technique"], "Hidden Single");
    assert_eq!(v["hint"]["difficulty"].as_f64(), Some(1.2));
    assert_eq!(v["hint"]["placement"]["square"], "F2");
    assert_eq!(v["hint"]["placement"]["digit"], 4);
    assert_eq!(v["hint"]["units"][0], "box 4");
    let two = format!("{PUZZLES}/two-solutions.txt");
    let out = run(&["hint", &two], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).ends_with(": not-unique\n"), "{}", stdout(&out));
}

#[test]
fn explain_tells_the_solve() {
    // One solution: the human solve path.
    let out = run(&["explain", GRID1], None);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.starts_with("The puzzle (<argument>:1), 17 givens:\n\n4 . . |. . . |8 . 5 \n"));
    assert!(text.contains("Candidates once each given is removed from its peers:"));
    assert!(
        text.contains("     1. Hidden Single (1.2): F2 = 4\n"),
        "{text}"
    );
    assert!(text.contains("Pointing (2.6): remove "), "{text}");
    assert!(
        text.contains("\nSolved in 69 steps: the hardest is Pointing (2.6), level 3.\n"),
        "{text}"
    );
    assert!(text.ends_with("1 6 4 |8 7 5 |2 9 3 \n\n"), "{text}");

    // Several solutions: Norvig's search, as `solve` finds the first.
    let hard1 = ".....6....59.....82....8....45........3........6..3.54...325..6..................";
    let out = run(&["explain", "--steps", "5", "-"], Some(hard1));
    let text = stdout(&out);
    assert!(text.contains("more than one solution"), "{text}");
    assert!(text.contains(": try "), "{text}");
    assert!(!text.contains("     6. "), "--steps 5");
    assert!(text.contains("more steps not shown (--steps 5)"), "{text}");
    assert!(text.contains("guesses"));
    let first = stdout(&run(&["solve", hard1], None));
    let out = run(&["explain", "--json", hard1], None);
    let events: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(events[0]["event"], "start");
    assert_eq!(events[0]["candidates"].as_array().unwrap().len(), 81);
    assert!(events.iter().any(|e| e["event"] == "guess"));
    assert!(events.iter().any(|e| e["event"] == "backtrack"));
    assert!(events
        .iter()
        .all(|e| e["line"].is_null() || e["line"].is_u64()));
    let end = events.last().unwrap();
    assert_eq!(end["event"], "end");
    assert_eq!(end["solution"].as_str(), Some(first.trim_end()));
    let out = run(&["explain", UNSOLVABLE], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(stdout(&out).contains("contradiction: "));
    assert!(stdout(&out).contains("Unsolvable, after "));
    // Every puzzle of a file, each with its own story.
    let file = format!("{PUZZLES}/norvig-examples.txt");
    let text = stdout(&run(&["explain", "--steps", "1", &file], None));
    assert_eq!(text.matches("The puzzle (").count(), 4, "{text}");
}

#[test]
fn exit_zero_keeps_puzzle_outcomes_out_of_the_status() {
    let input =
        format!("{GRID1}\n{UNSOLVABLE}\nnot a puzzle at all, but a line of text long enough\n");
    for args in [
        &["solve"][..],
        &["count"][..],
        &["count", "--limit", "1"][..],
        &["rate"][..],
    ] {
        let out = run(args, Some(&input));
        assert_eq!(out.status.code(), Some(1), "{args:?} without --exit-zero");
        let mut with = args.to_vec();
        with.push("--exit-zero");
        let zero = run(&with, Some(&input));
        assert_eq!(zero.status.code(), Some(0), "{with:?}");
        assert_eq!(zero.stdout, out.stdout, "{with:?}: the same records");
        assert_eq!(zero.stderr, out.stderr, "{with:?}: the same messages");
    }
    // IO and usage errors are still errors.
    let missing = run(&["solve", "--exit-zero", "no/such/file.txt"], None);
    assert_eq!(missing.status.code(), Some(2));
    let rate_missing = run(&["rate", "--exit-zero", "no/such/file.txt"], None);
    assert_eq!(rate_missing.status.code(), Some(2));
    let usage = run(&["solve", "--exit-zero", "--threads", "0"], None);
    assert_eq!(usage.status.code(), Some(2));
}
