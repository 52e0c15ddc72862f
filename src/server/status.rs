/*!
What the server is doing, for the people and programs that ask: which
corpus it serves, since when, and how the last reload of a corpus folder
went, with its problems. `GET /api/status` reports it (see
`api::status`); the editor's banner and the lines printed on
stderr come from the same [`Problem`]s.

A problem is a diagnostic of the corpus (`laws/lov-07.md:41: error: …`) or
a reason the folder could not be read at all (invalid UTF-8, a missing
folder); either way its text is exactly what `lovbok check` prints for it,
because both print the same error types' `Display`.
*/

use std::path::Path;
use std::sync::{Arc, RwLock};
use std::time::{Duration, SystemTime};

use crate::corpus::LoadError;
use crate::kb::{CorpusSource, KbError};
use crate::web::ReloadNotice;

/// One reason a corpus does not build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The corpus file, relative to the corpus folder (`laws/lov-07.md`).
    pub file: Option<String>,
    /// The line in that file, from 1.
    pub line: Option<usize>,
    /// The line `lovbok check` prints for it.
    pub text: String,
}

impl Problem {
    /// `file:line`, or just the file, when known.
    pub fn place(&self) -> Option<String> {
        match (&self.file, self.line) {
            (Some(f), Some(l)) => Some(format!("{f}:{l}")),
            (Some(f), None) => Some(f.clone()),
            _ => None,
        }
    }
}

/// Every problem an error stands for: one per diagnostic when the corpus
/// has errors, else the error itself.
pub fn problems(err: &KbError) -> Vec<Problem> {
    match err {
        KbError::Invalid(diagnostics) => diagnostics
            .iter()
            .map(|d| Problem {
                file: Some(d.file.clone()),
                line: Some(d.line),
                text: d.to_string(),
            })
            .collect(),
        KbError::Load(e @ LoadError::Utf8 { path, line, .. }) => vec![Problem {
            file: Some(path.clone()),
            line: Some(*line),
            text: e.to_string(),
        }],
        other => vec![Problem {
            file: None,
            line: None,
            text: other.to_string(),
        }],
    }
}

/// The banner for `problems` found in the folder `dir`.
pub(crate) fn notice(dir: &Path, problems: &[Problem]) -> ReloadNotice {
    let place = problems
        .iter()
        .find_map(Problem::place)
        .unwrap_or_else(|| dir.display().to_string());
    ReloadNotice::new(place, problems.iter().map(|p| p.text.clone()).collect())
}

/// How a reload of the corpus folder went.
#[derive(Clone, Debug)]
pub struct Reload {
    /// When it finished.
    pub at: SystemTime,
    /// How long loading took.
    pub took: Duration,
    /// Empty when the new corpus is being served.
    pub problems: Vec<Problem>,
}

/// Where the corpus being served comes from, as the status reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    /// Built into the binary: never reloads.
    BuiltIn,
    /// A folder, watched for changes.
    Folder,
}

impl From<&CorpusSource> for SourceKind {
    fn from(s: &CorpusSource) -> SourceKind {
        match s {
            CorpusSource::Embedded => SourceKind::BuiltIn,
            CorpusSource::Dir(_) => SourceKind::Folder,
        }
    }
}

/// The server's own facts: start, source, and the last reload.
#[derive(Debug)]
pub(crate) struct Board {
    pub(crate) started: SystemTime,
    pub(crate) source: SourceKind,
    /// When the corpus being served was loaded.
    loaded: RwLock<SystemTime>,
    last_reload: RwLock<Option<Arc<Reload>>>,
}

impl Board {
    pub(crate) fn new(source: SourceKind, started: SystemTime) -> Board {
        Board {
            started,
            source,
            loaded: RwLock::new(SystemTime::now()),
            last_reload: RwLock::new(None),
        }
    }

    pub(crate) fn record(&self, reload: Reload) {
        if reload.problems.is_empty() {
            if let Ok(mut l) = self.loaded.write() {
                *l = reload.at;
            }
        }
        if let Ok(mut r) = self.last_reload.write() {
            *r = Some(Arc::new(reload));
        }
    }

    pub(crate) fn loaded(&self) -> SystemTime {
        self.loaded.read().map_or(self.started, |l| *l)
    }

    pub(crate) fn last_reload(&self) -> Option<Arc<Reload>> {
        self.last_reload.read().ok().and_then(|r| r.clone())
    }
}

/// A time as RFC 3339 in UTC, to the millisecond (`2025-03-01T12:00:00.123Z`).
pub(crate) fn rfc3339(t: SystemTime) -> String {
    let t = time::OffsetDateTime::from(t);
    let t = t
        .replace_nanosecond(t.nanosecond() / 1_000_000 * 1_000_000)
        .unwrap_or(t);
    t.format(&time::format_description::well_known::Rfc3339)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::corpus::{Diagnostic, Severity};

    #[test]
    fn diagnostics_become_problems_with_the_check_text() {
        let d = Diagnostic {
            file: "laws/lov-07.md".into(),
            line: 41,
            severity: Severity::Error,
            message: "duplicate cite 7B1 (first at laws/lov-07.md:17)".into(),
        };
        let ps = problems(&KbError::Invalid(vec![d.clone()]));
        assert_eq!(ps.len(), 1);
        assert_eq!(ps[0].text, d.to_string());
        assert_eq!(ps[0].place().as_deref(), Some("laws/lov-07.md:41"));
        let n = notice(Path::new("/c"), &ps);
        assert_eq!(n.place, "laws/lov-07.md:41");
        assert_eq!(n.lines, vec![d.to_string()]);
    }

    #[test]
    fn a_file_that_is_not_utf8_names_its_line() {
        let e = KbError::Load(LoadError::Utf8 {
            path: "laws/lov-01.md".into(),
            line: 3,
            byte: 40,
        });
        let ps = problems(&e);
        assert_eq!(ps[0].place().as_deref(), Some("laws/lov-01.md:3"));
        assert_eq!(ps[0].text, e.to_string());
    }

    #[test]
    fn a_problem_without_a_place_names_the_folder() {
        let e = KbError::Load(LoadError::Empty("/c".into()));
        let n = notice(Path::new("/c"), &problems(&e));
        assert_eq!(n.place, "/c");
    }

    #[test]
    fn times_are_rfc3339_utc_to_the_millisecond() {
        let t = SystemTime::UNIX_EPOCH + Duration::from_nanos(1_700_000_000_123_456_789);
        assert_eq!(rfc3339(t), "2023-11-14T22:13:20.123Z");
    }
}
