fn main() {
    let kb = lovbok::kb::Kb::load(&lovbok::kb::CorpusSource::Embedded).unwrap();
    let t = std::time::Instant::now();
    let deck = kb.cards();
    eprintln!("built in {:?}", t.elapsed());
    for k in lovbok::cards::CardKind::ALL {
        println!(
            "{:?}: {}",
            k,
            deck.cards().iter().filter(|c| c.kind == k).count()
        );
    }
    for s in deck.skipped() {
        println!(
            "skipped {:?} {} {}",
            s.kind,
            kb.corpus().at(s.provision).id,
            s.reason
        );
    }
    let mode = std::env::args().nth(1).unwrap_or_default();
    for c in deck.cards() {
        if !mode.is_empty() && c.kind.slug() != mode {
            continue;
        }
        println!(
            "--- {} [{}] prompt={:?} {:?}",
            c.id,
            c.answer,
            c.prompt.cite.as_ref().map(|x| x.to_string()),
            c.prompt
                .text
                .as_deref()
                .map(|t| t.chars().take(200).collect::<String>())
        );
        for (i, ch) in c.choices.iter().enumerate() {
            println!(
                "   {}{} {:?} {:?}",
                if i == c.answer { "*" } else { " " },
                kb.corpus().at(ch.source).id,
                ch.face.cite.as_ref().map(|x| x.to_string()),
                ch.face
                    .text
                    .as_deref()
                    .map(|t| t.chars().take(80).collect::<String>())
            );
        }
    }
}
