/*!
The knowledge base: corpus, citation graph and search index behind one façade.

Every front end (the CLI, the HTTP API, the web pages) calls [`Kb`] and
nothing below it, so a subcommand and an endpoint that need the same answer
get it from the same function. A `Kb` is built once and never changes; a
reload builds a new one. Loading refuses a corpus with errors, so a server
never serves half a book; [`check`] is the one place that builds anyway to
report every problem.
*/

use std::path::PathBuf;
use std::sync::OnceLock;

use percent_encoding::{utf8_percent_encode, AsciiSet, CONTROLS};

use crate::cards::Deck;
use crate::cite::{self, Resolved, Status, Target};
use crate::corpus::{
    self, BookId, Corpus, Diagnostic, Kind, LoadError, Provision, ProvisionId, Severity, SourceFile,
};
use crate::graph::Graph;
use crate::search::{Hit, QueryError, SearchError, SearchIndex, SearchOptions, SearchQuery};

/// Where the corpus comes from.
#[derive(Clone, Debug)]
pub enum CorpusSource {
    /// The copy built into the binary.
    Embedded,
    /// A folder with `laws/` and `handbook/`, for editors previewing a change.
    Dir(PathBuf),
}

impl CorpusSource {
    /// Reads the source files.
    pub fn read(&self) -> Result<Vec<SourceFile>, LoadError> {
        match self {
            CorpusSource::Embedded => Ok(corpus::embedded_sources()),
            CorpusSource::Dir(dir) => corpus::read_dir_sources(dir),
        }
    }
}

/// Why a knowledge base could not be built.
#[derive(Debug, thiserror::Error)]
pub enum KbError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error("the corpus has {} error(s); the first: {}", .0.len(), .0.first().map(|d| d.to_string()).unwrap_or_default())]
    Invalid(Vec<Diagnostic>),
    #[error("cannot build the search index: {0}")]
    Index(#[from] SearchError),
}

/// What a search returned.
#[derive(Debug, Clone)]
pub struct SearchResults {
    pub hits: Vec<Hit>,
    /// Microseconds spent in the search itself.
    pub took_us: u128,
}

/// The knowledge base.
pub struct Kb {
    corpus: Corpus,
    graph: Graph,
    index: SearchIndex,
    /// The top-level provisions in reading order, for prev/next links.
    tops: Vec<usize>,
    /// [`corpus::fingerprint`] of the files this was built from.
    fingerprint: u64,
    /// The practice cards, generated on first use.
    cards: OnceLock<Deck>,
}

/// Characters escaped in a provision URL: everything but what a cite
/// (`12C1e(ii)`, `def:Alert`, `laws:forord`) is made of.
const URL_ESCAPE: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'/')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'`')
    .add(b'{')
    .add(b'}')
    .add(b'\\')
    .add(b'^')
    .add(b'|');

/// The stable URL path of a provision's page: `/p/12C1e(ii)`.
pub fn url_of(id: &ProvisionId) -> String {
    format!("/p/{}", utf8_percent_encode(&id.to_string(), URL_ESCAPE))
}

impl Kb {
    /// Loads and checks a corpus, builds the graph and the index. Refuses a
    /// corpus with errors (`lovbok check` lists them).
    pub fn load(source: &CorpusSource) -> Result<Kb, KbError> {
        Kb::from_sources(&source.read()?)
    }

    /// Like [`Kb::load`], from files already in memory.
    pub fn from_sources(sources: &[SourceFile]) -> Result<Kb, KbError> {
        let (kb, diagnostics) = Kb::build_unchecked(sources)?;
        let errors: Vec<Diagnostic> = diagnostics
            .into_iter()
            .filter(|d| d.severity == Severity::Error)
            .collect();
        if !errors.is_empty() {
            return Err(KbError::Invalid(errors));
        }
        Ok(kb)
    }

    /// Builds whatever can be built and returns every problem found: corpus
    /// diagnostics and citations in the text that resolve to nothing.
    pub fn build_unchecked(sources: &[SourceFile]) -> Result<(Kb, Vec<Diagnostic>), KbError> {
        let loaded = Corpus::build(sources);
        let corpus = loaded.corpus;
        let mut diagnostics = loaded.diagnostics;
        let graph = Graph::build(&corpus);
        for e in graph.edges() {
            if let Status::Unresolved { reason } = &e.status {
                let p = corpus.at(e.from);
                diagnostics.push(Diagnostic {
                    file: p.origin.file.clone(),
                    line: p.origin.line,
                    severity: Severity::Error,
                    message: format!("unresolved citation {:?} in {}: {reason}", e.text, p.id),
                });
            }
        }
        let index = SearchIndex::build(&corpus)?;
        let fingerprint = corpus::fingerprint(sources);
        let tops = corpus
            .provisions()
            .iter()
            .enumerate()
            .filter(|(_, p)| p.parent.is_none())
            .map(|(i, _)| i)
            .collect();
        Ok((
            Kb {
                corpus,
                graph,
                index,
                tops,
                fingerprint,
                cards: OnceLock::new(),
            },
            diagnostics,
        ))
    }

    /// The provision tree.
    pub fn corpus(&self) -> &Corpus {
        &self.corpus
    }

    /// The citation graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The search index.
    pub fn index(&self) -> &SearchIndex {
        &self.index
    }

    /// The content hash of the corpus files (see [`corpus::fingerprint`]).
    pub fn fingerprint(&self) -> u64 {
        self.fingerprint
    }

    /// How many citations the corpus text makes (edges of the graph).
    pub fn citation_count(&self) -> usize {
        self.graph.edges().count()
    }

    /// The practice cards of the study mode, generated from the corpus on
    /// first use (0.1-0.25 s in a release build on the 2-core CI machine) and kept for the life of
    /// this knowledge base.
    pub fn cards(&self) -> &Deck {
        self.cards.get_or_init(|| Deck::build(&self.corpus))
    }

    /// A provision by cite.
    pub fn get(&self, id: &ProvisionId) -> Option<(usize, &Provision)> {
        let i = self.corpus.index_of(id)?;
        Some((i, self.corpus.at(i)))
    }

    /// Ranked hits for a query typed by a person.
    pub fn search(&self, raw: &str, opts: &SearchOptions) -> Result<SearchResults, KbSearchError> {
        let started = std::time::Instant::now();
        let query = SearchQuery::parse(raw)?;
        let hits = self.index.search(&self.corpus, &query, opts)?;
        Ok(SearchResults {
            hits,
            took_us: started.elapsed().as_micros(),
        })
    }

    /// Every citation in `text`, resolved (relative ones against `context`).
    pub fn link(&self, text: &str, context: Option<&ProvisionId>) -> Vec<Resolved> {
        cite::link(text, context, &self.corpus)
    }

    /// `text` as escaped HTML with each citation a link to its page.
    pub fn annotate_html(&self, text: &str, resolved: &[Resolved]) -> String {
        cite::annotate_html(text, resolved, &|id: &ProvisionId| self.href(id))
    }

    /// What a citation typed by a person points at: a canonical cite
    /// (`12C1c`, `§ 12 C 1 c`, `def:Alert`) directly, otherwise every
    /// target the citation finder reads in it.
    pub fn resolve(&self, input: &str, context: Option<&ProvisionId>) -> Vec<Target> {
        if let Ok(id) = input.parse::<ProvisionId>() {
            let status = cite::status_of(&id, &self.corpus);
            // A definition typed in another case gets its canonical term.
            let id = self.corpus.get(&id).map_or(id, |p| p.id.clone());
            return vec![Target { id, status }];
        }
        self.link(input, context)
            .into_iter()
            .flat_map(|r| r.targets)
            .collect()
    }

    /// The page a link to `id` should open: the provision, or the nearest
    /// ancestor the corpus has.
    pub fn href(&self, id: &ProvisionId) -> String {
        match self.corpus.nearest(id) {
            Some(p) => url_of(&p.id),
            None => url_of(id),
        }
    }

    /// The top-level provisions before and after the one `idx` belongs to.
    pub fn neighbours(&self, idx: usize) -> (Option<usize>, Option<usize>) {
        let top = self.top_of(idx);
        let tops = &self.tops;
        let pos = tops.iter().position(|&t| t == top);
        match pos {
            Some(p) => (
                p.checked_sub(1).and_then(|q| tops.get(q).copied()),
                tops.get(p + 1).copied(),
            ),
            None => (None, None),
        }
    }

    /// The top-level provision (law, section, definitions …) `idx` lies in.
    pub fn top_of(&self, idx: usize) -> usize {
        self.corpus.path_of(idx).first().copied().unwrap_or(idx)
    }

    /// How a person names one step of a provision's path: `Lov 12`, `X16`,
    /// `§ 212`, then the bare labels `C`, `1`, `c`, `ii`.
    pub fn crumb(&self, idx: usize) -> String {
        let p = self.corpus.at(idx);
        match (&p.kind, &p.id) {
            (Kind::Law, id) => format!("Lov {id}"),
            (Kind::Section, id) => format!("§ {id}"),
            (Kind::Extension, id) => id.to_string(),
            (Kind::Front | Kind::Definitions | Kind::Definition, _) => {
                p.title.clone().unwrap_or_else(|| p.id.to_string())
            }
            _ => p
                .label
                .trim_matches(|c| c == '.' || c == ')' || c == '(')
                .to_string(),
        }
    }

    /// The path from the top-level provision down to `idx`, as (index, crumb).
    pub fn breadcrumbs(&self, idx: usize) -> Vec<(usize, String)> {
        self.corpus
            .path_of(idx)
            .into_iter()
            .map(|i| (i, self.crumb(i)))
            .collect()
    }

    /// The title a provision is known by: its own (a definition's term), or
    /// the nearest titled ancestor's (`12C1c` is known by Law 12C's title).
    pub fn title_of(&self, idx: usize) -> Option<String> {
        let mut cur = Some(idx);
        while let Some(i) = cur {
            let p = self.corpus.at(i);
            if let Some(t) = &p.title {
                return Some(t.clone());
            }
            cur = p.parent;
        }
        None
    }

    /// The provision a query that is nothing but a citation points at
    /// (`12C1`, `lov 12 C 1`, `§ 212A`, `X16`), so a front end can go
    /// straight there instead of searching. `None` for anything else, and
    /// for a cite the corpus does not have (a search explains that better).
    pub fn jump(&self, raw: &str) -> Option<ProvisionId> {
        /// Words that may stand before a cite typed as a query ("law", "paragraph").
        const CUES: &[&str] = &["lov", "loven", "law", "paragraf", "§"];
        let q = raw.trim();
        if q.is_empty() || q.len() > 100 {
            return None;
        }
        let bare = CUES
            .iter()
            .find_map(|c| {
                let rest = q.get(c.len()..)?;
                let cue = q.get(..c.len())?.eq_ignore_ascii_case(c);
                (cue && (*c == "§" || rest.starts_with([' ', '.']))).then_some(rest)
            })
            .map(|r| r.trim_start_matches(['.', ' ']))
            .unwrap_or(q);
        let id = match bare.parse::<ProvisionId>() {
            Ok(id) => id,
            Err(_) => {
                let found = self.link(q, None);
                let [r] = found.as_slice() else { return None };
                let covers = q[..r.span.start].split_whitespace().count() <= 1
                    && q[r.span.end..].trim().is_empty();
                match r.targets.as_slice() {
                    [t] if covers => t.id.clone(),
                    _ => return None,
                }
            }
        };
        match self.corpus.get(&id) {
            Some(p) => Some(p.id.clone()),
            None => self
                .corpus
                .nearest(&id)
                .filter(|n| !n.in_corpus)
                .map(|n| n.id.clone()),
        }
    }

    /// The definitions of the Laws, in order.
    pub fn definitions(&self) -> impl Iterator<Item = (usize, &Provision)> {
        self.corpus
            .book(BookId::Laws)
            .filter(|(_, p)| p.kind == Kind::Definition)
    }
}

/// Why a search request could not be answered.
#[derive(Debug, thiserror::Error)]
pub enum KbSearchError {
    /// The query itself is unusable (empty, too long): the client's fault.
    #[error(transparent)]
    Query(#[from] QueryError),
    /// The index failed: lovbok's fault.
    #[error(transparent)]
    Search(#[from] SearchError),
}

/// Every problem with a corpus: parse diagnostics and unresolved citations.
pub fn check(source: &CorpusSource) -> Result<(Kb, Vec<Diagnostic>), KbError> {
    Kb::build_unchecked(&source.read()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_keep_cites_readable() {
        let id: ProvisionId = "12C1e(ii)".parse().unwrap();
        assert_eq!(url_of(&id), "/p/12C1e(ii)");
        let id: ProvisionId = "def:Spillefører".parse().unwrap();
        assert_eq!(url_of(&id), "/p/def:Spillef%C3%B8rer");
        let id = ProvisionId::Definition("Urettmessig informasjon (UI)".into());
        assert_eq!(url_of(&id), "/p/def:Urettmessig%20informasjon%20(UI)");
    }
}
