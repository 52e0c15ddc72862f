//! Snippets: the part of a passage that shows why it matched, with marks.
//!
//! tantivy's `SnippetGenerator` only highlights plain term matches, so words
//! found through a typo, a prefix, an ascii spelling or a compound part would
//! go unmarked. Instead the passage is re-analysed with its own language and
//! every word whose term (or compound part) the query searched for is
//! marked. Output is HTML: text escaped, matches in `<mark>…</mark>`.

/// Target length of a snippet, in characters (without the ellipses).
pub(crate) const SNIPPET_CHARS: usize = 200;
/// Characters of context kept before the first mark when the window has to
/// start inside the text.
const LEAD_CHARS: usize = 40;
const ELLIPSIS: &str = "…";

/// A snippet of `text` of about `max_chars` characters around the densest
/// group of matched words: `toks` are the byte ranges of the text's words,
/// `marks[i]` tells whether word `i` matched.
pub(crate) fn render(
    text: &str,
    toks: &[(usize, usize)],
    marks: &[bool],
    max_chars: usize,
) -> String {
    let (start, end) = window(text, toks, marks, max_chars);
    let mut out = String::with_capacity(end - start + 32);
    if start > 0 {
        out.push_str(ELLIPSIS);
    }
    let mut pos = start;
    for (tok, _) in toks
        .iter()
        .zip(marks)
        .filter(|(t, m)| **m && t.0 >= start && t.1 <= end)
    {
        escape_into(&mut out, &text[pos..tok.0]);
        out.push_str("<mark>");
        escape_into(&mut out, &text[tok.0..tok.1]);
        out.push_str("</mark>");
        pos = tok.1;
    }
    escape_into(&mut out, &text[pos..end]);
    let trimmed_len = out.trim_end().len();
    out.truncate(trimmed_len);
    if end < text.trim_end().len() {
        out.push_str(ELLIPSIS);
    }
    out
}

/// The byte range of the snippet: token boundaries only, so never inside a
/// character or a word.
fn window(text: &str, toks: &[(usize, usize)], marks: &[bool], max_chars: usize) -> (usize, usize) {
    if text.chars().count() <= max_chars || toks.is_empty() {
        return (0, cut(text, 0, toks, max_chars));
    }
    let mut best = (0usize, 0usize, usize::MAX); // (start, score, first mark)
    for (k, tok) in toks.iter().enumerate() {
        if !marks.get(k).copied().unwrap_or(false) {
            continue;
        }
        // Start a little before the mark, at a word (or at the text start).
        let mut start_tok = k;
        while start_tok > 0 && chars_between(text, toks[start_tok - 1].0, tok.0) <= LEAD_CHARS {
            start_tok -= 1;
        }
        let start = if start_tok == 0 { 0 } else { toks[start_tok].0 };
        let end = cut(text, start, toks, max_chars);
        let score = toks
            .iter()
            .zip(marks)
            .filter(|(t, m)| **m && t.0 >= start && t.1 <= end)
            .count();
        if score > best.1 {
            best = (start, score, k);
        }
    }
    let start = best.0;
    (start, cut(text, start, toks, max_chars))
}

/// The end of a window that starts at `start`: the end of the last word that
/// fits in `max_chars` characters.
fn cut(text: &str, start: usize, toks: &[(usize, usize)], max_chars: usize) -> usize {
    let limit = text[start..]
        .char_indices()
        .nth(max_chars)
        .map_or(text.len(), |(i, _)| start + i);
    if limit == text.len() {
        return text.len();
    }
    toks.iter()
        .filter(|t| t.0 >= start && t.1 <= limit)
        .map(|t| t.1)
        .next_back()
        .unwrap_or(limit)
}

fn chars_between(text: &str, from: usize, to: usize) -> usize {
    text.get(from..to).map_or(0, |s| s.chars().count())
}

/// Appends `s` HTML-escaped (with the crate's one escaper), with every run
/// of white space as one space.
fn escape_into(out: &mut String, s: &str) {
    let mut rest = s;
    while !rest.is_empty() {
        let space = rest.len() - rest.trim_start().len();
        if space > 0 {
            out.push(' ');
            rest = &rest[space..];
            continue;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        crate::cite::escape_html_into(out, &rest[..end]);
        rest = &rest[end..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::analyzer::{Analyzers, Lang};

    fn snip(text: &str, marked: &[&str], max: usize) -> String {
        let mut a = Analyzers::new();
        let toks = a.analyze(Lang::Nb, text);
        let marks: Vec<bool> = toks
            .iter()
            .map(|t| marked.contains(&t.surface.as_str()))
            .collect();
        let spans: Vec<(usize, usize)> = toks.iter().map(|t| (t.from, t.to)).collect();
        render(text, &spans, &marks, max)
    }

    #[test]
    fn marks_and_escapes() {
        assert_eq!(
            snip("Straff <b> & \"mer\"\n\nstraff", &["straff"], 200),
            "<mark>Straff</mark> &lt;b&gt; &amp; &quot;mer&quot; <mark>straff</mark>"
        );
    }

    #[test]
    fn long_text_is_cut_around_the_marks() {
        let text = format!("{} nøling {}", "ord ".repeat(100), "mer ".repeat(100));
        let s = snip(&text, &["nøling"], 60);
        assert!(s.starts_with('…') && s.ends_with('…'), "{s}");
        assert!(s.contains("<mark>nøling</mark>"), "{s}");
        assert!(s.chars().count() <= 60 + 2 + 13, "{s}");
    }

    #[test]
    fn no_marks_gives_the_start() {
        let text = "en to tre ".repeat(50);
        let s = snip(&text, &[], 30);
        assert!(s.starts_with("en to tre"), "{s}");
        assert!(s.ends_with('…'));
    }
}
