//! Links that carry a puzzle: f-puzzles' `https://f-puzzles.com/?load=<data>` and
//! SudokuPad's `https://sudokupad.app/fpuzzles<data>` (also under `/sudoku/`, as
//! `?puzzleid=fpuzzles<data>`, with the short prefix `fpuz`, and on
//! app.crackingthecryptic.com). `<data>` is f-puzzles JSON compressed by lz-string
//! into base64. A bare `fpuzzles<data>` payload is read too.
//!
//! Links that hold only an id (`?id=`, SudokuPad short links) need the network and are
//! refused, as are SudokuPad's own formats (`scl`, `ctc`): their meaning would have to
//! be guessed from colours and rules text.

use super::{fpuzzles, Error, Read, Source};

const PREFIXES: &[&str] = &["fpuzzles", "fpuz"];

/// True if `text` looks like a link or a bare f-puzzles payload.
pub fn is_link(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with("http://")
        || t.starts_with("https://")
        || PREFIXES.iter().any(|p| t.starts_with(p))
}

/// Percent-decoding (links pasted from a browser may have `%2B` for `+`, `%3D` for
/// `=`).
fn unescape(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let Some(b) = std::str::from_utf8(&bytes[i + 1..i + 3])
                .ok()
                .and_then(|h| u8::from_str_radix(h, 16).ok())
            {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The lz-string data of a link, or why there is none.
fn payload(link: &str) -> Result<String, Error> {
    let err = |m: String| Error::path("", m);
    let t = link.trim();
    if let Some(rest) = PREFIXES.iter().find_map(|p| t.strip_prefix(p)) {
        return Ok(unescape(rest));
    }
    let lower = t.to_ascii_lowercase();
    if lower.contains("f-puzzles.com") {
        let query = t.split_once('?').map(|(_, q)| q).unwrap_or("");
        for part in query.split(['&', '#']) {
            if let Some(data) = part.strip_prefix("load=") {
                return Ok(unescape(data));
            }
            if part.starts_with("id=") {
                return Err(err(
                    "an f-puzzles short link (?id=) names a puzzle stored online: open it and share the ?load= link".into(),
                ));
            }
        }
        return Err(err("an f-puzzles link without ?load= data".into()));
    }
    if lower.contains("sudokupad") || lower.contains("crackingthecryptic.com") {
        let tail = t
            .split_once("puzzleid=")
            .map(|(_, r)| r)
            .unwrap_or_else(|| t.rsplit('/').next().unwrap_or(""));
        let tail = tail.split(['&', '#']).next().unwrap_or("");
        if let Some(rest) = PREFIXES.iter().find_map(|p| tail.strip_prefix(p)) {
            return Ok(unescape(rest));
        }
        if tail.starts_with("scl") || tail.starts_with("ctc") {
            return Err(err(
                "a SudokuPad link in its own format (scl/ctc) is not read: share the puzzle from f-puzzles".into(),
            ));
        }
        return Err(err(
            "a SudokuPad short link names a puzzle stored online: only links that carry f-puzzles data are read".into(),
        ));
    }
    Err(err(format!(
        "not a puzzle link: {}",
        t.chars().take(60).collect::<String>()
    )))
}

/// The f-puzzles JSON text inside a link.
pub fn decode(link: &str) -> Result<String, Error> {
    let data = payload(link)?.replace(' ', "+");
    let wide = lz_str::decompress_from_base64(&data)
        .filter(|w| !w.is_empty())
        .ok_or_else(|| {
            Error::path(
                "",
                "the link's data is not lz-string base64 (is the link cut short?)",
            )
        })?;
    String::from_utf16(&wide)
        .map_err(|_| Error::path("", "the link's data does not decompress to text"))
}

/// Reads the puzzle a link carries.
pub fn read(link: &str) -> Result<Read, Error> {
    let text = decode(link)?;
    let value = super::json::parse(&text)
        .map_err(|e| Error::path("", format!("the link's data is not JSON: {e}")))?;
    let mut read = fpuzzles::read_tree(&value)?;
    read.source = Source::Link;
    Ok(read)
}

/// An f-puzzles `?load=` link for f-puzzles JSON.
pub fn fpuzzles_link(json: &serde_json::Value) -> String {
    format!(
        "https://f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json.to_string().as_str())
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn links_round_trip() {
        let doc = json!({"size": 4, "grid": [[{"value": 1, "given": true}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]]});
        let link = fpuzzles_link(&doc);
        let r = read(&link).unwrap();
        assert_eq!(r.puzzle.givens()[0], 1);
        let data = link.split_once("load=").unwrap().1;
        for other in [
            format!("https://sudokupad.app/fpuzzles{data}"),
            format!("https://sudokupad.app/sudoku/fpuzzles{data}"),
            format!("https://sudokupad.app/?puzzleid=fpuzzles{data}"),
            format!("fpuzzles{data}"),
            link.replace('+', "%2B")
                .replace('=', "%3D")
                .replacen("load%3D", "load=", 1),
        ] {
            assert_eq!(read(&other).unwrap().puzzle, r.puzzle, "{other}");
        }
    }

    #[test]
    fn links_without_data_are_refused() {
        assert!(read("https://f-puzzles.com/?id=abc")
            .unwrap_err()
            .to_string()
            .contains("short link"));
        assert!(read("https://sudokupad.app/abcdef")
            .unwrap_err()
            .to_string()
            .contains("short link"));
        assert!(read("https://sudokupad.app/sclABCD")
            .unwrap_err()
            .to_string()
            .contains("scl"));
        assert!(read("https://f-puzzles.com/?load=N4Ig").is_err());
    }
}
