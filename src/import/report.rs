//! The import report: every repair made and every place the importer is
//! unsure of, each with its transcript page, plus the word audit and (when a
//! hand-made corpus is at hand) the measurement against it.

use serde::Serialize;

use super::audit::Audit;
use super::measure::Measurement;

/// One logged repair or doubt.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Entry {
    pub page: u16,
    pub what: String,
}

/// What an import did and where it needs an editor's eye.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Report {
    pub repairs: Vec<Entry>,
    pub unsure: Vec<Entry>,
    pub audit: Option<Audit>,
    pub measurement: Option<Measurement>,
    /// Text of the transcript that is not the book's (a transcriber's
    /// placeholder): left out of the output, and out of the word audit's
    /// source, each logged as a repair.
    pub set_aside: Vec<String>,
}

impl Report {
    /// Logs a repair made on `page`.
    pub fn repair(&mut self, page: u16, what: &str) {
        self.repairs.push(Entry {
            page,
            what: what.to_string(),
        });
    }

    /// Sets aside `text` on `page` as not the book's, saying why.
    pub fn set_aside(&mut self, page: u16, text: &str, why: &str) {
        self.set_aside.push(text.to_string());
        self.repair(page, why);
    }

    /// Logs a place on `page` the importer could not decide for sure.
    pub fn unsure(&mut self, page: u16, what: &str) {
        self.unsure.push(Entry {
            page,
            what: what.to_string(),
        });
    }

    /// The report as markdown, for an editor to read beside the folder.
    pub fn to_markdown(&self) -> String {
        let mut out = String::from("# Import report\n\n");
        if let Some(a) = &self.audit {
            out.push_str(&format!("## Word audit\n\n{}.\n\n", a.summary()));
            if !a.missing.is_empty() {
                out.push_str(&format!("Missing: {}\n\n", a.missing.join(", ")));
            }
            if !a.extra.is_empty() {
                out.push_str(&format!("Extra: {}\n\n", a.extra.join(", ")));
            }
        }
        if let Some(m) = &self.measurement {
            out.push_str(&m.to_markdown());
        }
        out.push_str(&format!("## Unsure ({})\n\n", self.unsure.len()));
        for e in &self.unsure {
            out.push_str(&format!("- p. {}: {}\n", e.page, e.what));
        }
        out.push_str(&format!("\n## Repairs ({})\n\n", self.repairs.len()));
        for e in &self.repairs {
            out.push_str(&format!("- p. {}: {}\n", e.page, e.what));
        }
        out
    }
}
