//! The reader's framing end to end (issue 18): inputs mixing one-line puzzles, boxed
//! grids in three styles, garbage and stray short lines, with LF, CRLF or CR-only
//! line endings, written into the binary's standard input in random pieces. Every
//! puzzle must get exactly one record, in order, on its line; no record may be a
//! puzzle that was not in the input. `crates/core/tests/framing.rs` checks the same
//! property on the reader alone, with many more cases.

use std::io::Write;
use std::process::{Command, Stdio};

mod common;

use common::{run_with, BIN};

const SOLUTION: &[u8; 81] =
    b"417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// xorshift64*: a small deterministic generator, so a failure can be replayed.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

fn puzzle(rng: &mut Rng) -> String {
    let mut labels: Vec<u8> = (b'1'..=b'9').collect();
    for i in (1..9).rev() {
        labels.swap(i, rng.below(i + 1));
    }
    SOLUTION
        .iter()
        .map(|&d| match rng.below(3) {
            0 => char::from(labels[usize::from(d - b'1')]),
            _ => '.',
        })
        .collect()
}

fn spaced(row: &str, bar: &str) -> String {
    let sq: Vec<String> = row.chars().map(|c| c.to_string()).collect();
    format!(
        "{}{bar}{}{bar}{}",
        sq[..3].join(" "),
        sq[3..6].join(" "),
        sq[6..].join(" ")
    )
}

/// An input of `items` puzzles and junk lines: its lines and `(line, puzzle)` for
/// each puzzle.
fn input(rng: &mut Rng, items: usize) -> (Vec<String>, Vec<(u64, String)>) {
    let mut lines = Vec::new();
    let mut expected = Vec::new();
    for _ in 0..items {
        if rng.below(3) == 0 {
            lines.push(match rng.below(6) {
                0 => String::new(),
                1 => "# comment".into(),
                2 => "quizzes,solutions".into(),
                3 => "hello world".into(),
                4 => "7".into(),
                _ => "12.45.78".into(),
            });
            continue;
        }
        let p = puzzle(rng);
        let rows: Vec<&str> = (0..9).map(|r| &p[9 * r..9 * r + 9]).collect();
        let start = lines.len() + 1;
        match rng.below(4) {
            0 => {
                expected.push((start as u64, p.clone()));
                lines.push(match rng.below(2) {
                    0 => p.clone(),
                    _ => format!("{p},tag{start}"),
                });
            }
            1 => {
                expected.push((start as u64, p.clone()));
                for (r, row) in rows.iter().enumerate() {
                    lines.push(spaced(row, " |"));
                    if r == 2 || r == 5 {
                        lines.push("------+------+------".into());
                    }
                }
            }
            2 => {
                expected.push((start as u64 + 1, p.clone()));
                let border = "+-------+-------+-------+";
                lines.push(border.into());
                for (r, row) in rows.iter().enumerate() {
                    lines.push(format!("| {} |", spaced(row, " | ")));
                    if r % 3 == 2 {
                        lines.push(border.into());
                    }
                }
            }
            _ => {
                expected.push((start as u64, p.clone()));
                lines.extend(rows.iter().map(|r| r.to_string()));
            }
        }
    }
    (lines, expected)
}

/// Runs `bitdoku solve --format json -` on `bytes`, written in random pieces.
fn solve_in_pieces(rng: &mut Rng, bytes: Vec<u8>) -> Vec<serde_json::Value> {
    let mut child = Command::new(BIN)
        .args([
            "solve",
            "--format",
            "json",
            "--threads",
            "2",
            "--quiet",
            "-",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let sizes: Vec<usize> = (0..64).map(|_| 1 + rng.below(300)).collect();
    let writer = std::thread::spawn(move || {
        let mut rest = &bytes[..];
        for size in sizes.iter().cycle() {
            if rest.is_empty() {
                break;
            }
            let (piece, after) = rest.split_at((*size).min(rest.len()));
            stdin.write_all(piece).unwrap();
            stdin.flush().unwrap();
            if size % 7 == 0 {
                // Let the reader see a partial line now and then.
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
            rest = after;
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn every_puzzle_one_record_in_order_none_phantom_through_the_binary() {
    let mut rng = Rng(0x5EED_0018);
    for round in 0..12 {
        let (lines, expected) = input(&mut rng, 30);
        let ending = ["\n", "\r\n", "\r"][round % 3];
        let text: String = lines.iter().map(|l| format!("{l}{ending}")).collect();
        let records = solve_in_pieces(&mut rng, text.into_bytes());
        let read: Vec<(u64, String)> = records
            .iter()
            .filter(|r| r["status"] != "invalid")
            .map(|r| {
                (
                    r["line"].as_u64().unwrap(),
                    r["puzzle"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(read, expected, "round {round}: {lines:#?}");
        for r in records.iter().filter(|r| r["status"] != "invalid") {
            assert_eq!(r["status"], "solved", "{r}");
        }
    }
}

#[test]
fn a_boxed_grid_of_over_long_rows_is_one_record() {
    // Issue 18 item 7: each row over 64 KiB gave nine records.
    let grid1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let pad = " ".repeat(70_000);
    let mut text = String::new();
    for r in 0..9 {
        text += &format!("{}{pad}\n", spaced(&grid1[9 * r..9 * r + 9], " |"));
        if r == 2 || r == 5 {
            text += "------+------+------\n";
        }
    }
    text += &format!("{grid1}\n");
    let out = run_with(&["solve", "--format", "json", "-"], text.into_bytes());
    let records: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2, "{records:?}");
    assert_eq!(records[0]["line"], 1);
    assert_eq!(records[0]["status"], "invalid");
    assert!(records[0]["error"]
        .as_str()
        .unwrap()
        .contains("line longer than 65536 bytes"));
    assert_eq!(
        (&records[1]["line"], &records[1]["status"]),
        (&12.into(), &"solved".into())
    );
}
