//! The citation pipeline on one string: find → resolve → annotate.
//!
//! Run with `cargo run --example link_text`.

use lovbok::cite::{annotate_html, find, resolve, Status};
use lovbok::corpus::{embedded_sources, Corpus, ProvisionId};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // # The corpus
    //
    // The books are built into the binary; `Corpus` implements `cite::Lookup`,
    // which is all `resolve` needs to know about them.
    let corpus = Corpus::build(&embedded_sources()).corpus;

    // # The text
    //
    // A director's note in the books' own style: a cue word (`se`), the
    // book's item label after a cite (`12C1b)`), a list, a range, a law whose
    // text lovbok does not hold (`92B`), a relative cite, and numbers that
    // are not cites at all (`13 kort`, `30 minutter`).
    let text = "TL justerer scoren (se 12C1b)) når en hånd har 13 kort; \
                jf. X78A4 og lovene 16–18. Appel innen 30 minutter (§ 92B). \
                Se C2 nedenfor, og ikke lov 99.";
    // Relative cites (`C2`) hang from the provision the text belongs to.
    let context: ProvisionId = "12A2".parse()?;

    // # Find
    //
    // `find` only reads the text: spans and what was written, no lookups.
    let found = find(text);
    println!("found {} cites:", found.len());
    for m in &found {
        println!(
            "  {:>3}..{:<3} {:<8} {:?}",
            m.span.start, m.span.end, m.text, m.kind
        );
    }

    // # Resolve
    //
    // `resolve` turns each cite into targets and asks the corpus where each
    // stands. Nothing is dropped: `lov 99` stays, as unresolved.
    let resolved = resolve(&found, Some(&context), &corpus);
    println!("\nresolved against {context}:");
    for r in &resolved {
        for t in &r.targets {
            let status = match &t.status {
                Status::InCorpus => "in the corpus".to_string(),
                Status::OutsideText { nearest: Some(n) } => {
                    format!("text not in lovbok; link to {n}")
                }
                Status::OutsideText { nearest: None } => "text not in lovbok".to_string(),
                Status::External => "outside both books".to_string(),
                Status::Unresolved { reason } => format!("unresolved: {reason}"),
                Status::NoCounterpart { edition, reason } => {
                    format!("a {edition} cite with no counterpart today: {reason}")
                }
            };
            println!("  {:<8} → {:<8} {status}", r.text, t.id.to_string());
        }
    }

    // # Annotate
    //
    // `annotate_html` escapes the text and links each cite; where the links
    // go is the caller's choice.
    let html = annotate_html(text, &resolved, &|id: &ProvisionId| format!("/p/{id}"));
    println!("\n{html}");
    Ok(())
}
