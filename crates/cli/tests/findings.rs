//! The findings of the command-line issue (one voice: streaming, tags, honest summaries,
//! one exit-code policy), each as a run of the real binary. Every test here failed on the
//! binary before the fix (`BITDOKU_TEST_BIN=old/bitdoku cargo test --test findings`).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

mod common;

use common::bin;

const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles");
const GRID1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLVED1: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// Norvig's hard1: more than one solution and thousands of guesses, so its explanation
/// (his search, told step by step) runs past the terminal's cap.
const HARD1: &str =
    ".....6....59.....82....8....45........3........6..3.54...325..6..................";

fn run(args: &[&str], stdin: &str) -> Output {
    common::run_with(args, stdin.as_bytes().to_vec())
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn examples() -> String {
    format!("{PUZZLES}/norvig-examples.txt")
}

/// A temporary directory of its own for one test.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("bitdoku-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Finding 1: `count --limit 1` counts `solvable` as what it is, and exits 0 when
/// every puzzle has a solution.
#[test]
fn f1_count_limit_1_counts_solvable_puzzles_as_solvable() {
    let out = run(&["count", "--limit", "1", &examples()], "");
    assert_eq!(stdout(&out), "1+ solvable\n".repeat(4));
    assert!(
        stderr(&out).contains("counted 4 puzzles: 0 unique, 0 multiple, 0 unsolvable, 4 solvable"),
        "{}",
        stderr(&out)
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// Finding 2: an argument is a file if it exists, a puzzle if it is one, else "no such
/// file" (exit 2), the same for every subcommand, solve and count included.
#[test]
fn f2_puzzle_arguments_are_read_the_same_way_everywhere() {
    let missing = "puzzles/missing-file.txt";
    for sub in ["solve", "count", "rate", "show", "explain"] {
        let out = run(&[sub, missing], "");
        assert_eq!(out.status.code(), Some(2), "{sub}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("bitdoku: {missing}: no such file")),
            "{sub}: {}",
            stderr(&out)
        );
    }
    // A puzzle written out, for solve and count too.
    let out = run(&["solve", GRID1], "");
    assert_eq!(stdout(&out), format!("{SOLVED1}\n"));
    assert_eq!(out.status.code(), Some(0));
    let out = run(&["count", GRID1, &examples()], "");
    assert_eq!(stdout(&out).lines().next(), Some("1 unique"));
    assert_eq!(stdout(&out).lines().count(), 5);
}

/// Finding 3: the string solver refuses budgets (it cannot honour them), and its
/// `--stats` says "n/a" for the guesses it does not count.
#[test]
fn f3_norvig_solver_refuses_budgets_and_says_na() {
    for budget in [
        &["--timeout", "0.5"][..],
        &["--max-guesses", "10"][..],
        &["--cpu-timeout", "0.5"][..],
    ] {
        let mut args = vec!["solve", "--solver", "norvig"];
        args.extend_from_slice(budget);
        args.push(HARD1);
        let out = run(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains("--solver norvig takes no budget"),
            "{}",
            stderr(&out)
        );
        assert_eq!(stdout(&out), "");
    }
    let out = run(&["solve", "--solver", "norvig", "--stats", GRID1], "");
    assert!(stderr(&out).contains("guesses n/a"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("0 guesses"), "{}", stderr(&out));
}

/// Reads lines of `from` on a thread, so that a test can wait for one with a timeout.
fn lines_of(from: impl Read + Send + 'static) -> mpsc::Receiver<String> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(from).lines() {
            let Ok(line) = line else { return };
            if send.send(line).is_err() {
                return;
            }
        }
    });
    receive
}

/// Finding 4: `--line-buffered` answers each puzzle as soon as it is read: a program
/// writes one puzzle into a pipe and reads its answer before it writes the next one
/// or closes the pipe.
#[test]
fn f4_line_buffered_answers_each_puzzle_through_a_pipe_at_once() {
    let mut child = Command::new(bin())
        .args(["solve", "--line-buffered", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let answers = lines_of(child.stdout.take().unwrap());
    for _ in 0..3 {
        writeln!(input, "{GRID1}").unwrap();
        input.flush().unwrap();
        let answer = answers.recv_timeout(Duration::from_secs(20));
        assert_eq!(
            answer.as_deref(),
            Ok(SOLVED1),
            "an answer before the pipe closes"
        );
    }
    drop(input);
    assert!(child.wait().unwrap().success());
}

/// Finding 4, through a named pipe given as the input file.
#[test]
fn f4_line_buffered_through_a_named_fifo() {
    let dir = temp_dir("fifo");
    let fifo = dir.join("puzzles.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let mut child = Command::new(bin())
        .args(["solve", "--line-buffered", "--format", "json"])
        .arg(&fifo)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let answers = lines_of(child.stdout.take().unwrap());
    // Opened without blocking (a FIFO's writer waits for a reader): retried until the
    // binary has opened its end, failed if the binary ends first.
    let mut writer = loop {
        use std::os::unix::fs::OpenOptionsExt;
        match std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo)
        {
            Ok(w) => break w,
            Err(_) => {
                if let Some(status) = child.try_wait().unwrap() {
                    panic!("the binary ended before it read the FIFO: {status:?}");
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    };
    writeln!(writer, "{GRID1} first").unwrap();
    writer.flush().unwrap();
    let answer = answers.recv_timeout(Duration::from_secs(20)).unwrap();
    assert!(
        answer.contains(SOLVED1) && answer.contains("\"tag\":\"first\""),
        "{answer}"
    );
    drop(writer);
    assert!(child.wait().unwrap().success());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Finding 4: a puzzle typed at a terminal is answered at once (line-buffered is the
/// default when stdin is a terminal). `script` gives the binary a terminal.
#[test]
fn f4_a_terminal_gets_each_answer_at_once() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` to make a terminal");
        return;
    }
    let mut child = Command::new("script")
        .args(["-qfec", &format!("{} solve", bin()), "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let lines = lines_of(child.stdout.take().unwrap());
    writeln!(input, "{GRID1}").unwrap();
    input.flush().unwrap();
    let mut got = false;
    while let Ok(line) = lines.recv_timeout(Duration::from_secs(20)) {
        if line.trim_end() == SOLVED1 {
            got = true;
            break;
        }
    }
    assert!(got, "the answer came before the end of input");
    // Ctrl-D ends the input.
    input.write_all(&[4]).unwrap();
    input.flush().unwrap();
    drop(input);
    let _ = child.wait();
}

/// Finding 5: text after the 81st square is the puzzle's tag, echoed in JSON and as the
/// key of `--format tsv`; a CSV header is skipped.
#[test]
fn f5_tags_are_kept_and_echoed() {
    let input = format!(
        "quizzes,solutions\n{GRID1},{SOLVED1}\n{GRID1} P 2\n{GRID1} 9.9\n{GRID1}\t3\n\
         {GRID1} SOLUTION\n{GRID1}:puzzle-7\n{GRID1}\n"
    );
    let out = run(&["solve", "--format", "json"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let tags: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["tag"].clone())
        .collect();
    assert_eq!(
        tags,
        [
            SOLVED1.into(),
            "P 2".into(),
            "9.9".into(),
            "3".into(),
            "SOLUTION".into(),
            "puzzle-7".into(),
            serde_json::Value::Null
        ]
    );
    let out = run(&["solve", "--format", "tsv"], &input);
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines[1], format!("P 2\t{SOLVED1}"));
    assert_eq!(lines[5], format!("puzzle-7\t{SOLVED1}"));
    assert_eq!(
        lines[6],
        format!("{GRID1}\t{SOLVED1}"),
        "no tag: the puzzle"
    );
    let out = run(&["count", "--format", "tsv"], &format!("{GRID1} a\nxx b\n"));
    assert_eq!(stdout(&out), "a\t1 unique\n<stdin>:2\tinvalid\n");
}

/// Finding 6: `--stats` gives puzzles per second of wall time (not 1 / mean time per
/// puzzle, which at 2 threads is half the throughput), and no `0.0000` averages.
#[test]
fn f6_stats_give_wall_time_throughput() {
    let input = format!("{GRID1}\n").repeat(20_000);
    let out = run(&["solve", "--stats", "--threads", "2"], &input);
    let err = stderr(&out);
    let number_before = |text: &str, marker: &str| -> f64 {
        let end = text
            .find(marker)
            .unwrap_or_else(|| panic!("{marker}: {text}"));
        let start = text[..end].rfind([' ', '(']).unwrap() + 1;
        text[start..end].parse().unwrap()
    };
    let per_sec = number_before(&err, " puzzles/s of wall time");
    let wall = number_before(&err, " s wall time");
    let expected = 20_000.0 / wall;
    assert!(
        (per_sec - expected).abs() / expected < 0.05,
        "{per_sec} puzzles/s, {expected} expected from the wall time: {err}"
    );
    assert!(!err.contains("0.0000"), "{err}");
}

/// Finding 7: `rate` joins the rest: exit status, threads, budgets, -q, --format, one
/// label spelling, one position style, and a word for non-unique puzzles.
#[test]
fn f7_rate_is_like_the_other_subcommands() {
    let out = run(&["rate"], "xx\n12345\n");
    assert_eq!(out.status.code(), Some(1), "invalid puzzles are failures");
    assert_eq!(stdout(&out), "invalid\ninvalid\n");
    let err = stderr(&out);
    assert!(err.starts_with("bitdoku: <stdin>:1:1: "), "{err}");
    assert!(!err.contains("line 1, column"), "one position style: {err}");

    let one = run(&["rate", "--threads", "1", &examples()], "");
    let two = run(&["rate", "--threads", "2", &examples()], "");
    assert_eq!(stdout(&one), stdout(&two));
    // rate does not search: it offers no solver, guess budget or back-end (its time
    // budgets came with issue 36: contract.rs checks them).
    for option in [
        &["--max-guesses", "1"][..],
        &["--solver", "norvig"],
        &["--backend", "portable"],
    ] {
        let mut args = vec!["rate"];
        args.extend(option);
        args.push(HARD1);
        let refused = run(&args, "");
        assert_eq!(refused.status.code(), Some(2), "{args:?}");
        let help = stdout(&run(&["rate", "--help"], ""));
        assert!(
            !help.contains(option[0]),
            "rate --help offers {}",
            option[0]
        );
    }
    let quiet = run(&["rate", "-q"], "xx\n");
    assert_eq!(quiet.status.code(), Some(1));
    assert_eq!(stderr(&quiet), "");

    let json = run(&["rate", "--format", "json", &examples()], "");
    let alias = run(&["rate", "--json", &examples()], "");
    assert_eq!(stdout(&json), stdout(&alias), "--json is --format json");
    let labels: Vec<serde_json::Value> = stdout(&json)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["label"].clone())
        .collect();
    assert!(labels.contains(&"easy".into()), "{labels:?}");
    assert!(stdout(&one).contains(" easy "));
    let v: serde_json::Value = serde_json::from_str(stdout(&json).lines().nth(3).unwrap()).unwrap();
    assert_eq!(v["status"], "not-unique", "hard1 has several solutions");
}

/// Finding 8: `explain` caps its steps on a terminal, its JSON has a `text` on every
/// line, and counts are in the singular when they are 1.
#[test]
fn f8_explain_caps_steps_on_a_terminal_and_every_json_line_has_text() {
    let out = run(&["explain", "--format", "json", HARD1], "");
    for line in stdout(&out).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(v["text"].is_string(), "{line}");
    }
    let out = run(&["explain", "--steps", "0", GRID1], "");
    assert!(
        stdout(&out).contains("\nSolved in 69 steps: the hardest is Pointing (2.6), level 3.\n"),
        "{}",
        stdout(&out)
    );
    // Norvig's search (a puzzle with several solutions), told with its counts.
    let out = run(&["explain", "--steps", "0", HARD1], "");
    let summary = stdout(&out)
        .lines()
        .find(|l| l.starts_with("Solved in "))
        .unwrap()
        .to_string();
    for part in summary
        .trim_end_matches('.')
        .split(": ")
        .nth(1)
        .unwrap()
        .split(", ")
    {
        let (n, what) = part.split_once(' ').unwrap();
        assert_eq!(n == "1", !what.ends_with('s'), "{summary}");
    }
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped the terminal part: no `script`");
        return;
    }
    let on_terminal = Command::new("script")
        .args([
            "-qec",
            &format!(
                "{} explain '{HARD1}' | head -c 0; {} explain '{HARD1}'",
                bin(),
                bin()
            ),
            "/dev/null",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let text = stdout(&on_terminal);
    assert!(
        text.contains("more steps not shown (--steps 1000)"),
        "{}",
        &text[text.len().saturating_sub(500)..]
    );
    assert!(
        text.lines().count() < 1200,
        "{} lines",
        text.lines().count()
    );
}

/// Finding 9 (and the vocabulary): every example in `--help`, in the README and in
/// `docs/*.md` runs as written, from the repository's root, also when help is wrapped
/// at 80 columns.
#[test]
fn f9_every_help_and_readme_example_runs_as_written() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let home = temp_dir("examples-home");
    for dir in [
        ".local/share/bash-completion/completions",
        ".zfunc",
        ".config/fish/completions",
    ] {
        std::fs::create_dir_all(home.join(dir)).unwrap();
    }
    let bin_dir = std::path::Path::new(&bin()).parent().unwrap().to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut commands = Vec::new();
    for sub in [
        "",
        "solve",
        "count",
        "show",
        "generate",
        "rate",
        "hint",
        "explain",
        "bench",
        "completions",
        "minimize",
        "canon",
        "enumerate",
    ] {
        let mut args = vec!["--help"];
        if !sub.is_empty() {
            args.insert(0, sub);
        }
        let help = Command::new(bin())
            .args(&args)
            .env("COLUMNS", "80")
            .output()
            .unwrap();
        let text = stdout(&help);
        let examples = text
            .split_once("Example")
            .unwrap_or_else(|| panic!("{sub} --help has examples"))
            .1;
        commands.extend(
            examples
                .lines()
                .skip(1)
                .take_while(|l| l.starts_with("  "))
                .map(|l| l.trim().to_string()),
        );
    }
    // README and docs/: in ```sh blocks, the commands of bitdoku itself; in any block,
    // the `$ ` lines that run it. Lines ending in `\` go on on the next.
    let mut pages = vec![format!("{root}/README.md")];
    let mut docs: Vec<String> = std::fs::read_dir(format!("{root}/docs"))
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".md"))
        .collect();
    docs.sort();
    assert!(docs.len() >= 5, "{docs:?}");
    pages.extend(docs);
    let texts: Vec<String> = pages
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    for (page, text) in pages.iter().zip(&texts) {
        let mut fence: Option<String> = None;
        let mut pending = String::new();
        for line in text.lines() {
            if line.trim_start().starts_with("```") {
                fence = match fence {
                    None => Some(line.trim().trim_start_matches('`').to_string()),
                    Some(_) => None,
                };
                continue;
            }
            let Some(lang) = &fence else { continue };
            pending.push_str(line.trim().trim_end_matches('\\'));
            if line.ends_with('\\') {
                pending.push(' ');
                continue;
            }
            let command = std::mem::take(&mut pending);
            if let Some(rest) = command.strip_prefix("$ ") {
                if rest.starts_with("bitdoku ") || rest.contains("| bitdoku ") {
                    commands.push(rest.to_string());
                }
            } else if lang == "sh" && command.starts_with("bitdoku ") {
                commands.push(command);
            }
        }
        assert!(fence.is_none(), "{page}: a code block is not closed");
    }
    assert!(commands.len() > 20, "{commands:?}");
    let have_jq = Command::new("jq").arg("--version").output().is_ok();
    let work = temp_dir("examples");
    std::os::unix::fs::symlink(format!("{root}/puzzles"), work.join("puzzles")).unwrap();
    for command in &commands {
        if command.contains("jq") && !have_jq {
            eprintln!("skipped (no jq): {command}");
            continue;
        }
        if command.starts_with("cargo ") {
            // Builds and installs: the build under test stands for them.
            continue;
        }
        let out = Command::new("bash")
            .args(["-o", "pipefail", "-c", command])
            .current_dir(&work)
            .env("PATH", &path)
            .env("HOME", &home)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        let err = stderr(&out);
        assert!(
            matches!(out.status.code(), Some(0 | 1)),
            "{command}: {:?}\n{err}",
            out.status
        );
        assert!(
            !err.contains("error:") && !err.contains("no such file"),
            "{command}:\n{err}"
        );
    }
    std::fs::remove_dir_all(&work).unwrap();
    std::fs::remove_dir_all(&home).unwrap();

    // The sample messages of the README and docs/ come out of the file they name.
    let samples: Vec<&str> = texts
        .iter()
        .flat_map(|t| t.lines())
        .filter(|l| l.starts_with("bitdoku: puzzles/known-answers.txt:"))
        .collect();
    assert!(!samples.is_empty());
    let out = Command::new(bin())
        .args(["solve", "puzzles/known-answers.txt"])
        .current_dir(root)
        .output()
        .unwrap();
    for sample in samples {
        assert!(stderr(&out).lines().any(|l| l == sample), "{sample}");
    }
}

/// Finding 10: `generate` can be silenced, the attempt limit is a flag, and
/// `--symmetric --clues K` gives exactly K givens.
#[test]
fn f10_generate_joins_the_rest() {
    let out = run(&["generate", "-n", "3", "-q"], "");
    assert!(out.status.success());
    assert_eq!(stderr(&out), "", "-q: no seed message");
    assert_eq!(stdout(&out).lines().count(), 3);

    let out = run(
        &[
            "generate",
            "-n",
            "40",
            "--seed",
            "7",
            "--symmetric",
            "--clues",
            "26",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    for line in stdout(&out).lines() {
        let givens = line.bytes().filter(u8::is_ascii_digit).count();
        assert_eq!(givens, 26, "{line}");
    }

    let out = run(
        &[
            "generate",
            "-n",
            "1",
            "--seed",
            "1",
            "--clues",
            "17",
            "--attempts",
            "2",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("in 2 attempts"), "{}", stderr(&out));
    assert!(stderr(&out).contains("--attempts"), "{}", stderr(&out));

    let out = run(
        &["generate", "-n", "2", "--seed", "1", "--format", "json"],
        "",
    );
    for line in stdout(&out).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["puzzle"].as_str().unwrap().len(), 81);
    }
}

/// The vocabulary: `--format` everywhere (`--json` kept), `check` visible, the last of a
/// repeated option wins, and `-f grid` ends every record with a blank line.
#[test]
fn vocabulary_is_consistent() {
    let help = run(&["--help"], "");
    assert!(
        stdout(&help).contains("[alias: check]"),
        "{}",
        stdout(&help)
    );
    let completions = run(&["completions", "bash"], "");
    assert!(stdout(&completions).contains("check"));

    let out = run(
        &["solve", "--format", "json", "--format", "line", GRID1],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        format!("{SOLVED1}\n"),
        "the last --format wins"
    );
    let out = run(&["solve", "-j", "1", "-j", "2", "-q", "-q", GRID1], "");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));

    let out = run(&["solve", "--format", "grid"], &format!("xx\n{GRID1}\n"));
    let text = stdout(&out);
    assert!(text.starts_with("invalid\n\n4 1 7 |"), "{text}");
    assert!(text.ends_with("\n\n"), "{text}");

    for sub in [
        &["explain", GRID1][..],
        &["bench", "--runs", "1", "--solver", "bitset"][..],
    ] {
        let mut json = sub.to_vec();
        json.extend(["--format", "json"]);
        if sub[0] == "bench" {
            json.push(GRID1);
        }
        let out = run(&json, "");
        assert_eq!(out.status.code(), Some(0), "{json:?}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(
            text.trim_start().starts_with(['{', '[']),
            "{json:?}: {text}"
        );
    }

    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    assert!(readme.contains("cargo install --path crates/cli"));
    let version = run(&["--version"], "");
    assert!(
        stdout(&version).contains("back-end"),
        "{}",
        stdout(&version)
    );
}
