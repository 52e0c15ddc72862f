//! The index's fields and their analysis, all in one place.
//!
//! One set of text fields serves both books: each document is analysed in its
//! own language and handed to tantivy pre-tokenized. Per-language fields would
//! make BM25 see every document of the other book as an empty field (tantivy
//! computes a field's statistics over all documents), skewing idf and length
//! normalisation; one field keeps the statistics of the whole collection.

use tantivy::schema::{
    Field, IndexRecordOption, NumericOptions, Schema, TextFieldIndexing, TextOptions, STRING,
};

use super::analyzer::Lang;

/// The fields of a retrieval unit.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fields {
    /// Position of the unit in the index's unit table (fast field).
    pub unit: Field,
    /// The book, `laws` or `handbook`, for filtering.
    pub book: Field,
    /// The provision's own heading: a law, section or lettered-section title,
    /// or a definition's term.
    pub title: Field,
    /// The headings above it (law title, lettered-section title), then
    /// what other passages call it when they cite it (anchor text: the
    /// parenthesis in `jf. X78B (Neubergs formel)`). Both name the subject
    /// of the passage; anchor text is sparse, and a field of its own would
    /// get an average length near zero and crush its BM25 scores.
    pub context: Field,
    /// The provision's own text and footnotes.
    pub body: Field,

    /// Parts of the compound words of title and body (`straff` for
    /// `prosedyrestraff`), so that a part matches, below a whole word.
    pub parts: Field,
}

/// Builds the schema and returns it with its fields.
pub(crate) fn build() -> (Schema, Fields) {
    let mut b = Schema::builder();
    // Text fields are fed pre-tokenized; the analyzer name is what tantivy
    // would use to analyse anything else against them (Norwegian by default).
    let text = || {
        TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(Lang::Nb.analyzer_name())
                .set_index_option(IndexRecordOption::WithFreqsAndPositions),
        )
    };
    let fields = Fields {
        unit: b.add_u64_field("unit", NumericOptions::default().set_fast()),
        book: b.add_text_field("book", STRING),
        title: b.add_text_field("title", text()),
        context: b.add_text_field("context", text()),
        body: b.add_text_field("body", text()),
        parts: b.add_text_field("parts", text()),
    };
    (b.build(), fields)
}
