/*!
Parallel texts: further editions or languages of the Laws beside the
built-in 2017 Norwegian text.

A corpus root may hold `editions/<name>/` folders (`editions/laws-2017-en/`),
each a laws folder in the corpus format whose files say their `edition:`
year and `lang:` (nb, da, en), plus one `edition.md` whose front matter says
the same and where the text comes from (`source:`, a label shown beside every
block of the text). The same cite in a parallel text is the same provision:
`64` in `2017-en` is Law 64 in English. A parallel text is parsed by the same
parser into a [`Corpus`] of its own (no subjects, no concordances, no
parallels of its own), so every cite, page and link works the same way.

The language of a text ([`TextLang`]: nb, da, en) is not the interface
language (`crate::lang::Lang`: nb, da): lovbok never speaks English to a
reader, but it can show an English text.
*/

use std::collections::BTreeMap;
use std::fmt;

use super::load::SourceFile;
pub use super::load::EDITIONS_DIR;
use super::{BookId, Corpus, Diagnostic, Severity, CURRENT_EDITION};

/// The file of an edition folder that says where its text comes from.
pub const LABEL_FILE: &str = "edition.md";

/// The language a text of the Laws is written in (not the interface's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TextLang {
    /// Norwegian bokmål (the built-in Laws).
    Nb,
    /// Danish (the built-in handbook).
    Da,
    /// English, the WBF's original language of the Laws.
    En,
}

impl TextLang {
    /// The BCP 47 code, as in `lang` attributes and JSON.
    pub fn code(self) -> &'static str {
        match self {
            TextLang::Nb => "nb",
            TextLang::Da => "da",
            TextLang::En => "en",
        }
    }

    /// The language with exactly this code (`nb`, `da`, `en`).
    pub fn from_code(code: &str) -> Option<TextLang> {
        match code.trim() {
            "nb" => Some(TextLang::Nb),
            "da" => Some(TextLang::Da),
            "en" => Some(TextLang::En),
            _ => None,
        }
    }
}

impl fmt::Display for TextLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// The edition and language of the built-in Laws (`2017-nb`): no parallel
/// text may be the same.
pub fn main_key() -> (u16, TextLang) {
    (CURRENT_EDITION, TextLang::Nb)
}

/// The id of an edition and language as URLs and JSON name it: `2017-en`.
pub fn edition_id(edition: u16, lang: TextLang) -> String {
    format!("{edition}-{lang}")
}

/// One supplied edition or language of the Laws, parsed.
#[derive(Clone, Debug)]
pub struct ParallelText {
    /// The folder's name (`laws-2017-en`).
    pub name: String,
    /// The year of the edition (`2017`, `2027`).
    pub edition: u16,
    pub lang: TextLang,
    /// Where the text comes from, as `edition.md` says (shown with it).
    pub source: String,
    /// Its provisions, by the same cites as the built-in text. Their
    /// [`super::Provision::lang`] is their book's; the text's language is
    /// [`ParallelText::lang`].
    pub corpus: Corpus,
}

impl ParallelText {
    /// `2017-en`: what `?edition=` takes.
    pub fn id(&self) -> String {
        edition_id(self.edition, self.lang)
    }
}

/// The edition folder a source path lies in (`editions/laws-2017-en/lov-64.md`
/// → `laws-2017-en`), for files a corpus root or `--edition` gave.
pub fn folder_of(path: &str) -> Option<&str> {
    let rest = path.strip_prefix(EDITIONS_DIR)?.strip_prefix('/')?;
    let (name, file) = rest.split_once('/')?;
    (!name.is_empty() && !file.is_empty()).then_some(name)
}

/// `key: value` lines of a file's front matter, with their 1-based lines.
fn front_matter(text: &str) -> Vec<(String, String, usize)> {
    let mut out = Vec::new();
    let mut lines = text.lines().enumerate();
    if !matches!(lines.next(), Some((_, l)) if l.trim() == "---") {
        return out;
    }
    for (i, raw) in lines {
        let line = raw.split(" #").next().unwrap_or("").trim();
        if line == "---" {
            break;
        }
        if let Some((k, v)) = line.split_once(':') {
            out.push((k.trim().to_string(), v.trim().to_string(), i + 1));
        }
    }
    out
}

/// What `edition.md` or a text file says of its edition and language.
struct Declared {
    edition: Option<(u16, usize)>,
    lang: Option<(TextLang, usize)>,
    source: Option<String>,
    /// The keys were there (a bad value is reported once, as bad).
    has_edition: bool,
    has_lang: bool,
}

/// Reads `edition:`, `lang:` and `source:` of one file, reporting a bad
/// year or an unknown language.
fn declared(file: &SourceFile, out: &mut Vec<Diagnostic>) -> Declared {
    let mut d = Declared {
        edition: None,
        lang: None,
        source: None,
        has_edition: false,
        has_lang: false,
    };
    for (k, v, line) in front_matter(&file.text) {
        let mut err = |message: String| out.push(diag(&file.path, line, Severity::Error, message));
        d.has_edition |= k == "edition";
        d.has_lang |= k == "lang";
        match k.as_str() {
            "edition" => match v.parse::<u16>() {
                Ok(y) if (1900..=2999).contains(&y) => d.edition = Some((y, line)),
                _ => err(format!("`edition` must be a year, not {v:?}")),
            },
            "lang" => match TextLang::from_code(&v) {
                Some(l) => d.lang = Some((l, line)),
                None => err(format!("unknown language {v:?} (expected nb, da or en)")),
            },
            "source" if !v.is_empty() => d.source = Some(v),
            _ => {}
        }
    }
    d
}

fn diag(file: &str, line: usize, severity: Severity, message: String) -> Diagnostic {
    Diagnostic {
        file: file.to_string(),
        line,
        severity,
        message,
    }
}

/// Builds every edition folder among `sources` (the files under
/// `editions/`) with `build` (the tree builder the main corpus uses), and
/// lints them against the main corpus: a missing label, files that disagree
/// with it, a language lovbok does not know, an edition and language the
/// built-in text already is or another folder already holds, a book other
/// than the Laws, and (a warning) cites the built-in text does not have.
pub fn build_all(
    sources: &[&SourceFile],
    main: &Corpus,
    build: impl Fn(&[&SourceFile]) -> (Corpus, Vec<Diagnostic>),
) -> (Vec<ParallelText>, Vec<Diagnostic>) {
    let mut folders: BTreeMap<&str, Vec<&SourceFile>> = BTreeMap::new();
    for s in sources {
        if let Some(name) = folder_of(&s.path) {
            folders.entry(name).or_default().push(s);
        }
    }
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for (name, files) in folders {
        let label_path = format!("{EDITIONS_DIR}/{name}/{LABEL_FILE}");
        let (labels, texts): (Vec<&SourceFile>, Vec<&SourceFile>) =
            files.into_iter().partition(|f| f.path == label_path);
        let Some(label) = labels.first() else {
            problems.push(diag(
                &label_path,
                1,
                Severity::Error,
                format!("edition folder {name} has no {LABEL_FILE} (its edition, lang and source)"),
            ));
            continue;
        };
        let head = declared(label, &mut problems);
        let (Some((edition, _)), Some((lang, lang_line)), Some(source)) =
            (head.edition, head.lang, head.source)
        else {
            problems.push(diag(
                &label_path,
                1,
                Severity::Error,
                format!("{LABEL_FILE} needs `edition:` (a year), `lang:` (nb, da, en) and `source:` (where the text comes from)"),
            ));
            continue;
        };
        if (edition, lang) == main_key() {
            problems.push(diag(
                &label_path,
                lang_line,
                Severity::Error,
                format!(
                    "edition {} is the built-in text's own edition and language",
                    edition_id(edition, lang)
                ),
            ));
            continue;
        }
        if let Some(other) = out
            .iter()
            .find(|p: &&ParallelText| (p.edition, p.lang) == (edition, lang))
        {
            problems.push(diag(
                &label_path,
                lang_line,
                Severity::Error,
                format!(
                    "edition {} is also in editions/{}",
                    edition_id(edition, lang),
                    other.name
                ),
            ));
            continue;
        }
        check_files(&texts, edition, lang, &mut problems);
        let (corpus, diags) = build(&texts);
        problems.extend(diags);
        problems.extend(lint_against_main(&corpus, main, &edition_id(edition, lang)));
        out.push(ParallelText {
            name: name.to_string(),
            edition,
            lang,
            source,
            corpus,
        });
    }
    (out, problems)
}

/// Each text file of an edition folder says the same `edition:` and
/// `lang:` as its `edition.md`.
fn check_files(
    texts: &[&SourceFile],
    edition: u16,
    lang: TextLang,
    problems: &mut Vec<Diagnostic>,
) {
    for f in texts {
        let d = declared(f, problems);
        let mismatch = |what: &str, line: usize, found: String, want: String| {
            diag(
                &f.path,
                line,
                Severity::Error,
                format!("{what} {found} differs from {LABEL_FILE}'s {want}"),
            )
        };
        match d.edition {
            Some((y, l)) if y != edition => {
                problems.push(mismatch("edition", l, y.to_string(), edition.to_string()))
            }
            None if !d.has_edition => problems.push(diag(
                &f.path,
                1,
                Severity::Error,
                "front matter has no `edition` (the year of this edition)".into(),
            )),
            _ => {}
        }
        match d.lang {
            Some((l, line)) if l != lang => {
                problems.push(mismatch("lang", line, l.to_string(), lang.to_string()))
            }
            None if !d.has_lang => problems.push(diag(
                &f.path,
                1,
                Severity::Error,
                "front matter has no `lang` (nb, da or en)".into(),
            )),
            _ => {}
        }
    }
}

/// A parallel text of the Laws only, and a warning for each cite the
/// built-in text does not have (once per subtree: a new provision, fine,
/// but an editor should know).
fn lint_against_main(text: &Corpus, main: &Corpus, id: &str) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for p in text.provisions() {
        if p.book != BookId::Laws {
            out.push(diag(
                &p.origin.file,
                p.origin.line,
                Severity::Error,
                format!(
                    "edition {id} holds {}: an edition folder holds the Laws only",
                    p.book
                ),
            ));
            continue;
        }
        let parent_new = p.parent.is_some_and(|i| main.get(&text.at(i).id).is_none());
        // Below a law whose built-in text is absent every part is unknown
        // there; that is what the parallel text is for.
        let main_has_text = main.nearest(&p.id).is_none_or(|n| n.in_corpus);
        if main.get(&p.id).is_none() && !parent_new && main_has_text {
            out.push(diag(
                &p.origin.file,
                p.origin.line,
                Severity::Warning,
                format!(
                    "{} in edition {id} is not in the built-in {} text (a new provision?)",
                    p.id, CURRENT_EDITION
                ),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_are_read_from_paths() {
        assert_eq!(
            folder_of("editions/laws-2017-en/lov-64.md"),
            Some("laws-2017-en")
        );
        assert_eq!(folder_of("editions/x"), None);
        assert_eq!(folder_of("laws/lov-64.md"), None);
    }

    #[test]
    fn text_languages_are_not_interface_languages() {
        assert_eq!(TextLang::from_code("en"), Some(TextLang::En));
        assert_eq!(TextLang::from_code("fr"), None);
        assert_eq!(edition_id(2027, TextLang::Nb), "2027-nb");
    }
}
