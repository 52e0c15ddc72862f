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

The index is the server's own search written out as data
([`crate::search::offline::offline_model`]: the impact table, every word
form's compiled expansions, the phrases and the subject index's tables),
with the server's ranking constants, the citation grammar's cue words and
the routes ([`super::ranker_config`]), so that `static/ranker.js` ranks as
the server does and cannot drift from it. Each provision is a named `doc`
(for citations and for mapping any provision's URL to the page that holds
it). `tests/it/offline_ranker.rs` holds the ranker to the server's scores.
*/

use std::collections::BTreeMap;

use serde::Serialize;

use crate::corpus::{BookId, Corpus};
use crate::kb::{url_of, Kb};
use crate::rules;
use crate::search::offline::{offline_model, OfflineModel, OfflineTerms};

use super::assets::{fnv1a, Asset};
use super::i18n::Lang;
use super::ranker_config::{ranker_config, RankerConfig};
use super::render::label_of;
use super::routes::{Serves, LANG_HEADER, LINKS, ROUTES, STATIC_NOT_FOUND};
use super::site::{Offline, Site};

/// The service worker's source; `/*CONFIG*/null` is replaced by its settings.
const SW_SOURCE: &str = include_str!("static/sw.js");
/// Where the settings go in [`SW_SOURCE`].
const SW_CONFIG_SLOT: &str = "/*CONFIG*/null";

// The templates (`TEMPLATES`, every file of `templates/`), hashed into the
// version: a change to a page's markup must replace stored pages even when
// the corpus and the assets stay the same.
include!(concat!(env!("OUT_DIR"), "/templates.rs"));

/// One provision in the index.
#[derive(Serialize)]
struct DocJson {
    cite: String,
    url: String,
    /// As a hit shows it (`Lov 12C1`).
    label: String,
    /// Its own heading, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    /// `laws` or `handbook`.
    book: &'static str,
    /// False for a law whose text this edition lacks (title only).
    has_text: bool,
    /// Corpus index of its parent.
    #[serde(skip_serializing_if = "Option::is_none")]
    parent: Option<usize>,
    /// Corpus index of its top-level provision (the page that holds it).
    top: usize,
}

/// The offline index: see the module docs and `static/ranker.js`.
#[derive(Serialize)]
struct IndexJson<'a> {
    version: &'a str,
    config: RankerConfig,
    docs: Vec<DocJson>,
    /// Occurrences in the corpus of each word form, for ordering the
    /// completions of a word no table lists.
    freq: BTreeMap<&'a str, u32>,
    model: OfflineModel,
}

#[derive(Serialize)]
struct WorkerConfig<'a> {
    version: &'a str,
    index: &'a str,
    /// Stored at install: the assets, the index, the search page.
    shell: Vec<String>,
    /// Stored in the background once the page asks, in every language.
    pages: &'a [String],
    /// The interface languages, the default first.
    langs: Vec<&'static str>,
    /// The header that asks for a page in one language.
    lang_header: &'static str,
    /// The page paths the worker routes by.
    routes: WorkerRoutes,
    /// A static copy's worker: pages are folders (`/p/12/`), fetched with
    /// the trailing slash a static host redirects to, and stored without it.
    static_copy: bool,
}

/// The paths of the route table the worker needs.
#[derive(Serialize)]
struct WorkerRoutes {
    search: &'static str,
    provision: &'static str,
    study: &'static str,
    lang_switch: &'static str,
    /// The page for an address that is no page: stored at install in
    /// every language, shown for unknown addresses offline (and, in a
    /// static copy, in place of the host's own).
    not_found: &'static str,
}

impl WorkerRoutes {
    fn new() -> WorkerRoutes {
        WorkerRoutes {
            search: LINKS.search,
            provision: LINKS.provision,
            study: LINKS.study,
            lang_switch: LINKS.lang_switch,
            not_found: STATIC_NOT_FOUND,
        }
    }
}

/// A stable hash of everything a page shows from the corpus.
pub(crate) fn corpus_fingerprint(corpus: &Corpus) -> u64 {
    let provisions = match serde_json::to_vec(corpus.provisions()) {
        Ok(bytes) => fnv1a(&bytes),
        // Provisions are plain data; this does not fail. If it somehow
        // did, the version would still change with the index below.
        Err(_) => 0,
    };
    // The rulings' pages show every field of every item.
    let rulings = fnv1a(format!("{:?}", corpus.rulings().items()).as_bytes());
    provisions ^ rulings.rotate_left(1)
}

/// Every page the worker stores: the route table's stored rows in order,
/// a provision row as the pages of the top-level provisions (which hold
/// the text of the rest) and of every provision with a calculator (whose
/// form is on its own page only, so the law's page would show no
/// calculator offline), and a ruling row as every item's page.
fn stored_pages(corpus: &Corpus) -> Vec<String> {
    let mut pages = Vec::new();
    for r in ROUTES.iter().filter(|r| r.stored) {
        match r.serves {
            Serves::Provision => pages.extend(
                corpus
                    .provisions()
                    .iter()
                    .filter(|p| p.parent.is_none() || rules::has_calculator(&p.id))
                    .map(|p| url_of(&p.id)),
            ),
            Serves::Ruling => pages.extend(
                corpus
                    .rulings()
                    .items()
                    .iter()
                    .map(|item| LINKS.ruling(&item.id)),
            ),
            _ => pages.push(r.path.to_string()),
        }
    }
    pages
}

/// The version the worker stores the site under: a hash of the corpus,
/// the asset names, the templates and lovbok's version.
fn version_of(corpus: &Corpus, assets: &[Asset]) -> String {
    let mut version_input = corpus_fingerprint(corpus).to_le_bytes().to_vec();
    for a in assets {
        version_input.extend_from_slice(a.url.as_bytes());
    }
    for (_, t) in TEMPLATES {
        version_input.extend_from_slice(&fnv1a(t.as_bytes()).to_le_bytes());
    }
    version_input.extend_from_slice(env!("CARGO_PKG_VERSION").as_bytes());
    format!("{:012x}", fnv1a(&version_input) & 0xffff_ffff_ffff)
}

impl Offline {
    /// Builds the index and the worker of a knowledge base whose pages use
    /// `assets` (in the order the worker stores them).
    pub(crate) fn build(kb: &Kb, terms: &OfflineTerms, assets: &[Asset]) -> Offline {
        let corpus = kb.corpus();
        let version = version_of(corpus, assets);
        let index = offline_index(kb, terms, &version);
        let pages = stored_pages(corpus);
        let mut shell: Vec<String> = assets
            .iter()
            .filter(|a| a.precache)
            .map(|a| a.url.clone())
            .collect();
        shell.push(index.url.clone());
        let source = worker_source(WorkerConfig {
            version: &version,
            index: &index.url,
            shell: shell.clone(),
            pages: &pages,
            langs: Lang::ALL.iter().map(|l| l.code()).collect(),
            lang_header: LANG_HEADER,
            routes: WorkerRoutes::new(),
            static_copy: false,
        });
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
            shell,
        }
    }

    /// The worker of a static copy in `lang`: the same site in one language
    /// (a static host cannot choose a page by cookie), its pages fetched as
    /// folders. Its version differs from the server's, so a copy served
    /// from the same origin never mixes its pages with the server's.
    pub(crate) fn static_worker(&self, lang: Lang) -> String {
        let version = format!("{}-static-{}", self.version, lang.code());
        worker_source(WorkerConfig {
            version: &version,
            index: &self.index.url,
            shell: self.shell.clone(),
            pages: &self.pages,
            langs: vec![lang.code()],
            lang_header: LANG_HEADER,
            routes: WorkerRoutes::new(),
            static_copy: true,
        })
    }
}

/// The offline index: every provision as a `doc`, the words' frequencies
/// and the search written out as data, under `version`.
fn offline_index(kb: &Kb, terms: &OfflineTerms, version: &str) -> Asset {
    let docs: Vec<DocJson> = kb
        .corpus()
        .provisions()
        .iter()
        .enumerate()
        .map(|(i, p)| DocJson {
            cite: p.id.to_string(),
            url: url_of(&p.id),
            label: label_of(p),
            title: p.title.clone(),
            book: if p.book == BookId::Handbook {
                "handbook"
            } else {
                "laws"
            },
            has_text: p.in_corpus,
            parent: p.parent,
            top: kb.top_of(i),
        })
        .collect();
    let json = IndexJson {
        version,
        config: ranker_config(),
        docs,
        freq: terms
            .words
            .iter()
            .map(|(w, t)| (w.as_str(), t.freq))
            .collect(),
        model: offline_model(kb.index()),
    };
    let body = serde_json::to_vec(&json).unwrap_or_default();
    Asset::new("offline.json".into(), "application/json", body.into())
}

impl Site {
    /// The service worker of a static copy in `lang` (`lovbok export --site`).
    pub fn static_worker(&self, lang: Lang) -> String {
        self.offline.static_worker(lang)
    }
}

/// The worker's source with its settings filled in.
fn worker_source(config: WorkerConfig<'_>) -> String {
    let config_json = serde_json::to_string(&config).unwrap_or_else(|_| "null".into());
    SW_SOURCE.replacen(SW_CONFIG_SLOT, &config_json, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_template_counts_in_the_version_partials_too() {
        let names: Vec<&str> = TEMPLATES.iter().map(|(n, _)| *n).collect();
        for want in [
            "base.html",
            "provision.html",
            "calc.html",
            "other-says.html",
            "parallel.html",
        ] {
            assert!(names.contains(&want), "{want} in {names:?}");
        }
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        let on_disk = std::fs::read_dir(dir).map_or(0, |rd| rd.count());
        assert_eq!(names.len(), on_disk);
        assert!(names.windows(2).all(|w| w[0] < w[1]), "sorted");
    }

    #[test]
    fn every_calculator_page_is_stored_with_the_tops() {
        let corpus = Corpus::build(&crate::corpus::embedded_sources()).corpus;
        let pages = stored_pages(&corpus);
        for want in [
            "/p/X78B4",
            "/p/211B1d",
            "/p/212A2b",
            "/p/12C4",
            "/p/X78",
            "/p/12",
        ] {
            assert!(pages.iter().any(|p| p == want), "{want} is stored");
        }
        // Every provision whose page shows a calculator is stored.
        let missing: Vec<String> = corpus
            .provisions()
            .iter()
            .filter(|p| rules::has_calculator(&p.id))
            .map(|p| url_of(&p.id))
            .filter(|u| !pages.contains(u))
            .collect();
        assert!(missing.is_empty(), "{missing:?}");
        // A page is stored once.
        let mut sorted = pages.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), pages.len());
    }
}
