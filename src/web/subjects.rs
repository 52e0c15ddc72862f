//! The subject index's pages: `/stikkord` (every subject A–Å, filterable
//! as you type), `/hva-har-skjedd` (the situation picker: when → what
//! happened → the provisions), and the subjects a provision page lists.
//!
//! The index is lovbok's own words, so every place it shows says so, in
//! an `<aside>` of its own, never inside a provision's text. Both pages
//! are single documents that work without JavaScript (the picker is nested
//! `<details>`, the filter only hides rows), so the service worker stores
//! them like any other page and they work offline.

use askama::Template;

use crate::corpus::{Group, Subject, SubjectIndex, TermLang};

use super::i18n::{fill, Lang, Strings};
use super::pages::{Chrome, LinkView, SubjectChip};
use super::{Site, UiContext};

/// The URL of the subject index page.
pub const SUBJECTS_PATH: &str = "/stikkord";
/// The URL of the situation picker.
pub const WHAT_PATH: &str = "/hva-har-skjedd";

/// One subject as the index page shows it.
#[derive(Debug, Clone)]
pub struct SubjectView {
    pub anchor: String,
    /// Its name in the interface language.
    pub name: String,
    pub group: &'static str,
    pub nb: String,
    pub da: String,
    pub en: String,
    pub cites: Vec<LinkView>,
    /// Related subjects: (anchor, name).
    pub see: Vec<(String, String)>,
    pub evidence: Vec<String>,
}

/// The subjects under one initial letter.
#[derive(Debug, Clone)]
pub struct SubjectLetter {
    pub letter: char,
    pub anchor: String,
    pub entries: Vec<SubjectView>,
}

/// `/stikkord`.
#[derive(Template)]
#[template(path = "subjects.html")]
pub struct SubjectsPage {
    pub chrome: Chrome,
    pub count: String,
    pub letters: Vec<(char, Option<String>)>,
    pub groups: Vec<SubjectLetter>,
}

/// A subject in the picker: its name and its provisions.
#[derive(Debug, Clone)]
pub struct PickView {
    pub anchor: String,
    pub name: String,
    pub cites: Vec<LinkView>,
}

/// One "when" of the picker.
#[derive(Debug, Clone)]
pub struct WhenView {
    pub slug: &'static str,
    pub label: &'static str,
    pub subjects: Vec<PickView>,
}

/// `/hva-har-skjedd`.
#[derive(Template)]
#[template(path = "whathappened.html")]
pub struct WhatHappenedPage {
    pub chrome: Chrome,
    pub groups: Vec<WhenView>,
}

/// The letters of the index.
const ALPHABET: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZÆØÅ";

/// The label of a group in the interface language.
pub fn group_label(t: &'static Strings, g: Group) -> &'static str {
    match g {
        Group::BeforeAuction => t.group_before_auction,
        Group::Auction => t.group_auction,
        Group::Lead => t.group_lead,
        Group::Play => t.group_play,
        Group::EndOfPlay => t.group_end_of_play,
        Group::Scoring => t.group_scoring,
        Group::Conduct => t.group_conduct,
    }
}

/// The URL of a subject in the index.
pub fn subject_url(s: &Subject) -> String {
    format!("{SUBJECTS_PATH}#{}", s.slug())
}

/// The terms of one language, joined for reading.
fn terms_in(s: &Subject, lang: TermLang) -> String {
    s.terms
        .iter()
        .filter(|t| t.lang == lang)
        .map(|t| t.text.as_str())
        .collect::<Vec<_>>()
        .join(" · ")
}

impl Site {
    fn cite_links(&self, s: &Subject) -> Vec<LinkView> {
        let corpus = self.kb().corpus();
        s.cites
            .iter()
            .filter_map(|c| corpus.index_of(c))
            .map(|i| self.link_view(i))
            .collect()
    }

    fn subject_view(&self, s: &Subject, index: &SubjectIndex, ui: Lang) -> SubjectView {
        let t = ui.strings();
        SubjectView {
            anchor: s.slug(),
            name: s.name_in(ui.code()).to_string(),
            group: group_label(t, s.group),
            nb: terms_in(s, TermLang::Nb),
            da: terms_in(s, TermLang::Da),
            en: terms_in(s, TermLang::En),
            cites: self.cite_links(s),
            see: s
                .see
                .iter()
                .filter_map(|n| index.by_name(n))
                .map(|o| (o.slug(), o.name_in(ui.code()).to_string()))
                .collect(),
            evidence: s
                .evidence
                .iter()
                .map(|e| match e {
                    crate::corpus::subjects::Evidence::Wbf2017 { paragraph } => {
                        fill(t.subject_wbf, &[("cite", paragraph)])
                    }
                    other => other.to_string(),
                })
                .collect(),
        }
    }

    /// Every subject of the index, A–Å in the interface language.
    pub fn subjects_page(&self, ctx: &UiContext) -> Result<String, askama::Error> {
        let ui = ctx.lang;
        let index = self.kb().corpus().subjects();
        let mut views: Vec<SubjectView> = index
            .entries()
            .iter()
            .map(|s| self.subject_view(s, index, ui))
            .collect();
        views.sort_by_cached_key(|v| crate::corpus::subjects::collation_key(&v.name));
        let mut groups: Vec<SubjectLetter> = Vec::new();
        for v in views {
            let letter = v
                .name
                .chars()
                .next()
                .and_then(|c| c.to_uppercase().next())
                .unwrap_or('#');
            match groups.last_mut() {
                Some(g) if g.letter == letter => g.entries.push(v),
                _ => groups.push(SubjectLetter {
                    letter,
                    anchor: format!("stikkord-{}", letter.to_lowercase()),
                    entries: vec![v],
                }),
            }
        }
        let letters = ALPHABET
            .chars()
            .map(|c| {
                let anchor = groups
                    .iter()
                    .find(|g| g.letter == c)
                    .map(|g| g.anchor.clone());
                (c, anchor)
            })
            .collect();
        SubjectsPage {
            chrome: Chrome::new(Some(self), ctx, "subjects"),
            count: fill(
                ui.strings().subjects_count,
                &[
                    ("n", &index.entries().len().to_string()),
                    ("terms", &index.term_count().to_string()),
                ],
            ),
            letters,
            groups,
        }
        .render()
    }

    /// The situation picker: the index's groups in the order of a board,
    /// each with its subjects A–Å and their provisions.
    pub fn what_happened_page(&self, ctx: &UiContext) -> Result<String, askama::Error> {
        let ui = ctx.lang;
        let t = ui.strings();
        let index = self.kb().corpus().subjects();
        let groups = Group::ALL
            .into_iter()
            .map(|g| {
                let mut subjects: Vec<PickView> = index
                    .entries()
                    .iter()
                    .filter(|s| s.group == g)
                    .map(|s| PickView {
                        anchor: format!("{}-{}", g.as_str(), s.slug()),
                        name: s.name_in(ui.code()).to_string(),
                        cites: self.cite_links(s),
                    })
                    .collect();
                subjects.sort_by_cached_key(|p| crate::corpus::subjects::collation_key(&p.name));
                WhenView {
                    slug: g.as_str(),
                    label: group_label(t, g),
                    subjects,
                }
            })
            .filter(|w| !w.subjects.is_empty())
            .collect();
        WhatHappenedPage {
            chrome: Chrome::new(Some(self), ctx, "subjects"),
            groups,
        }
        .render()
    }

    /// The subjects of a provision: the entries that cite it, then those
    /// that cite its parts or the provisions above it, each once.
    pub(crate) fn subject_chips(&self, idx: usize, ui: Lang) -> Vec<SubjectChip> {
        let corpus = self.kb().corpus();
        let index = corpus.subjects();
        let path = corpus.path_of(idx);
        let below = corpus.descendants(idx);
        let mut ranked: Vec<(u8, usize, &Subject)> = Vec::new();
        for s in index.entries() {
            let rank = s
                .cites
                .iter()
                .enumerate()
                .filter_map(|(k, c)| {
                    let i = corpus.index_of(c)?;
                    let tier = if i == idx {
                        0
                    } else if below.contains(&i) {
                        1
                    } else if path.contains(&i) {
                        2
                    } else {
                        return None;
                    };
                    Some((tier, k))
                })
                .min();
            if let Some((tier, k)) = rank {
                ranked.push((tier, k, s));
            }
        }
        ranked.sort_by(|a, b| {
            (a.0, a.1)
                .cmp(&(b.0, b.1))
                .then_with(|| a.2.name.cmp(&b.2.name))
        });
        ranked
            .into_iter()
            .map(|(_, _, s)| SubjectChip {
                url: subject_url(s),
                name: s.name_in(ui.code()).to_string(),
            })
            .collect()
    }
}
