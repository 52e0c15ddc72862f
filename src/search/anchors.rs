//! Anchor texts: the names passages give the provisions they cite.
//!
//! A citing passage often says what the cited provision is about, in the
//! words TDs use and often in the other book's language (`14 (manglende
//! kort)`, `Kulørsvigt (§ 62 og 64)`). The index adds these names to the
//! cited unit, as web search adds a link's text to the page it points to;
//! for Laws 21–93, which have only their titles, they are most of what the
//! books say.

use std::collections::HashMap;

use super::analyzer::Lang;
use crate::cite::Span as CiteSpan;
use crate::corpus::{BookId, Corpus};

/// Most characters of a parenthesis taken as anchor text.
const MAX_ANCHOR_CHARS: usize = 60;
/// Most words of a parenthesis taken as anchor text.
const MAX_ANCHOR_WORDS: usize = 8;
/// Positions between two anchor texts of one unit.
pub(crate) const ANCHOR_GAP: usize = 10;

/// Anchor texts: for each cited provision (corpus index), the names other
/// passages give it, with their language. A name is the parenthesis right
/// after a cite, when it is a few plain words (`14 (manglende kort)`,
/// `jf. X78B (Neubergs formel)`): how the handbook refers to a rule by its
/// subject. This is the anchor text of web search: a citing passage says
/// what the cited one is about, often in the other book's language.
/// Quotations, numbers and cross-references in the parenthesis disqualify it.
///
/// A passage also names what it cites in two more ways, both in a
/// parenthesis around the cite: by the words before a parenthesis that
/// holds nothing but cites (`Kulørsvigt (§ 62 og 64)`, `Utilstrækkeligt
/// bud (§ 27)`: the handbook's list of the laws' subjects), and by the
/// words around `se` inside one (`(dersom utspillet er fra feil hånd se
/// 54)`, `(se 26B om utspillsbegrensninger)`). Laws 21–93 have only their
/// titles in the corpus, so these names are most of what the books say
/// about them in the words TDs use.
pub(crate) fn anchor_texts<'a>(
    corpus: &Corpus,
    units: impl Iterator<Item = (usize, &'a str, BookId)>,
) -> HashMap<usize, Vec<(Lang, String)>> {
    let mut out: HashMap<usize, Vec<(Lang, String)>> = HashMap::new();
    for (unit, body, book) in units {
        let context = &corpus.at(unit).id;
        let links = crate::cite::link(body, Some(context), corpus);
        let spans: Vec<CiteSpan> = links.iter().map(|r| r.span).collect();
        for r in &links {
            let after = body.get(r.span.end..).and_then(parenthesis);
            let around = parenthesised_name(body, r.span, &spans);
            for t in &r.targets {
                let Some(target) = t.shown().and_then(|id| corpus.index_of(id)) else {
                    continue;
                };
                if target == unit {
                    continue;
                }
                let cited = corpus.at(target);
                // The names around a parenthesis are for the provisions
                // whose text is not in the corpus, where they are most of
                // what the books say about them; a provision with its text
                // has its own words. A name that only repeats the heading
                // (`Prosedyrestraff (§ 90)`) adds nothing but weight.
                let around = around.as_deref().filter(|name| {
                    !cited.in_corpus
                        && !cited
                            .title
                            .as_deref()
                            .is_some_and(|h| h.to_lowercase().contains(&name.to_lowercase()))
                });
                for name in after.into_iter().chain(around) {
                    out.entry(target)
                        .or_default()
                        .push((Lang::of_book(book), name.to_string()));
                }
            }
        }
    }
    out
}

/// Words inside a cite's parenthesis that are no name: cue and list words.
const CITE_FILLERS: &[&str] = &[
    "§", "jf", "se", "og", "eller", "samt", "lov", "loven", "også", "men", "hhv", "dog",
];
/// Most words of a label before a parenthesis of cites (`Utilstrækkeligt bud`).
const MAX_NAME_BEFORE_WORDS: usize = 3;

/// The name a passage gives the cite at `span` through the parenthesis
/// around it (see [`anchor_texts`]), or `None`.
fn parenthesised_name(body: &str, span: CiteSpan, spans: &[CiteSpan]) -> Option<String> {
    let open = body.get(..span.start)?.rfind(['(', ')'])?;
    let close = span.end + body.get(span.end..)?.find(['(', ')'])?;
    if !body[open..].starts_with('(') || !body[close..].starts_with(')') {
        return None;
    }
    // The parenthesis with every cite in it blanked.
    let mut inner = body[open + 1..close].to_string();
    for s in spans.iter().filter(|s| s.start > open && s.end <= close) {
        let (a, b) = (s.start - open - 1, s.end - open - 1);
        inner.replace_range(a..b, &" ".repeat(b - a));
    }
    let words: Vec<&str> = inner
        .split(|c: char| c.is_whitespace() || c == ',' || c == '.')
        .filter(|w| !w.is_empty())
        .collect();
    let is_filler = |w: &str| CITE_FILLERS.contains(&w.to_lowercase().as_str());
    // Only a parenthesis that *is* the cite (`(§ 27)`, `(jf. 62 og 64)`)
    // names what stands before it; a reference (`(se 77)`) after a clause
    // only points onward, and the clause is seldom the cited rule's subject.
    let refers = words.iter().any(|w| w.eq_ignore_ascii_case("se"));
    if words.iter().all(|w| is_filler(w)) && !refers {
        // Nothing but cites: the name is the end of the clause before it.
        let clause = body[..open]
            .rsplit(['.', ',', ';', ':', '(', ')', '\n'])
            .next()?;
        // Only a label (`c. Kulørsvigt (§ 62 og 64).`), a clause of a few
        // words: the end of a longer sentence (`tildele straf for langsomt
        // spil (§ 90B2)`) is what the passage says, not a name of the rule.
        let before: Vec<&str> = clause.split_whitespace().collect();
        if before.len() > MAX_NAME_BEFORE_WORDS {
            return None;
        }
        return plain_name(&before.join(" "));
    }
    if words.iter().all(|w| is_filler(w)) {
        return None;
    }
    // `(… se CITE)`: the words before `se`; `(se CITE om …)`: those after
    // `om` or `for`.
    let local = span.start - open - 1;
    let head = inner.get(..local)?.trim_end();
    let tail = inner.get(local + (span.end - span.start)..)?.trim();
    let name = if tail.is_empty() {
        head.strip_suffix(" se")
            .or_else(|| head.strip_suffix(", se"))?
            .trim_start_matches("men ")
            .to_string()
    } else if head.trim().to_lowercase().ends_with("se") {
        let rest = tail
            .strip_prefix("om ")
            .or_else(|| tail.strip_prefix("for "))?;
        rest.to_string()
    } else {
        return None;
    };
    plain_name(&name.replace(',', " "))
}

/// `text` as a name: a few plain words, or `None`.
fn plain_name(text: &str) -> Option<String> {
    let text = text.trim();
    let plain = text
        .chars()
        .all(|c| c.is_alphabetic() || c == ' ' || c == '-' || c == '.');
    let words = text.split_whitespace().count();
    (plain && (1..=MAX_ANCHOR_WORDS).contains(&words) && text.chars().count() <= MAX_ANCHOR_CHARS)
        .then(|| text.to_string())
}

/// The plain words of a parenthesis that opens `text` (after at most one
/// space), or `None`.
fn parenthesis(text: &str) -> Option<&str> {
    let rest = text.strip_prefix(' ').unwrap_or(text).strip_prefix('(')?;
    let end = rest.find(')')?;
    let inner = rest[..end].trim();
    let plain = inner
        .chars()
        .all(|c| c.is_alphabetic() || c == ' ' || c == '-' || c == '.');
    let words = inner.split_whitespace().count();
    (plain && (1..=MAX_ANCHOR_WORDS).contains(&words) && inner.chars().count() <= MAX_ANCHOR_CHARS)
        .then_some(inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The name `parenthesised_name` gives the `i`th cite of `text`.
    fn name(text: &str, i: usize) -> Option<String> {
        let corpus = Corpus::build(&crate::corpus::embedded_sources()).corpus;
        let links = crate::cite::link(text, None, &corpus);
        let spans: Vec<CiteSpan> = links.iter().map(|r| r.span).collect();
        parenthesised_name(text, spans[i], &spans)
    }

    #[test]
    fn a_parenthesis_names_its_cite_by_the_words_around_it() {
        // Nothing but cites: the end of the clause before it.
        assert_eq!(
            name("c. Kulørsvigt (§ 62 og 64).", 0).as_deref(),
            Some("Kulørsvigt")
        );
        assert_eq!(
            name("c. Kulørsvigt (§ 62 og 64).", 1).as_deref(),
            Some("Kulørsvigt")
        );
        assert_eq!(
            name("a. Utilstrækkeligt bud (§ 27).", 0).as_deref(),
            Some("Utilstrækkeligt bud")
        );
        // The words before `se`, and those after `om` or `for`.
        assert_eq!(
            name(
                "spiller ut (dersom utspillet er fra feil hånd se 54). Perioden",
                0
            )
            .as_deref(),
            Some("dersom utspillet er fra feil hånd")
        );
        assert_eq!(
            name(
                "ytterligere korrigering (se 26B om utspillsbegrensninger).",
                0
            )
            .as_deref(),
            Some("utspillsbegrensninger")
        );
        // A reference after a clause names nothing: `(se 77)` points on.
        assert_eq!(name("mangler for å vinne kontrakten (se 77).", 0), None);
        // Numbers are no name.
        assert_eq!(name("fradrag på 8 KP (§ 212).", 0), None);
    }
}
