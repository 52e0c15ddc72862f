//! The definitions: a run of terms, each followed by its text, with no
//! label or line break between them in a transcript. The book's own order
//! finds them: the terms are alphabetical, so the longest run of
//! capitalised words in alphabetical order (by their first three letters,
//! `æ ø å` last) is the list of terms; a word that breaks the order is text.

use super::report::Report;
use super::structure::{Node, Part};
use super::text::{Tok, PREPOSITIONS};

/// The level of a definition node (rendered as `## Term`).
pub const TERM: u8 = 5;

fn key(w: &str) -> String {
    w.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .take(3)
        .map(|c| match c {
            'æ' => '{',
            'ø' => '|',
            'å' => '}',
            c => c,
        })
        .collect()
}

fn upper(w: &str) -> bool {
    w.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() && c.is_uppercase())
}

/// The chain of term positions: the longest alphabetical run of capitalised
/// words (a word after a full stop counts a little more, to break ties).
fn chain(toks: &[Tok]) -> Vec<usize> {
    // A capitalised word right after a preposition ("for Norsk
    // Bridgeforbund") is a name in the text, not a term.
    let cands: Vec<usize> = (0..toks.len())
        .filter(|&i| upper(&toks[i].w))
        .filter(|&i| i == 0 || !PREPOSITIONS.contains(&toks[i - 1].w.as_str()))
        .collect();
    let keys: Vec<String> = cands.iter().map(|&i| key(&toks[i].w)).collect();
    let weight = |i: usize| {
        let after_stop = i == 0 || toks[i - 1].w.ends_with(['.', ')', ':', '»']);
        if after_stop {
            101
        } else {
            100
        }
    };
    let mut best: Vec<(u32, Option<usize>)> = Vec::with_capacity(cands.len());
    for a in 0..cands.len() {
        let mut here = (weight(cands[a]), None);
        for b in 0..a {
            // A term has text of its own: two terms never stand side by side.
            let apart = cands[a] > cands[b] + 1;
            if apart && keys[b] <= keys[a] && best[b].0 + weight(cands[a]) > here.0 {
                here = (best[b].0 + weight(cands[a]), Some(b));
            }
        }
        best.push(here);
    }
    let Some(mut at) = (0..best.len()).max_by_key(|&k| best[k].0) else {
        return Vec::new();
    };
    let mut out = vec![cands[at]];
    while let Some(prev) = best[at].1 {
        out.push(cands[prev]);
        at = prev;
    }
    out.reverse();
    out
}

/// Where a term starting at `i` ends (exclusive): a closed parenthesis
/// after it belongs to it ("Matchpoint (poeng)"), and so do capitalised
/// words up to one ("International Match Point (IMP)"); one lower-case
/// word belongs to it when the text starts right after that word
/// ("Framvist kort Et kort ..."), and so does a word that is itself a
/// term (`terms`).
fn term_end(toks: &[Tok], i: usize, limit: usize, terms: &[String]) -> usize {
    let closed = |w: &str| w.starts_with('(') && w.ends_with(')');
    let text_start = |k: usize| {
        k >= limit
            || toks.get(k).is_some_and(|t| {
                upper(&t.w)
                    || t.w.starts_with('(')
                    || t.w.ends_with('.')
                        && t.w[..t.w.len() - 1].chars().all(|c| c.is_ascii_digit())
            })
    };
    if let Some(p) = (i + 1..limit.min(i + 5)).find(|&k| closed(&toks[k].w)) {
        if toks[i + 1..p]
            .iter()
            .all(|t| upper(&t.w) || t.w.chars().all(char::is_lowercase))
        {
            return p + 1;
        }
    }
    let next = toks.get(i + 1).map(|t| t.w.as_str()).unwrap_or("");
    let word = next.chars().all(char::is_lowercase) && next.chars().count() > 2;
    // A term built on another term ("Antatt spillefører": Spillefører is
    // defined too) takes that word.
    if i + 1 < limit && word && terms.iter().any(|t| t.to_lowercase() == next) {
        return i + 2;
    }
    if i + 1 < limit && word && text_start(i + 2) {
        if toks.get(i + 2).is_some_and(|t| closed(&t.w)) {
            return i + 3;
        }
        return i + 2;
    }
    i + 1
}

/// Splits the text of the definitions part into one node per term.
pub fn split(part: &mut Part, report: &mut Report) {
    let toks = std::mem::take(&mut part.intro);
    let starts = chain(&toks);
    if starts.is_empty() {
        part.intro = toks;
        return;
    }
    // A definition's text may open a sentence with its own term
    // ("Spillperioden ... Spillernes ... Spillperioden avsluttes"): when a
    // term comes again, everything since its first place is its text.
    let mut starts_kept: Vec<usize> = Vec::with_capacity(starts.len());
    for &s in &starts {
        match starts_kept.iter().position(|&p| toks[p].w == toks[s].w) {
            Some(j) => {
                report.unsure(toks[s].page, &format!("\"{}\" comes again: read it and what stands between as the text of that term", toks[s].w));
                starts_kept.truncate(j + 1);
            }
            None => starts_kept.push(s),
        }
    }
    let starts = starts_kept;
    let words: Vec<String> = starts.iter().map(|&s| toks[s].w.clone()).collect();
    part.intro = toks[..starts[0]].to_vec();
    for (k, &s) in starts.iter().enumerate() {
        let limit = starts.get(k + 1).copied().unwrap_or(toks.len());
        let end = term_end(&toks, s, limit, &words);
        let term = toks[s..end]
            .iter()
            .map(|t| t.w.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        if end - s > 1 {
            report.unsure(
                toks[s].page,
                &format!(
                    "definition term read as \"{term}\" (the words after a term may be its text)"
                ),
            );
        }
        part.nodes.push(Node {
            level: TERM,
            label: term,
            title: None,
            words: toks[end..limit].to_vec(),
        });
    }
    report.repair(
        toks[0].page,
        &format!(
            "{} definition terms found by their alphabetical order",
            starts.len()
        ),
    );
    for node in &mut part.nodes {
        restore_sense_number(node, report);
    }
}

/// A definition with numbered senses (its text opens with `1.`) and no
/// `2.`, whose text goes on after lost words (`[…]`) with a new sentence:
/// the source lost sense 2's number with those words; restored from the
/// sequence.
fn restore_sense_number(node: &mut Node, report: &mut Report) {
    let words = &node.words;
    if words.first().is_none_or(|t| t.w != "1.") || words.iter().any(|t| t.w == "2.") {
        return;
    }
    let Some(k) = (1..words.len()).find(|&k| words[k - 1].w == "[…]" && upper(&words[k].w))
    else {
        return;
    };
    let page = words[k].page;
    report.repair(
        page,
        &format!(
            "sense number 2 of \"{}\" lost with the words before \"{}\": restored from the sequence (sense 1 is numbered)",
            node.label, words[k].w
        ),
    );
    node.words.insert(
        k,
        Tok {
            w: "2.".into(),
            page,
        },
    );
}
