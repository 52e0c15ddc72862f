/*!
The knowledge base: corpus, citation graph and search index behind one façade.

Every front end (the CLI, the HTTP API, the web pages, the static copy)
asks [`Kb`] for every answer, so a subcommand and an endpoint that need the
same answer get it from the same function. Below it a front end names only
the data of the answers (`corpus`'s ids, provisions and subject index; the
search's options and errors; the one `Lang`), the calculators of `rules`
(which stand beside `Kb`), and a short list of functions that are not
questions for it, each with its reason (`tests/it/shape/layers.rs`,
`BELOW_KB`: the offline copy's tables for `web`, the cue words written into
the page scripts and `/embed.js`, `lovbok eval`'s metrics …), which the
shape test holds them to. A `Kb` is built once and never changes; a
reload builds a new one. Loading refuses a corpus with errors, so a server
never serves half a book; [`check`] is the one place that builds anyway to
report every problem.
*/

use std::path::PathBuf;
use std::sync::OnceLock;

use percent_encoding::{utf8_percent_encode, AsciiSet, CONTROLS};

use crate::cards::Deck;
use crate::cite::{self, EditionNote, Resolved, Status, Target};
use crate::corpus::{
    self, BookId, Corpus, Diagnostic, Kind, LoadError, Provision, ProvisionId, Severity, SourceFile,
};
use crate::diff::{self, Change, EditionDiff};
use crate::graph::Graph;
use crate::search::{
    search_parallels, CaseHit, Explanation, Hit, ParallelHit, QueryError, SearchError, SearchIndex,
    SearchOptions, SearchQuery,
};

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

    /// Reads the source files and, beside them, each edition folder given
    /// with `--edition` (as `editions/<its name>/`).
    pub fn read_with(&self, editions: &[PathBuf]) -> Result<Vec<SourceFile>, LoadError> {
        let mut files = self.read()?;
        for dir in editions {
            files.extend(corpus::read_edition_dir(dir)?);
        }
        Ok(files)
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
    /// Hits in the parallel texts (other editions or languages of the
    /// Laws), apart from the ranked hits of the built-in text; none for a
    /// query that is a citation or one limited to the handbook.
    pub parallel_hits: Vec<ParallelHit>,
    /// The published rulings most like the query (lovbok's own words of
    /// `kjennelser/`), shown apart from and below the provisions; none for
    /// a citation.
    pub case_hits: Vec<CaseHit>,
    /// Microseconds spent in the search itself.
    pub took_us: u128,
}

/// The knowledge base.
pub struct Kb {
    corpus: Corpus,
    graph: Graph,
    /// The citation graph of each parallel text, in the order of
    /// [`Corpus::parallels`].
    parallel_graphs: Vec<Graph>,
    /// What changed in each later edition of the Laws in the built-in
    /// text's language (`2027-nb`): the change marks of a provision page.
    later_editions: Vec<LaterEdition>,
    index: SearchIndex,
    /// The top-level provisions in reading order, for prev/next links.
    tops: Vec<usize>,
    /// [`corpus::fingerprint`] of the files this was built from.
    fingerprint: u64,
    /// The practice cards, generated on first use.
    cards: OnceLock<Deck>,
}

/// A later edition of the Laws in the built-in text's language, compared
/// with the built-in text (`diff::compare`), so a page can say what became
/// of its provision ("endret i 2027-utgaven").
#[derive(Debug)]
pub struct LaterEdition {
    /// Its year.
    pub edition: u16,
    /// The parallel text's id (`2027-nb`).
    pub id: String,
    pub diff: EditionDiff,
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

/// Where a provision's page lives: its cite follows (`/p/12C1`). The one
/// page path written below `web`: the links `annotate_html` writes (for
/// `lovbok link --html` and the link API too) need it, and the route
/// table (`web::routes`) takes it from here.
pub const PROVISION_PATH: &str = "/p/";

/// The stable URL path of a provision's page: `/p/12C1e(ii)`.
pub fn url_of(id: &ProvisionId) -> String {
    format!(
        "{PROVISION_PATH}{}",
        utf8_percent_encode(&id.to_string(), URL_ESCAPE)
    )
}

impl Kb {
    /// Loads and checks a corpus, builds the graph and the index. Refuses a
    /// corpus with errors (`lovbok check` lists them).
    pub fn load(source: &CorpusSource) -> Result<Kb, KbError> {
        Kb::from_sources(&source.read()?)
    }

    /// [`Kb::load`] with edition folders beside the corpus (`--edition DIR`).
    pub fn load_with(source: &CorpusSource, editions: &[PathBuf]) -> Result<Kb, KbError> {
        Kb::from_sources(&source.read_with(editions)?)
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
        diagnostics.extend(concordance_problems(&corpus));
        diagnostics.extend(crate::rulings::check(&corpus));
        let parallel_graphs: Vec<Graph> = corpus
            .parallels()
            .iter()
            .map(|t| Graph::build_parallel(&t.corpus, &corpus))
            .collect();
        for (t, g) in corpus.parallels().iter().zip(&parallel_graphs) {
            diagnostics.extend(g.edges().filter_map(|e| {
                let Status::Unresolved { reason } = &e.status else {
                    return None;
                };
                let p = t.corpus.at(e.from);
                Some(Diagnostic {
                    file: p.origin.file.clone(),
                    line: p.origin.line,
                    severity: Severity::Warning,
                    message: format!(
                        "unresolved citation {:?} in {} of edition {}: {reason}",
                        e.text,
                        p.id,
                        t.id()
                    ),
                })
            }));
        }
        let later_editions = later_editions(&corpus);
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
                parallel_graphs,
                later_editions,
                index,
                tops,
                fingerprint,
                cards: OnceLock::new(),
            },
            diagnostics,
        ))
    }

    /// What became of a built-in provision in each later edition of the
    /// Laws loaded beside it, oldest first: the change it is part of, if
    /// any. Nothing for a provision whose text the source lacks (there is
    /// no text of ours to compare).
    pub fn later_changes(&self, id: &ProvisionId) -> Vec<(&LaterEdition, &Change)> {
        if self.get(id).is_none_or(|(_, p)| !p.in_corpus) {
            return Vec::new();
        }
        self.later_editions
            .iter()
            .filter_map(|e| e.diff.change_of_old(id).map(|c| (e, c)))
            .collect()
    }

    /// What the rulings beside the rules cover (`lovbok check` prints it).
    pub fn ruling_coverage(&self) -> crate::rulings::Coverage {
        crate::rulings::Coverage::of(&self.corpus)
    }

    /// The published rulings and commentary that apply a provision or one
    /// of its parts (its page's "Kjennelser og kommentarer").
    pub fn rulings_citing(&self, id: &ProvisionId) -> Vec<&crate::corpus::Ruling> {
        crate::rulings::citing(&self.corpus, id)
    }

    /// True for a cite below a law or section the corpus holds only the
    /// title of (`45C4`): a provision of the books all the same.
    pub fn lies_outside_text(&self, id: &ProvisionId) -> bool {
        let mut up = id.numbered_parent();
        while let Some(p) = up {
            if let Some(found) = self.corpus.get(&p) {
                return !found.in_corpus;
            }
            up = p.numbered_parent();
        }
        false
    }

    /// The filter a rulings list's query asks for: one reading of the
    /// values for the page and the API. A cite may name a provision below a
    /// law whose text is absent (`45C4`).
    pub fn ruling_filter(
        &self,
        q: &crate::rulings::FilterQuery<'_>,
    ) -> Result<crate::rulings::RulingFilter, crate::rulings::BadFilter> {
        use crate::rulings::{given, BadFilter};
        let cite = match given(q.cite) {
            None => None,
            Some(c) => Some(match self.read_cite(c) {
                TypedCite::Found(id) => id,
                TypedCite::Missing(id) if self.lies_outside_text(&id) => id,
                TypedCite::Missing(id) => return Err(BadFilter::MissingCite(id)),
                TypedCite::NotACite => return Err(BadFilter::NotACite(c.to_string())),
            }),
        };
        crate::rulings::read_fields(&self.corpus, q, cite)
    }

    /// The rulings a list asks for (`/kjennelser`, `GET /api/rulings`).
    pub fn rulings(&self, filter: &crate::rulings::RulingFilter) -> Vec<&crate::corpus::Ruling> {
        crate::rulings::filtered(&self.corpus, filter)
    }

    /// The provision tree.
    pub fn corpus(&self) -> &Corpus {
        &self.corpus
    }

    /// The citation graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The citation graph of parallel text `i` ([`Corpus::parallels`]).
    pub fn parallel_graph(&self, i: usize) -> Option<&Graph> {
        self.parallel_graphs.get(i)
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

    /// Whether the practice cards are built yet (a server builds them
    /// ahead of its first reader; see `server::AppState::warming`).
    pub fn cards_ready(&self) -> bool {
        self.cards.get().is_some()
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
        let (hits, case_hits) = self.index.search_with_cases(&self.corpus, &query, opts)?;
        let parallel_hits = if hits.iter().any(|h| h.via_citation)
            || opts.book.is_some_and(|b| b != BookId::Laws)
        {
            Vec::new()
        } else {
            search_parallels(&self.corpus, &query, opts.limit)
        };
        Ok(SearchResults {
            hits,
            parallel_hits,
            case_hits,
            took_us: started.elapsed().as_micros(),
        })
    }

    /// [`Kb::search`], explained: each word's role and weight, the subjects
    /// met, and each hit's score by its parts (`--explain`, `explain=true`).
    pub fn explain_search(
        &self,
        raw: &str,
        opts: &SearchOptions,
    ) -> Result<Explanation, KbSearchError> {
        let query = SearchQuery::parse(raw)?;
        Ok(self.index.explain_search(&self.corpus, &query, opts)?)
    }

    /// Every citation in `text`, resolved (relative ones against `context`).
    pub fn link(&self, text: &str, context: Option<&ProvisionId>) -> Vec<Resolved> {
        cite::link(text, context, &self.corpus)
    }

    /// [`Kb::link`] for a text written under an older edition of the Laws
    /// (`Some(2007)`, `Some(1997)`); `None` or the corpus's own edition
    /// reads the text as the current edition.
    pub fn link_in_edition(
        &self,
        text: &str,
        context: Option<&ProvisionId>,
        edition: Option<u16>,
    ) -> Vec<Resolved> {
        let older = edition.filter(|e| self.corpus.concordance(*e).is_some());
        cite::link_in_edition(text, context, older, &self.corpus)
    }

    /// Reads an edition a caller names (`"2007"`): `Ok(None)` for the
    /// corpus's own, `Ok(Some(year))` for an older one with a concordance,
    /// and a message listing the editions otherwise.
    pub fn parse_edition(&self, raw: &str) -> Result<Option<u16>, String> {
        let known = self.editions();
        let list = known
            .iter()
            .map(u16::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        match raw.trim().parse::<u16>() {
            Ok(y) if y == crate::corpus::CURRENT_EDITION => Ok(None),
            Ok(y) if known.contains(&y) => Ok(Some(y)),
            _ => Err(format!("edition must be one of {list}, not {raw:?}")),
        }
    }

    /// The editions of the Laws a text may be written under: the corpus's
    /// own and every older one it has a concordance for.
    pub fn editions(&self) -> Vec<u16> {
        let mut all: Vec<u16> = self
            .corpus
            .concordances()
            .iter()
            .map(|c| c.edition)
            .collect();
        all.push(crate::corpus::CURRENT_EDITION);
        all.sort_unstable();
        all.dedup();
        all
    }

    /// `text` as escaped HTML with each citation a link to its page.
    pub fn annotate_html(&self, text: &str, resolved: &[Resolved]) -> String {
        cite::annotate_html(text, resolved, &|id: &ProvisionId| self.href(id))
    }

    /// What a citation typed by a person points at: a canonical cite
    /// (`12C1c`, `def:Alert`) directly; otherwise every target the citation
    /// grammar reads in it as a query (`§ 12 C 1 c`, `lov16b1a`, `61, 62 og
    /// 64`), or failing that as running text with `context` for relative
    /// cites (`se C2 nedenfor`).
    pub fn resolve(&self, input: &str, context: Option<&ProvisionId>) -> Vec<Target> {
        self.resolve_in_edition(input, context, None)
    }

    /// [`Kb::resolve`] for a citation numbered as in an older edition of
    /// the Laws (`Some(2007)`); `None` reads it as the context declares.
    pub fn resolve_in_edition(
        &self,
        input: &str,
        context: Option<&ProvisionId>,
        edition: Option<u16>,
    ) -> Vec<Target> {
        let edition = edition.filter(|e| self.corpus.concordance(*e).is_some());
        if let Ok(id) = input.trim().parse::<ProvisionId>() {
            // A definition typed in another case gets its canonical term.
            let id = self.corpus.get(&id).map_or(id, |p| p.id.clone());
            let edition = edition
                .or_else(|| context.and_then(|c| cite::Lookup::laws_edition(&self.corpus, c)));
            return vec![cite::target_of(id, edition, &self.corpus)];
        }
        let found = cite::find_query(input).unwrap_or_else(|| cite::find(input));
        cite::resolve_in_edition(&found, context, edition, &self.corpus)
            .into_iter()
            .flat_map(|r| r.targets)
            .collect()
    }

    /// What one citation typed by a person (a URL path, a query) names:
    /// exactly one provision, one that cannot exist, or no single cite.
    pub fn read_cite(&self, input: &str) -> TypedCite {
        if let Ok(id) = input.trim().parse::<ProvisionId>() {
            return match self.corpus.get(&id) {
                Some(p) => TypedCite::Found(p.id.clone()),
                None => TypedCite::Missing(id),
            };
        }
        let Some(found) = cite::find_query(input) else {
            return TypedCite::NotACite;
        };
        let resolved = cite::resolve(&found, None, &self.corpus);
        let [r] = resolved.as_slice() else {
            return TypedCite::NotACite;
        };
        match r.targets.as_slice() {
            [t] => match self.corpus.get(&t.id) {
                Some(p) => TypedCite::Found(p.id.clone()),
                None => TypedCite::Missing(t.id.clone()),
            },
            _ => TypedCite::NotACite,
        }
    }

    /// The provisions nearest to a well-formed cite that does not exist,
    /// for "did you mean": below an existing provision (`12Z`), that
    /// provision and its children (`12`, `12A`, `12B`, `12C`); past the
    /// numbers a book has (`99`, `X50`, `209`), the existing roots of the
    /// same kind just below and just above (`93`; `X40`, `X70`; `208`,
    /// `211`). A cite that exists is its own nearest.
    pub fn nearest_existing(&self, id: &ProvisionId) -> Vec<ProvisionId> {
        if let Some(p) = self.corpus.get(id) {
            return vec![p.id.clone()];
        }
        let ProvisionId::Numbered { root, .. } = id else {
            return Vec::new();
        };
        if let Some(p) = self.corpus.nearest(id) {
            let mut out = vec![p.id.clone()];
            out.extend(p.children.iter().map(|&c| self.corpus.at(c).id.clone()));
            return out;
        }
        let (kind, n) = root_kind(*root);
        let same_kind: Vec<u16> = self
            .tops
            .iter()
            .filter_map(|&t| self.corpus.at(t).id.numbered_root())
            .map(root_kind)
            .filter(|(k, _)| *k == kind)
            .map(|(_, m)| m)
            .collect();
        let below = same_kind.iter().copied().filter(|&m| m < n).max();
        let above = same_kind.iter().copied().filter(|&m| m > n).min();
        [below, above]
            .into_iter()
            .flatten()
            .map(|m| ProvisionId::root(make_root(kind, m)))
            .collect()
    }

    /// The lowest and highest number of the roots of `id`'s kind the corpus
    /// has (`(1, 93)` for laws), for "the laws run from 1 to 93".
    pub fn root_range(&self, id: &ProvisionId) -> Option<(ProvisionId, ProvisionId)> {
        let kind = root_kind(id.numbered_root()?).0;
        let numbers = self
            .tops
            .iter()
            .filter_map(|&t| self.corpus.at(t).id.numbered_root())
            .map(root_kind)
            .filter(|(k, _)| *k == kind)
            .map(|(_, m)| m);
        let (lo, hi) = numbers.fold((u16::MAX, 0), |(lo, hi), m| (lo.min(m), hi.max(m)));
        (lo <= hi).then(|| {
            (
                ProvisionId::root(make_root(kind, lo)),
                ProvisionId::root(make_root(kind, hi)),
            )
        })
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
    /// (`12C1`, `lov 12 C 1`, `§ 212A`, `X16`, `16b1a`), so a front end can go
    /// straight there instead of searching. `None` for anything else, and
    /// for a cite the corpus does not have (a search explains that better).
    pub fn jump(&self, raw: &str) -> Option<ProvisionId> {
        let q = raw.trim();
        if q.is_empty() || q.len() > 100 {
            return None;
        }
        let id = match self.read_cite(q) {
            TypedCite::Found(id) => return Some(id),
            TypedCite::Missing(id) => id,
            TypedCite::NotACite => return None,
        };
        // A cite below a law whose text is absent opens the law's title.
        self.corpus
            .nearest(&id)
            .filter(|n| !n.in_corpus)
            .map(|n| n.id.clone())
    }

    /// Every citation of an older edition of the Laws in the corpus text,
    /// with how the concordance read it (for `lovbok check`).
    pub fn edition_cites(&self) -> Vec<(&Provision, &crate::graph::Edge, &EditionNote)> {
        self.graph
            .edges()
            .filter_map(|e| e.edition.as_ref().map(|n| (self.corpus.at(e.from), e, n)))
            .collect()
    }

    /// The definitions of the Laws, in order.
    pub fn definitions(&self) -> impl Iterator<Item = (usize, &Provision)> {
        self.corpus
            .book(BookId::Laws)
            .filter(|(_, p)| p.kind == Kind::Definition)
    }
}

/// What one citation typed by a person names ([`Kb::read_cite`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedCite {
    /// Exactly this provision (its canonical cite).
    Found(ProvisionId),
    /// A well-formed cite of a provision that does not exist (`99`, `12Z`,
    /// `X50`, `40B2` under a law whose text is absent).
    Missing(ProvisionId),
    /// Not one cite: words, several cites, or nothing cite-shaped.
    NotACite,
}

/// The kind of a root and its number: laws, extensions and sections are
/// numbered apart.
fn root_kind(root: crate::corpus::Root) -> (u8, u16) {
    use crate::corpus::Root;
    match root {
        Root::Law(n) => (0, n),
        Root::Extension(n) => (1, n),
        Root::Section(n) => (2, n),
    }
}

fn make_root(kind: u8, n: u16) -> crate::corpus::Root {
    use crate::corpus::Root;
    match kind {
        0 => Root::Law(n),
        1 => Root::Extension(n),
        _ => Root::Section(n),
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

/// Concordance entries that map to a law the corpus does not have, and
/// books whose files disagree on the edition of the Laws they cite.
fn concordance_problems(corpus: &Corpus) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for c in corpus.concordances() {
        for e in &c.entries {
            if let crate::corpus::Decision::MapsTo { cite } = &e.decision {
                if corpus.nearest(cite).is_none() {
                    out.push(Diagnostic {
                        file: c.file.clone(),
                        line: e.line,
                        severity: Severity::Error,
                        message: format!("{} maps to {cite}, which is not in the corpus", e.cite),
                    });
                }
            }
        }
    }
    for book in BookId::ALL {
        let mut editions = corpus
            .book(book)
            .filter(|(_, p)| p.parent.is_none())
            .map(|(_, p)| (p.laws_edition, p));
        if let Some((first, _)) = editions.next() {
            for (ed, p) in editions.filter(|(ed, _)| *ed != first) {
                let name = |e: Option<u16>| e.map_or("the current".to_string(), |y| y.to_string());
                out.push(Diagnostic {
                    file: p.origin.file.clone(),
                    line: p.origin.line,
                    severity: Severity::Warning,
                    message: format!(
                        "cites the {} Laws, other files of the {book} cite the {} Laws (laws-edition)",
                        name(ed),
                        name(first)
                    ),
                });
            }
        }
    }
    out
}

/// Every problem with a corpus: parse diagnostics and unresolved citations.
pub fn check(source: &CorpusSource) -> Result<(Kb, Vec<Diagnostic>), KbError> {
    check_with(source, &[])
}

/// [`check`] with edition folders beside the corpus (`--edition DIR`).
pub fn check_with(
    source: &CorpusSource,
    editions: &[PathBuf],
) -> Result<(Kb, Vec<Diagnostic>), KbError> {
    Kb::build_unchecked(&source.read_with(editions)?)
}

/// Each parallel text that is a later edition of the Laws in the built-in
/// text's language, compared with the built-in text, oldest first.
fn later_editions(corpus: &Corpus) -> Vec<LaterEdition> {
    let (current, lang) = corpus::parallel::main_key();
    let mut out: Vec<LaterEdition> = corpus
        .parallels()
        .iter()
        .filter(|t| t.lang == lang && t.edition > current)
        .map(|t| LaterEdition {
            edition: t.edition,
            id: t.id(),
            diff: diff::compare(corpus, &t.corpus),
        })
        .collect();
    out.sort_by_key(|e| e.edition);
    out
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
