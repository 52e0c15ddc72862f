//! `lovbok import TRANSCRIPT --book laws|handbook --out DIR`: a thin front
//! to [`crate::import`], printing the figures of its report.

use std::path::Path;
use std::process::ExitCode;

use super::error::CliError;
use super::BookArg;
use crate::import::{self, Book};

/// Imports a transcript into `out` and prints the report's figures.
pub fn run(transcript: &Path, book: BookArg, out: &Path) -> Result<ExitCode, CliError> {
    let book = match book {
        BookArg::Laws => Book::Laws,
        BookArg::Handbook => Book::Handbook,
    };
    let result = import::import_file(transcript, book)?;
    import::write(&result, out)?;
    let r = &result.report;
    println!(
        "imported {} files into {}/{}: {} repairs, {} unsure places",
        result.files.len(),
        out.display(),
        book.folder(),
        r.repairs.len(),
        r.unsure.len()
    );
    if let Some(a) = &r.audit {
        println!(
            "word audit: {} source words, {} in the output ({:.2} %), {} missing, {} extra",
            a.source_words,
            a.source_words - a.missing_total,
            a.share(),
            a.missing_total,
            a.extra_total
        );
    }
    println!("report: {}", out.join("import-report.md").display());
    Ok(ExitCode::SUCCESS)
}
