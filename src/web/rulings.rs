//! The rulings and commentary beside the rules (Kjennelser): the list
//! `/kjennelser` with its filter, one page per item at `/kjennelser/{id}`,
//! and the items a provision page shows ("Kjennelser og kommentarer (N)").
//!
//! Every item is lovbok's summary of a published case, never the source's
//! text but for one short quote, so each shows its source link, the edition
//! of the Laws it was decided under and the fixed statement that it is not
//! precedent unless its publisher says so. The list's filter is a GET form
//! the server answers without JavaScript; the page script applies the same
//! filter to the whole list where no server answers (offline, the static
//! copy), from the same query string.

use askama::Template;

use crate::corpus::{Mapped, ProvisionId, Ruling, RulingKind, RulingLang, RulingSet};
use crate::rulings::{BadFilter, FilterQuery, RulingFilter};

use super::chrome::{Chrome, UiContext};
use super::error::ErrorView;
use super::i18n::{fill, Lang, Strings};
use super::render::label_of_id;
use super::site::Site;
use super::views::LinkView;

/// The list's query parameters: law (any cite), language, publisher, kind.
pub const FILTER_LAW: &str = "lov";
pub const FILTER_LANG: &str = "sprak";
pub const FILTER_PUBLISHER: &str = "utgiver";
pub const FILTER_KIND: &str = "type";

/// One citation of an item's source: as written, and where it reads now.
#[derive(Debug, Clone)]
pub struct RulingCiteView {
    pub written: String,
    pub links: Vec<LinkView>,
    /// The current Laws have no counterpart.
    pub none: bool,
}

/// One item as every page shows it.
#[derive(Debug, Clone)]
pub struct RulingView {
    pub id: String,
    pub url: String,
    pub title: String,
    pub kind: &'static str,
    pub kind_label: &'static str,
    pub date: String,
    pub publisher: String,
    pub publisher_id: String,
    pub collection: String,
    pub source_url: String,
    /// The source's language, and the summary's.
    pub source_lang: &'static str,
    pub lang: &'static str,
    pub lang_name: &'static str,
    pub authority: String,
    /// The fixed statement of its standing.
    pub standing: &'static str,
    pub edition_mark: String,
    pub cites: Vec<RulingCiteView>,
    /// The top-level provisions it applies, space-separated (the filter's
    /// `data-law`).
    pub laws: String,
    pub situation: String,
    pub ruling: String,
    pub quote: String,
    pub quote_at: String,
}

/// An option of a filter's list.
#[derive(Debug, Clone)]
pub struct FilterOption {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// `/kjennelser`.
#[derive(Template)]
#[template(path = "rulings.html")]
pub struct RulingsPage {
    pub chrome: Chrome,
    pub count: String,
    /// `{n}` of the total, for the page script.
    pub count_template: String,
    pub laws: Vec<FilterOption>,
    pub langs: Vec<FilterOption>,
    pub publishers: Vec<FilterOption>,
    pub kinds: Vec<FilterOption>,
    pub items: Vec<RulingView>,
    pub p_law: &'static str,
    pub p_lang: &'static str,
    pub p_publisher: &'static str,
    pub p_kind: &'static str,
}

/// `/kjennelser/{id}`.
#[derive(Template)]
#[template(path = "ruling.html")]
pub struct RulingPage {
    pub chrome: Chrome,
    pub r: RulingView,
}

/// The name of a kind in the interface language.
pub fn kind_label(t: &'static Strings, k: RulingKind) -> &'static str {
    match k {
        RulingKind::Appeal => t.rulings_kind_appeal,
        RulingKind::Minute => t.rulings_kind_minute,
        RulingKind::Commentary => t.rulings_kind_commentary,
        RulingKind::Ruling => t.rulings_kind_ruling,
    }
}

/// The name of a source's language in the interface language.
pub fn lang_name(t: &'static Strings, l: RulingLang) -> &'static str {
    match l {
        RulingLang::Nb => t.subject_lang_nb,
        RulingLang::Da => t.subject_lang_da,
        RulingLang::Sv => t.lang_sv,
        RulingLang::En => t.subject_lang_en,
    }
}

/// The filter a page's query asks for: what it narrows to, and the raw
/// values to show as selected.
#[derive(Debug, Clone, Default)]
pub struct PageFilter {
    pub filter: RulingFilter,
    /// The law's top-level cite, as the select names it.
    law: String,
}

impl Site {
    /// One item's view in `ui`.
    pub(crate) fn ruling_view(&self, set: &RulingSet, r: &Ruling, ui: Lang) -> RulingView {
        let t = ui.strings();
        let source = set.source_of(r);
        let mut laws: Vec<String> = Vec::new();
        for id in r.provisions() {
            if let Some(root) = id.numbered_root() {
                let top = ProvisionId::root(root).to_string();
                if !laws.contains(&top) {
                    laws.push(top);
                }
            }
        }
        RulingView {
            id: r.id.clone(),
            url: self.links().ruling(&r.id),
            title: r.title.clone(),
            kind: r.kind.as_str(),
            kind_label: kind_label(t, r.kind),
            date: r.date.clone(),
            publisher: source.publisher.clone(),
            publisher_id: source.slug(),
            collection: source.title.clone(),
            source_url: r.url.clone(),
            source_lang: source.lang.as_str(),
            lang: r.lang.as_str(),
            lang_name: lang_name(t, source.lang),
            authority: r.authority.clone(),
            standing: if r.precedent {
                t.rulings_precedent
            } else {
                t.rulings_not_precedent
            },
            edition_mark: fill(t.rulings_edition, &[("year", &r.edition.to_string())]),
            cites: r
                .cites
                .iter()
                .map(|c| RulingCiteView {
                    written: c.written.clone(),
                    links: match &c.maps {
                        Mapped::Cites(ids) => ids.iter().map(|id| self.cite_link(id)).collect(),
                        Mapped::NoCounterpart => Vec::new(),
                    },
                    none: c.maps == Mapped::NoCounterpart,
                })
                .collect(),
            laws: laws.join(" "),
            situation: r.situation.clone(),
            ruling: r.ruling.clone(),
            quote: r.quote.clone(),
            quote_at: r.quote_at.clone(),
        }
    }

    /// A link to a provision an item applies: its page, or for a part of a
    /// law whose text the source lacks, the nearest page that has it.
    fn cite_link(&self, id: &ProvisionId) -> LinkView {
        let kb = self.kb();
        match kb.corpus().index_of(id) {
            Some(i) => self.link_view(i),
            None => LinkView {
                url: kb.href(id),
                label: label_of_id(id),
                title: String::new(),
                lang: "nb",
                has_text: false,
            },
        }
    }

    /// The items a provision page shows: those applying the provision
    /// `idx` or one of its parts.
    pub(crate) fn rulings_here(&self, idx: usize, ui: Lang) -> Vec<RulingView> {
        let kb = self.kb();
        let set = kb.corpus().rulings();
        kb.rulings_citing(&kb.corpus().at(idx).id)
            .into_iter()
            .map(|r| self.ruling_view(set, r, ui))
            .collect()
    }

    /// The filter of a `/kjennelser` query, or the error page's view that
    /// names the value it does not know.
    pub fn rulings_filter(
        &self,
        lang: Lang,
        query: &[(String, String)],
    ) -> Result<PageFilter, ErrorView> {
        let t = lang.strings();
        // The last value of each parameter, as a form sends it.
        let value = |name: &str| {
            query
                .iter()
                .rev()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.as_str())
        };
        let q = FilterQuery {
            cite: value(FILTER_LAW),
            lang: value(FILTER_LANG),
            publisher: value(FILTER_PUBLISHER),
            kind: value(FILTER_KIND),
        };
        let filter = self.kb().ruling_filter(&q).map_err(|e| {
            let (param, v) = match e {
                BadFilter::MissingCite(_) | BadFilter::NotACite(_) => (FILTER_LAW, q.cite),
                BadFilter::Lang(_) => (FILTER_LANG, q.lang),
                BadFilter::Kind(_) => (FILTER_KIND, q.kind),
                BadFilter::Publisher(_) => (FILTER_PUBLISHER, q.publisher),
            };
            ErrorView::bad_filter(lang, label_of_param(t, param), v.unwrap_or("").trim())
        })?;
        let law = filter.cite.as_ref().map_or_else(String::new, |id| {
            id.numbered_root()
                .map_or_else(|| id.to_string(), |r| ProvisionId::root(r).to_string())
        });
        Ok(PageFilter { filter, law })
    }

    /// `/kjennelser`: the items `f` asks for, with the filter form.
    pub fn rulings_page(&self, ctx: &UiContext, f: &PageFilter) -> Result<String, askama::Error> {
        let ui = ctx.lang;
        let t = ui.strings();
        let kb = self.kb();
        let set = kb.corpus().rulings();
        let items: Vec<RulingView> = kb
            .rulings(&f.filter)
            .into_iter()
            .map(|r| self.ruling_view(set, r, ui))
            .collect();
        let total = set.items().len().to_string();
        let all = |value: &str, label: &str, selected: bool| FilterOption {
            value: value.to_string(),
            label: label.to_string(),
            selected,
        };
        RulingsPage {
            chrome: Chrome::new(&self.frame(), ctx, "rulings"),
            count: fill(
                t.rulings_count,
                &[("n", &items.len().to_string()), ("total", &total)],
            ),
            count_template: fill(t.rulings_count, &[("total", &total)]),
            laws: self.law_options(set, &f.law),
            langs: RulingLang::ALL
                .iter()
                .filter(|l| set.items().iter().any(|r| r.lang == **l))
                .map(|l| all(l.as_str(), lang_name(t, *l), f.filter.lang == Some(*l)))
                .collect(),
            publishers: publisher_options(set, f.filter.publisher.as_deref()),
            kinds: RulingKind::ALL
                .iter()
                .filter(|k| set.items().iter().any(|r| r.kind == **k))
                .map(|k| all(k.as_str(), kind_label(t, *k), f.filter.kind == Some(*k)))
                .collect(),
            items,
            p_law: FILTER_LAW,
            p_lang: FILTER_LANG,
            p_publisher: FILTER_PUBLISHER,
            p_kind: FILTER_KIND,
        }
        .render()
    }

    /// The top-level provisions some item applies, in book order.
    fn law_options(&self, set: &RulingSet, selected: &str) -> Vec<FilterOption> {
        let corpus = self.kb().corpus();
        let mut tops: Vec<usize> = Vec::new();
        for id in set.items().iter().flat_map(Ruling::provisions) {
            let Some(root) = id.numbered_root() else {
                continue;
            };
            if let Some(i) = corpus.index_of(&ProvisionId::root(root)) {
                if !tops.contains(&i) {
                    tops.push(i);
                }
            }
        }
        tops.sort_unstable();
        tops.into_iter()
            .map(|i| {
                let v = self.link_view(i);
                let value = corpus.at(i).id.to_string();
                FilterOption {
                    selected: value == selected,
                    label: if v.title.is_empty() {
                        v.label
                    } else {
                        format!("{} {}", v.label, v.title)
                    },
                    value,
                }
            })
            .collect()
    }

    /// `/kjennelser/{id}`: one item's page; `None` for an unknown id.
    pub fn ruling_page(&self, ctx: &UiContext, id: &str) -> Option<Result<String, askama::Error>> {
        let set = self.kb().corpus().rulings();
        let r = set.get(id)?;
        Some(
            RulingPage {
                chrome: Chrome::new(&self.frame(), ctx, "rulings"),
                r: self.ruling_view(set, r, ctx.lang),
            }
            .render(),
        )
    }
}

/// Each publisher once, A–Z.
fn publisher_options(set: &RulingSet, selected: Option<&str>) -> Vec<FilterOption> {
    let mut out: Vec<FilterOption> = Vec::new();
    for s in set.sources() {
        let slug = s.slug();
        if out.iter().any(|o| o.value == slug) {
            continue;
        }
        out.push(FilterOption {
            selected: selected == Some(slug.as_str()),
            value: slug,
            label: s.publisher.clone(),
        });
    }
    out.sort_by(|a, b| a.label.cmp(&b.label));
    out
}

/// The name of a filter parameter as the form labels it.
fn label_of_param(t: &'static Strings, k: &str) -> &'static str {
    match k {
        FILTER_LAW => t.rulings_filter_law,
        FILTER_LANG => t.rulings_filter_lang,
        FILTER_PUBLISHER => t.rulings_filter_publisher,
        _ => t.rulings_filter_kind,
    }
}
