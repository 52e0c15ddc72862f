//! What a title-only law's page shows instead of its text: for each WBF
//! 2017 paragraph the subject index names under the law, the situations
//! (subjects) it decides, each with its evidence as the index holds it,
//! and a link to the WBF's public text of the Laws.
//!
//! The source holds only the titles of Laws 21-93, but a director at the
//! table needs to know which paragraph governs ("55B: declarer's lead
//! withdrawn"). The index knows, in lovbok's own words; this section shows
//! it, labelled as the index's and never as the law's text.

use std::collections::BTreeMap;

use crate::corpus::paragraphs::{is_title_only_law_cite, law_of};
use crate::corpus::subjects::Evidence;
use crate::corpus::{ProvisionId, Subject};

use super::super::i18n::fill;
use super::super::render::label_of;
use super::super::site::Site;
use super::super::subjects::subject_url;
use super::At;

/// The WBF's public text of the 2017 Laws (English), where a title-only
/// law's own words can be read.
pub const WBF_LAWS_2017_URL: &str =
    "https://www.worldbridge.org/wp-content/uploads/2017/03/2017LawsofDuplicateBridge-nohighlights.pdf";

/// One subject under a paragraph: its name (a link into the index) and
/// the evidence the index gives beyond the law's own title.
#[derive(Debug, Clone)]
pub struct GoverningSubject {
    pub url: String,
    pub name: String,
    pub evidence: Vec<String>,
}

/// One paragraph of the law and the subjects it decides.
#[derive(Debug, Clone)]
pub struct GoverningParagraph {
    /// The cite (`55B`), or the law's number for subjects that name no
    /// paragraph of it.
    pub cite: String,
    /// What the list shows for it: `55B`, or "the whole law".
    pub label: String,
    pub subjects: Vec<GoverningSubject>,
}

/// The section of a title-only law's page.
#[derive(Debug, Clone)]
pub struct GoverningView {
    pub heading: String,
    pub note: &'static str,
    pub paragraphs: Vec<GoverningParagraph>,
    pub wbf_url: &'static str,
    pub wbf_link: String,
}

impl Site {
    /// The paragraphs of the title-only law the page shows, with the
    /// subjects each decides; `None` for a provision with text, or a law
    /// no subject names.
    pub(super) fn governing_view(&self, at: &At<'_>) -> Option<GoverningView> {
        let corpus = self.kb().corpus();
        let top = corpus.at(at.top_idx);
        if top.in_corpus || !is_title_only_law_cite(&top.id) {
            return None;
        }
        let law = law_of(&top.id)?;
        let list = corpus.paragraphs_2017();
        // Keyed by place in the Laws, then cite (a corpus without the list
        // places every paragraph last; the cite still keeps them apart).
        let mut by_paragraph: BTreeMap<(u16, usize, String), (ProvisionId, Vec<&Subject>)> =
            BTreeMap::new();
        for s in corpus.subjects().entries() {
            for p in paragraphs_in_law(s, law, &top.id) {
                // The law's paragraphs in the order of the Laws, then the
                // subjects that name none of them.
                let (l, place) = if p == top.id {
                    (law, usize::MAX)
                } else {
                    list.position(&p)
                };
                let key = (l, place, p.to_string());
                by_paragraph
                    .entry(key)
                    .or_insert_with(|| (p.clone(), Vec::new()))
                    .1
                    .push(s);
            }
        }
        if by_paragraph.is_empty() {
            return None;
        }
        let t = at.t;
        let label = label_of(top);
        let paragraphs = by_paragraph
            .into_values()
            .map(|(p, subjects)| GoverningParagraph {
                label: if p == top.id {
                    t.governing_whole.to_string()
                } else {
                    p.to_string()
                },
                cite: p.to_string(),
                subjects: subjects
                    .into_iter()
                    .map(|s| self.governing_subject(s, &top.id, at))
                    .collect(),
            })
            .collect();
        Some(GoverningView {
            heading: fill(t.governing_heading, &[("label", &label)]),
            note: t.governing_note,
            paragraphs,
            wbf_url: WBF_LAWS_2017_URL,
            wbf_link: fill(t.governing_wbf_link, &[("label", &label)]),
        })
    }

    fn governing_subject(&self, s: &Subject, law: &ProvisionId, at: &At<'_>) -> GoverningSubject {
        GoverningSubject {
            url: subject_url(self.links(), s),
            name: s.name_in(at.ui.code()).to_string(),
            evidence: s
                .evidence
                .iter()
                .filter_map(|e| match e {
                    // The law's own title says nothing the page's head
                    // does not; the WBF paragraph is the list's heading.
                    Evidence::Quote { cite, .. } if cite == law => None,
                    Evidence::Quote { .. } => Some(e.to_string()),
                    Evidence::Wbf2017 { .. } => None,
                })
                .collect(),
        }
    }
}

/// The paragraphs of `law` an entry names (its WBF evidence), each once;
/// the law itself when the entry cites the law but names none of its
/// paragraphs; nothing when the entry does not concern the law.
fn paragraphs_in_law(s: &Subject, law: u16, law_id: &ProvisionId) -> Vec<ProvisionId> {
    let mut named: Vec<ProvisionId> = Vec::new();
    for p in s.wbf_paragraphs().filter(|p| law_of(p) == Some(law)) {
        if !named.contains(&p) {
            named.push(p);
        }
    }
    if named.is_empty() && s.cites.iter().any(|c| law_id.contains(c)) {
        named.push(law_id.clone());
    }
    named
}
