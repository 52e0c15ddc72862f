//! Fuzz target: the citation finder and resolver on arbitrary text.
//!
//! Input: one byte choosing the context provision (none, a law, a handbook
//! section that cites the 2007 Laws, a definition) and, in its high bits,
//! the edition the text is read in (its own, 2007, 1997), then the text
//! (invalid UTF-8 is replaced). Runs `find`, `find_query`,
//! `resolve_in_edition` against the real corpus and `annotate_html`, and checks what the property tests check:
//! spans on character boundaries, sorted and disjoint; stripping the markup
//! gives the input back. Any panic is a finding.

use std::sync::LazyLock;

use lovbok::cite::{annotate_html, find, find_query, resolve_in_edition};
use lovbok::corpus::{embedded_sources, Corpus, ProvisionId};

static CORPUS: LazyLock<Corpus> = LazyLock::new(|| Corpus::build(&embedded_sources()).corpus);

const CONTEXTS: &[&str] = &[
    "12C1e",
    "X16A",
    "214A3",
    "def:Alert",
    "16D3",
    "X78D4",
    "201A",
];

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Some((&pick, rest)) = data.split_first() else {
            return;
        };
        let text = String::from_utf8_lossy(rest);
        let context: Option<ProvisionId> = CONTEXTS
            .get(usize::from(pick) % (CONTEXTS.len() + 1))
            .and_then(|c| c.parse().ok());
        let edition = [None, Some(2007), Some(1997)][usize::from(pick >> 6) % 3];
        let found = find(&text);
        let mut end = 0;
        for m in &found {
            assert!(m.span.start >= end, "overlap in {text:?}");
            assert!(m.span.start < m.span.end, "empty span in {text:?}");
            assert!(text.is_char_boundary(m.span.start) && text.is_char_boundary(m.span.end));
            assert_eq!(m.span.of(&text), Some(m.text.as_str()));
            end = m.span.end;
        }
        let resolved = resolve_in_edition(&found, context.as_ref(), edition, &*CORPUS);
        assert_eq!(resolved.len(), found.len());
        let html = annotate_html(&text, &resolved, &|id| format!("/p/{id}"));
        assert_eq!(strip(&html), text.as_ref(), "annotate changed the text");
        if let Some(q) = find_query(&text) {
            let _ = resolve_in_edition(&q, context.as_ref(), edition, &*CORPUS);
        }
    });
}

/// The text of annotated HTML: tags removed, entities decoded.
fn strip(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}
