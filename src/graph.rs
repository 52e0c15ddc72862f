/*!
The citation graph: every cite in the corpus text as an edge, with backlinks.

Built once from a [`Corpus`] by running the citation pipeline over every
block of every provision, with that provision as the context for relative
cites ("se C2 nedenfor"). Edges keep the span of the cite in its block so the
web pages can link the text in place. Handbook X-sections are also linked to
the law they extend, both ways. The graph never changes after it is built.
*/

use std::collections::BTreeMap;

use serde::Serialize;

use crate::cite::{self, EditionNote, Resolved, Span, Status};
use crate::corpus::{Corpus, ProvisionId, Root};

/// Where in a provision a cite stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "in")]
pub enum Place {
    /// In the provision's own text, block `block`.
    Block { block: usize },
    /// In the provision's title.
    Title,
    /// In footnote number `footnote` of the provision.
    Footnote { footnote: usize },
}

/// One cite in the text of one provision, pointing at one target.
#[derive(Clone, Debug, Serialize)]
pub struct Edge {
    /// Index of the citing provision.
    pub from: usize,
    /// The cited provision's full canonical cite (may lie outside the corpus text).
    pub to: ProvisionId,
    /// Index of the provision the edge lands on: the target, or its nearest
    /// ancestor in the corpus when the target's text is not there.
    pub to_index: Option<usize>,
    pub status: Status,
    pub place: Place,
    pub span: Span,
    /// The cite as written.
    pub text: String,
    /// Set when the cite is numbered as in an older edition of the Laws
    /// (`to` is then where it lands in the corpus's edition).
    pub edition: Option<EditionNote>,
}

/// Cites found in one piece of text of a provision, as the pipeline returned them.
#[derive(Clone, Debug)]
pub struct TextCites {
    pub place: Place,
    pub resolved: Vec<Resolved>,
}

/// A parallel text with the built-in text behind it, for resolving its cites.
struct Beside<'a> {
    text: &'a Corpus,
    main: &'a Corpus,
}

impl cite::Lookup for Beside<'_> {
    fn exists(&self, id: &ProvisionId) -> bool {
        self.text.get(id).is_some() || self.main.get(id).is_some()
    }

    fn in_corpus(&self, id: &ProvisionId) -> bool {
        self.text.get(id).is_some_and(|p| p.in_corpus)
            || self.main.get(id).is_some_and(|p| p.in_corpus)
    }

    fn nearest(&self, id: &ProvisionId) -> Option<ProvisionId> {
        let own = self.text.nearest(id).map(|p| p.id.clone());
        if own.as_ref() == Some(id) {
            return own;
        }
        self.main.nearest(id).map(|p| p.id.clone()).or(own)
    }

    fn externals(&self, context: &ProvisionId) -> Vec<String> {
        self.text
            .get(context)
            .map(|p| p.externals.clone())
            .unwrap_or_default()
    }
}

/// The citation graph over a corpus.
#[derive(Debug, Default)]
pub struct Graph {
    outgoing: Vec<Vec<Edge>>,
    incoming: Vec<Vec<Edge>>,
    by_place: Vec<Vec<TextCites>>,
    extended_by: Vec<Vec<usize>>,
    extends: Vec<Option<usize>>,
}

impl Graph {
    /// Runs the citation pipeline over the whole corpus.
    pub fn build(corpus: &Corpus) -> Graph {
        Graph::build_with(corpus, corpus)
    }

    /// The graph of a parallel text (another edition or language of the
    /// Laws): its cites found by the same finder, and resolved in its own
    /// tree first, then in the built-in text's, so a cite of a law the
    /// parallel text does not hold still lands (`to` is the same cite in
    /// both; `to_index` indexes `text`).
    pub fn build_parallel(text: &Corpus, main: &Corpus) -> Graph {
        Graph::build_with(text, &Beside { text, main })
    }

    fn build_with(corpus: &Corpus, lookup: &dyn cite::Lookup) -> Graph {
        let n = corpus.provisions().len();
        let mut g = Graph {
            outgoing: vec![Vec::new(); n],
            incoming: vec![Vec::new(); n],
            by_place: vec![Vec::new(); n],
            extended_by: vec![Vec::new(); n],
            extends: vec![None; n],
        };
        for (from, p) in corpus.provisions().iter().enumerate() {
            let mut texts: Vec<(Place, String)> = p
                .blocks
                .iter()
                .enumerate()
                .map(|(i, b)| (Place::Block { block: i }, b.plain()))
                .collect();
            texts.extend(
                p.footnotes
                    .iter()
                    .enumerate()
                    .map(|(i, f)| (Place::Footnote { footnote: i }, f.text.clone())),
            );
            for (place, text) in texts {
                let resolved = cite::link(&text, Some(&p.id), lookup);
                for r in &resolved {
                    for t in &r.targets {
                        let to_index = t.shown().and_then(|id| corpus.index_of(id));
                        let edge = Edge {
                            from,
                            to: t.id.clone(),
                            to_index,
                            status: t.status.clone(),
                            place,
                            span: r.span,
                            text: r.text.clone(),
                            edition: t.edition.clone(),
                        };
                        if let Some(to) = to_index {
                            if to != from {
                                g.incoming[to].push(edge.clone());
                            }
                        }
                        g.outgoing[from].push(edge);
                    }
                }
                if !resolved.is_empty() {
                    g.by_place[from].push(TextCites { place, resolved });
                }
            }
            if let (
                Some(law),
                ProvisionId::Numbered {
                    root: Root::Extension(_),
                    path,
                },
            ) = (p.extends, &p.id)
            {
                if path.depth() == 0 {
                    if let Some(li) = corpus.index_of(&ProvisionId::root(Root::Law(law))) {
                        g.extends[from] = Some(li);
                        g.extended_by[li].push(from);
                    }
                }
            }
        }
        g
    }

    /// The cites provision `idx` makes, in text order.
    pub fn cites(&self, idx: usize) -> &[Edge] {
        self.outgoing.get(idx).map_or(&[], Vec::as_slice)
    }

    /// The cites that land on provision `idx` ("Henvist fra").
    pub fn cited_by(&self, idx: usize) -> &[Edge] {
        self.incoming.get(idx).map_or(&[], Vec::as_slice)
    }

    /// The resolved cites of each text of provision `idx`, for linking in place.
    pub fn text_cites(&self, idx: usize) -> &[TextCites] {
        self.by_place.get(idx).map_or(&[], Vec::as_slice)
    }

    /// The law a handbook X-section extends.
    pub fn extends(&self, idx: usize) -> Option<usize> {
        self.extends.get(idx).copied().flatten()
    }

    /// The handbook X-sections that extend law `idx`.
    pub fn extended_by(&self, idx: usize) -> &[usize] {
        self.extended_by.get(idx).map_or(&[], Vec::as_slice)
    }

    /// Every edge of the graph.
    pub fn edges(&self) -> impl Iterator<Item = &Edge> {
        self.outgoing.iter().flatten()
    }

    /// Edge counts per book and status, for `lovbok check` and reports.
    pub fn stats(&self, corpus: &Corpus) -> BTreeMap<(String, &'static str), usize> {
        let mut out = BTreeMap::new();
        for e in self.edges() {
            let book = corpus.at(e.from).book.to_string();
            let status = match e.status {
                Status::InCorpus => "in_corpus",
                Status::OutsideText { .. } => "outside_text",
                Status::External => "external",
                Status::Unresolved { .. } => "unresolved",
                Status::NoCounterpart { .. } => "no_counterpart",
            };
            *out.entry((book, status)).or_insert(0) += 1;
        }
        out
    }
}
