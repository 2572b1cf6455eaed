//! CSV: the delimiter guessed from the header line, each cell decoded as UTF-8 or, failing that,
//! as Windows-1252 (a superset of Latin-1's printable characters), a BOM dropped, and a line
//! longer than [`MAX_LINE`] refused before it fills memory.

use super::ParseError;
use super::{is_missing, Columns, Format, Record, Shape};
use crate::{Reject, RejectReason};
use std::io::{self, Read};
use std::path::Path;
use std::sync::Arc;

/// The longest line (between two newlines) a CSV file may have.
pub const MAX_LINE: usize = 16 * 1024 * 1024;

const CANDIDATES: [u8; 4] = [b',', b';', b'\t', b'|'];

/// The delimiter that occurs most often, outside quotes, in the header line.
fn guess_delimiter(head: &[u8]) -> u8 {
    let mut counts = [0usize; CANDIDATES.len()];
    let mut quoted = false;
    for &b in head {
        match b {
            b'"' => quoted = !quoted,
            b'\n' if !quoted => break,
            _ if !quoted => {
                if let Some(i) = CANDIDATES.iter().position(|&c| c == b) {
                    counts[i] += 1;
                }
            }
            _ => {}
        }
    }
    let best = (0..CANDIDATES.len()).max_by_key(|&i| (counts[i], std::cmp::Reverse(i)));
    best.filter(|&i| counts[i] > 0)
        .map_or(b',', |i| CANDIDATES[i])
}

/// Fails the read when a line grows past [`MAX_LINE`].
struct LineGuard<R> {
    inner: R,
    line: usize,
    line_number: usize,
}

impl<R: Read> Read for LineGuard<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        for &b in &buf[..n] {
            if b == b'\n' {
                self.line = 0;
                self.line_number += 1;
            } else {
                self.line += 1;
                if self.line > MAX_LINE {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!(
                            "line {} is longer than {} MiB; is this really a CSV file?",
                            self.line_number + 1,
                            MAX_LINE / (1024 * 1024)
                        ),
                    ));
                }
            }
        }
        Ok(n)
    }
}

/// Decodes one cell; `latin` is set when it was not UTF-8.
fn decode(bytes: &[u8], latin: &mut bool) -> String {
    match std::str::from_utf8(bytes) {
        Ok(s) => s.to_owned(),
        Err(_) => {
            *latin = true;
            encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(bytes)
                .0
                .into_owned()
        }
    }
}

fn io_error(path: &Path, e: csv::Error) -> ParseError {
    match e.into_kind() {
        csv::ErrorKind::Io(io) if io.kind() == io::ErrorKind::InvalidData => {
            ParseError::format(path, io.to_string())
        }
        csv::ErrorKind::Io(io) => ParseError::io(path, io),
        other => ParseError::format(path, format!("{other:?}")),
    }
}

pub(super) fn each(
    path: &Path,
    head: &[u8],
    delimiter: Option<char>,
    f: &mut dyn FnMut(Result<Record, Reject>),
) -> Result<Shape, ParseError> {
    let delimiter = match delimiter {
        Some(c) if c.is_ascii() => c as u8,
        Some(c) => {
            return Err(ParseError::format(
                path,
                format!("the delimiter '{c}' is not a single-byte character"),
            ))
        }
        None => guess_delimiter(head),
    };
    let file = std::fs::File::open(path).map_err(|e| ParseError::io(path, e))?;
    let guard = LineGuard {
        inner: io::BufReader::new(file),
        line: 0,
        line_number: 0,
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .from_reader(guard);
    let mut latin = false;
    let header = reader
        .byte_headers()
        .map_err(|e| io_error(path, e))?
        .clone();
    let mut columns = Columns::default();
    let mut names = Vec::new();
    for (i, h) in header.iter().enumerate() {
        let raw = decode(h, &mut latin);
        let mut name = raw.trim().trim_start_matches('\u{feff}').trim().to_owned();
        if name.is_empty() {
            name = format!("column {}", i + 1);
        }
        let mut unique = name.clone();
        let mut n = 2;
        while columns.seen.contains(&unique) {
            unique = format!("{name} ({n})");
            n += 1;
        }
        columns.note(&unique);
        names.push(Arc::<str>::from(unique));
    }
    if names.len() < 2 {
        return Err(ParseError::format(
            path,
            "the header has fewer than two columns; is the delimiter right?",
        ));
    }
    let mut row = 0;
    let mut rec = csv::ByteRecord::new();
    loop {
        match reader.read_byte_record(&mut rec) {
            Ok(false) => break,
            Ok(true) => {
                row += 1;
                let fields = names
                    .iter()
                    .zip(rec.iter())
                    .map(|(name, cell)| (Arc::clone(name), decode(cell, &mut latin)))
                    .filter(|(_, value)| !is_missing(value))
                    .collect();
                f(Ok(Record {
                    row,
                    fields,
                    geometry: None,
                }));
            }
            Err(e) if matches!(e.kind(), csv::ErrorKind::Io(_)) => return Err(io_error(path, e)),
            Err(e) => {
                row += 1;
                f(Err(Reject {
                    row,
                    source_id: None,
                    title: None,
                    reason: RejectReason::Malformed(e.to_string()),
                }));
            }
        }
    }
    Ok(Shape {
        format: Format::Csv,
        columns: columns.names,
        encoding: if latin { "windows-1252" } else { "utf-8" },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_delimiter_is_the_commonest_one_outside_quotes_in_the_header() {
        assert_eq!(guess_delimiter(b"a;b;\"c,d,e\"\n1,2,3"), b';');
        assert_eq!(guess_delimiter(b"a\tb\tc\n"), b'\t');
        assert_eq!(guess_delimiter(b"a|b\n"), b'|');
        assert_eq!(guess_delimiter(b"a,b;c,d\n"), b',');
        assert_eq!(guess_delimiter(b"single\n"), b',');
    }

    #[test]
    fn cells_that_are_not_utf8_are_read_as_windows_1252() {
        let mut latin = false;
        assert_eq!(decode("Montréal".as_bytes(), &mut latin), "Montréal");
        assert!(!latin);
        assert_eq!(decode(b"Montr\xe9al \x96 \x80", &mut latin), "Montréal – €");
        assert!(latin);
    }
}
