//! One contract for every subcommand (issue 28): stdin by default, a record for every
//! puzzle, signals end the output at a record boundary, each subcommand offers the
//! formats it implements, options that contradict each other are refused, one word
//! for each outcome, messages that point at the right place. Each test here failed
//! before the contract; the table of docs/contract.md is checked against the binary.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

mod common;

use common::{bin, run_with};

const PUZZLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles");
const GRID1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const SOLVED1: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
const TWO: &str =
    "9.6.7.4.3...4..2...7..23.1.5.....1...4.2.8.6...3.....5.3.7...5...7..5...4.5.1.7.8";

fn run(args: &[&str], stdin: &str) -> Output {
    run_with(args, stdin.as_bytes().to_vec())
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Every subcommand that reads puzzles reads stdin when given no puzzle.
#[test]
fn no_argument_means_stdin() {
    for args in [
        &["solve"][..],
        &["count"],
        &["rate"],
        &["hint"],
        &["explain"],
        &["show"],
        &["minimize"],
        &["canon"],
        &["enumerate"],
        &["bench", "--solver", "bitset", "--runs", "1"],
    ] {
        let out = run(args, &format!("{GRID1}\n"));
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
}

/// An input with no puzzle is a failure (exit 1) for every subcommand, said once.
#[test]
fn an_input_without_puzzles_exits_1_everywhere() {
    for sub in [
        "solve",
        "count",
        "rate",
        "hint",
        "explain",
        "show",
        "minimize",
        "canon",
        "enumerate",
        "bench",
    ] {
        let out = run(&[sub], "# only a comment\n");
        assert_eq!(out.status.code(), Some(1), "{sub}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("no puzzles"),
            "{sub}: {}",
            stderr(&out)
        );
    }
}

/// A record that is not a puzzle gets a record (and a message) from every subcommand.
#[test]
fn an_invalid_record_is_a_record_everywhere() {
    for (sub, expected) in [
        ("show", "# <stdin>:1: invalid\n"),
        ("explain", "<stdin>:1: invalid\n"),
        ("hint", "<stdin>:1: invalid\n"),
        ("minimize", "invalid\n"),
        ("canon", "invalid\n"),
        ("enumerate", "# <stdin>:1: invalid\n"),
    ] {
        let out = run(&[sub], "12x\n");
        assert_eq!(out.status.code(), Some(1), "{sub}");
        assert!(
            stdout(&out).starts_with(expected),
            "{sub}: {}",
            stdout(&out)
        );
        assert!(
            stderr(&out).contains("<stdin>:1:3: unexpected character 'x'"),
            "{sub}: {}",
            stderr(&out)
        );
    }
    // bench reports it and times the rest.
    let out = run(
        &["bench", "--solver", "bitset", "--runs", "1"],
        &format!("12x\n{GRID1}\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("<stdin>:1:3: unexpected character"));
    assert!(stdout(&out).contains(" 1 "), "{}", stdout(&out));
    assert!(!stdout(&out).contains("-0.0000"));
}

/// minimize and canon keep each record's tag.
#[test]
fn tags_are_kept_by_the_puzzle_tools() {
    let input = format!("{GRID1} grid1\n{TWO},two\n");
    for sub in ["minimize", "canon"] {
        let out = run(&[sub], &input);
        let text = stdout(&out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 2, "{sub}");
        assert!(lines[0].ends_with(" grid1"), "{sub}: {}", lines[0]);
        assert!(lines[1].ends_with(" two"), "{sub}: {}", lines[1]);
    }
}

/// generate --norvig-random counts each puzzle: a field is never printed as an answer
/// it did not compute.
#[test]
fn norvig_random_puzzles_are_counted() {
    let out = run(
        &[
            "generate",
            "--seed",
            "5",
            "--norvig-random",
            "--clues",
            "70",
            "-n",
            "3",
            "-q",
            "-f",
            "json",
        ],
        "",
    );
    for line in stdout(&out).lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let puzzle = v["puzzle"].as_str().unwrap();
        let counted = stdout(&run(&["count", "-q", puzzle], ""));
        assert_eq!(
            v["unique"],
            counted.ends_with(" unique\n"),
            "{puzzle}: {counted}"
        );
    }
    // A full grid is unique.
    let out = run(
        &[
            "generate",
            "--seed",
            "5",
            "--norvig-random",
            "--clues",
            "81",
            "-q",
            "-f",
            "json",
        ],
        "",
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        (v["unique"].as_bool(), v["solutions"].as_u64()),
        (Some(true), Some(1))
    );
}

fn spawn(args: &[&str]) -> std::process::Child {
    Command::new(bin())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn kill(child: &std::process::Child, signal: &str) {
    let status = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
}

/// enumerate streams its solutions (the first ones arrive while the search goes on),
/// and a signal leaves the ones written so far, whole.
#[test]
fn enumerate_streams_and_a_signal_keeps_what_was_written() {
    let empty = ".".repeat(81);
    let mut child = spawn(&["enumerate", "--limit", "100000000", &empty]);
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert_eq!(first, format!("# <argument>:1\n"));
    for _ in 0..1000 {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        assert_eq!(line.len(), 82, "{line:?}");
    }
    // Drain the rest while the signal lands (a full pipe would block the writer).
    let reader = std::thread::spawn(move || {
        let mut rest = String::new();
        out.read_to_string(&mut rest).unwrap();
        rest
    });
    kill(&child, "-TERM");
    let status = child.wait().unwrap();
    let rest = reader.join().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(status.code(), Some(143), "{err}");
    assert!(err.contains("interrupted by SIGTERM"), "{err}");
    let lines: Vec<&str> = rest.lines().collect();
    assert!(
        lines.last().unwrap().contains("(interrupted)"),
        "{:?}",
        lines.last()
    );
    assert!(lines[..lines.len() - 1].iter().all(|l| l.len() == 81));
}

/// generate, canon and minimize stop at a record boundary on a signal, say so, and exit
/// 128 + the signal.
#[test]
fn the_puzzle_tools_stop_at_a_record_on_a_signal() {
    let dir = std::env::temp_dir().join(format!("bitdoku-contract-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("many.txt");
    std::fs::write(&file, format!("{GRID1}\n").repeat(200_000)).unwrap();
    let file = file.to_string_lossy().into_owned();
    for args in [
        &["generate", "-n", "10000000", "--seed", "1", "-q"][..],
        &["canon", &file],
        &["minimize", &file],
    ] {
        let mut child = spawn(args);
        let mut out = child.stdout.take().unwrap();
        let reader = std::thread::spawn(move || {
            let mut all = Vec::new();
            out.read_to_end(&mut all).unwrap();
            all
        });
        std::thread::sleep(Duration::from_millis(700));
        kill(&child, "-INT");
        let status = child.wait().unwrap();
        let all = reader.join().unwrap();
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        assert_eq!(status.code(), Some(130), "{args:?}: {err}");
        assert!(err.contains("interrupted by SIGINT"), "{args:?}: {err}");
        assert!(!all.is_empty(), "{args:?}");
        assert_eq!(all.len() % 82, 0, "{args:?}: cut mid-record");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Options that contradict each other are usage errors, not "the last one wins".
#[test]
fn contradicting_options_are_refused() {
    for args in [
        &["solve", "--json", "--format", "grid", GRID1][..],
        &["solve", "--no-simd", "--backend", "portable", GRID1],
        &["generate", "-f", "tsv"],
        &["generate", "--level", "2", "--er", "2.0..3.0"],
        &["hint", "--json", "--format", "text", GRID1],
    ] {
        let out = run(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stdout(&out));
    }
    // A repeated option still takes its last value.
    let out = run(&["solve", "-f", "json", "-f", "line", GRID1], "");
    assert_eq!(stdout(&out), format!("{SOLVED1}\n"));
}

/// A limit of 0 is read as 1, as the library, Python and C read it.
#[test]
fn a_limit_of_zero_is_read_as_one() {
    assert_eq!(
        stdout(&run(&["count", "--limit", "0", TWO], "")),
        "1+ solvable\n"
    );
    let out = run(&["enumerate", "--limit", "0", TWO], "");
    assert_eq!(
        stdout(&out).lines().filter(|l| !l.starts_with('#')).count(),
        1
    );
}

/// One word per outcome: a puzzle with no solution is `unsolvable` in every subcommand.
#[test]
fn unsolvable_is_one_word() {
    let none = format!("12345678.........9{}", ".".repeat(63));
    assert_eq!(stdout(&run(&["solve", &none], "")), "unsolvable\n");
    assert_eq!(stdout(&run(&["count", "-q", &none], "")), "0 unsolvable\n");
    assert_eq!(stdout(&run(&["rate", &none], "")), "unsolvable\n");
    assert!(stdout(&run(&["hint", &none], "")).ends_with(": unsolvable\n"));
    assert!(stdout(&run(&["show", &none], "")).contains(": unsolvable\n"));
    assert_eq!(stdout(&run(&["minimize", &none], "")), "unsolvable\n");
    for sub in ["solve", "count", "rate", "explain"] {
        let out = run(&[sub, "--format", "json", &none], "");
        assert!(
            stdout(&out).contains("\"status\":\"unsolvable\""),
            "{sub}: {}",
            stdout(&out)
        );
    }
}

/// Messages point at the right place.
#[test]
fn messages_point_at_the_right_place() {
    // 80 squares and a tag: too few squares, not an unexpected character.
    let out = run(&["solve"], &format!("{} tag\n", &GRID1[..80]));
    assert!(
        stderr(&out).contains("<stdin>:1:1: too few squares: found 80"),
        "{}",
        stderr(&out)
    );
    // A repeated given: at the second one.
    let repeated = GRID1.replacen("4.....8.5", "4....48.5", 1);
    for sub in ["solve", "rate", "show"] {
        let out = run(&[sub], &format!("{repeated}\n"));
        assert!(
            stderr(&out).contains("<stdin>:1:6: digit 4 is given twice in row A (A1 and A6)"),
            "{sub}: {}",
            stderr(&out)
        );
    }
    // A back-end this CPU lacks: the message lists what it has, not `auto`.
    let missing = if cfg!(target_arch = "x86_64") {
        "neon"
    } else {
        "avx2"
    };
    let out = run(&["solve", "--backend", missing, GRID1], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(!stderr(&out).contains("has: auto"), "{}", stderr(&out));
    assert!(stderr(&out).contains("auto picks"), "{}", stderr(&out));
    // A pencilmark line keeps its tag and echoes its candidates in JSON.
    let line = std::fs::read_to_string(format!("{PUZZLES}/pencilmark-no-solution.txt")).unwrap();
    let line = line.lines().find(|l| !l.starts_with('#')).unwrap();
    let out = run(&["count", "--format", "json"], &format!("{line} its-tag\n"));
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        (v["puzzle"].as_str(), v["tag"].as_str()),
        (Some(line), Some("its-tag"))
    );
    assert_eq!(v["status"], "unsolvable");
}

/// docs/contract.md's table: each subcommand's formats are those its `--format` offers.
#[test]
fn the_contract_table_is_true() {
    let table = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/contract.md"
    ))
    .unwrap();
    let table = table.split("## Options").next().unwrap();
    let mut checked = 0;
    for row in table.lines().filter(|l| l.starts_with("| `bitdoku ")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let sub = cells[1].trim_matches('`').trim_start_matches("bitdoku ");
        let formats: Vec<&str> = cells[3]
            .split(',')
            .map(|f| f.trim().trim_matches('`'))
            .filter(|f| !f.is_empty() && *f != "-")
            .collect();
        // Whitespace collapsed: the help wraps where its width says.
        let help = stdout(&run(&[sub, "-h"], ""))
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        let offered: Vec<String> = help
            .split("-f, --format <FORMAT>")
            .nth(1)
            .and_then(|h| h.split("[possible values: ").nth(1))
            .map(|v| {
                v.split(']')
                    .next()
                    .unwrap()
                    .split(',')
                    .map(|f| f.trim().to_string())
                    .collect()
            })
            .unwrap_or_default();
        assert_eq!(offered, formats, "{sub}: the table says {formats:?}");
        // The stdin column: "yes" for every subcommand that reads puzzles.
        if cells[2] == "yes" {
            let out = run(&[sub], &format!("{GRID1}\n"));
            assert!(!out.stdout.is_empty(), "{sub} reads stdin");
        }
        checked += 1;
    }
    assert!(checked >= 11, "{checked} rows");
}

/// Issue 36, 4: a solved grid was rated `0.0/0.0/0.0 1 easy stalled` (exit 1) while
/// `hint` said `solved`. One answer everywhere: `solved`, ER 0.0, exit 0.
#[test]
fn a_solved_grid_is_solved_everywhere() {
    let out = run(&["rate", SOLVED1], "");
    assert_eq!(stdout(&out), "0.0/0.0/0.0 1 easy solved\n");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = run(&["rate", "--format", "json", SOLVED1], "");
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        (&v["status"], &v["er"], &v["steps"], &v["technique"]),
        (&"solved".into(), &0.0.into(), &0.into(), &"solved".into())
    );
    assert_eq!(v["solution"], SOLVED1);
    let out = run(&["hint", SOLVED1], "");
    assert_eq!(stdout(&out), "<argument>:1: solved\n");
    assert_eq!(out.status.code(), Some(0));
    let out = run(&["explain", SOLVED1], "");
    assert!(
        stdout(&out).contains("Nothing to do: every square is solved."),
        "{}",
        stdout(&out)
    );
    assert_eq!(out.status.code(), Some(0));
}

/// A puzzle whose rating runs through the chains (8.5, region forcing chains): tens of
/// milliseconds, so a budget of one millisecond stops it.
const CHAINS: &str =
    "6..3.2....5.....1..........7.26............543.........8.15........4.2........7..";

/// Issue 36, 2: `rate`, `hint` and `explain` take `solve`'s time budgets, with status
/// `timed-out`; a rating says how far it got (ER at least, the steps taken); a guess
/// budget is refused where nothing guesses, and bounds the search `explain` tells.
#[test]
fn ratings_hints_and_explanations_take_the_budgets() {
    let full = stdout(&run(&["rate", CHAINS], ""));
    assert_eq!(full, "8.5/1.2/1.2 5 fiendish Region Forcing Chains\n");
    for budget in [["--timeout", "0.001"], ["--cpu-timeout", "0.001"]] {
        let out = run(&["rate", budget[0], budget[1], CHAINS], "");
        let line = stdout(&out);
        assert_eq!(out.status.code(), Some(1), "{budget:?}: {line}");
        let (er, rest) = line.split_once("+ ").unwrap();
        assert!(rest.starts_with("timed-out after "), "{line}");
        assert!(er.parse::<f64>().unwrap() <= 8.5, "{line}");
        assert!(stderr(&out).contains("timed out after"), "{}", stderr(&out));
        let out = run(
            &[
                "rate",
                "--exit-zero",
                "--json",
                budget[0],
                budget[1],
                CHAINS,
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(0));
        let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
        assert_eq!(v["status"], "timed-out");
        assert!(v["er"].as_f64().unwrap() <= 8.5 && v["steps"].as_u64().unwrap() < 60);
        assert_eq!(v["solution"].as_str().map(str::len), Some(81));
        // The same hard puzzle as a hint: its next step is a single, found at once;
        // with the grid the budget stopped at, it would need a chain. explain stops,
        // and its end says so.
        let out = run(&["explain", "--json", budget[0], budget[1], CHAINS], "");
        assert_eq!(out.status.code(), Some(1));
        let end: serde_json::Value =
            serde_json::from_str(stdout(&out).lines().last().unwrap()).unwrap();
        assert_eq!(
            (&end["event"], &end["status"]),
            (&"end".into(), &"timed-out".into())
        );
    }
    // A generous budget changes nothing.
    assert_eq!(
        stdout(&run(&["rate", "--timeout", "600", CHAINS], "")),
        full
    );
    // hint: a position whose next step is a chain (the rating's path up to there).
    let out = run(&["hint", "--timeout", "0.001", "--json", CHAINS], "");
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert!(v["status"] == "hint" || v["status"] == "timed-out", "{v}");
    // Nothing guesses in a rating or a hint: --max-guesses is refused, with the reason.
    for sub in ["rate", "hint"] {
        let out = run(&[sub, "--max-guesses", "10", CHAINS], "");
        assert_eq!(out.status.code(), Some(2), "{sub}");
        assert!(
            stderr(&out).contains("no guesses; bound it with --timeout or --cpu-timeout"),
            "{sub}: {}",
            stderr(&out)
        );
    }
    // explain --max-guesses bounds the search it tells (Norvig's hard1, which has many
    // solutions: thousands of guesses to the first).
    let hard1 = ".....6....59.....82....8....45........3........6..3.54...325..6..................";
    let out = run(&["explain", "--json", "--max-guesses", "10", hard1], "");
    let end: serde_json::Value =
        serde_json::from_str(stdout(&out).lines().last().unwrap()).unwrap();
    assert_eq!(end["status"], "gave-up", "{}", stdout(&out));
    assert_eq!(out.status.code(), Some(1));
}

/// Issue 36, 7: the options every subcommand that reads puzzles shares, with the same
/// meaning: `-q` (no per-puzzle messages), `--exit-zero` (the puzzles' outcomes stay
/// out of the exit status), `--format json` where records are printed, `-j` where
/// puzzles are worked on one by one (the same output at any thread count).
#[test]
fn the_puzzle_tools_share_their_options() {
    let none = format!("12345678.........9{}", ".".repeat(63));
    let input = format!("{GRID1} one\n{none}\n12x\n{TWO}\n");
    for sub in ["hint", "explain", "show", "minimize", "canon", "enumerate"] {
        let plain = run(&[sub], &input);
        assert_eq!(plain.status.code(), Some(1), "{sub}");
        assert!(!stderr(&plain).is_empty(), "{sub}");
        let quiet = run(&[sub, "-q", "--exit-zero"], &input);
        assert_eq!(quiet.status.code(), Some(0), "{sub}: {}", stderr(&quiet));
        assert_eq!(stderr(&quiet), "", "{sub}");
        assert_eq!(stdout(&quiet), stdout(&plain), "{sub}");
        let json = run(&[sub, "--format", "json", "-q"], &input);
        let objects: Vec<serde_json::Value> = stdout(&json)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{sub}: {e}: {l}")))
            .collect();
        let statuses: Vec<&str> = objects
            .iter()
            .filter_map(|o| o["status"].as_str())
            .collect();
        assert!(statuses.contains(&"invalid"), "{sub}: {statuses:?}");
        assert_eq!(
            stdout(&run(&[sub, "--json", "-q"], &input)),
            stdout(&json),
            "{sub}"
        );
    }
    for sub in ["hint", "show", "minimize", "canon"] {
        let one = run(&[sub, "-j", "1"], &input.repeat(50));
        let two = run(&[sub, "-j", "2"], &input.repeat(50));
        assert_eq!(stdout(&one), stdout(&two), "{sub}");
        assert_eq!(one.status.code(), two.status.code(), "{sub}");
    }
    // The puzzle tools' JSON: the result beside the input, and its tag.
    let out = run(&["minimize", "--json", &format!("{GRID1} one")], "");
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(
        (&v["minimal"], &v["tag"], &v["givens"]),
        (&GRID1.into(), &"one".into(), &17.into())
    );
    let out = run(&["canon", "--json", GRID1], "");
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["canonical"].as_str().map(str::len), Some(81));
    let out = run(&["enumerate", "--json", TWO], "");
    let lines: Vec<serde_json::Value> = stdout(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["event"], "solution");
    assert_eq!(
        (
            &lines[2]["event"],
            &lines[2]["solutions"],
            &lines[2]["at_least"]
        ),
        (&"end".into(), &2.into(), &false.into())
    );
    let out = run(&["show", "--json", GRID1], "");
    let v: serde_json::Value = serde_json::from_str(stdout(&out).trim()).unwrap();
    assert_eq!(v["candidates"].as_array().map(Vec::len), Some(81));
}

/// Issue 36, 7: docs/contract.md's options table is what each subcommand accepts: `yes`
/// in its help, `no` unknown to it, `refused` taken and refused with a reason (exit 2).
#[test]
fn the_options_table_is_true() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/contract.md"
    ))
    .unwrap();
    let section = doc.split("## Options").nth(1).unwrap();
    let table: Vec<&str> = section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .collect();
    let header: Vec<&str> = table[0].split('|').map(str::trim).collect();
    assert_eq!(
        header[2..7],
        [
            "`-q`, `--exit-zero`",
            "`--format json`, `--json`",
            "`-j`, `--threads`",
            "`--timeout`, `--cpu-timeout`",
            "`--max-guesses`"
        ]
    );
    let flags: [&[&str]; 5] = [
        &["-q, --quiet", "--exit-zero"],
        &["--json", "json"],
        &["-j, --threads"],
        &["--timeout", "--cpu-timeout"],
        &["--max-guesses"],
    ];
    let mut checked = 0;
    for row in table.iter().filter(|l| l.starts_with("| `bitdoku ")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let sub = cells[1].trim_matches('`').trim_start_matches("bitdoku ");
        let help = stdout(&run(&[sub, "-h"], ""));
        for (cell, flags) in cells[2..7].iter().zip(flags) {
            for flag in flags {
                assert_eq!(
                    help.contains(flag),
                    *cell == "yes",
                    "{sub} {flag}: the table says {cell}"
                );
            }
            let first = flags[0].split(", ").last().unwrap();
            let value = match first {
                "--json" | "--exit-zero" | "-q" => None,
                "--quiet" => None,
                _ => Some("1"),
            };
            let mut args = vec![sub, first];
            args.extend(value);
            args.push(GRID1);
            let out = run(&args, "");
            match *cell {
                "yes" => assert_ne!(
                    out.status.code(),
                    Some(2),
                    "{sub} {first}: {}",
                    stderr(&out)
                ),
                "refused" => {
                    assert_eq!(out.status.code(), Some(2), "{sub} {first}");
                    assert!(
                        stderr(&out).contains("bound it with"),
                        "{sub}: {}",
                        stderr(&out)
                    );
                }
                _ => {
                    assert_eq!(out.status.code(), Some(2), "{sub} {first}");
                    assert!(
                        stderr(&out).contains("unexpected argument"),
                        "{sub}: {}",
                        stderr(&out)
                    );
                }
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 9);
}
