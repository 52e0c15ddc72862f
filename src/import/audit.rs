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
    /// Words of text set aside as not the book's (not in `source_words`).
    pub set_aside: usize,
    pub missing_total: usize,
    pub extra_total: usize,
    /// `word×count` for each word the output lacks.
    pub missing: Vec<String>,
    /// `word×count` for each word the output has more of than the source.
    pub extra: Vec<String>,
}

impl Audit {
    /// The figures in one line, as the CLI prints them and the report
    /// opens its audit with.
    pub fn summary(&self) -> String {
        format!(
            "{} source words, {} in the output ({:.2} %), {} missing, {} extra; {} set aside as not the book's text",
            self.source_words,
            self.source_words - self.missing_total,
            self.share(),
            self.missing_total,
            self.extra_total,
            self.set_aside
        )
    }

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
/// `set_aside` is text of the pages the importer showed is not the book's
/// (a transcriber's placeholder): its words are taken out of the source,
/// once each, and counted apart.
pub fn audit(source: &str, set_aside: &[String], output_files: &[(String, String)]) -> Audit {
    let mut have: BTreeMap<String, isize> = BTreeMap::new();
    for w in words(source) {
        *have.entry(w).or_default() += 1;
    }
    let mut aside = 0;
    for w in set_aside.iter().flat_map(|t| words(t)) {
        if let Some(c) = have.get_mut(&w).filter(|c| **c > 0) {
            *c -= 1;
            aside += 1;
        }
    }
    let source_words = have.values().sum::<isize>() as usize;
    for (_, text) in output_files {
        for w in words(&strip_comments(&without_front_matter(text))) {
            *have.entry(w).or_default() -= 1;
        }
    }
    account_for_splits(&mut have);
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
        set_aside: aside,
        missing_total,
        extra_total,
        missing,
        extra,
    }
}

/// Most words a glued source word is split into.
const MAX_SPLIT_PARTS: usize = 3;

/// A glued source word (`TLskal`) that the output writes as two or three
/// words it has left over (`TL skal`) is accounted for by them: splitting
/// it lost nothing. Each such use takes one of each part from the extras.
fn account_for_splits(have: &mut BTreeMap<String, isize>) {
    let glued: Vec<(String, isize)> = have
        .iter()
        .filter(|(_, &c)| c > 0)
        .map(|(w, &c)| (w.clone(), c))
        .collect();
    for (word, count) in glued {
        for _ in 0..count {
            let Some(parts) = split_into_extras(&word, have, MAX_SPLIT_PARTS) else {
                break;
            };
            for p in parts {
                *have.entry(p).or_default() += 1;
            }
            *have.entry(word.clone()).or_default() -= 1;
        }
    }
}

/// `word` as 2..=`max` words the output has more of than the source, each
/// of at least two letters, the first such split found.
fn split_into_extras(
    word: &str,
    have: &BTreeMap<String, isize>,
    max: usize,
) -> Option<Vec<String>> {
    let is_extra = |w: &str| have.get(w).is_some_and(|&c| c < 0);
    let cuts: Vec<usize> = word.char_indices().map(|(i, _)| i).skip(2).collect();
    for &cut in &cuts {
        let (head, tail) = word.split_at(cut);
        if !is_extra(head) || tail.chars().count() < 2 {
            continue;
        }
        if is_extra(tail) {
            return Some(vec![head.to_string(), tail.to_string()]);
        }
        if max > 2 {
            if let Some(mut rest) = split_into_extras(tail, have, max - 1) {
                rest.insert(0, head.to_string());
                return Some(rest);
            }
        }
    }
    None
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
        let a = audit("kort kort tapt", &[], &files);
        assert_eq!(a.source_words, 3);
        assert_eq!(a.missing, vec!["tapt×1".to_string()]);
        assert_eq!(a.extra, vec!["ekstra×1".to_string()]);
    }

    #[test]
    fn a_glued_word_split_in_the_output_is_accounted_for() {
        let files = vec![("a.md".to_string(), "TL skal spille".to_string())];
        let a = audit("TLskal spille", &[], &files);
        assert!(a.missing.is_empty(), "{:?}", a.missing);
        assert!(a.extra.is_empty(), "{:?}", a.extra);
        // A glued word whose parts the output does not have is still lost.
        let a = audit(
            "TLskal spille",
            &[],
            &[("a.md".to_string(), "TL spille".to_string())],
        );
        assert_eq!(a.missing, vec!["tlskal×1".to_string()]);
    }

    #[test]
    fn text_set_aside_is_counted_apart_not_lost() {
        let files = vec![("a.md".to_string(), "efter tabellen […]".to_string())];
        let a = audit(
            "efter tabellen ((Indsæt tabel her))",
            &["((Indsæt tabel her))".to_string()],
            &files,
        );
        assert!(a.missing.is_empty(), "{:?}", a.missing);
        assert_eq!((a.source_words, a.set_aside), (2, 3));
    }
}
