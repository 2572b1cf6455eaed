//! Reading the CSV exports.

use super::*;

/// A CSV file read whole: header positions by trimmed name (SF's header has "Facility " with a
/// trailing space) and the data rows. A row the reader cannot decode (bad UTF-8, …) is kept as
/// an error message so the parser can reject that row alone.
pub struct CsvTable {
    columns: HashMap<String, usize>,
    pub rows: Vec<Result<csv::StringRecord, String>>,
}

impl CsvTable {
    /// Reads the file and checks that every `required` column is present.
    pub fn read(path: &Path, required: &[&str]) -> Result<Self, ParseError> {
        let mut reader = csv::ReaderBuilder::new()
            .flexible(true)
            .from_path(path)
            .map_err(|e| csv_error(path, e))?;
        let headers = reader.headers().map_err(|e| csv_error(path, e))?.clone();
        let columns: HashMap<String, usize> = headers
            .iter()
            .enumerate()
            .map(|(i, h)| (h.trim().trim_start_matches('\u{feff}').to_string(), i))
            .collect();
        let missing: Vec<&str> = required
            .iter()
            .copied()
            .filter(|c| !columns.contains_key(*c))
            .collect();
        if !missing.is_empty() {
            return Err(ParseError::format(
                path,
                format!("missing column(s): {}", missing.join(", ")),
            ));
        }
        let mut rows = Vec::new();
        for rec in reader.records() {
            match rec {
                Ok(r) => rows.push(Ok(r)),
                Err(e) if matches!(e.kind(), csv::ErrorKind::Io(_)) => {
                    return Err(csv_error(path, e))
                }
                Err(e) => rows.push(Err(e.to_string())),
            }
        }
        Ok(Self { columns, rows })
    }

    /// A cell as raw text (`None` when the column or cell is absent).
    pub fn raw<'a>(&self, rec: &'a csv::StringRecord, column: &str) -> Option<&'a str> {
        self.columns.get(column).and_then(|&i| rec.get(i))
    }

    /// A cell cleaned with [`clean`].
    pub fn get(&self, rec: &csv::StringRecord, column: &str) -> Option<String> {
        self.raw(rec, column).and_then(clean)
    }
}

fn csv_error(path: &Path, e: csv::Error) -> ParseError {
    if matches!(e.kind(), csv::ErrorKind::Io(_)) {
        if let csv::ErrorKind::Io(io) = e.into_kind() {
            return ParseError::io(path, io);
        }
        return ParseError::format(path, "read error");
    }
    ParseError::csv(path, e)
}
