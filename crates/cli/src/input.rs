//! Input: files and standard input read in bounded pieces and turned into numbered
//! puzzle records. Memory stays bounded whatever the input: a line longer than
//! [`MAX_LINE`] is skipped to its end without being stored, and becomes an error record.

use bitdoku_core::{ParseErrorKind, Record, RecordReader};
use std::fs::File;
#[cfg(test)]
use std::io::Read;
use std::io::{self, BufRead, BufReader};

/// The longest line kept. A puzzle line is 81 squares plus layout and a comment; a
/// longer line is reported, not read into memory.
pub const MAX_LINE: usize = 64 * 1024;

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
        }
    }

    /// Appends up to `max` records to `out`; returns how many, 0 at the end of input.
    pub fn read_records(&mut self, out: &mut Vec<Record>, max: usize) -> io::Result<usize> {
        let before = out.len();
        while !self.done && out.len() - before < max {
            if crate::signals::interrupted() {
                break;
            }
            match read_line(&mut self.reader, &mut self.line, &mut self.consumed)? {
                Line::End => {
                    self.done = true;
                    self.records.finish(|r| out.push(r));
                }
                Line::Text => self.records.push_line(&self.line, |r| out.push(r)),
                Line::TooLong => self
                    .records
                    .push_rejected_line(ParseErrorKind::LineTooLong { limit: MAX_LINE }, |r| {
                        out.push(r)
                    }),
            }
        }
        self.records_read += (out.len() - before) as u64;
        Ok(out.len() - before)
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
