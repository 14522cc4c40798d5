//! Fuzz target: any bytes through the record reader (split into lines as the CLI
//! does) and `Grid::from_str`. A record's error, and the error of its repeated given
//! if any, must lie inside the input.
#![no_main]

use bitdoku_core::{Grid, RecordReader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut reader = RecordReader::new();
    let mut records = Vec::new();
    for line in data.split(|&b| b == b'\n') {
        reader.push_line(line, |r| records.push(r));
    }
    reader.finish(|r| records.push(r));
    let lines = reader.lines();
    for r in &records {
        assert!(r.line >= 1 && r.line <= lines);
        // A repeated given is the checking reader's error, inside the input too.
        if let Some(e) = r.puzzle.as_ref().err().cloned().or_else(|| r.conflict()) {
            assert!(e.position.line >= 1 && e.position.line <= lines);
        }
    }
    if let Ok(text) = core::str::from_utf8(data) {
        let _ = text.parse::<Grid>();
    }
});
