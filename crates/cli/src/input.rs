//! Input: files and standard input read in bounded pieces and turned into numbered
//! puzzle records. Memory stays bounded whatever the input: a line longer than
//! [`MAX_LINE`] is skipped to its end without being stored, and becomes an error record.
//!
//! Each line goes to one of two readers by `bitdoku_variants::format::is_general`: the
//! classic one of `bitdoku-core` (81-square lines, boxed grids, pencilmark lines:
//! [`Item::Classic`]), or the general engine's formats (N×N lines, JSON objects,
//! f-puzzles and SudokuPad links: [`Item::General`]). A JSON object may span lines: it
//! is gathered until its braces close (at most [`MAX_JSON`] bytes).

use crate::messages::{self, Totals};
use crate::puzzles;
use bitdoku_core::{ParseErrorKind, Record, RecordReader};
use bitdoku_variants::format::{self as vformat, Settings};
use std::fs::File;
#[cfg(test)]
use std::io::Read;
use std::io::{self, BufRead, BufReader};

/// The longest line kept. A puzzle line is 81 squares plus layout and a comment; a
/// longer line is reported, not read into memory.
pub const MAX_LINE: usize = 64 * 1024;

/// The largest JSON object gathered over several lines.
pub const MAX_JSON: usize = 16 << 20;

/// One puzzle record of the input. A classic record stays inline (boxing it would cost
/// an allocation per puzzle on the fast path); a general one is boxed.
#[allow(clippy::large_enum_variant)]
pub enum Item {
    /// A classic 9×9 record, read by `bitdoku-core`.
    Classic(Record),
    /// A record for the general engine.
    General(Box<General>),
}

impl Item {
    /// The line where the record starts.
    pub fn line(&self) -> usize {
        match self {
            Item::Classic(r) => r.line,
            Item::General(g) => g.line,
        }
    }

    /// The record's tag (the text after the puzzle; a JSON document's `meta.id`).
    pub fn tag(&self) -> Option<&str> {
        match self {
            Item::Classic(r) => r.tag(),
            Item::General(g) => g.tag.as_deref(),
        }
    }
}

/// A record for the general engine: what was read, or why it could not be.
pub struct General {
    /// The line where it starts.
    pub line: usize,
    /// The text after the puzzle, or the document's `meta.id`.
    pub tag: Option<String>,
    /// The puzzle and what came with it, or the error.
    pub read: Result<vformat::Read, vformat::Error>,
}

impl General {
    /// Reads `text` (from line `line`), as every front end reads a puzzle string
    /// (`bitdoku_variants::format::read_record`: a tag after a link or an N×N line).
    pub fn read(line: usize, text: &str, settings: &Settings) -> General {
        let record = vformat::read_record(text, settings);
        General {
            line,
            tag: record.tag,
            read: record.read,
        }
    }
}

/// Where a JSON object spanning lines stands: braces open, inside a string, after a
/// backslash.
#[derive(Default)]
struct Braces {
    depth: i64,
    string: bool,
    escape: bool,
    opened: bool,
}

impl Braces {
    /// Feeds a line; true once the first object has closed.
    fn feed(&mut self, text: &[u8]) -> bool {
        for &b in text {
            if self.string {
                match (self.escape, b) {
                    (true, _) => self.escape = false,
                    (false, b'\\') => self.escape = true,
                    (false, b'"') => self.string = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => self.string = true,
                b'{' | b'[' => {
                    self.depth += 1;
                    self.opened = true;
                }
                b'}' | b']' => self.depth -= 1,
                _ => {}
            }
        }
        self.opened && self.depth <= 0
    }
}

/// A JSON object being gathered over lines.
struct Gathering {
    line: usize,
    text: String,
    braces: Braces,
}

/// Where records come from: a file path, or `-` for standard input.
pub struct Source {
    /// The name shown in messages (`<stdin>` for standard input).
    pub name: String,
    /// Bytes consumed so far.
    pub consumed: u64,
    /// Records read so far.
    pub records_read: u64,
    reader: Box<dyn BufRead + Send>,
    records: RecordReader,
    line: Vec<u8>,
    done: bool,
    /// How the general engine's lines are read.
    settings: Settings,
    gathering: Option<Gathering>,
}

impl Source {
    /// Opens `path` (`-` is standard input).
    pub fn open(path: &str) -> io::Result<Source> {
        let (name, reader): (String, Box<dyn BufRead + Send>) = if path == "-" {
            (
                "<stdin>".to_string(),
                Box::new(BufReader::with_capacity(1 << 16, io::stdin())),
            )
        } else {
            let file = File::open(path)?;
            let meta = file.metadata()?;
            if meta.is_dir() {
                return Err(io::Error::other("is a directory"));
            }
            (
                path.to_string(),
                Box::new(BufReader::with_capacity(1 << 16, file)),
            )
        };
        Ok(Source::from_reader(name, reader))
    }

    /// Reads without the repeated-digit check: see
    /// `RecordReader::without_conflict_check` (for `solve` and `count`, which check the
    /// grids that do not solve). Before the first read.
    pub fn without_conflict_check(mut self) -> Source {
        debug_assert_eq!(self.records_read, 0);
        self.records = RecordReader::without_conflict_check();
        self
    }

    /// Puzzles written out on the command line (`bitdoku show '4.....8.5...'`).
    pub fn literal(text: &str) -> Source {
        let bytes = text.as_bytes().to_vec();
        Source::from_reader("<argument>".to_string(), Box::new(io::Cursor::new(bytes)))
    }

    /// The size of `path` in bytes if it is a regular file (`None` for stdin, pipes and
    /// anything unreadable).
    pub fn size_of(path: &str) -> Option<u64> {
        if path == "-" {
            return None;
        }
        std::fs::metadata(path)
            .ok()
            .filter(|m| m.is_file())
            .map(|m| m.len())
    }

    fn from_reader(name: String, reader: Box<dyn BufRead + Send>) -> Source {
        Source {
            name,
            consumed: 0,
            records_read: 0,
            reader,
            records: RecordReader::new(),
            line: Vec::with_capacity(256),
            done: false,
            settings: Settings::default(),
            gathering: None,
        }
    }

    /// Reads the general engine's lines with `settings` (the alphabet of N×N lines,
    /// their box shape). Before the first read.
    pub fn with_settings(mut self, settings: Settings) -> Source {
        self.settings = settings;
        self
    }

    /// Appends up to `max` records to `out`; returns how many, 0 at the end of input.
    pub fn read_records(&mut self, out: &mut Vec<Item>, max: usize) -> io::Result<usize> {
        let before = out.len();
        let classic = |r| Item::Classic(r);
        while !self.done && out.len() - before < max {
            if crate::signals::interrupted() {
                break;
            }
            match read_line(&mut self.reader, &mut self.line, &mut self.consumed)? {
                Line::End => {
                    self.done = true;
                    self.records.finish(|r| out.push(classic(r)));
                    if let Some(g) = self.gathering.take() {
                        out.push(Item::General(Box::new(General::read(
                            g.line,
                            &g.text,
                            &self.settings,
                        ))));
                    }
                }
                Line::Text => self.push(out),
                Line::TooLong => self
                    .records
                    .push_rejected_line(ParseErrorKind::LineTooLong { limit: MAX_LINE }, |r| {
                        out.push(classic(r))
                    }),
            }
        }
        self.records_read += (out.len() - before) as u64;
        Ok(out.len() - before)
    }

    /// Reads the line in `self.line` into `out`, by the reader it belongs to.
    fn push(&mut self, out: &mut Vec<Item>) {
        let classic = |r| Item::Classic(r);
        if let Some(g) = &mut self.gathering {
            self.records.push_other_line(|r| out.push(classic(r)));
            let text = String::from_utf8_lossy(&self.line);
            g.text.push('\n');
            g.text.push_str(&text);
            if g.braces.feed(text.as_bytes()) || g.text.len() > MAX_JSON {
                if let Some(g) = self.gathering.take() {
                    out.push(Item::General(Box::new(General::read(
                        g.line,
                        &g.text,
                        &self.settings,
                    ))));
                }
            }
            return;
        }
        let general = std::str::from_utf8(&self.line)
            .ok()
            .filter(|t| vformat::is_general(t, &self.settings));
        let Some(text) = general else {
            self.records.push_line(&self.line, |r| out.push(classic(r)));
            return;
        };
        self.records.push_other_line(|r| out.push(classic(r)));
        let line = self.records.lines();
        let text = text.trim_end_matches('\r');
        if text.trim_start().starts_with('{') {
            let mut braces = Braces::default();
            if !braces.feed(text.as_bytes()) {
                self.gathering = Some(Gathering {
                    line,
                    text: text.to_string(),
                    braces,
                });
                return;
            }
        }
        out.push(Item::General(Box::new(General::read(
            line,
            text,
            &self.settings,
        ))));
    }

    /// Why the input held no puzzle, once it is read to the end without one.
    pub fn why_empty(&self) -> Option<&'static str> {
        match (self.done, self.records_read, self.consumed) {
            (true, 0, 0) => Some("no puzzles: the input is empty"),
            (true, 0, _) => Some("no puzzles: only blank lines and # comments"),
            _ => None,
        }
    }
}

/// The inputs of a run, opened one after the other and read in batches: the one input
/// loop of every subcommand. An input that cannot be read, or holds no puzzle, is
/// reported and counted in the run's [`Totals`] (the exit status comes from there).
pub struct Inputs<'a> {
    paths: &'a [String],
    next: usize,
    current: Option<Source>,
    /// Names for messages, by input index.
    names: Vec<String>,
    /// Bytes consumed in inputs already finished.
    finished_bytes: u64,
    /// The size of the next batch.
    batch_size: usize,
    /// The largest batch.
    max_batch: usize,
    /// Read without the repeated-digit check (see [`Source::without_conflict_check`]).
    unchecked: bool,
    /// How the general engine's lines are read.
    settings: Settings,
}

impl<'a> Inputs<'a> {
    /// The inputs `paths` (`-` for stdin; see [`puzzles::open`]), read in batches of
    /// `first` records, each next one twice as big up to `max`.
    pub fn new(paths: &'a [String], first: usize, max: usize) -> Inputs<'a> {
        Inputs {
            paths,
            next: 0,
            current: None,
            names: Vec::new(),
            finished_bytes: 0,
            batch_size: first.max(1),
            max_batch: max.max(1),
            unchecked: false,
            settings: Settings::default(),
        }
    }

    /// Reads the general engine's lines with `settings`.
    pub fn with_settings(mut self, settings: Settings) -> Inputs<'a> {
        self.settings = settings;
        self
    }

    /// Reads without the repeated-digit check: for `solve` and `count`, which check the
    /// grids that do not solve.
    pub fn without_conflict_check(mut self) -> Inputs<'a> {
        self.unchecked = true;
        self
    }

    /// Fills `records` with the next records (never mixing two inputs) and returns the
    /// index of their input; `None` at the end, or once a signal came.
    pub fn next_batch(&mut self, records: &mut Vec<Item>, totals: &mut Totals) -> Option<usize> {
        records.clear();
        loop {
            if crate::signals::interrupted() {
                return None;
            }
            let source = match &mut self.current {
                Some(s) => s,
                None => {
                    let path = self.paths.get(self.next)?;
                    self.next += 1;
                    match puzzles::open(path) {
                        Ok(s) => {
                            let s = if self.unchecked {
                                s.without_conflict_check()
                            } else {
                                s
                            };
                            let s = s.with_settings(self.settings);
                            self.names.push(s.name.clone());
                            self.current.insert(s)
                        }
                        Err(e) => {
                            messages::input(path, e);
                            totals.unreadable += 1;
                            continue;
                        }
                    }
                }
            };
            let read = source.read_records(records, self.batch_size);
            self.batch_size = (self.batch_size * 2).min(self.max_batch);
            if let Err(e) = &read {
                messages::input(&source.name, e);
                totals.unreadable += 1;
            }
            if read.is_err() || records.is_empty() {
                if let Some(why) = source.why_empty() {
                    messages::input(&source.name, why);
                    totals.empty += 1;
                }
                self.finished_bytes += source.consumed;
                self.current = None;
            }
            if !records.is_empty() {
                return Some(self.names.len() - 1);
            }
        }
    }

    /// The name of input `index`, for messages and records.
    pub fn name(&self, index: usize) -> &str {
        self.names.get(index).map_or("", String::as_str)
    }

    /// Bytes consumed over all inputs so far.
    pub fn consumed(&self) -> u64 {
        self.finished_bytes + self.current.as_ref().map_or(0, |s| s.consumed)
    }
}

enum Line {
    Text,
    TooLong,
    End,
}

/// Reads one line into `buf` (without its `\n`), keeping at most [`MAX_LINE`] bytes:
/// a longer line is consumed to its end without being stored.
/// `consumed` grows by the bytes read.
fn read_line(reader: &mut dyn BufRead, buf: &mut Vec<u8>, consumed: &mut u64) -> io::Result<Line> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(if !any {
                Line::End
            } else if too_long {
                Line::TooLong
            } else {
                Line::Text
            });
        }
        any = true;
        let (part, found) = match memchr::memchr(b'\n', chunk) {
            Some(i) => (&chunk[..i], Some(i)),
            None => (chunk, None),
        };
        if !too_long {
            if buf.len() + part.len() > MAX_LINE {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(part);
            }
        }
        let used = found.map_or(chunk.len(), |i| i + 1);
        reader.consume(used);
        *consumed += used as u64;
        if found.is_some() {
            return Ok(if too_long { Line::TooLong } else { Line::Text });
        }
    }
}

/// Reads all of `reader` (for tests).
#[cfg(test)]
fn lines_of(mut reader: impl Read) -> Vec<String> {
    let mut r = BufReader::with_capacity(7, &mut reader);
    let mut buf = Vec::new();
    let mut out = Vec::new();
    let mut consumed = 0;
    loop {
        match read_line(&mut r, &mut buf, &mut consumed).unwrap() {
            Line::End => return out,
            Line::Text => out.push(String::from_utf8_lossy(&buf).into_owned()),
            Line::TooLong => out.push("<too long>".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_skipped_not_stored() {
        let mut text = b"ab\n".to_vec();
        text.extend(std::iter::repeat_n(b'x', MAX_LINE + 10));
        text.extend_from_slice(b"\ncd\n\nlast");
        assert_eq!(lines_of(&text[..]), ["ab", "<too long>", "cd", "", "last"]);
        let mut unterminated = vec![b'1'; MAX_LINE + 1];
        unterminated.insert(0, b'\n');
        assert_eq!(lines_of(&unterminated[..]), ["", "<too long>"]);
    }
}
