/*!
Defined terms in running text: each use of a term from the Laws' definitions
becomes a link to its definition, with the definition's text as a tooltip.

One regex per knowledge base, built from every spelling of every term
(`Korrigering(er)` gives "korrigering" and "korrigeringer", `Urettmessig
informasjon (UI)` gives the phrase and "UI"), longest first so the longest
term wins at a position. Terms match case-insensitively at word boundaries
(checked by hand: see [`Glossary::build`]), except all-capital abbreviations (`TL`, `HM`), which must match exactly. Only
text outside links is touched, and each term is marked once per provision so
that a paragraph does not drown in underlines.
*/

use std::collections::{HashMap, HashSet};

use regex::Regex;

/// The matcher for every defined term of one corpus.
#[derive(Debug, Default)]
pub(crate) struct Glossary {
    re: Option<Regex>,
    /// Spelling (lower-cased unless it is an abbreviation) → definition index.
    by_spelling: HashMap<String, usize>,
}

/// The ways one term may be written in running text.
fn spellings(term: &str) -> Vec<String> {
    let mut out = Vec::new();
    let term = term.trim();
    if let Some(base) = term.strip_suffix("(er)") {
        // "Korrigering(er)": the singular and the plural.
        out.push(base.trim().to_string());
        out.push(format!("{}er", base.trim()));
    } else if let (Some(open), true) = (term.find(" ("), term.ends_with(')')) {
        // "Urettmessig informasjon (UI)": the phrase, and the abbreviation
        // when the parenthesis holds one; "Matchpoint (poeng)": the phrase.
        out.push(term[..open].trim().to_string());
        let inner = &term[open + 2..term.len() - 1];
        if is_abbreviation(inner) {
            out.push(inner.to_string());
        }
    } else {
        out.push(term.to_string());
    }
    out.retain(|s| s.chars().count() >= 2);
    out
}

fn is_abbreviation(s: &str) -> bool {
    s.chars().count() >= 2 && s.chars().all(|c| c.is_uppercase())
}

fn key(spelling: &str) -> String {
    if is_abbreviation(spelling) {
        spelling.to_string()
    } else {
        spelling.to_lowercase()
    }
}

impl Glossary {
    /// Builds the matcher from `(definition index, term)` pairs.
    pub(crate) fn build<'a>(terms: impl IntoIterator<Item = (usize, &'a str)>) -> Glossary {
        let mut by_spelling = HashMap::new();
        let mut all: Vec<String> = Vec::new();
        for (idx, term) in terms {
            for s in spellings(term) {
                if by_spelling.insert(key(&s), idx).is_none() {
                    all.push(s);
                }
            }
        }
        if all.is_empty() {
            return Glossary::default();
        }
        // Longest first: the regex takes the first alternative that matches.
        all.sort_by(|a, b| b.chars().count().cmp(&a.chars().count()).then(a.cmp(b)));
        let alternatives: Vec<String> = all
            .iter()
            .map(|s| {
                let escaped = regex::escape(s);
                if is_abbreviation(s) {
                    format!("(?-i:{escaped})")
                } else {
                    escaped
                }
            })
            .collect();
        // No `\b` in the pattern: a Unicode word boundary makes the regex
        // engine fall back from its DFA to a backtracker, ten times slower
        // on a page. Boundaries are checked on each match instead.
        let pattern = format!(r"(?i)(?:{})", alternatives.join("|"));
        // A pattern made of escaped literals always compiles; if it somehow
        // does not (size limit), pages simply go without term marks.
        let re = Regex::new(&pattern).ok();
        Glossary { re, by_spelling }
    }

    /// Marks the first use of each term in an escaped HTML text node.
    ///
    /// `seen` carries the terms already marked in this provision; `skip` is
    /// the definition being rendered (a term is not linked to itself);
    /// `link` gives the `(href, title)` of a definition.
    pub(crate) fn mark(
        &self,
        text: &str,
        seen: &mut HashSet<usize>,
        skip: Option<usize>,
        link: &dyn Fn(usize) -> (String, String),
        out: &mut String,
    ) {
        let Some(re) = &self.re else {
            out.push_str(text);
            return;
        };
        let mut pos = 0;
        for m in re.find_iter(text) {
            let before = text[..m.start()].chars().next_back();
            let after = text[m.end()..].chars().next();
            if before.is_some_and(char::is_alphanumeric) || after.is_some_and(char::is_alphanumeric)
            {
                continue;
            }
            let Some(&def) = self.by_spelling.get(&key(m.as_str())) else {
                continue;
            };
            if Some(def) == skip || !seen.insert(def) {
                continue;
            }
            let (href, title) = link(def);
            out.push_str(&text[pos..m.start()]);
            out.push_str("<a class=\"term\" href=\"");
            out.push_str(&super::html::esc(&href));
            out.push_str("\" title=\"");
            out.push_str(&super::html::esc(&title));
            out.push_str("\">");
            out.push_str(m.as_str());
            out.push_str("</a>");
            pos = m.end();
        }
        out.push_str(&text[pos..]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(g: &Glossary, text: &str) -> String {
        let mut out = String::new();
        let mut seen = HashSet::new();
        g.mark(
            text,
            &mut seen,
            None,
            &|i| (format!("/d/{i}"), format!("t{i}")),
            &mut out,
        );
        out
    }

    #[test]
    fn spellings_cover_plurals_phrases_and_abbreviations() {
        assert_eq!(
            spellings("Korrigering(er)"),
            ["Korrigering", "Korrigeringer"]
        );
        assert_eq!(
            spellings("Urettmessig informasjon (UI)"),
            ["Urettmessig informasjon", "UI"]
        );
        assert_eq!(spellings("Matchpoint (poeng)"), ["Matchpoint"]);
        assert_eq!(spellings("TL"), ["TL"]);
    }

    #[test]
    fn longest_term_wins_and_each_term_is_marked_once() {
        let g = Glossary::build([(0, "Spillefører"), (1, "Antatt spillefører"), (2, "TL")]);
        let out = marked(
            &g,
            "En antatt spillefører og en spillefører; spillefører. TL og tl.",
        );
        assert_eq!(
            out,
            "En <a class=\"term\" href=\"/d/1\" title=\"t1\">antatt spillefører</a> og en \
             <a class=\"term\" href=\"/d/0\" title=\"t0\">spillefører</a>; spillefører. \
             <a class=\"term\" href=\"/d/2\" title=\"t2\">TL</a> og tl."
        );
    }

    #[test]
    fn terms_match_at_word_boundaries_only() {
        let g = Glossary::build([(0, "Tur")]);
        assert_eq!(marked(&g, "turnering og turen"), "turnering og turen");
        assert!(marked(&g, "i tur").contains("class=\"term\""));
    }
}
