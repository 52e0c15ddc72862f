//! The subject index's page, `/stikkord` (every subject A–Å, filterable as
//! you type), and the subjects a provision page lists; the situation
//! picker (`/hva-har-skjedd`) is `web::what_happened`.
//!
//! The index is lovbok's own words, so every place it shows says so, in
//! an `<aside>` of its own, never inside a provision's text. Both pages
//! are single documents that work without JavaScript (the picker is nested
//! `<details>`, the filter only hides rows), so the service worker stores
//! them like any other page and they work offline.

use askama::Template;

use crate::corpus::{Group, Subject, SubjectIndex, TermLang};

use super::chrome::{Chrome, Links, UiContext};
use super::i18n::{fill, Lang, Strings};
use super::site::Site;
use super::views::{LinkView, ALPHABET};

/// A subject of lovbok's index on a provision page: a link into the index.
#[derive(Debug, Clone)]
pub struct SubjectChip {
    pub url: String,
    pub name: String,
}

/// One subject as the index page shows it.
#[derive(Debug, Clone)]
pub struct SubjectView {
    pub anchor: String,
    /// Its name in the interface language.
    pub name: String,
    /// Its group, and any further groups the picker lists it under.
    pub group: String,
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
pub fn subject_url(links: &Links, s: &Subject) -> String {
    format!("{}#{}", links.subjects, s.slug())
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
    /// The links to a subject's provisions.
    pub(crate) fn cite_links(&self, s: &Subject) -> Vec<LinkView> {
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
            group: std::iter::once(s.group)
                .chain(s.also_in.iter().copied())
                .map(|g| group_label(t, g))
                .collect::<Vec<_>>()
                .join(" · "),
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
            chrome: Chrome::new(&self.frame(), ctx, "subjects"),
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
                url: subject_url(self.links(), s),
                name: s.name_in(ui.code()).to_string(),
            })
            .collect()
    }
}
