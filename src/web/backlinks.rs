/*!
"Henvist fra": the citations of a provision, with context.

A reader of `14B1` wants to know who cites it, but also who cites Law 14 as
a whole (that covers 14B1 too) and who cites a part of it (`14B1a`). So the
citations are gathered from the provision's ancestors and descendants as
well, grouped by the provision they name, and each group says how it
relates: this provision, the whole of an ancestor, or a part. Each citation
comes with the sentence it stands in, so a reader sees why without leaving
the page.

Citations from inside the provision itself are not news and are kept but
hidden. Every group and citation carries the cites of its path as data
attributes, so that the page script can regroup a whole-law page for one of
its provisions when the service worker serves the law's page for it offline.
*/

use std::collections::{BTreeMap, HashSet};

use crate::cite::Span;
use crate::corpus::{Kind, ProvisionId};
use crate::graph::{Edge, Place};
use crate::kb::url_of;

use super::i18n::{fill, Lang};
use super::render::{label_of, label_of_id};
use super::site::Site;

/// Most characters of context kept on each side of a citation.
const CONTEXT_CHARS: usize = 110;

/// How a group's cited provision relates to the page's provision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Relation {
    /// The provision itself.
    This,
    /// An ancestor, cited as a whole.
    Whole,
    /// A part of the provision.
    Part,
}

impl Relation {
    /// The name used in the page's data attributes.
    pub fn as_str(self) -> &'static str {
        match self {
            Relation::This => "this",
            Relation::Whole => "whole",
            Relation::Part => "part",
        }
    }
}

/// One citation of a provision.
#[derive(Debug, Clone)]
pub struct BacklinkView {
    pub url: String,
    pub label: String,
    pub title: Option<String>,
    pub lang: &'static str,
    /// The citing sentence: the text before the citation, the citation as
    /// written, the text after (plain text; the template escapes it).
    pub before: String,
    pub cite: String,
    pub after: String,
    /// The cites of the citing provision's path, space-separated.
    pub from_chain: String,
    /// Cited from inside the page's provision.
    pub hidden: bool,
    pub from_definition: bool,
}

/// The citations of one cited provision.
#[derive(Debug, Clone)]
pub struct BacklinkGroup {
    /// The cited provision's cite.
    pub cite: String,
    /// The cites from its root down to it, space-separated.
    pub chain: String,
    pub url: String,
    pub label: String,
    pub relation: Relation,
    /// "Cites the whole of Law 14", in the page's language.
    pub heading: String,
    /// Every citation is hidden.
    pub hidden: bool,
    pub from: Vec<BacklinkView>,
}

/// The cites from the root of `id` down to `id`, space-separated.
fn chain_of(id: &ProvisionId) -> String {
    let mut chain = vec![id.to_string()];
    let mut cur = id.numbered_parent();
    while let Some(p) = cur {
        chain.push(p.to_string());
        cur = p.numbered_parent();
    }
    chain.reverse();
    chain.join(" ")
}

/// The text a citation stands in.
fn text_of(site: &Site, e: &Edge) -> Option<String> {
    let p = site.kb().corpus().at(e.from);
    match e.place {
        Place::Block { block } => p.blocks.get(block).map(|b| b.plain()),
        Place::Footnote { footnote } => p.footnotes.get(footnote).map(|f| f.text.clone()),
        Place::Title => p.title.clone(),
    }
}

/// True when a sentence may end at byte `i` of `text` (just after `.`, `!`,
/// `?` or a line break, before white space and a capital or digit). Cue
/// abbreviations ("jf.", "pkt.") are followed by lower case or a cite, so
/// they rarely pass.
fn sentence_break(text: &str, i: usize) -> bool {
    let before = text[..i].chars().next_back();
    if before == Some('\n') {
        return true;
    }
    if !matches!(before, Some('.' | '!' | '?')) {
        return false;
    }
    let mut rest = text[i..].chars();
    match (rest.next(), rest.next()) {
        (Some(w), Some(c)) if w.is_whitespace() => c.is_uppercase() || c == '«' || c == '»',
        (None, _) => true,
        _ => false,
    }
}

/// Cuts `s` to at most [`CONTEXT_CHARS`] characters at a word boundary,
/// keeping its end (`keep_end`) or its start.
fn clip(s: &str, keep_end: bool) -> String {
    let n = s.chars().count();
    if n <= CONTEXT_CHARS {
        return s.to_string();
    }
    if keep_end {
        let skip = n - CONTEXT_CHARS;
        let tail: String = s.chars().skip(skip).collect();
        let tail = tail.split_once(' ').map_or(tail.as_str(), |(_, t)| t);
        format!("…{tail}")
    } else {
        let head: String = s.chars().take(CONTEXT_CHARS).collect();
        let head = head.rsplit_once(' ').map_or(head.as_str(), |(h, _)| h);
        format!("{head}…")
    }
}

/// The sentence around `span` in `text`: before, the citation, after.
pub(crate) fn sentence(text: &str, span: Span) -> (String, String, String) {
    let (Some(cite), true) = (span.of(text), span.start <= span.end) else {
        return (String::new(), String::new(), String::new());
    };
    let start = (0..=span.start)
        .rev()
        .filter(|&i| text.is_char_boundary(i))
        .find(|&i| i == 0 || sentence_break(text, i))
        .unwrap_or(0);
    let end = (span.end..=text.len())
        .filter(|&i| text.is_char_boundary(i))
        .find(|&i| i == text.len() || sentence_break(text, i))
        .unwrap_or(text.len());
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut before = flat(&text[start..span.start]);
    if text[..span.start].ends_with(char::is_whitespace) && !before.is_empty() {
        before.push(' ');
    }
    let mut after = flat(&text[span.end..end]);
    if text[span.end..].starts_with(char::is_whitespace) && !after.is_empty() {
        after.insert(0, ' ');
    }
    (clip(&before, true), cite.to_string(), clip(&after, false))
}

impl Site {
    /// The citations of provision `idx`, of its ancestors and of its parts,
    /// grouped by the provision they name: this one first, then its
    /// ancestors from the nearest, then its parts in reading order.
    pub(crate) fn backlinks(&self, idx: usize, ui: Lang) -> Vec<BacklinkGroup> {
        let kb = self.kb();
        let corpus = kb.corpus();
        let id = &corpus.at(idx).id;
        let descendants = corpus.descendants(idx);
        let subtree: HashSet<usize> = std::iter::once(idx)
            .chain(descendants.iter().copied())
            .collect();
        let path = corpus.path_of(idx);
        let landings = path.iter().copied().chain(descendants.iter().copied());

        // (relation, order, cite) → group; order keeps ancestors nearest
        // first and parts in reading order.
        let mut groups: BTreeMap<(Relation, usize, String), BacklinkGroup> = BTreeMap::new();
        let mut seen = HashSet::new();
        for landing in landings {
            for e in kb.graph().cited_by(landing) {
                let to = &e.to;
                let Some(relation) = relation_of(id, to) else {
                    continue;
                };
                let place = match e.place {
                    Place::Block { block } => (0, block),
                    Place::Footnote { footnote } => (1, footnote),
                    Place::Title => (2, 0),
                };
                if !seen.insert((to.clone(), e.from, e.span.start, place)) {
                    continue;
                }
                let order = match relation {
                    Relation::Whole => {
                        usize::MAX - path.iter().position(|&i| i == landing).unwrap_or(0)
                    }
                    _ => landing,
                };
                let key = (relation, order, to.to_string());
                let group = groups
                    .entry(key)
                    .or_insert_with(|| self.backlink_group(to, relation, ui));
                let hidden = subtree.contains(&e.from);
                group.hidden &= hidden;
                group.from.push(self.backlink_view(e, hidden));
            }
        }
        groups
            .into_values()
            .map(|mut g| {
                g.from.sort_by_key(|b| b.from_chain.clone());
                g.from.sort_by_key(|b| b.hidden);
                g
            })
            .collect()
    }

    /// An empty group of the citations of `to`, which stands to the page's
    /// provision as `relation` says.
    fn backlink_group(&self, to: &ProvisionId, relation: Relation, ui: Lang) -> BacklinkGroup {
        let t = ui.strings();
        let label = match self.kb().corpus().get(to) {
            Some(p) if &p.id == to => label_of(p),
            _ => label_of_id(to),
        };
        let heading = match relation {
            Relation::This => t.cites_this,
            Relation::Whole => t.cites_whole,
            Relation::Part => t.cites_part,
        };
        BacklinkGroup {
            cite: to.to_string(),
            chain: chain_of(to),
            url: self.kb().href(to),
            heading: fill(heading, &[("label", &label)]),
            label,
            relation,
            hidden: true,
            from: Vec::new(),
        }
    }

    /// One citation `e`, with the sentence it stands in.
    fn backlink_view(&self, e: &Edge, hidden: bool) -> BacklinkView {
        let kb = self.kb();
        let corpus = kb.corpus();
        let p = corpus.at(e.from);
        let (before, cite, after) = text_of(self, e)
            .map(|text| sentence(&text, e.span))
            .unwrap_or_default();
        let cite = if cite.is_empty() {
            e.text.clone()
        } else {
            cite
        };
        BacklinkView {
            url: url_of(&p.id),
            label: label_of(p),
            title: kb.title_of(e.from).filter(|title| *title != label_of(p)),
            lang: p.lang(),
            before,
            // `16C (2007-lovene) = 16D`: the citing text numbers the Laws
            // as an older edition did ("-lovene" reads the same in
            // Norwegian and Danish).
            cite: match &e.edition {
                Some(n) if n.is_mapped() => {
                    format!("{cite} ({}{EDITION_SUFFIX}) = {}", n.edition, e.to)
                }
                _ => cite,
            },
            after,
            from_chain: corpus
                .path_of(e.from)
                .into_iter()
                .map(|i| corpus.at(i).id.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            hidden,
            from_definition: p.kind == Kind::Definition,
        }
    }
}

/// How a citation of `to` relates to the page's provision `id`, if it is
/// one of the page's.
fn relation_of(id: &ProvisionId, to: &ProvisionId) -> Option<Relation> {
    if to == id {
        Some(Relation::This)
    } else if to.contains(id) {
        Some(Relation::Whole)
    } else if id.contains(to) {
        Some(Relation::Part)
    } else {
        None
    }
}

/// Follows an edition's year: "2007-lovene", the 2007 Laws.
const EDITION_SUFFIX: &str = "-lovene";

#[cfg(test)]
mod tests {
    use super::*;

    fn span_of(text: &str, needle: &str) -> Span {
        let start = text.find(needle).unwrap();
        Span {
            start,
            end: start + needle.len(),
        }
    }

    #[test]
    fn the_citing_sentence_is_cut_at_sentence_ends() {
        let text = "Første setning. Spilleren kan kreve dette, jf. 16B1, når det skjer. Tredje.";
        let (b, c, a) = sentence(text, span_of(text, "16B1"));
        assert_eq!(b, "Spilleren kan kreve dette, jf. ");
        assert_eq!(c, "16B1");
        assert_eq!(a, ", når det skjer.");
    }

    #[test]
    fn long_context_is_clipped_at_words() {
        let long = "ord ".repeat(80);
        let text = format!("{long}se 12C1 {long}");
        let (b, _, a) = sentence(&text, span_of(&text, "12C1"));
        assert!(
            b.starts_with('…') && b.chars().count() <= CONTEXT_CHARS + 1,
            "{b}"
        );
        assert!(
            a.ends_with('…') && a.chars().count() <= CONTEXT_CHARS + 2,
            "{a}"
        );
    }

    #[test]
    fn chains_run_from_the_root() {
        let id: ProvisionId = "12C1e".parse().unwrap();
        assert_eq!(chain_of(&id), "12 12C 12C1 12C1e");
    }
}
