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
/// The bytes HTML escaping replaces.
const HTML_SPECIAL: &[u8] = b"&<>\"'";

/// A word of a snippet source: its byte range, and where it starts and
/// ends counted in characters (precomputed, so that cutting a window
/// never counts characters from the start of a long text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub from: usize,
    pub to: usize,
    pub char_from: usize,
    pub char_to: usize,
}

/// The spans of `words` (byte ranges in `text`, in order), with their
/// character positions.
pub(crate) fn spans(text: &str, words: impl IntoIterator<Item = (usize, usize)>) -> Vec<Span> {
    let mut out = Vec::new();
    let (mut byte, mut chars) = (0usize, 0usize);
    let mut count_to = |to: usize| {
        chars += text.get(byte..to).map_or(0, |s| s.chars().count());
        byte = byte.max(to);
        chars
    };
    for (from, to) in words {
        let char_from = count_to(from);
        let char_to = count_to(to);
        out.push(Span {
            from,
            to,
            char_from,
            char_to,
        });
    }
    out
}

/// A snippet of `text` (`text_chars` characters long) of about
/// `max_chars` characters around the densest group of matched words:
/// `words` are its words, `marks[i]` tells whether word `i` matched.
pub(crate) fn render(
    text: &str,
    text_chars: usize,
    words: &[Span],
    marks: &[bool],
    max_chars: usize,
) -> String {
    let (start, end) = window(text, text_chars, words, marks, max_chars);
    let mut out = String::with_capacity(end - start + 32);
    if start > 0 {
        out.push_str(ELLIPSIS);
    }
    let mut pos = start;
    for (w, _) in words
        .iter()
        .zip(marks)
        .filter(|(w, m)| **m && w.from >= start && w.to <= end)
    {
        escape_into(&mut out, &text[pos..w.from]);
        out.push_str("<mark>");
        escape_into(&mut out, &text[w.from..w.to]);
        out.push_str("</mark>");
        pos = w.to;
    }
    escape_into(&mut out, &text[pos..end]);
    let trimmed_len = out.trim_end().len();
    out.truncate(trimmed_len);
    if end < text.trim_end().len() {
        out.push_str(ELLIPSIS);
    }
    out
}

/// The byte range of the snippet: word boundaries only, so never inside a
/// character or a word. The window that starts a little before a marked
/// word and holds the most marks wins (the first, on a tie).
fn window(
    text: &str,
    text_chars: usize,
    words: &[Span],
    marks: &[bool],
    max_chars: usize,
) -> (usize, usize) {
    if text_chars <= max_chars || words.is_empty() {
        return (0, cut(text, text_chars, 0, 0, words, max_chars).0);
    }
    // Marks before each word, so a window's marks are a subtraction.
    let mut before = Vec::with_capacity(words.len() + 1);
    before.push(0usize);
    for i in 0..words.len() {
        let marked = usize::from(marks.get(i).copied().unwrap_or(false));
        before.push(before[i] + marked);
    }
    let mut best = (0usize, 0usize, 0usize); // (start byte, start char, marks)
    for (k, w) in words.iter().enumerate() {
        if !marks.get(k).copied().unwrap_or(false) {
            continue;
        }
        // Start at the first word within a few characters before the mark
        // (or at the text start).
        let first = words[..k].partition_point(|p| w.char_from - p.char_from > LEAD_CHARS);
        let (start, start_char) = if first == 0 {
            (0, 0)
        } else {
            (words[first].from, words[first].char_from)
        };
        let (_, last) = cut(text, text_chars, start, start_char, words, max_chars);
        let score = before[last] - before[first];
        if score > best.2 {
            best = (start, start_char, score);
        }
    }
    let (end, _) = cut(text, text_chars, best.0, best.1, words, max_chars);
    (best.0, end)
}

/// The end of a window that starts at byte `start` (character
/// `start_char`): the end of the last word that fits in `max_chars`
/// characters, and the number of words up to it.
fn cut(
    text: &str,
    text_chars: usize,
    start: usize,
    start_char: usize,
    words: &[Span],
    max_chars: usize,
) -> (usize, usize) {
    let limit = start_char + max_chars;
    let fit = words.partition_point(|w| w.char_to <= limit);
    if limit >= text_chars {
        return (text.len(), words.len());
    }
    match fit.checked_sub(1).and_then(|i| words.get(i)) {
        Some(w) if w.from >= start => (w.to, fit),
        _ => {
            let byte = text[start..]
                .char_indices()
                .nth(max_chars)
                .map_or(text.len(), |(i, _)| start + i);
            (byte, fit)
        }
    }
}

/// Appends `s` HTML-escaped (with the crate's one escaper), with every run
/// of white space as one space.
fn escape_into(out: &mut String, s: &str) {
    // One pass: plain text is copied in runs, a run of white space becomes
    // one space, and only the special characters go through the escaper.
    let mut plain = 0;
    let mut in_space = false;
    for (i, c) in s.char_indices() {
        let special = c.is_ascii() && HTML_SPECIAL.contains(&(c as u8));
        if !special && !c.is_whitespace() {
            in_space = false;
            continue;
        }
        out.push_str(&s[plain..i]);
        plain = i + c.len_utf8();
        if special {
            crate::cite::escape_html_into(out, &s[i..plain]);
            in_space = false;
        } else if !in_space {
            out.push(' ');
            in_space = true;
        }
    }
    out.push_str(&s[plain..]);
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
        let words = spans(text, toks.iter().map(|t| (t.from, t.to)));
        render(text, text.chars().count(), &words, &marks, max)
    }

    #[test]
    fn marks_and_escapes() {
        assert_eq!(
            snip("Straff <b> & \"mer\"\n\nstraff", &["straff"], 200),
            "<mark>Straff</mark> &lt;b&gt; &amp; &quot;mer&quot; <mark>straff</mark>"
        );
    }

    #[test]
    fn escaping_collapses_each_run_of_white_space_to_one_space() {
        let esc = |s: &str| {
            let mut out = String::new();
            escape_into(&mut out, s);
            out
        };
        assert_eq!(esc(""), "");
        assert_eq!(esc("  lov\u{a0}\u{a0}16 \n\t B1 "), " lov 16 B1 ");
        assert_eq!(
            esc("a<b>&\"c\"'d'"),
            "a&lt;b&gt;&amp;&quot;c&quot;&#39;d&#39;"
        );
        assert_eq!(esc("«nøling» & <\n\n>"), "«nøling» &amp; &lt; &gt;");
        assert_eq!(esc("&&  &"), "&amp;&amp; &amp;");
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
    fn the_window_with_most_marks_wins() {
        let text = format!(
            "nøling {} straff straff straff {}",
            "ord ".repeat(60),
            "mer ".repeat(60)
        );
        let s = snip(&text, &["nøling", "straff"], 60);
        assert_eq!(s.matches("<mark>straff</mark>").count(), 3, "{s}");
        assert!(!s.contains("nøling"), "{s}");
    }

    #[test]
    fn spans_count_characters_not_bytes() {
        let text = "ærlig spill på bordet";
        let words = spans(text, [(0, 6), (7, 12), (13, 16)]);
        assert_eq!(words[0].char_to, 5);
        assert_eq!(words[2].char_from, 12);
        assert_eq!(words[2].char_to, 14);
    }

    #[test]
    fn no_marks_gives_the_start() {
        let text = "en to tre ".repeat(50);
        let s = snip(&text, &[], 30);
        assert!(s.starts_with("en to tre"), "{s}");
        assert!(s.ends_with('…'));
    }
}
