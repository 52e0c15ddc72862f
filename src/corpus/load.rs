/*!
The only corpus IO: the embedded copy of `laws/` and `handbook/`, or a folder.

`build.rs` embeds every corpus markdown file into the binary, so `lovbok`
runs from anywhere with no files beside it; `--corpus DIR` reads a folder
instead, for editors previewing a change. `EDITORIAL.md` is the editors' log,
not corpus text, and is never read as a provision.
*/

use std::path::Path;

/// One corpus markdown file: its path relative to the corpus root
/// (`laws/lov-12.md`) and its text.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub path: String,
    pub text: String,
}

/// Why a corpus folder could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("cannot read corpus folder {path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{path}:{line}: invalid UTF-8 (byte {byte} of the file)")]
    Utf8 {
        path: String,
        line: usize,
        byte: usize,
    },
    #[error("corpus folder {0} holds neither laws/ nor handbook/")]
    Empty(String),
    #[error("edition folder {0} holds no markdown files")]
    NoEdition(String),
}

include!(concat!(env!("OUT_DIR"), "/embedded_corpus.rs"));

/// The corpus built into the binary.
pub fn embedded_sources() -> Vec<SourceFile> {
    EMBEDDED
        .iter()
        .map(|(path, text)| SourceFile {
            path: (*path).to_string(),
            text: (*text).to_string(),
        })
        .collect()
}

/// The folder of a corpus root that holds the parallel texts (other
/// editions or languages of the Laws, `super::parallel`).
pub const EDITIONS_DIR: &str = "editions";

/// The book folders a corpus root holds.
pub const BOOK_DIRS: [&str; 2] = ["laws", "handbook"];

/// The folders read from a corpus root: the books, then lovbok's own
/// subject index and rulings (optional; never counted as books).
const READ_DIRS: [&str; 4] = [
    "laws",
    "handbook",
    super::subjects::SUBJECT_DIR,
    super::rulings::RULING_DIR,
];

/// Reads `laws/*.md`, `handbook/*.md`, `stikkord/*.md` and `kjennelser/*.md` below `root`, in
/// name order, and the markdown of every `editions/<name>/` folder (the
/// parallel texts, `super::parallel`).
///
/// A file that is not UTF-8 is an error naming its line; lovbok never guesses
/// an encoding for law text.
pub fn read_dir_sources(root: &Path) -> Result<Vec<SourceFile>, LoadError> {
    let mut out = Vec::new();
    let mut found_book = false;
    for book in READ_DIRS {
        let dir = root.join(book);
        if !dir.is_dir() {
            continue;
        }
        found_book |= BOOK_DIRS.contains(&book);
        read_folder(&dir, book, is_corpus_file, &mut out)?;
    }
    if !found_book {
        return Err(LoadError::Empty(root.display().to_string()));
    }
    let editions = root.join(EDITIONS_DIR);
    if editions.is_dir() {
        for dir in sub_dirs(&editions)? {
            out.extend(read_edition_dir(&dir)?);
        }
    }
    Ok(out)
}

/// Reads one edition folder (`--edition DIR`) as if it stood at
/// `editions/<its name>/` of a corpus root: its `*.md` files, the label
/// `edition.md` among them.
pub fn read_edition_dir(dir: &Path) -> Result<Vec<SourceFile>, LoadError> {
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .filter(|n| !n.is_empty() && n != "." && n != "..")
        .or_else(|| {
            std::fs::canonicalize(dir)
                .ok()
                .and_then(|d| d.file_name().map(|n| n.to_string_lossy().to_string()))
        })
        .unwrap_or_else(|| "edition".to_string());
    let mut out = Vec::new();
    let prefix = format!("{}/{name}", EDITIONS_DIR);
    read_folder(dir, &prefix, is_markdown, &mut out)?;
    if out.is_empty() {
        return Err(LoadError::NoEdition(dir.display().to_string()));
    }
    Ok(out)
}

/// The folders directly below `dir`, in name order.
fn sub_dirs(dir: &Path) -> Result<Vec<std::path::PathBuf>, LoadError> {
    let mut dirs: Vec<_> = std::fs::read_dir(dir)
        .map_err(|source| LoadError::Io {
            path: dir.display().to_string(),
            source,
        })?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    Ok(dirs)
}

/// Reads the files of `dir` that `keep` accepts, in name order, as
/// `prefix/<name>`.
fn read_folder(
    dir: &Path,
    prefix: &str,
    keep: fn(&Path) -> bool,
    out: &mut Vec<SourceFile>,
) -> Result<(), LoadError> {
    let io = |source| LoadError::Io {
        path: dir.display().to_string(),
        source,
    };
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .map_err(io)?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.is_file() && keep(p))
        .collect();
    names.sort();
    for path in names {
        let rel = format!(
            "{prefix}/{}",
            path.file_name()
                .map(|n| n.to_string_lossy())
                .unwrap_or_default()
        );
        let bytes = std::fs::read(&path).map_err(|source| LoadError::Io {
            path: path.display().to_string(),
            source,
        })?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let byte = e.utf8_error().valid_up_to();
            let line = e.as_bytes()[..byte].iter().filter(|b| **b == b'\n').count() + 1;
            LoadError::Utf8 {
                path: rel.clone(),
                line,
                byte,
            }
        })?;
        out.push(SourceFile { path: rel, text });
    }
    Ok(())
}

/// A `*.md` file that is not the editorial log (an edition folder holds
/// no concordance).
fn is_markdown(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    path.extension().is_some_and(|e| e == "md") && !name.eq_ignore_ascii_case("EDITORIAL.md")
}

/// A content hash of a corpus: every file's path and text, in path order.
///
/// Two folders (or a folder and a binary) with the same fingerprint serve the
/// same text, so a host can tell which corpus a server runs from its status.
/// 64-bit FNV-1a: stable across builds and platforms, not for security.
pub fn fingerprint(sources: &[SourceFile]) -> u64 {
    let mut files: Vec<&SourceFile> = sources.iter().collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for f in files {
        // A NUL after each part keeps ("ab", "c") and ("a", "bc") apart.
        for part in [f.path.as_bytes(), b"\0", f.text.as_bytes(), b"\0"] {
            for b in part {
                h ^= u64::from(*b);
                h = h.wrapping_mul(0x0100_0000_01b3);
            }
        }
    }
    h
}

/// A `*.md` file that is not the editorial log, a concordance of an
/// older edition of the Laws (`concordance-2007.tsv`), or the list of the
/// 2017 paragraph ids (`paragraphs-2017.txt`).
pub fn is_corpus_file(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    is_markdown(path)
        || super::concordance::Concordance::edition_of_file(&name).is_some()
        || name == super::paragraphs::PARAGRAPHS_FILE
}
