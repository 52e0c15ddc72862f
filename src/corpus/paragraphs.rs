/*!
The paragraph ids of the 2017 Laws whose text the source lacks.

The printed book lovbok is built on holds the text of Laws 1-20 only; of
Laws 21-93 it holds the titles. The subject index still names the WBF 2017
paragraph that governs a subject (`WBF 2017 Law 55B`), and a name of a
paragraph that does not exist would send a director to the wrong rule. So
the repository keeps the list of those paragraphs' ids, ids only and no
text (`laws/paragraphs-2017.txt`), and `lovbok check` holds every named
paragraph to it. The format: blank lines and lines starting with `#` are
comments; every other line holds canonical cites (`21B1a`, `30B1b(i)`),
separated by white space. Parsing never fails; each bad id is a
diagnostic and is left out.
*/

use std::collections::HashMap;

use super::id::{ProvisionId, Root};
use super::{Diagnostic, Severity};

/// The file name of the list, in `laws/`.
pub const PARAGRAPHS_FILE: &str = "paragraphs-2017.txt";

/// The laws the list covers: those whose text the source lacks.
pub const TITLE_ONLY_LAWS: std::ops::RangeInclusive<u16> = 21..=93;

/// The paragraph ids of the 2017 Laws 21-93, in the order of the Laws.
#[derive(Clone, Debug, Default)]
pub struct Paragraphs {
    /// Every id, in the file's order.
    ids: Vec<ProvisionId>,
    /// Id → its place in `ids`.
    order: HashMap<ProvisionId, usize>,
    /// The file it was read from, for diagnostics that name it.
    file: String,
}

impl Paragraphs {
    /// True for the list's file (`laws/paragraphs-2017.txt`).
    pub fn is_file(path: &str) -> bool {
        path.rsplit('/').next() == Some(PARAGRAPHS_FILE)
    }

    /// Parses the list; each id that does not parse, is not canonical, is
    /// not below a law 21-93 or stands twice is a diagnostic.
    pub fn parse(file: &str, text: &str) -> (Paragraphs, Vec<Diagnostic>) {
        let mut out = Paragraphs {
            file: file.to_string(),
            ..Paragraphs::default()
        };
        let mut problems = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            for word in line.split_whitespace() {
                match check_id(word) {
                    Ok(id) if out.order.contains_key(&id) => {
                        problems.push(error(file, n + 1, format!("{id} is listed twice")));
                    }
                    Ok(id) => {
                        out.order.insert(id.clone(), out.ids.len());
                        out.ids.push(id);
                    }
                    Err(message) => problems.push(error(file, n + 1, message)),
                }
            }
        }
        (out, problems)
    }

    /// True when the list has been read (a corpus without the file has an
    /// empty one, and nothing is checked against it).
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Every id, in the order of the Laws.
    pub fn ids(&self) -> &[ProvisionId] {
        &self.ids
    }

    /// The file the list was read from.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// True when `id` is a paragraph of the 2017 Laws the list holds, or a
    /// law 21-93 itself.
    pub fn contains(&self, id: &ProvisionId) -> bool {
        is_bare_title_only_law(id) || self.order.contains_key(id)
    }

    /// The place of `id` in the order of the Laws (a law itself before its
    /// paragraphs; an id the list lacks last).
    pub fn position(&self, id: &ProvisionId) -> (u16, usize) {
        let law = law_of(id).unwrap_or(u16::MAX);
        let place = if is_bare_title_only_law(id) {
            0
        } else {
            self.order.get(id).map_or(usize::MAX, |&i| i + 1)
        };
        (law, place)
    }

    /// The ids of one law, in order.
    pub fn of_law(&self, law: u16) -> impl Iterator<Item = &ProvisionId> {
        self.ids.iter().filter(move |id| law_of(id) == Some(law))
    }
}

/// The law number of a numbered law cite.
pub fn law_of(id: &ProvisionId) -> Option<u16> {
    match id.numbered_root() {
        Some(Root::Law(n)) => Some(n),
        _ => None,
    }
}

/// True for a cite below a law whose text the source lacks (`55B`, `55`).
pub fn is_title_only_law_cite(id: &ProvisionId) -> bool {
    law_of(id).is_some_and(|n| TITLE_ONLY_LAWS.contains(&n))
}

fn is_bare_title_only_law(id: &ProvisionId) -> bool {
    is_title_only_law_cite(id) && id.numbered_parent().is_none()
}

/// One word of the list as a cite, or why it is not one.
fn check_id(word: &str) -> Result<ProvisionId, String> {
    let id: ProvisionId = word
        .parse()
        .map_err(|e| format!("\"{word}\" is not a cite: {e}"))?;
    if id.to_string() != word {
        return Err(format!("\"{word}\" is not canonical: write {id}"));
    }
    if !is_title_only_law_cite(&id) || id.numbered_parent().is_none() {
        return Err(format!(
            "\"{word}\" is not a paragraph of a law {}-{}",
            TITLE_ONLY_LAWS.start(),
            TITLE_ONLY_LAWS.end()
        ));
    }
    Ok(id)
}

fn error(file: &str, line: usize, message: String) -> Diagnostic {
    Diagnostic {
        file: file.to_string(),
        line,
        severity: Severity::Error,
        message,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(s: &str) -> ProvisionId {
        s.parse().unwrap()
    }

    #[test]
    fn reads_ids_and_skips_comments() {
        let (p, d) = Paragraphs::parse(
            "laws/paragraphs-2017.txt",
            "# source\n\n55A 55B 55B1\n30B1b(i)\n",
        );
        assert!(d.is_empty(), "{d:?}");
        assert_eq!(p.ids().len(), 4);
        assert!(p.contains(&id("55B1")));
        assert!(p.contains(&id("55")), "a law itself");
        assert!(!p.contains(&id("55D")));
        assert!(p.position(&id("55A")) < p.position(&id("55B")));
        assert!(p.position(&id("55")) < p.position(&id("55A")));
    }

    #[test]
    fn refuses_bad_ids_with_their_line() {
        let (p, d) = Paragraphs::parse("f", "55A\n12C1\n55a\n55A\nnot-a-cite\n55\n");
        assert_eq!(p.ids().len(), 1);
        let lines: Vec<usize> = d.iter().map(|d| d.line).collect();
        assert_eq!(lines, vec![2, 3, 4, 5, 6], "{d:?}");
        assert!(d[0].message.contains("not a paragraph of a law 21-93"));
        assert!(d[2].message.contains("listed twice"));
    }
}
