//! Fuzz target: the corpus parser on arbitrary files.
//!
//! Input: one byte choosing the file's path (a law, a handbook extension or
//! section, the definitions, the 2007 concordance), then its text (invalid
//! UTF-8 is replaced). Parses it alone and together with real files of
//! both books (as an editor's broken edit would arrive), and resolves every
//! citation of the result. Parsing never fails and never panics: every problem must
//! be a diagnostic.

use lovbok::cite::link;
use lovbok::corpus::{embedded_sources, parse_file, Corpus, SourceFile};

const PATHS: &[&str] = &[
    "laws/lov-12.md",
    "laws/definisjoner.md",
    "handbook/x16.md",
    "handbook/212.md",
    "handbook/forord.md",
    "laws/concordance-2007.tsv",
];

/// Real files built together with the fuzzed one.
const NEIGHBOURS: &[&str] = &[
    "laws/lov-16.md",
    "handbook/x16.md",
    "laws/concordance-2007.tsv",
];

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Some((&pick, rest)) = data.split_first() else {
            return;
        };
        let path = PATHS[usize::from(pick) % PATHS.len()];
        let file = SourceFile {
            path: path.to_string(),
            text: String::from_utf8_lossy(rest).into_owned(),
        };
        let _ = parse_file(&file);
        // The fuzzed file with one real neighbour of each book and the real
        // concordance (unless the fuzzed file replaces one of them): enough
        // for cross-file rules (duplicates, editions) at thousands of runs a
        // second; the whole corpus would cost a hundredfold.
        let mut sources: Vec<SourceFile> = embedded_sources()
            .into_iter()
            .filter(|s| NEIGHBOURS.contains(&s.path.as_str()) && s.path != path)
            .collect();
        sources.push(file);
        let loaded = Corpus::build(&sources);
        for p in loaded.corpus.provisions() {
            for b in &p.blocks {
                let _ = link(&b.plain(), Some(&p.id), &loaded.corpus);
            }
            for f in &p.footnotes {
                let _ = link(&f.text, Some(&p.id), &loaded.corpus);
            }
        }
    });
}
