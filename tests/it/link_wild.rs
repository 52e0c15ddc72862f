//! The linker on real text: excerpts copied from public pages (appeals,
//! forums, club rules, course material, law books; English, Danish,
//! Norwegian, Swedish), each with its URL and the citations marked by hand
//! before any run (`tests/data/link-realworld.tsv`, format in its header).
//!
//! Scored per language, at the level of a marked citation:
//! - *recall*: marks that some found citation overlaps;
//! - *precision*: links (found citations that name a provision that can
//!   exist) that overlap some mark; a link in a text with no marks, or
//!   beside the marks, is a false link;
//! - *exact*: marks whose overlapping citations name exactly the marked
//!   2017 provisions (`-` for a rule the 2017 Laws do not have).
//!
//! Run with `--nocapture` to see the table and every miss.

use std::collections::{BTreeMap, BTreeSet};

use lovbok::cite::{self, Resolved, Status};
use lovbok::corpus::{Corpus, ProvisionId};

use crate::fixtures::corpus;

const SET: &str = include_str!("../data/link-realworld.tsv");

/// One excerpt and its hand-made marks.
struct Text {
    id: String,
    lang: String,
    edition: u16,
    context: Option<ProvisionId>,
    text: String,
    marks: Vec<Mark>,
}

/// A citation marked by hand: where it is written and what it names.
struct Mark {
    written: String,
    targets: BTreeSet<String>,
}

fn parse_set() -> Vec<Text> {
    let mut out = Vec::new();
    for (n, line) in SET.lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 7, "line {}: 7 columns expected", n + 1);
        let context = (!cols[3].is_empty()).then(|| {
            cols[3]
                .parse()
                .unwrap_or_else(|e| panic!("line {}: context {}: {e}", n + 1, cols[3]))
        });
        let marks = cols[6]
            .split(';')
            .filter(|m| !m.trim().is_empty())
            .map(|m| {
                let (written, targets) = m
                    .rsplit_once("=>")
                    .unwrap_or_else(|| panic!("line {}: mark {m:?} has no =>", n + 1));
                Mark {
                    written: written.to_string(),
                    targets: targets.split(',').map(|t| t.trim().to_string()).collect(),
                }
            })
            .collect();
        out.push(Text {
            id: cols[0].to_string(),
            lang: cols[1].to_string(),
            edition: cols[2]
                .parse()
                .unwrap_or_else(|e| panic!("line {}: edition: {e}", n + 1)),
            context,
            text: cols[5].to_string(),
            marks,
        });
    }
    out
}

/// Byte spans of the marks, each found after the previous one.
fn mark_spans(t: &Text) -> Vec<(usize, usize)> {
    let mut from = 0;
    t.marks
        .iter()
        .map(|m| {
            let at = t.text[from..]
                .find(&m.written)
                .map(|i| i + from)
                .unwrap_or_else(|| panic!("{}: mark {:?} is not in the text", t.id, m.written));
            from = at + m.written.len();
            (at, at + m.written.len())
        })
        .collect()
}

/// What a found citation names, in the form the marks use.
fn named(r: &Resolved) -> Vec<String> {
    r.targets
        .iter()
        .map(|t| match t.status {
            Status::NoCounterpart { .. } => "-".to_string(),
            _ => t.id.to_string(),
        })
        .collect()
}

#[derive(Default)]
struct Score {
    marks: usize,
    found_marks: usize,
    exact: usize,
    links: usize,
    right_links: usize,
    misses: Vec<String>,
}

impl Score {
    fn recall(&self) -> f64 {
        ratio(self.found_marks, self.marks)
    }
    fn precision(&self) -> f64 {
        ratio(self.right_links, self.links)
    }
    fn exact(&self) -> f64 {
        ratio(self.exact, self.marks)
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 {
        1.0
    } else {
        a as f64 / b as f64
    }
}

fn link(c: &Corpus, t: &Text) -> Vec<Resolved> {
    let edition = (t.edition != lovbok::corpus::CURRENT_EDITION).then_some(t.edition);
    let edition = edition.filter(|e| c.concordance(*e).is_some());
    cite::link_in_edition(&t.text, t.context.as_ref(), edition, c)
}

fn score(c: &Corpus, texts: &[Text]) -> BTreeMap<String, Score> {
    let mut by_lang: BTreeMap<String, Score> = BTreeMap::new();
    for t in texts {
        let s = by_lang.entry(t.lang.clone()).or_default();
        let spans = mark_spans(t);
        let found = link(c, t);
        let overlaps = |(a, b): (usize, usize), r: &Resolved| r.span.start < b && a < r.span.end;
        for r in &found {
            // A citation that names nothing that exists (`§ 102` of another
            // book) is reported as unresolved and linked nowhere: no link.
            let linked = r
                .targets
                .iter()
                .any(|t| !matches!(t.status, Status::Unresolved { .. }));
            if !linked {
                continue;
            }
            s.links += 1;
            if spans.iter().any(|&sp| overlaps(sp, r)) {
                s.right_links += 1;
            } else {
                s.misses
                    .push(format!("{} false link {:?} → {:?}", t.id, r.text, named(r)));
            }
        }
        for (m, &sp) in t.marks.iter().zip(&spans) {
            s.marks += 1;
            let hits: Vec<&Resolved> = found.iter().filter(|r| overlaps(sp, r)).collect();
            if hits.is_empty() {
                s.misses.push(format!("{} missed {:?}", t.id, m.written));
                continue;
            }
            s.found_marks += 1;
            let got: BTreeSet<String> = hits.iter().flat_map(|r| named(r)).collect();
            if got == m.targets {
                s.exact += 1;
            } else {
                s.misses.push(format!(
                    "{} {:?} named {:?}, marked {:?}",
                    t.id, m.written, got, m.targets
                ));
            }
        }
    }
    by_lang
}

#[test]
fn the_set_is_well_formed() {
    let texts = parse_set();
    assert!(texts.len() >= 150, "{} texts", texts.len());
    let negatives = texts.iter().filter(|t| t.marks.is_empty()).count();
    assert!(
        negatives * 3 >= texts.len(),
        "{negatives} of {} texts have no citation; at least a third should",
        texts.len()
    );
    let mut ids = BTreeSet::new();
    for t in &texts {
        assert!(ids.insert(t.id.clone()), "{} twice", t.id);
        mark_spans(t);
        for m in &t.marks {
            for target in &m.targets {
                assert!(
                    target == "-" || target.parse::<ProvisionId>().is_ok(),
                    "{}: {target:?} is not a cite",
                    t.id
                );
            }
        }
    }
    let langs: BTreeSet<&str> = texts.iter().map(|t| t.lang.as_str()).collect();
    assert_eq!(langs, BTreeSet::from(["da", "en", "nb", "sv"]));
}

#[test]
fn real_text_is_linked_with_high_precision_and_recall() {
    let c = corpus();
    let scores = score(&c, &parse_set());
    println!("lang  marks  recall  precision  exact");
    for (lang, s) in &scores {
        println!(
            "{lang:4}  {:5}  {:6.3}  {:9.3}  {:5.3}",
            s.marks,
            s.recall(),
            s.precision(),
            s.exact()
        );
    }
    for s in scores.values() {
        for m in &s.misses {
            println!("  {m}");
        }
    }
    for (lang, s) in &scores {
        let (recall, precision, exact) = match lang.as_str() {
            "sv" => (0.90, 0.95, 0.85),
            _ => (0.98, 0.99, 0.95),
        };
        assert!(s.recall() >= recall, "{lang}: recall {:.3}", s.recall());
        assert!(
            s.precision() >= precision,
            "{lang}: precision {:.3}",
            s.precision()
        );
        assert!(s.exact() >= exact, "{lang}: exact {:.3}", s.exact());
    }
}
