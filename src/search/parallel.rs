/*!
Search in the parallel texts (further editions or languages of the Laws).

The ranked search (`index`) stays on the built-in text: its analyzers,
thesaurus and judged queries are Norwegian and Danish, and an English text
in the same index would shift every score the evaluation holds. A parallel
text is small (a book of 93 laws at most), so it is searched here by a plain
scan instead: a provision matches when each word of the query starts a word
of its title or text (case and diacritics as written), and hits are ordered
by how many of the query's words they hold, then in reading order. Each hit
names its parallel text, so no front end can show it as the built-in text.
*/

use crate::corpus::{Corpus, ParallelText};

use super::SearchQuery;

/// Most hits from the parallel texts one search returns.
pub const MAX_PARALLEL_HITS: usize = 10;

/// Shortest query word matched as a prefix; shorter ones match whole words.
const MIN_PREFIX: usize = 4;

/// One provision of a parallel text that the query's words are all in.
#[derive(Clone, Debug, PartialEq)]
pub struct ParallelHit {
    /// Index of the parallel text in [`Corpus::parallels`].
    pub text: usize,
    /// Index of the provision in that text's own corpus.
    pub index: usize,
    /// How many times the query's words occur (ties keep reading order).
    pub score: usize,
    /// About 200 characters of the provision, HTML-escaped, the matched
    /// words in `<mark>…</mark>`.
    pub snippet: String,
}

/// The words of a text, lower-cased, with their byte ranges.
fn words(text: &str) -> Vec<(String, usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                out.push((text[s..i].to_lowercase(), s, i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

fn matches(word: &str, query_word: &str) -> bool {
    if query_word.chars().count() >= MIN_PREFIX {
        word.starts_with(query_word)
    } else {
        word == query_word
    }
}

/// The provisions of every parallel text of `corpus` that hold each word of
/// `query`, best first, at most `limit` ([`MAX_PARALLEL_HITS`] at most).
pub fn search_parallels(corpus: &Corpus, query: &SearchQuery, limit: usize) -> Vec<ParallelHit> {
    let wanted: Vec<String> = words(query.as_str()).into_iter().map(|w| w.0).collect();
    if wanted.is_empty() {
        return Vec::new();
    }
    let mut hits = Vec::new();
    for (t, text) in corpus.parallels().iter().enumerate() {
        hits.extend(search_one(t, text, &wanted));
    }
    hits.sort_by_key(|h| std::cmp::Reverse(h.score));
    hits.truncate(limit.min(MAX_PARALLEL_HITS));
    hits
}

fn search_one(t: usize, text: &ParallelText, wanted: &[String]) -> Vec<ParallelHit> {
    let mut out = Vec::new();
    for (index, p) in text.corpus.provisions().iter().enumerate() {
        let body = match &p.title {
            Some(title) if p.blocks.is_empty() => title.clone(),
            Some(title) => format!("{title}. {}", p.text()),
            None => p.text(),
        };
        let found = words(&body);
        let hits_of = |q: &String| found.iter().filter(|w| matches(&w.0, q)).count();
        let counts: Vec<usize> = wanted.iter().map(hits_of).collect();
        if counts.contains(&0) {
            continue;
        }
        let marked: Vec<(usize, usize)> = found
            .iter()
            .filter(|w| wanted.iter().any(|q| matches(&w.0, q)))
            .map(|w| (w.1, w.2))
            .collect();
        out.push(ParallelHit {
            text: t,
            index,
            score: counts.iter().sum(),
            snippet: snippet(&body, &marked),
        });
    }
    out
}

/// About 200 characters around the first matched word, escaped, with the
/// matched words marked.
fn snippet(body: &str, marked: &[(usize, usize)]) -> String {
    const WIDTH: usize = 200;
    let first = marked.first().map_or(0, |m| m.0);
    let mut start = if first < WIDTH / 2 {
        0
    } else {
        first - WIDTH / 3
    };
    while !body.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + WIDTH).min(body.len());
    while !body.is_char_boundary(end) {
        end += 1;
    }
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    let mut at = start;
    for &(s, e) in marked.iter().filter(|m| m.0 >= start && m.1 <= end) {
        out.push_str(&escape(&body[at..s]));
        out.push_str("<mark>");
        out.push_str(&escape(&body[s..e]));
        out.push_str("</mark>");
        at = e;
    }
    out.push_str(&escape(&body[at..end]));
    if end < body.len() {
        out.push('…');
    }
    out
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_lower_cased_with_their_ranges() {
        let w = words("Fixture: Ørnen, ørn!");
        assert_eq!(w[1], ("ørnen".to_string(), 9, 15));
        assert_eq!(w.len(), 3);
    }

    #[test]
    fn long_query_words_match_prefixes_short_ones_whole_words() {
        assert!(matches("revokes", "revoke"));
        assert!(!matches("often", "of"));
        assert!(matches("of", "of"));
    }

    #[test]
    fn snippets_escape_and_mark() {
        let body = "a <b> revoke here";
        assert_eq!(
            snippet(body, &[(6, 12)]),
            "a &lt;b&gt; <mark>revoke</mark> here"
        );
    }
}
