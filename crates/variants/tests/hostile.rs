//! Hostile input: the readers and the engine never panic on text they were not meant
//! to read. Puzzles of every rule the shared sets have (`../shared/puzzles/variants`,
//! in sudoku-puzzle and f-puzzles JSON and as links, when that folder is there), of
//! the hand-made rule documents (`data/table_family.jsonl`,
//! `data/cell_and_count_rules.jsonl`, `data/pair_operators.jsonl`) and of every
//! element the generator draws (in each format it writes) are damaged: a JSON node
//! replaced by an extreme or wrong-typed value or dropped, bytes changed, cut or
//! repeated. Each result is read as a front end reads a record; what reads is compiled
//! and searched under a guess budget, and a solution it gives must solve the puzzle.

use bitdoku_solver::Options;
use bitdoku_variants::format::{is_general, read_record, Settings, Source};
use bitdoku_variants::generate::{self, Elements, Marks};
use bitdoku_variants::Engine;
use proptest::prelude::*;
use serde_json::Value;
use std::path::Path;
use std::sync::OnceLock;

/// The undamaged records: the shared variant files' (when present) and generated ones.
fn records() -> &'static [String] {
    static RECORDS: OnceLock<Vec<String>> = OnceLock::new();
    RECORDS.get_or_init(|| {
        let mut out = Vec::new();
        let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/puzzles/variants");
        for (folder, ext) in [
            ("sudoku-puzzle", "jsonl"),
            ("f-puzzles", "jsonl"),
            ("f-puzzles", "urls"),
        ] {
            let Ok(entries) = std::fs::read_dir(shared.join(folder)) else {
                continue;
            };
            let mut files: Vec<_> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == ext))
                .collect();
            files.sort();
            for file in files {
                // The first two of each file: every rule kind, few large boards.
                let text = std::fs::read_to_string(&file).unwrap();
                out.extend(
                    text.lines()
                        .filter(|l| !l.trim().is_empty())
                        .take(2)
                        .map(String::from),
                );
            }
        }
        let elements = [
            Elements {
                thermos: 2,
                arrows: 2,
                ..Elements::default()
            },
            Elements {
                whispers: 2,
                renbans: 2,
                ..Elements::default()
            },
            Elements {
                kropki: Some(Marks::All),
                parity: 3,
                ..Elements::default()
            },
            Elements {
                xv: Some(Marks::Some(6)),
                ..Elements::default()
            },
        ];
        for (i, elements) in elements.into_iter().enumerate() {
            let mut settings = generate::Settings::new(if i == 3 { 6 } else { 4 });
            settings.elements = elements;
            settings.killer = (i == 1).then_some(4);
            let g = generate::puzzle(7, i as u64, &settings).expect("a small puzzle");
            for format in [Source::SudokuPuzzle, Source::Fpuzzles, Source::Link] {
                out.push(g.text(Some(format)).unwrap());
            }
        }
        // The table family's hand-made documents with one solution (tables, vudoku,
        // corners, rossini, with the negatives), which no shared set has yet.
        out.extend(
            include_str!("data/table_family.jsonl")
                .lines()
                .filter(|l| {
                    ["battenburg-10", "rossini-0", "mixed-0"]
                        .iter()
                        .any(|t| l.contains(&format!("\"title\":\"{t}\"")))
                })
                .map(String::from),
        );
        // The cell and count rules' documents with one solution (a clone, distinct
        // counts, the negative of odd cells).
        out.extend(
            include_str!("data/cell_and_count_rules.jsonl")
                .lines()
                .filter(|l| l.contains("\"count\":1}"))
                .map(String::from),
        );
        // Relations and neighbour rules by operator (thirds, mod 3, allowed pairs),
        // with one solution.
        out.extend(
            include_str!("data/pair_operators.jsonl")
                .lines()
                .filter(|l| l.contains("\"count\":1}"))
                .map(String::from),
        );
        // N×N lines (which hold givens only).
        for size in [6, 16] {
            let g = generate::puzzle(7, 0, &generate::Settings::new(size)).expect("a puzzle");
            out.push(g.text(Some(Source::Line)).unwrap());
        }
        out
    })
}

/// A hostile value for a JSON node.
fn hostile_value(k: u8) -> Value {
    match k % 12 {
        0 => Value::Null,
        1 => serde_json::json!(-1),
        2 => serde_json::json!(0),
        3 => serde_json::json!(4_294_967_296u64),
        4 => serde_json::json!(1e300),
        5 => serde_json::json!(2.5),
        6 => serde_json::json!(""),
        7 => serde_json::json!("r99c99"),
        8 => serde_json::json!([]),
        9 => serde_json::json!({}),
        10 => serde_json::json!([[1, 2], "R0C0", -3]),
        _ => serde_json::json!(26),
    }
}

/// How many nodes `v` has, itself included.
fn nodes(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(nodes).sum(),
        Value::Object(o) => o.values().map(nodes).sum(),
        _ => 0,
    }
}

/// Replaces the `target`th node (document order) by `with`, or drops it from its
/// container when `with` is `None`.
fn damage(v: &mut Value, target: &mut usize, with: &Option<Value>) -> bool {
    let children: Vec<&mut Value> = match v {
        Value::Array(a) => a.iter_mut().collect(),
        Value::Object(o) => o.values_mut().collect(),
        _ => return false,
    };
    let mut hit = None;
    for (i, child) in children.into_iter().enumerate() {
        if *target == 0 {
            match with {
                Some(value) => *child = value.clone(),
                None => hit = Some(i),
            }
            if with.is_some() {
                return true;
            }
            break;
        }
        *target -= 1;
        if damage(child, target, with) {
            return true;
        }
    }
    match (hit, v) {
        (Some(i), Value::Array(a)) => {
            a.remove(i);
            true
        }
        (Some(i), Value::Object(o)) => {
            let key = o.keys().nth(i).cloned();
            key.is_some_and(|k| o.remove(&k).is_some())
        }
        _ => false,
    }
}

/// Reads `text` as a front end reads a record; searches what reads under a budget.
/// True if it was searched.
fn survive(text: &str) -> bool {
    let settings = Settings::default();
    let _ = is_general(text, &settings);
    let Ok(read) = read_record(text, &settings).read else {
        return false;
    };
    if read.puzzle.repeated_given().is_some() {
        return false;
    }
    let Ok(engine) = Engine::new(&read.puzzle) else {
        return false;
    };
    let options = Options::default()
        .with_limit(2)
        .with_max_guesses(Some(2_000));
    let outcome = engine.search(&options);
    if let Some(solution) = &outcome.solution {
        assert!(read.puzzle.is_solved_by(solution), "{text}");
    }
    true
}

/// `record` with its `at`th JSON node (document order) damaged by `k` (see
/// `hostile_value`; one `k` in 13 drops the node), or `None` if it is not JSON.
fn damaged_json(record: &str, at: usize, k: u8) -> Option<String> {
    let mut doc = serde_json::from_str::<Value>(record).ok()?;
    let mut target = at % nodes(&doc);
    let with = (k % 13 != 12).then(|| hostile_value(k));
    damage(&mut doc, &mut target, &with);
    Some(doc.to_string())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_damaged_json_node_is_read_or_refused(pick in any::<usize>(), at in any::<usize>(), k in any::<u8>()) {
        let records = records();
        if let Some(text) = damaged_json(&records[pick % records.len()], at, k) {
            survive(&text);
        }
    }

    #[test]
    fn damaged_bytes_are_read_or_refused(
        pick in any::<usize>(),
        at in any::<usize>(),
        len in 0usize..40,
        kind in 0u8..4,
        byte in 0x20u8..0x7f,
    ) {
        let records = records();
        let mut bytes = records[pick % records.len()].clone().into_bytes();
        let at = at % (bytes.len() + 1);
        let end = (at + len).min(bytes.len());
        match kind {
            0 => bytes.truncate(at),
            1 => {
                bytes.drain(at..end);
            }
            2 => {
                let copy = bytes[at..end].to_vec();
                bytes.splice(at..at, copy);
            }
            _ => bytes[at..end].fill(byte),
        }
        survive(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn the_undamaged_records_read_and_solve() {
    let records = records();
    assert!(records.len() >= 12, "{}", records.len());
    for record in records {
        let read = read_record(record, &Settings::default()).read.unwrap();
        let engine = Engine::new(&read.puzzle).unwrap();
        assert_eq!(engine.count(2), 1, "{record}");
    }
}

#[test]
fn many_damaged_documents_still_read_and_are_searched() {
    // The damage must leave enough puzzles readable for the search to be exercised:
    // a node of a rule list or of the givens, changed, is often still a puzzle.
    let records = records();
    let mut rng = fastrand::Rng::with_seed(11);
    let (mut tried, mut searched) = (0, 0);
    for _ in 0..600 {
        let record = &records[rng.usize(0..records.len())];
        if let Some(text) = damaged_json(record, rng.usize(..), rng.u8(..)) {
            tried += 1;
            searched += usize::from(survive(&text));
        }
    }
    assert!(
        tried >= 300 && searched * 10 >= tried,
        "{searched} of {tried} searched"
    );
}
