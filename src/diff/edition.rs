//! One edition as `lovbok diff` reads it: a corpus folder's books (its
//! `laws/` and `handbook/`, read with `corpus::load`'s folder reader; the
//! subject index is lovbok's, not an edition's, and is left out), parsed,
//! with the edition each book's front matter declares.

use std::path::{Path, PathBuf};

use crate::corpus::{
    read_dir_sources, BookId, Corpus, Diagnostic, LoadError, Severity, SourceFile,
};

/// Why an edition could not be read or compared.
#[derive(Debug, thiserror::Error)]
pub enum DiffError {
    #[error("{0}: no such folder")]
    NoFolder(String),
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error("{folder} has {} error(s) in its files:\n{}", .errors.len(), list(.folder, .errors))]
    Invalid {
        folder: String,
        errors: Vec<Diagnostic>,
    },
    #[error("{old} holds {old_books}, {new} holds {new_books}: no book in common to compare")]
    NoCommonBook {
        old: String,
        new: String,
        old_books: String,
        new_books: String,
    },
    #[error("a concordance maps the Laws' numbers, and the two folders do not both hold laws/")]
    ConcordanceNeedsLaws,
    #[error("{0} exists: lovbok diff never writes over a file")]
    Exists(String),
    #[error("cannot write {path}: {source}")]
    Write {
        path: String,
        #[source]
        source: std::io::Error,
    },
}

/// Every error as `FOLDER/laws/lov-12.md:14: error: …`, one per line.
fn list(folder: &str, errors: &[Diagnostic]) -> String {
    errors
        .iter()
        .map(|d| format!("{folder}/{d}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A corpus folder read as one edition.
#[derive(Debug)]
pub struct Edition {
    pub folder: PathBuf,
    pub corpus: Corpus,
    /// The edition each book's front matter declares (`edition: 2027`).
    pub years: Vec<(BookId, u16)>,
}

impl Edition {
    /// Reads and parses a folder; any error in its files refuses it, every
    /// error listed with its file and line.
    pub fn read(folder: &Path) -> Result<Edition, DiffError> {
        if !folder.is_dir() {
            return Err(DiffError::NoFolder(folder.display().to_string()));
        }
        let sources: Vec<SourceFile> = read_dir_sources(folder)?
            .into_iter()
            .filter(|s| {
                BookId::ALL
                    .iter()
                    .any(|b| s.path.starts_with(&format!("{}/", b.as_str())))
            })
            .collect();
        let loaded = Corpus::build(&sources);
        let errors: Vec<Diagnostic> = loaded
            .diagnostics
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        if !errors.is_empty() {
            return Err(DiffError::Invalid {
                folder: folder.display().to_string(),
                errors,
            });
        }
        Ok(Edition {
            folder: folder.to_path_buf(),
            corpus: loaded.corpus,
            years: declared_editions(&sources),
        })
    }

    /// The edition a book's files declare.
    pub fn year(&self, book: BookId) -> Option<u16> {
        self.years.iter().find(|(b, _)| *b == book).map(|(_, y)| *y)
    }

    /// The books the folder holds, as `laws and handbook`.
    pub fn books(&self) -> String {
        let held: Vec<&str> = BookId::ALL
            .into_iter()
            .filter(|b| self.corpus.book(*b).next().is_some())
            .map(BookId::as_str)
            .collect();
        if held.is_empty() {
            "no provisions".to_string()
        } else {
            held.join(" and ")
        }
    }
}

/// Refuses two editions that hold no book in common.
pub fn check_books(old: &Edition, new: &Edition) -> Result<(), DiffError> {
    if super::books_in_common(&old.corpus, &new.corpus).is_empty() {
        return Err(DiffError::NoCommonBook {
            old: old.folder.display().to_string(),
            new: new.folder.display().to_string(),
            old_books: old.books(),
            new_books: new.books(),
        });
    }
    Ok(())
}

/// The `edition:` each book's files declare in their front matter (the
/// first file's, in name order; `lovbok check` is where files that
/// disagree are a matter).
pub fn declared_editions(sources: &[SourceFile]) -> Vec<(BookId, u16)> {
    let mut out: Vec<(BookId, u16)> = Vec::new();
    for s in sources {
        let Some(book) = BookId::ALL
            .into_iter()
            .find(|b| s.path.starts_with(&format!("{}/", b.as_str())))
        else {
            continue;
        };
        if out.iter().any(|(b, _)| *b == book) {
            continue;
        }
        if let Some(year) = front_matter_edition(&s.text) {
            out.push((book, year));
        }
    }
    out
}

/// The `edition:` line of a file's front matter (between the `---` lines).
fn front_matter_edition(text: &str) -> Option<u16> {
    let mut lines = text.lines();
    if lines.next()?.trim() != "---" {
        return None;
    }
    lines
        .take_while(|l| l.trim() != "---")
        .find_map(|l| l.strip_prefix("edition:"))
        .and_then(|v| v.split('#').next().unwrap_or_default().trim().parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_edition_comes_from_front_matter() {
        let text = "---\nbook: laws\nedition: 2027   # fixture\nlang: nb\n---\n# 1. X\n";
        assert_eq!(front_matter_edition(text), Some(2027));
        assert_eq!(front_matter_edition("# 1. X\nedition: 2027\n"), None);
        let sources = [
            SourceFile {
                path: "laws/lov-01.md".into(),
                text: text.into(),
            },
            SourceFile {
                path: "laws/concordance-2017.tsv".into(),
                text: "1\t=\tx\n".into(),
            },
        ];
        assert_eq!(declared_editions(&sources), vec![(BookId::Laws, 2027)]);
    }
}
