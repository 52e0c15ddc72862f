/*!
What the site needs to work offline, built once per knowledge base: the
compact search index the page script answers word queries from, and the
service worker that stores every page.

Both are served as fingerprinted assets, so a browser caches them forever
and a new corpus build (or a new build of lovbok) gives them new names. The
service worker carries a version derived from the corpus and the interface
(the corpus fingerprint, the asset names and the templates) and stores the
site in a cache of that name, so a new build replaces the cache instead of
mixing with it.

The index is made from [`crate::search::offline`], the same analysis as the
server's search, and keyed by word forms rather than stems: a browser cannot
run the Snowball stemmers, so it looks words up. Each provision is a `doc`
(for citations and for mapping any provision's URL to the page that holds
it); each retrieval unit contributes postings.
*/

use std::collections::BTreeMap;

use serde::Serialize;

use crate::corpus::{BookId, Corpus};
use crate::kb::{url_of, Kb};
use crate::search::offline::OfflineTerms;

use super::assets::{self, fnv1a, Asset};
use super::render::label_of;

/// The service worker's source; `/*CONFIG*/null` is replaced by its settings.
const SW_SOURCE: &str = include_str!("static/sw.js");
/// Where the settings go in [`SW_SOURCE`].
const SW_CONFIG_SLOT: &str = "/*CONFIG*/null";

/// Words that may stand before a cite typed as a query ("law", "the laws",
/// "paragraph", "point"): the page strips them before it looks a query up
/// as a cite offline, as the server's citation grammar does.
const CITE_CUES: &[&str] = &[
    "lov", "loven", "lovens", "lovene", "law", "laws", "paragraf", "pkt", "punkt", "§", "§§",
];

/// The templates, hashed into the version: a change to a page's markup must
/// replace stored pages even when the corpus and the assets stay the same.
const TEMPLATES: &[&str] = &[
    include_str!("../../templates/base.html"),
    include_str!("../../templates/search.html"),
    include_str!("../../templates/results.html"),
    include_str!("../../templates/provision.html"),
    include_str!("../../templates/contents.html"),
    include_str!("../../templates/glossary.html"),
    include_str!("../../templates/error.html"),
    include_str!("../../templates/reload-notice.html"),
    include_str!("../../templates/practice.html"),
    include_str!("../../templates/subjects.html"),
    include_str!("../../templates/whathappened.html"),
];

/// The offline assets of one knowledge base.
#[derive(Debug)]
pub(crate) struct Offline {
    /// The compact search index (JSON).
    pub index: Asset,
    /// The service worker.
    pub worker: Asset,
    /// The cache version the worker stores the site under.
    pub version: String,
    /// Every page the worker stores: the pages of the top-level provisions,
    /// the search page, the contents, the definitions and the study page.
    pub pages: Vec<String>,
}

/// One provision in the index: `[cite, url, label, own title, book (0 laws,
/// 1 handbook), has text (0/1), parent (-1 for none), top]`.
type DocRow = (String, String, String, Option<String>, u8, u8, i64, usize);

#[derive(Serialize)]
struct IndexJson<'a> {
    version: &'a str,
    /// Number of retrieval units (for idf).
    units: usize,
    docs: Vec<DocRow>,
    /// Term strings; a term's id is its position.
    terms: Vec<&'a str>,
    /// Per term: the docs whose unit has it, ascending.
    post: Vec<Vec<usize>>,
    /// Per term id (as a string key): the docs that have it in their heading.
    title: BTreeMap<usize, Vec<usize>>,
    /// Per term id: the docs a subject of lovbok's index with it cites.
    subj: BTreeMap<usize, Vec<usize>>,
    /// Word form → `[occurrences, term ids…]`; a compound part's id is
    /// stored as `-(id + 1)`.
    words: BTreeMap<&'a str, Vec<i64>>,
    /// Term id → what else it finds (each a list of term ids a passage must
    /// have all of).
    related: BTreeMap<usize, Vec<Vec<usize>>>,
    /// `[letter, ascii spelling]`.
    folds: Vec<(char, &'a str)>,
    /// Typos allowed for a word of n letters, at index n.
    typo: &'a [u8],
    /// Cue words before a cite.
    cues: &'a [&'a str],
}

#[derive(Serialize)]
struct WorkerConfig<'a> {
    version: &'a str,
    index: &'a str,
    /// Stored at install: the assets, the index, the search page.
    shell: Vec<String>,
    /// Stored in the background once the page asks.
    pages: &'a [String],
}

/// A stable hash of everything a page shows from the corpus.
pub(crate) fn corpus_fingerprint(corpus: &Corpus) -> u64 {
    match serde_json::to_vec(corpus.provisions()) {
        Ok(bytes) => fnv1a(&bytes),
        // Provisions are plain data; this does not fail. If it somehow
        // did, the version would still change with the index below.
        Err(_) => 0,
    }
}

impl Offline {
    /// Builds the index and the worker of a knowledge base.
    pub(crate) fn build(kb: &Kb, terms: &OfflineTerms) -> Offline {
        let corpus = kb.corpus();

        let mut version_input = corpus_fingerprint(corpus).to_le_bytes().to_vec();
        for a in assets::ALL.iter() {
            version_input.extend_from_slice(a.url.as_bytes());
        }
        for t in TEMPLATES {
            version_input.extend_from_slice(&fnv1a(t.as_bytes()).to_le_bytes());
        }
        version_input.extend_from_slice(env!("CARGO_PKG_VERSION").as_bytes());
        let version = format!("{:012x}", fnv1a(&version_input) & 0xffff_ffff_ffff);

        let docs: Vec<DocRow> = corpus
            .provisions()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                (
                    p.id.to_string(),
                    url_of(&p.id),
                    label_of(p),
                    p.title.clone(),
                    u8::from(p.book == BookId::Handbook),
                    u8::from(p.in_corpus),
                    p.parent.map_or(-1, |x| x as i64),
                    kb.top_of(i),
                )
            })
            .collect();

        let mut all_terms: Vec<&str> = terms
            .words
            .values()
            .flat_map(|w| w.terms.iter().chain(&w.parts))
            .chain(
                terms
                    .units
                    .iter()
                    .flat_map(|u| u.title.iter().chain(&u.body).chain(&u.subject)),
            )
            .chain(terms.related.values().flatten().flatten())
            .map(String::as_str)
            .collect();
        all_terms.sort_unstable();
        all_terms.dedup();
        let id_of = |t: &str| all_terms.binary_search(&t).ok();

        let mut post: Vec<Vec<usize>> = vec![Vec::new(); all_terms.len()];
        let mut title: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        let mut subj: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for u in &terms.units {
            for t in &u.subject {
                if let Some(id) = id_of(t) {
                    subj.entry(id).or_default().push(u.corpus);
                }
            }
            for t in u.title.iter().chain(&u.body).chain(&u.subject) {
                if let Some(id) = id_of(t) {
                    if post[id].last() != Some(&u.corpus) {
                        post[id].push(u.corpus);
                    }
                }
            }
            for t in &u.title {
                if let Some(id) = id_of(t) {
                    title.entry(id).or_default().push(u.corpus);
                }
            }
        }
        for p in &mut post {
            p.sort_unstable();
            p.dedup();
        }
        let words: BTreeMap<&str, Vec<i64>> = terms
            .words
            .iter()
            .map(|(w, wt)| {
                let mut row = vec![i64::from(wt.freq)];
                row.extend(wt.terms.iter().filter_map(|t| id_of(t)).map(|i| i as i64));
                row.extend(
                    wt.parts
                        .iter()
                        .filter_map(|t| id_of(t))
                        .map(|i| -(i as i64) - 1),
                );
                (w.as_str(), row)
            })
            .collect();
        let related: BTreeMap<usize, Vec<Vec<usize>>> = terms
            .related
            .iter()
            .filter_map(|(t, rel)| {
                let id = id_of(t)?;
                let rows: Vec<Vec<usize>> = rel
                    .iter()
                    .filter_map(|r| r.iter().map(|t| id_of(t)).collect::<Option<Vec<_>>>())
                    .collect();
                (!rows.is_empty()).then_some((id, rows))
            })
            .collect();

        let json = IndexJson {
            version: &version,
            units: terms.units.len(),
            docs,
            terms: all_terms.clone(),
            post,
            title,
            subj,
            words,
            related,
            folds: terms.folds.iter().map(|(c, s)| (*c, s.as_str())).collect(),
            typo: &terms.typo_budget,
            cues: CITE_CUES,
        };
        let body = serde_json::to_vec(&json).unwrap_or_default();
        let index = Asset::new("offline.json".into(), "application/json", body.into());

        // The study page too: the worker stores its deck with it.
        let mut pages: Vec<String> = vec![
            "/".into(),
            "/innhold".into(),
            "/definisjoner".into(),
            super::subjects::SUBJECTS_PATH.into(),
            super::subjects::WHAT_PATH.into(),
            "/ov".into(),
        ];
        pages.extend(
            corpus
                .provisions()
                .iter()
                .filter(|p| p.parent.is_none())
                .map(|p| url_of(&p.id)),
        );
        let mut shell: Vec<String> = assets::ALL
            .iter()
            .filter(|a| a.precache)
            .map(|a| a.url.clone())
            .collect();
        shell.push(index.url.clone());
        shell.push("/".into());
        let config = WorkerConfig {
            version: &version,
            index: &index.url,
            shell,
            pages: &pages,
        };
        let config_json = serde_json::to_string(&config).unwrap_or_else(|_| "null".into());
        let source = SW_SOURCE.replacen(SW_CONFIG_SLOT, &config_json, 1);
        let mut worker = Asset::new(
            "sw.js".into(),
            "text/javascript; charset=utf-8",
            source.into_bytes().into(),
        );
        worker.worker = true;
        Offline {
            index,
            worker,
            version,
            pages,
        }
    }
}
