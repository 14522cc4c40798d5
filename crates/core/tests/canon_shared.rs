//! The canonical form on the public 17-clue set (`../shared/puzzles`, skipped when it
//! is not there): Royle's list holds essentially different puzzles, so every canonical
//! form must be distinct; and each puzzle's form must equal its permuted copy's.

use bitdoku_core::{canonical, Grid, Transform, ARRANGEMENTS};
use std::collections::HashSet;
use std::path::Path;
use std::time::Instant;

#[test]
fn seventeen_clue_forms_are_distinct() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/puzzles/17-clue.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} not found", path.display());
        return;
    };
    let puzzles: Vec<Grid> = text
        .lines()
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .map(|l| l[..81].parse().unwrap())
        .collect();
    assert!(puzzles.len() > 49_000);
    let start = Instant::now();
    let forms: HashSet<Grid> = puzzles.iter().map(canonical).collect();
    let elapsed = start.elapsed();
    eprintln!(
        "{} puzzles in {:.2?} ({:.0} per second)",
        puzzles.len(),
        elapsed,
        puzzles.len() as f64 / elapsed.as_secs_f64()
    );
    assert_eq!(forms.len(), puzzles.len());
    let mut rng_state = 0x9E37_79B9_7F4A_7C15u64;
    for (i, p) in puzzles.iter().enumerate().step_by(97) {
        rng_state = rng_state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        let n = (rng_state >> 33) as u32 % ARRANGEMENTS;
        let d = (i % 9) as u8;
        let digits: [u8; 10] =
            core::array::from_fn(|k| if k == 0 { 0 } else { (k as u8 - 1 + d) % 9 + 1 });
        let t = Transform::arrangement(n)
            .unwrap()
            .with_digits(digits)
            .unwrap();
        assert_eq!(canonical(&t.apply(p)), canonical(p), "{p}");
    }
}
