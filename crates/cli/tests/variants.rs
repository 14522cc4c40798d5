//! The command line on puzzles for the general engine: every file of
//! `../shared/puzzles/variants/` in both formats and as links (solved with the file's
//! solution, and unique), true candidates, positions in error messages, generation
//! reproducible at any thread count, minimize and enumerate.

use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn bin() -> String {
    std::env::var("BITDOKU_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_bitdoku").into())
}

fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn variants() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/puzzles/variants");
    dir.is_dir().then_some(dir)
}

#[test]
fn every_shared_variant_in_every_format() {
    let Some(dir) = variants() else {
        eprintln!("../shared/puzzles/variants is not here: skipped");
        return;
    };
    let mut kinds: Vec<String> = std::fs::read_dir(dir.join("sudoku-puzzle"))
        .unwrap()
        .map(|e| {
            e.unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    kinds.sort();
    let mut solved = 0;
    // Every sudoku-puzzle document with its solution, kind after kind.
    let mut every: Vec<(String, String)> = Vec::new();
    for kind in &kinds {
        let doc = dir.join("sudoku-puzzle").join(format!("{kind}.jsonl"));
        let lines: Vec<String> = std::fs::read_to_string(&doc)
            .unwrap()
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(str::to_owned)
            .collect();
        let solutions: Vec<String> = lines
            .iter()
            .map(|l| {
                let v: Value = serde_json::from_str(l).unwrap();
                v["solution"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|d| bitdoku_digit(d.as_u64().unwrap() as u8))
                    .collect()
            })
            .collect();
        every.extend(lines.into_iter().zip(solutions.iter().cloned()));
        for file in [
            doc.clone(),
            dir.join("f-puzzles").join(format!("{kind}.jsonl")),
            dir.join("f-puzzles").join(format!("{kind}.urls")),
        ] {
            let path = file.to_str().unwrap();
            let o = run(&["count", "-f", "json", "-j", "2", path], "");
            let records: Vec<Value> = stdout(&o)
                .lines()
                .map(|l| serde_json::from_str(l).unwrap())
                .collect();
            assert_eq!(
                records.len(),
                solutions.len(),
                "{path}: one record per puzzle"
            );
            for (i, r) in records.iter().enumerate() {
                assert_eq!(r["status"], "unique", "{path}:{}", i + 1);
                assert_eq!(r["solution"], solutions[i].as_str(), "{path}:{}", i + 1);
                solved += 1;
            }
        }
    }
    assert!(solved >= 3 * 64, "{solved}");
    // All of them through one worker, forwards and backwards: each puzzle's engine is
    // built keeping the one before, of another kind or board at every change of file.
    for order in [false, true] {
        if order {
            every.reverse();
        }
        let input: String = every.iter().map(|(doc, _)| format!("{doc}\n")).collect();
        let o = run(&["count", "-f", "json", "-j", "1"], &input);
        let records: Vec<Value> = stdout(&o)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(records.len(), every.len());
        for (i, (r, (_, solution))) in records.iter().zip(&every).enumerate() {
            assert_eq!(
                r["status"],
                "unique",
                "record {} (reversed: {order})",
                i + 1
            );
            assert_eq!(
                r["solution"],
                solution.as_str(),
                "record {} (reversed: {order})",
                i + 1
            );
        }
    }
}

fn bitdoku_digit(d: u8) -> char {
    match d {
        1..=9 => (b'0' + d) as char,
        _ => (b'A' + d - 10) as char,
    }
}

/// The general engine's hand-made documents (every file of
/// `crates/variants/tests/data`): the command line counts what each records as
/// pencilmark's count (`meta.count`).
#[test]
fn hand_made_rule_documents_count_as_recorded() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../variants/tests/data");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    for path in files {
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let out = run(
            &[
                "count",
                "--limit",
                "1000",
                "--format",
                "json",
                path.to_str().unwrap(),
            ],
            "",
        );
        let counted: Vec<Value> = stdout(&out)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(counted.len(), text.lines().count(), "{file}");
        for (line, record) in text.lines().zip(&counted) {
            let doc: Value = serde_json::from_str(line).unwrap();
            assert_eq!(
                record["solutions"], doc["meta"]["count"],
                "{file}: {}",
                doc["meta"]["title"]
            );
        }
    }
}

#[test]
fn true_candidates_of_a_small_puzzle() {
    let o = run(
        &["candidates", "-f", "json"],
        "4....2..........\n4....2....43...1\n",
    );
    let lines: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["status"], "multiple");
    assert_eq!(lines[0]["candidates"][1], "13");
    assert_eq!(lines[0]["candidates"][10], "1234");
    assert_eq!(lines[1]["status"], "unique");
    assert_eq!(lines[1]["fixed"], 16);
    assert_eq!(lines[1]["solution"], "4312123421433421");
    // The line format is a pencilmark line that reads back: 9x9 gives 729 characters.
    let grid1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let o = run(&["candidates", "-f", "line"], grid1);
    let line = stdout(&o);
    assert_eq!(line.trim_end().len(), 729);
    let back = run(&["solve"], &line);
    assert!(stdout(&back).starts_with(
        "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
    ));
}

#[test]
fn errors_say_where() {
    let o = run(&["solve"], "4....2....43...5\n");
    assert_eq!(stdout(&o), "invalid\n");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("<stdin>:1:16: 5 is past the largest digit of a 4x4 board, 4"),
        "{err}"
    );
    let doc = r#"{"format": "sudoku-puzzle", "format_version": 1, "board": {"rows": 4, "cols": 4},
 "digits": 4, "givens": [4,0,0,0,0,2,0,0,0,0,4,3,0,0,0,1],
 "rules": [{"type": "box_grid", "box": [2, 2], "origin": "r1c1"}, {"type": "region", "kind": "diagonal", "cells": ["r1c1", "r9c9"]}]}"#;
    let o = run(&["count"], &format!("4312123421433421\n{doc}\n"));
    assert_eq!(stdout(&o), "1 unique\ninvalid\n");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("<stdin>:2: rules[1].cells[1]: \"r9c9\" is not a cell of a 4x4 board"),
        "{err}"
    );
    // A rule that is well formed but no digits satisfy is read: the puzzle has no
    // solution, and the message says which rule and why.
    let cage = doc.replace(
        r#"{"type": "region", "kind": "diagonal", "cells": ["r1c1", "r9c9"]}"#,
        r#"{"type": "cage", "cells": ["r3c3", "r3c4"], "sum": 9}"#,
    );
    let o = run(&["count", "-f", "json"], &format!("{cage}\n"));
    let record: Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(record["status"], "unsolvable");
    assert_eq!(
        record["error"],
        "unsolvable: a cage of 2 cells cannot add up to 9 (only 3 to 7)"
    );
    // So is an arrow whose shaft cannot add up to its circle's number, and a given
    // outside its cell's given candidates (the two hold at once, as in pencilmark).
    let arrow = doc.replace(
        r#"{"type": "region", "kind": "diagonal", "cells": ["r1c1", "r9c9"]}"#,
        r#"{"type": "arrow", "bulb": ["r3c3", "r3c4"], "lines": [["r4c4"]]}"#,
    );
    let marked = doc
        .replace(
            r#", {"type": "region", "kind": "diagonal", "cells": ["r1c1", "r9c9"]}"#,
            "",
        )
        .replace(
            r#""rules":"#,
            r#""candidates": {"r1c1": [1, 2, 3]}, "rules":"#,
        );
    let o = run(&["count", "-f", "json"], &format!("{arrow}\n{marked}\n"));
    let records: Vec<Value> = stdout(&o)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records[0]["status"], "unsolvable");
    assert_eq!(
        records[0]["error"],
        "unsolvable: an arrow's shaft of 1 cells adds up to 1 to 4: its circle of 2 cells shows 11 to 44"
    );
    assert_eq!(records[1]["status"], "unsolvable");
    // The classic-only tools name what they take.
    let o = run(&["hint"], "4....2....43...1\n");
    assert!(String::from_utf8_lossy(&o.stderr).contains("this takes classic 9x9 puzzles"));
    assert_eq!(o.status.code(), Some(1));
    let o = run(&["rate", "-f", "json"], "4....2....43...1\n");
    assert!(stdout(&o).contains("rating takes classic 9x9 puzzles"));
}

#[test]
fn a_classic_document_is_the_classic_puzzle() {
    let grid1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let givens: Vec<String> = grid1
        .bytes()
        .map(|b| {
            if b == b'.' {
                "0".into()
            } else {
                ((b - b'0') as u32).to_string()
            }
        })
        .collect();
    let doc = format!(
        r#"{{"format": "sudoku-puzzle", "format_version": 1, "board": {{"rows": 9, "cols": 9}}, "digits": 9, "givens": [{}], "rules": [{{"type": "box_grid", "box": [3, 3], "origin": "r1c1"}}]}}"#,
        givens.join(",")
    );
    assert_eq!(
        stdout(&run(&["solve"], &doc)),
        stdout(&run(&["solve"], grid1))
    );
}

#[test]
fn generation_is_reproducible_and_unique() {
    for extra in [
        &["--size", "6"][..],
        &["--jigsaw"],
        &["--size", "16"],
        &["--killer"],
        &["--diagonals", "--anti-king"],
        &["--thermos", "8"],
        &["--arrows", "8"],
        &["--whispers", "6"],
        &["--renban", "4"],
        &["--kropki"],
        &["--kropki", "20"],
        &["--xv"],
        &["--xv", "12"],
        &["--odd-even", "12"],
        &[
            "--size",
            "6",
            "--thermos",
            "2",
            "--arrows",
            "2",
            "--kropki",
            "5",
        ],
    ] {
        let mut args = vec!["generate", "-n", "3", "--seed", "7", "-q"];
        args.extend_from_slice(extra);
        let one = run(&[&args[..], &["-j", "1"]].concat(), "");
        let two = run(&[&args[..], &["-j", "2"]].concat(), "");
        assert_eq!(one.status.code(), Some(0), "{extra:?}");
        assert_eq!(stdout(&one), stdout(&two), "{extra:?}");
        let counted = run(&["count", "-f", "json"], &stdout(&one));
        for line in stdout(&counted).lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["status"], "unique", "{extra:?}: {line}");
        }
    }
    let o = run(&["generate", "--size", "7"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no usual boxes"));
}

#[test]
fn generated_rules_are_written_in_every_format_and_read_back() {
    let rules = [
        "--thermos",
        "3",
        "--arrows",
        "3",
        "--whispers",
        "2",
        "--renban",
        "2",
        "--kropki",
        "all",
        "--xv",
        "5",
        "--odd-even",
        "4",
    ];
    let mut solutions = Vec::new();
    for format in ["sudoku-puzzle", "fpuzzles", "link"] {
        let mut args = vec!["generate", "-n", "2", "--seed", "3", "-q", "--as", format];
        args.extend_from_slice(&rules);
        let o = run(&args, "");
        assert_eq!(o.status.code(), Some(0), "{format}");
        let text = stdout(&o);
        assert_eq!(text.lines().count(), 2, "{format}: {text}");
        if format == "link" {
            assert!(text.starts_with("https://"), "{text}");
        } else {
            let v: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
            assert!(v.is_object(), "{format}: {text}");
        }
        let counted = run(&["count"], &text);
        assert_eq!(stdout(&counted), "1 unique\n1 unique\n", "{format}");
        // The same puzzles in every format: the same solutions.
        solutions.push(stdout(&run(&["solve"], &text)));
    }
    assert!(solutions.windows(2).all(|w| w[0] == w[1]), "{solutions:?}");
    let o = run(&["generate", "--size", "4", "--thermos", "9"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("past the 16 cells"));
    let o = run(&["generate", "--kropki", "some"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a count of marks or `all`"));
}

#[test]
fn minimize_and_enumerate() {
    let o = run(&["minimize"], "4312123421433421 tag\n");
    let minimal = stdout(&o);
    assert!(minimal.ends_with(" tag\n"), "{minimal}");
    let counted = run(&["count"], &minimal);
    assert_eq!(stdout(&counted), "1 unique\n");
    let o = run(&["enumerate", "--limit", "2"], "4...............\n");
    let out = stdout(&o);
    assert_eq!(
        out.lines().filter(|l| !l.starts_with('#')).count(),
        2,
        "{out}"
    );
    assert!(out.ends_with("2+ solutions\n"), "{out}");
}
