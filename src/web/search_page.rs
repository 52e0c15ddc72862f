/*!
The search page: what a search found, and the help offered when it found
nothing (a cite the corpus lacks with the nearest provisions, the query with
its misspellings corrected, the same words in the other book, the tips).

The results part is its own template (`results.html`): the search page
includes it, and `/sok/treff` serves it alone for the page script, so the
results the reader sees while typing are the server's, in their language.
*/

use askama::Template;
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};

use crate::corpus::{BookId, ProvisionId};
use crate::kb::{url_of, KbSearchError, SearchResults};
use crate::search::{QueryError, SearchError, SearchOptions};

use super::chrome::{Chrome, Links, UiContext};
use super::i18n::{fill, Lang, Strings};
use super::nearest::nearest_provisions;
use super::parallel::ParallelHitView;
use super::render::label_of;
use super::site::Site;
use super::suggest::unknown_cite;
use super::views::{book_name, LinkView};

/// How many hits the search page shows.
pub const PAGE_HITS: usize = 20;

/// One search hit.
#[derive(Debug, Clone)]
pub struct HitView {
    pub url: String,
    pub label: String,
    pub title: Option<String>,
    /// HTML: escaped text with `<mark>` around the matched words.
    pub snippet: String,
    pub lang: &'static str,
    pub via_citation: bool,
    pub has_text: bool,
    /// The provision's page has a calculator.
    pub calculator: bool,
    /// "Stikkord: …": the subject-index term the hit was found by, in the
    /// interface's words around it.
    pub subject: Option<String>,
}

/// One similar case: a published ruling whose situation meets the query,
/// shown below the provisions and linking to its page.
#[derive(Debug, Clone)]
pub struct CaseView {
    /// `/kjennelser/{id}`.
    pub url: String,
    pub title: String,
    /// The language its title is written in.
    pub lang: &'static str,
    /// The provisions it applies, as cites (`16B1a, 73C`).
    pub cites: String,
}

/// What a search found, and the help offered when it found nothing.
#[derive(Debug, Clone, Default)]
pub struct SearchOutcome {
    pub q: String,
    pub book: Option<BookId>,
    pub results: Option<SearchResults>,
    /// The query could not be searched.
    pub invalid: Option<QueryError>,
    /// The query is a cite of a provision the corpus lacks, with the
    /// nearest existing ones.
    pub unknown: Option<(ProvisionId, Vec<usize>)>,
    /// No hits: the query with misspellings corrected, and its hit count.
    pub suggestion: Option<(String, usize)>,
    /// No hits in the chosen book: the other book and its hit count.
    pub other_book: Option<(BookId, usize)>,
}

impl SearchOutcome {
    /// The provision to go to at once: the query cites exactly one.
    pub fn jump_target(&self) -> Option<usize> {
        let hits = &self.results.as_ref()?.hits;
        let mut cited = hits.iter().filter(|h| h.via_citation);
        match (cited.next(), cited.next()) {
            (Some(h), None) if self.unknown.is_none() => Some(h.index),
            _ => None,
        }
    }
}

/// The results part of the search page: also served alone, for the page
/// script to show while the reader types.
#[derive(Template)]
#[template(path = "results.html")]
pub struct ResultsFragment {
    pub t: &'static Strings,
    /// The pages the tips link to.
    pub links: &'static Links,
    pub q: String,
    pub book: String,
    pub status: String,
    pub hits: Vec<HitView>,
    /// Hits in the parallel texts, each labelled with its edition.
    pub parallel_hits: Vec<ParallelHitView>,
    /// Published cases like the query ("Lignende saker"), below the hits.
    pub case_hits: Vec<CaseView>,
    /// "12C9 does not exist."
    pub unknown: Option<String>,
    pub nearest: Vec<LinkView>,
    pub suggestion: Option<(String, String, String)>,
    pub other_book: Option<(String, String)>,
    /// Show the tips (no query, or nothing found).
    pub tips: bool,
    pub tips_examples: Vec<(String, String)>,
}

/// `/` and `/sok`: the search box and, after a search, its results.
#[derive(Template)]
#[template(path = "search.html")]
pub struct SearchPage {
    pub chrome: Chrome,
    pub title: String,
    pub q: String,
    /// `laws`, `handbook` or empty for both.
    pub book: String,
    pub results: ResultsFragment,
}

fn query_error_text(t: &Strings, e: &QueryError) -> String {
    let reason = match e {
        QueryError::Empty => t.query_empty.to_string(),
        QueryError::TooLong { max, .. } => fill(t.query_too_long, &[("max", &max.to_string())]),
    };
    fill(t.invalid_query, &[("reason", &reason)])
}

fn hits_text(t: &Strings, n: usize) -> String {
    match n {
        0 => t.hits_none.to_string(),
        1 => t.hits_one.to_string(),
        n => fill(t.hits_n, &[("n", &n.to_string())]),
    }
}

/// A search-page URL for a query in a book.
fn search_url(links: &Links, q: &str, book: Option<BookId>) -> String {
    let mut url = format!(
        "{}?q={}",
        links.search,
        utf8_percent_encode(q, NON_ALPHANUMERIC)
    );
    if let Some(b) = book {
        url.push_str("&book=");
        url.push_str(b.as_str());
    }
    url
}

impl Site {
    /// Searches, and when nothing is found works out what to offer instead.
    pub fn search(&self, q: &str, book: Option<BookId>) -> Result<SearchOutcome, SearchError> {
        let mut out = SearchOutcome {
            q: q.to_string(),
            book,
            ..SearchOutcome::default()
        };
        if q.trim().is_empty() {
            return Ok(out);
        }
        let run = |q: &str, book: Option<BookId>| {
            self.kb().search(
                q,
                &SearchOptions {
                    limit: PAGE_HITS,
                    book,
                },
            )
        };
        let results = match run(q, book) {
            Ok(r) => r,
            Err(KbSearchError::Query(e)) => {
                out.invalid = Some(e);
                return Ok(out);
            }
            Err(KbSearchError::Search(e)) => return Err(e),
        };
        if let Some(id) = unknown_cite(self.kb(), q) {
            let near = nearest_provisions(self.kb(), &id);
            out.unknown = Some((id, near));
        }
        if results.hits.is_empty() {
            if let Some(fixed) = self.speller().correct(q) {
                if let Ok(r) = run(&fixed, book) {
                    if !r.hits.is_empty() {
                        out.suggestion = Some((fixed, r.hits.len()));
                    }
                }
            }
            if let Some(b) = book {
                let other = match b {
                    BookId::Laws => BookId::Handbook,
                    BookId::Handbook => BookId::Laws,
                };
                if let Ok(r) = run(q, Some(other)) {
                    if !r.hits.is_empty() {
                        out.other_book = Some((other, r.hits.len()));
                    }
                }
            }
        }
        out.results = Some(results);
        Ok(out)
    }

    /// The hits of an outcome as the results list shows them.
    fn hit_views(&self, t: &Strings, o: &SearchOutcome) -> Vec<HitView> {
        let corpus = self.kb().corpus();
        o.results
            .iter()
            .flat_map(|r| &r.hits)
            .filter(|h| h.index < corpus.provisions().len())
            .map(|h| {
                let p = corpus.at(h.index);
                let label = label_of(p);
                HitView {
                    url: url_of(&p.id),
                    title: self.kb().title_of(h.index).filter(|t| *t != label),
                    label,
                    snippet: h.snippet.clone(),
                    lang: p.lang(),
                    via_citation: h.via_citation,
                    has_text: p.in_corpus,
                    calculator: crate::rules::has_calculator(&p.id),
                    subject: h
                        .subject
                        .as_deref()
                        .map(|term| fill(t.subject_mark, &[("term", term)])),
                }
            })
            .collect()
    }

    fn results_fragment(&self, lang: Lang, o: &SearchOutcome) -> ResultsFragment {
        let t = lang.strings();
        let links = self.links();
        let hits = self.hit_views(t, o);
        let status = match (&o.invalid, &o.results) {
            (Some(e), _) => query_error_text(t, e),
            (None, Some(_)) => hits_text(t, hits.len()),
            (None, None) => String::new(),
        };
        let searched = o.results.is_some() || o.invalid.is_some();
        ResultsFragment {
            t,
            links,
            q: o.q.clone(),
            book: o.book.map(|b| b.as_str().to_string()).unwrap_or_default(),
            status,
            unknown: o
                .unknown
                .as_ref()
                .map(|(id, _)| fill(t.unknown_cite, &[("cite", &id.to_string())])),
            nearest: o
                .unknown
                .iter()
                .flat_map(|(_, near)| near)
                .map(|&i| self.link_view(i))
                .collect(),
            suggestion: o.suggestion.as_ref().map(|(q, n)| {
                (
                    search_url(links, q, o.book),
                    q.clone(),
                    fill(t.suggestion_hits, &[("n", &n.to_string())]),
                )
            }),
            other_book: o.other_book.map(|(b, n)| {
                (
                    search_url(links, &o.q, Some(b)),
                    fill(
                        t.other_book,
                        &[("n", &n.to_string()), ("book", book_name(t, b))],
                    ),
                )
            }),
            tips: !searched || hits.is_empty(),
            parallel_hits: o
                .results
                .as_ref()
                .map(|r| self.parallel_hit_views(&r.parallel_hits, lang))
                .unwrap_or_default(),
            case_hits: o
                .results
                .iter()
                .flat_map(|r| &r.case_hits)
                .map(|c| CaseView {
                    url: links.ruling(&c.id),
                    title: c.title.clone(),
                    lang: c.lang,
                    cites: c.cites_joined(),
                })
                .collect(),
            tips_examples: t
                .tips_word_examples
                .iter()
                .chain(t.tips_cite_examples)
                .map(|q| (search_url(links, q, None), q.to_string()))
                .collect(),
            hits,
        }
    }

    /// The search page, empty or with the outcome of a search.
    pub fn search_page(&self, ctx: &UiContext, o: &SearchOutcome) -> Result<String, askama::Error> {
        let t = ctx.lang.strings();
        SearchPage {
            chrome: Chrome::new(&self.frame(), ctx, "search"),
            title: if o.q.is_empty() {
                t.search_title.to_string()
            } else {
                fill(t.search_title_q, &[("q", &o.q)])
            },
            q: o.q.clone(),
            book: o.book.map(|b| b.as_str().to_string()).unwrap_or_default(),
            results: self.results_fragment(ctx.lang, o),
        }
        .render()
    }

    /// The search page before any search: the front page, and what a
    /// static copy writes for it.
    pub(crate) fn empty_search_page(&self, ctx: &UiContext) -> Result<String, askama::Error> {
        self.search_page(ctx, &SearchOutcome::default())
    }

    /// The results part of the search page alone (for search as you type).
    pub fn results_html(&self, lang: Lang, o: &SearchOutcome) -> Result<String, askama::Error> {
        self.results_fragment(lang, o).render()
    }
}
