//! The word audit: every word of the transcript's book pages must be in the
//! output, counted as a multiset (order does not matter, because transcripts
//! scramble the order of text around page breaks). It counts as
//! `corpus-audit` does: runs of two or more letters, lower-cased.

use std::collections::BTreeMap;

use serde::Serialize;

/// Source words against output words.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Audit {
    pub source_words: usize,
    pub missing_total: usize,
    pub extra_total: usize,
    /// `word×count` for each word the output lacks.
    pub missing: Vec<String>,
    /// `word×count` for each word the output has more of than the source.
    pub extra: Vec<String>,
}

impl Audit {
    /// Share of the source words found in the output, in percent.
    pub fn share(&self) -> f64 {
        if self.source_words == 0 {
            return 0.0;
        }
        100.0 * (self.source_words - self.missing_total) as f64 / self.source_words as f64
    }
}

/// The words of `text` as the audit counts them.
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in text.chars() {
        if c.is_alphabetic() {
            cur.push(c);
        } else {
            if cur.chars().count() >= 2 {
                out.push(cur.to_lowercase());
            }
            cur.clear();
        }
    }
    if cur.chars().count() >= 2 {
        out.push(cur.to_lowercase());
    }
    out
}

/// Compares the words of the source pages with those of the written files
/// (markdown comments, which hold page markers and directives, excluded).
pub fn audit(source: &str, output_files: &[(String, String)]) -> Audit {
    let mut have: BTreeMap<String, isize> = BTreeMap::new();
    for w in words(source) {
        *have.entry(w).or_default() += 1;
    }
    let source_words = have.values().sum::<isize>() as usize;
    for (_, text) in output_files {
        for w in words(&strip_comments(&without_front_matter(text))) {
            *have.entry(w).or_default() -= 1;
        }
    }
    let mut missing = Vec::new();
    let mut extra = Vec::new();
    let (mut missing_total, mut extra_total) = (0, 0);
    for (w, c) in have {
        if c > 0 {
            missing_total += c as usize;
            missing.push(format!("{w}×{c}"));
        } else if c < 0 {
            extra_total += (-c) as usize;
            extra.push(format!("{w}×{}", -c));
        }
    }
    Audit {
        source_words,
        missing_total,
        extra_total,
        missing,
        extra,
    }
}

/// The text below the front matter, plus the front matter's chapter line
/// (which is the book's own words, moved there).
fn without_front_matter(md: &str) -> String {
    let Some((front, body)) = md.strip_prefix("---\n").and_then(|rest| {
        rest.find("\n---\n")
            .map(|end| (&rest[..end], &rest[end + 5..]))
    }) else {
        return md.to_string();
    };
    let chapter = front
        .lines()
        .find_map(|l| l.strip_prefix("chapter:"))
        .unwrap_or("");
    format!("{chapter}\n{body}")
}

fn strip_comments(md: &str) -> String {
    let mut out = String::with_capacity(md.len());
    let mut rest = md;
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        match rest[start..].find("-->") {
            Some(end) => rest = &rest[start + end + 3..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_lost_and_added_words() {
        let files = vec![(
            "a.md".to_string(),
            "Kort kort <!-- page 2 --> ekstra".to_string(),
        )];
        let a = audit("kort kort tapt", &files);
        assert_eq!(a.source_words, 3);
        assert_eq!(a.missing, vec!["tapt×1".to_string()]);
        assert_eq!(a.extra, vec!["ekstra×1".to_string()]);
    }
}
