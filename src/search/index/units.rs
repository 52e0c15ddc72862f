//! The retrieval units and their tantivy documents: each provision with a
//! heading or text of its own, analysed in its book's language, with the
//! anchor texts of the passages that cite it, written into a RAM index.

use tantivy::tokenizer::{PreTokenizedString, Token};
use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, TantivyError};

use crate::corpus::{BookId, Corpus, Provision};
use crate::search::analyzer::{register_all, Analyzers, Lang, Tok};
use crate::search::anchors::{anchor_texts, ANCHOR_GAP};
use crate::search::schema::{self, Fields};
use crate::search::vocab::Vocabulary;

/// Indexing arena of the single writer thread.
const WRITER_BUDGET_BYTES: usize = 64 * 1024 * 1024;

/// A retrieval unit before analysis.
#[derive(Clone, Debug)]
pub(crate) struct UnitSource {
    /// Index of the provision in the corpus.
    pub corpus: usize,
    /// The book it is in, whose language it is analysed in.
    pub book: BookId,
    /// The provision's own heading, or empty.
    pub title: String,
    /// The headings of its ancestors, one per line.
    pub context: String,
    /// Its own text and footnotes.
    pub body: String,
}

/// The units of a corpus: every provision with a heading or text of its own.
/// (A numbered item whose text is all in its sub-items has nothing to show.)
pub(crate) fn unit_sources(corpus: &Corpus) -> Vec<UnitSource> {
    let mut out = Vec::new();
    for (idx, p) in corpus.provisions().iter().enumerate() {
        let title = p.title.clone().unwrap_or_default();
        let body = body_text(p);
        if title.trim().is_empty() && body.trim().is_empty() {
            continue;
        }
        let path = corpus.path_of(idx);
        let context = path[..path.len().saturating_sub(1)]
            .iter()
            .filter_map(|&i| corpus.at(i).title.clone())
            .collect::<Vec<_>>()
            .join("\n");
        out.push(UnitSource {
            corpus: idx,
            book: p.book,
            title,
            context,
            body,
        });
    }
    out
}

/// A provision's own text followed by its footnotes: what a unit's body is.
pub(crate) fn body_text(p: &Provision) -> String {
    let mut text = p.text();
    for f in &p.footnotes {
        if !text.is_empty() {
            text.push_str("\n\n");
        }
        text.push_str(&f.text);
    }
    text
}

/// A unit's text fields, analysed.
pub(crate) struct Analysed {
    /// The language of its book, which its own fields are analysed in.
    pub lang: Lang,
    /// Its own heading ([`UnitSource::title`]).
    pub title: Vec<Tok>,
    /// The headings above it ([`UnitSource::context`]).
    pub context: Vec<Tok>,
    /// Its text and footnotes ([`UnitSource::body`]).
    pub body: Vec<Tok>,
    /// Anchor texts, each in the language of the passage it comes from,
    /// indexed after the context (see `schema.rs`).
    pub anchor: Vec<Tok>,
}

/// Every unit's fields analysed in its book's language, with the anchor
/// texts of the passages that cite it, each in the language of the
/// passage it comes from.
pub(crate) fn analyse(
    corpus: &Corpus,
    sources: &[UnitSource],
    analyzers: &mut Analyzers,
) -> Vec<Analysed> {
    let mut anchors = anchor_texts(
        corpus,
        sources.iter().map(|u| (u.corpus, u.body.as_str(), u.book)),
    );
    sources
        .iter()
        .map(|u| {
            let lang = Lang::of_book(u.book);
            let mut anchor: Vec<Tok> = Vec::new();
            for (from, text) in anchors.remove(&u.corpus).unwrap_or_default() {
                // A gap of a few positions keeps two anchors from
                // reading as one phrase.
                let base = anchor.last().map_or(0, |t| t.position + ANCHOR_GAP);
                anchor.extend(analyzers.analyze(from, &text).into_iter().map(|mut t| {
                    t.position += base;
                    t
                }));
            }
            Analysed {
                lang,
                title: analyzers.analyze(lang, &u.title),
                context: analyzers.analyze(lang, &u.context),
                body: analyzers.analyze(lang, &u.body),
                anchor,
            }
        })
        .collect()
}

/// Writes every unit `copies` times as distinct documents into a RAM
/// index, and opens its one reader.
pub(crate) fn write_index(
    sources: &[UnitSource],
    analysed: &[Analysed],
    vocab: &Vocabulary,
    copies: usize,
) -> Result<(IndexReader, Fields), TantivyError> {
    let (schema, fields) = schema::build();
    let index = Index::create_in_ram(schema);
    register_all(&index);
    let mut writer: IndexWriter<TantivyDocument> =
        index.writer_with_num_threads(1, WRITER_BUDGET_BYTES)?;
    let docs: Vec<TantivyDocument> = sources
        .iter()
        .zip(analysed)
        .enumerate()
        .map(|(i, (u, a))| document(&fields, vocab, i, u, a))
        .collect();
    for _ in 0..copies.max(1) {
        for doc in &docs {
            writer.add_document(doc.clone())?;
        }
    }
    writer.commit()?;
    writer.wait_merging_threads()?;
    let reader: IndexReader = index
        .reader_builder()
        .reload_policy(ReloadPolicy::Manual)
        .try_into()?;
    Ok((reader, fields))
}

/// The tantivy document of unit `i`.
fn document(
    fields: &Fields,
    vocab: &Vocabulary,
    i: usize,
    u: &UnitSource,
    a: &Analysed,
) -> TantivyDocument {
    let mut doc = TantivyDocument::new();
    doc.add_u64(fields.unit, i as u64);
    doc.add_text(fields.book, u.book.as_str());
    doc.add_pre_tokenized_text(fields.title, pre_tokenized(&u.title, &a.title));
    // Anchor texts follow the headings, a few positions apart, and come
    // from other passages: no offsets into this one.
    let mut context = pre_tokenized(&u.context, &a.context);
    let base = a.context.last().map_or(0, |t| t.position + ANCHOR_GAP);
    context.tokens.extend(
        pre_tokenized("", &a.anchor)
            .tokens
            .into_iter()
            .map(|mut t| {
                t.position += base;
                t.offset_from = u.context.len();
                t.offset_to = u.context.len();
                t
            }),
    );
    doc.add_pre_tokenized_text(fields.context, context);
    doc.add_pre_tokenized_text(fields.body, pre_tokenized(&u.body, &a.body));

    // Compound parts one after another: the field is matched term by term,
    // never as a phrase, so their positions carry no meaning.
    let mut parts = Vec::new();
    for tok in a.title.iter().chain(&a.body) {
        if let Some(ps) = vocab.parts(a.lang, &tok.surface) {
            for p in ps {
                parts.push(Token {
                    offset_from: 0,
                    offset_to: 0,
                    position: parts.len(),
                    text: p.clone(),
                    position_length: 1,
                });
            }
        }
    }
    doc.add_pre_tokenized_text(
        fields.parts,
        PreTokenizedString {
            text: String::new(),
            tokens: parts,
        },
    );
    doc
}

/// The tokens of an analysed text as tantivy wants them (stop words out).
fn pre_tokenized(text: &str, toks: &[Tok]) -> PreTokenizedString {
    PreTokenizedString {
        text: text.to_string(),
        tokens: toks
            .iter()
            .filter_map(|t| {
                t.term.as_ref().map(|term| Token {
                    offset_from: t.from,
                    offset_to: t.to,
                    position: t.position,
                    text: term.clone(),
                    position_length: 1,
                })
            })
            .collect(),
    }
}
