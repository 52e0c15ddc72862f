//! A corpus file's front matter: the `key: value` block above its text
//! (`docs/corpus-format.md`, "Front matter"), read into [`Meta`] with every
//! problem it has, each on its own line.

use std::collections::HashMap;

use super::id::BookId;
use super::{Kind, Severity, TextStatus};

/// The front matter of a corpus file.
#[derive(Debug, Clone)]
pub(super) struct Meta {
    pub book: BookId,
    pub kind: Kind,
    pub pages: Vec<u16>,
    pub text: TextStatus,
    pub chapter: Option<String>,
    pub extends: Option<u16>,
    /// The edition of the Laws the file's citations use (`laws-edition:`).
    pub laws_edition: Option<u16>,
}

/// A problem of a front matter: its line in the file, how bad, what.
#[derive(Debug)]
pub(super) struct Problem {
    pub line: usize,
    pub severity: Severity,
    pub message: String,
}

impl Problem {
    fn error(line: usize, message: String) -> Problem {
        Problem {
            line,
            severity: Severity::Error,
            message,
        }
    }
}

/// The keys a front matter may have.
const KEYS: [&str; 9] = [
    "book",
    "edition",
    "lang",
    "kind",
    "pages",
    "text",
    "chapter",
    "extends",
    "laws-edition",
];

/// A front matter's `key: value` lines: key → (value, line).
type Fields<'a> = HashMap<&'a str, (String, usize)>;

/// Reads the front matter `yaml` of `file`, whose first line is
/// `base_line`: its fields, when the book and kind are known, and every
/// problem (errors first, then unknown keys as warnings).
pub(super) fn read(yaml: &str, base_line: usize, file: &str) -> (Option<Meta>, Vec<Problem>) {
    let mut problems: Vec<Problem> = Vec::new();
    let mut fields: Fields = HashMap::new();
    for (i, raw) in yaml.lines().enumerate() {
        let line = raw.split(" #").next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match line.split_once(':') {
            Some((k, v)) => {
                fields.insert(k.trim(), (v.trim().to_string(), base_line + i));
            }
            None => problems.push(Problem::error(
                base_line + i,
                format!("front matter line is not `key: value`: {line:?}"),
            )),
        }
    }
    let meta = read_fields(&fields, base_line, file, &mut problems);
    for (k, (_, l)) in &fields {
        if !KEYS.contains(k) {
            problems.push(Problem {
                line: *l,
                severity: Severity::Warning,
                message: format!("unknown front matter key `{k}`"),
            });
        }
    }
    let Some(meta) = meta else {
        return (None, problems);
    };
    let folder = file.split('/').next().unwrap_or("");
    if folder != meta.book.as_str() && matches!(folder, "laws" | "handbook") {
        problems.push(Problem::error(
            base_line,
            format!("file is in {folder}/ but says book: {}", meta.book),
        ));
    }
    (Some(meta), problems)
}

/// The fields read and checked, each error pushed on its line; `None`
/// when the book or the kind is missing or unknown.
fn read_fields(
    fields: &Fields,
    base_line: usize,
    file: &str,
    problems: &mut Vec<Problem>,
) -> Option<Meta> {
    let book: Option<BookId> = read_field(fields, "book", base_line, true, problems, &|v| {
        v.parse()
            .map_err(|_| format!("unknown book {v:?} (expected laws or handbook)"))
    });
    let kind = read_field(fields, "kind", base_line, true, problems, &|v| match v {
        "front" => Ok(Kind::Front),
        "definitions" => Ok(Kind::Definitions),
        "law" => Ok(Kind::Law),
        "extension" => Ok(Kind::Extension),
        "section" => Ok(Kind::Section),
        _ => Err(format!(
            "unknown kind {v:?} (front, definitions, law, extension, section)"
        )),
    });
    let text = read_field(fields, "text", base_line, false, problems, &|v| match v {
        "full" => Ok(TextStatus::Full),
        "partial" => Ok(TextStatus::Partial),
        "absent" => Ok(TextStatus::Absent),
        _ => Err(format!("unknown text status {v:?} (full, partial, absent)")),
    })
    .unwrap_or(TextStatus::Full);
    let pages = read_field(fields, "pages", base_line, true, problems, &|v| {
        parse_pages(v)
            .ok_or_else(|| format!("bad page list {v:?} (expected e.g. `25`, `25-27`, `4, 6-7`)"))
    })
    .unwrap_or_default();
    // A parallel text's language is its own (`corpus::parallel` checks it).
    let parallel = super::parallel::folder_of(file).is_some();
    if let (Some((v, l)), Some(b), false) = (fields.get("lang"), book, parallel) {
        if v != b.lang() {
            problems.push(Problem::error(
                *l,
                format!("lang {v:?} does not match book {b} ({})", b.lang()),
            ));
        }
    }
    let extends = read_field(fields, "extends", base_line, false, problems, &|v| match v
        .parse::<u16>()
    {
        Ok(n) if (1..=93).contains(&n) => Ok(n),
        _ => Err(format!("`extends` must be a law number 1-93, not {v:?}")),
    });
    let current = super::concordance::CURRENT_EDITION;
    let laws_edition = read_field(
        fields,
        "laws-edition",
        base_line,
        false,
        problems,
        &|v| match v.parse::<u16>() {
            Ok(y) if (1900..=current).contains(&y) => Ok((y != current).then_some(y)),
            _ => Err(format!(
                "`laws-edition` must be a year of the Laws up to {current}, not {v:?}"
            )),
        },
    )
    .flatten();
    Some(Meta {
        book: book?,
        kind: kind?,
        pages,
        text,
        chapter: fields.get("chapter").map(|(v, _)| v.clone()),
        extends,
        laws_edition,
    })
}

/// One field, parsed: an error on its line when `parse` refuses it, and
/// on the front matter's first line when it is `required` and missing.
fn read_field<T>(
    fields: &Fields,
    key: &str,
    base_line: usize,
    required: bool,
    problems: &mut Vec<Problem>,
    parse: &dyn Fn(&str) -> Result<T, String>,
) -> Option<T> {
    match fields.get(key) {
        Some((v, l)) => parse(v)
            .map_err(|message| problems.push(Problem::error(*l, message)))
            .ok(),
        None => {
            if required {
                problems.push(Problem::error(
                    base_line,
                    format!("front matter has no `{key}`"),
                ));
            }
            None
        }
    }
}

/// `25`, `25-27`, `4, 6-7` → page numbers.
fn parse_pages(s: &str) -> Option<Vec<u16>> {
    let mut out = Vec::new();
    for part in s.split(',') {
        let part = part.trim();
        if let Some((a, b)) = part.split_once('-') {
            let (a, b): (u16, u16) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
            if b < a || b - a > 100 {
                return None;
            }
            out.extend(a..=b);
        } else {
            out.push(part.parse().ok()?);
        }
    }
    (!out.is_empty()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(yaml: &str, file: &str) -> Vec<(usize, String)> {
        read(yaml, 2, file)
            .1
            .into_iter()
            .map(|p| (p.line, p.message))
            .collect()
    }

    #[test]
    fn a_whole_front_matter_reads_with_no_problem() {
        let yaml = "book: laws\nedition: 2017\nlang: nb\nkind: law\npages: 25-27\ntext: partial";
        let (meta, problems) = read(yaml, 2, "laws/lov-12.md");
        assert!(problems.is_empty(), "{problems:?}");
        let meta = meta.expect("read");
        assert_eq!(meta.pages, vec![25, 26, 27]);
        assert!(matches!(meta.text, TextStatus::Partial));
        assert_eq!(meta.laws_edition, None);
    }

    #[test]
    fn each_problem_is_on_its_own_line() {
        let yaml = "book: laws\nkind: lov\npages: 27-25\nlang: da\ncolour: red";
        let p = problems(yaml, "laws/lov-12.md");
        assert_eq!(
            p[0],
            (
                3,
                "unknown kind \"lov\" (front, definitions, law, extension, section)".into()
            )
        );
        assert!(p[1].1.starts_with("bad page list \"27-25\""), "{p:?}");
        assert_eq!(p[1].0, 4);
        assert_eq!(
            p[2],
            (5, "lang \"da\" does not match book laws (nb)".into())
        );
        assert_eq!(p[3], (6, "unknown front matter key `colour`".into()));
        // A missing required key is on the front matter's first line.
        let p = problems("kind: law\npages: 3", "laws/lov-01.md");
        assert_eq!(p, vec![(2, "front matter has no `book`".to_string())]);
    }

    #[test]
    fn the_folder_and_the_cited_edition_are_checked() {
        let p = problems("book: handbook\nkind: section\npages: 3", "laws/lov-01.md");
        assert_eq!(
            p,
            vec![(2, "file is in laws/ but says book: handbook".to_string())]
        );
        let (meta, p) = read(
            "book: handbook\nkind: section\npages: 3\nlaws-edition: 2007",
            2,
            "handbook/201.md",
        );
        assert!(p.is_empty(), "{p:?}");
        assert_eq!(meta.and_then(|m| m.laws_edition), Some(2007));
        let p = problems(
            "book: handbook\nkind: section\npages: 3\nlaws-edition: 2031",
            "handbook/201.md",
        );
        assert_eq!(p[0].0, 5);
    }
}
