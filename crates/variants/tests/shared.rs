//! Every puzzle of `../shared/puzzles/variants/` that the engine reads: in both
//! formats and as a link, it has exactly one solution, the one the file carries.
//! Files with rules the engine does not have yet must be refused by name.

use bitdoku_variants::format::{self, Settings};
use bitdoku_variants::Engine;
use std::path::PathBuf;

fn shared() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/puzzles/variants");
    dir.is_dir().then_some(dir)
}

/// The kinds whose rules the engine reads.
const READ: &[&str] = &[
    "classic4",
    "classic6",
    "classic16",
    "classic25",
    "jigsaw",
    "killer_dig",
    "cage_dig",
    "thermo_dig",
    "whisper_dig",
    "renban_dig",
    "between_dig",
    "arrow_dig",
    "kropki_dig",
    "xv_dig",
    "parity_dig",
    "mixed_dig",
    "mixed6_dig",
];

#[test]
fn every_shared_puzzle_in_every_format() {
    let Some(dir) = shared() else {
        eprintln!("../shared/puzzles/variants is not here: skipped");
        return;
    };
    let mut checked = 0;
    for kind in READ {
        for (sub, ext) in [
            ("sudoku-puzzle", "jsonl"),
            ("f-puzzles", "jsonl"),
            ("f-puzzles", "urls"),
        ] {
            let path = dir.join(sub).join(format!("{kind}.{ext}"));
            let text = std::fs::read_to_string(&path).unwrap();
            for (i, line) in text
                .lines()
                .enumerate()
                .filter(|(_, l)| !l.trim().is_empty())
            {
                let read = format::read(line, &Settings::default())
                    .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1));
                let engine = Engine::new(&read.puzzle).unwrap();
                let o = engine.search(&bitdoku_variants::Options::default().with_limit(2));
                assert_eq!(o.solutions, 1, "{}:{}", path.display(), i + 1);
                let want = read.solution.clone().or_else(|| {
                    // A link carries no solution field of its own: take the JSON line's.
                    let json = std::fs::read_to_string(dir.join(sub).join(format!("{kind}.jsonl")))
                        .ok()?;
                    let doc = format::read(json.lines().nth(i)?, &Settings::default()).ok()?;
                    doc.solution
                });
                assert_eq!(o.solution, want, "{}:{}", path.display(), i + 1);
                checked += 1;
            }
        }
    }
    assert!(checked >= 3 * 64, "{checked}");
}

#[test]
fn rules_not_read_yet_are_refused_by_name() {
    let Some(dir) = shared() else { return };
    for entry in std::fs::read_dir(dir.join("sudoku-puzzle")).unwrap() {
        let path = entry.unwrap().path();
        let kind = path.file_stem().unwrap().to_str().unwrap().to_string();
        if READ.contains(&kind.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let line = text.lines().next().unwrap();
        let e = format::read(line, &Settings::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("not supported yet"), "{kind}: {e}");
    }
}

/// docs/rules.md names every rule the readers refuse as not supported yet.
#[test]
fn the_docs_list_every_rule_refused_by_name() {
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules.md");
    let Ok(text) = std::fs::read_to_string(&docs) else {
        return;
    };
    let not_yet = &text[text.find("## Not yet").expect("a Not yet section")..];
    for name in format::fpuzzles::NOT_YET {
        assert!(
            not_yet.contains(&format!("`{name}`")),
            "docs/rules.md does not list {name}"
        );
    }
}
