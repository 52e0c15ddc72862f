//! Searching the rule books: build the index from the embedded corpus, then
//! run the kinds of query a tournament director types.
//!
//! Run with `cargo run --example search -- [query]`.

use std::error::Error;

use lovbok::corpus::{embedded_sources, Corpus};
use lovbok::search::{SearchIndex, SearchOptions, SearchQuery};

fn main() -> Result<(), Box<dyn Error>> {
    // # Load the corpus
    //
    // Both books are compiled into the binary. Parsing never fails: problems
    // come back as diagnostics beside the corpus.
    let loaded = Corpus::build(&embedded_sources());
    let corpus = loaded.corpus;
    println!(
        "{} provisions, {} diagnostics",
        corpus.provisions().len(),
        loaded.diagnostics.len()
    );

    // # Build the index
    //
    // The index lives in memory and takes a few tens of milliseconds to build,
    // so lovbok builds it at start-up instead of storing it. Build it once
    // and share it: every search takes a cheap searcher from the one reader.
    let index = SearchIndex::build(&corpus)?;
    println!("{:?}\n", index.stats()?);

    // # Parse the query at the edge
    //
    // `SearchQuery::parse` trims the text and refuses an empty or over-long
    // query with a typed error; inside lovbok a query is always valid.
    let typed: Vec<String> = std::env::args().skip(1).collect();
    let queries: Vec<String> = if typed.is_empty() {
        [
            "for sen ankomst",   // Danish words find the handbook
            "tilstrekkelig bud", // Norwegian words find the laws
            "§ 12 C 1 c",        // a citation goes straight to its provision
            "spilleførr",        // a typo is forgiven
            "ubefojede",         // so is a missing ø
            "restriksjoner",     // a compound is found by its last part
            "prosedyrestr",      // and the last word is completed as you type
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    } else {
        vec![typed.join(" ")]
    };

    // # Search
    //
    // Hits come best first, never the same text at two levels (12C1c and 12C),
    // each with an HTML snippet whose matched words are in <mark>.
    let opts = SearchOptions {
        limit: 3,
        book: None,
    };
    for raw in &queries {
        let query = match SearchQuery::parse(raw) {
            Ok(q) => q,
            Err(e) => {
                println!("{raw:?}: {e}\n");
                continue;
            }
        };
        println!("{raw:?}");
        for hit in index.search(&corpus, &query, &opts)? {
            let how = if hit.via_citation { "cited" } else { "found" };
            println!(
                "  {:<10} {how} {:>6.2}  {}",
                hit.id.to_string(),
                hit.score,
                hit.snippet
            );
        }
        println!();
    }
    Ok(())
}
