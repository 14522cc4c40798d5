//! `include/bitdoku.h` is what cbindgen makes of `src/lib.rs` now: CI fails on a stale
//! header. `BITDOKU_BLESS=1 cargo test -p bitdoku-capi --test header` rewrites it.

use std::path::Path;

#[test]
fn the_checked_in_header_is_current() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")).unwrap();
    let mut generated = Vec::new();
    cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
        .expect("cbindgen reads src/lib.rs")
        .write(&mut generated);
    let generated = String::from_utf8(generated).unwrap();
    // The header lives in the repository's include/, outside the packaged crate.
    let header = crate_dir.join("../../include/bitdoku.h");
    if std::env::var_os("BITDOKU_BLESS").is_some() {
        std::fs::write(&header, &generated).unwrap();
        return;
    }
    let Ok(checked_in) = std::fs::read_to_string(&header) else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI needs {}",
            header.display()
        );
        eprintln!("skipped: {} is absent (a packaged crate)", header.display());
        return;
    };
    assert!(
        checked_in == generated,
        "include/bitdoku.h is stale: run BITDOKU_BLESS=1 cargo test -p bitdoku-capi --test header"
    );
}
