use lovbok::corpus::*;
use lovbok::search::*;
fn main() {
    let c = Corpus::build(&embedded_sources()).corpus;
    let t = std::time::Instant::now();
    let mut idx = SearchIndex::build(&c).unwrap();
    eprintln!("built in {:?}: {:?} {:?}", t.elapsed(), idx, idx.stats());
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(|s| s.as_str()) == Some("ranks") {
        for f in &args[1..] {
            let js = parse_judgments(&std::fs::read_to_string(f).unwrap()).unwrap();
            for j in &js {
                let hits = idx.search(&c, &SearchQuery::parse(&j.query).unwrap(), &SearchOptions::default()).unwrap();
                let rel = |h: &Hit| j.relevant.iter().any(|r| r.contains(&h.id) || c.get(r).and_then(|p| p.parent).map(|pi| c.at(pi).id == h.id).unwrap_or(false));
                let first = hits.iter().position(|h| rel(h)).map(|p| p + 1);
                if first != Some(1) {
                    println!("{} {:?} want {:?} first {:?}", j.qid, j.query, j.relevant.iter().map(|r| r.to_string()).collect::<Vec<_>>(), first);
                    for h in hits.iter().take(6) { println!("   {}{:>9} {:6.2} {}", if rel(h) {"*"} else {" "}, h.id.to_string(), h.score, h.snippet.chars().take(150).collect::<String>()); }
                }
            }
        }
        return;
    }
    if args.first().map(|s| s.as_str()) == Some("eval") {
        for f in &args[1..] {
            let js = parse_judgments(&std::fs::read_to_string(f).unwrap()).unwrap();
            let mut sets = vec![("none".to_string(), Features::NONE), ("all".to_string(), Features::ALL)];
            for name in ["citations","compounds","typos","folding","prefix","field_boosts","dedupe","coverage"] {
                let mut on = Features::NONE; let mut off = Features::ALL;
                macro_rules! set { ($f:ident) => {{ on.$f = true; off.$f = false; }} }
                match name { "citations" => set!(citations), "compounds" => set!(compounds), "typos" => set!(typos), "folding" => set!(folding), "prefix" => set!(prefix), "field_boosts" => set!(field_boosts), "dedupe" => set!(dedupe), _ => set!(coverage) }
                sets.push((format!("only {name}"), on)); sets.push((format!("all but {name}"), off));
            }
            for (name, feat) in sets {
                idx.set_features(feat);
                let r = evaluate(&c, &idx, &js);
                println!("{:<22} mrr {:.3} recall {:.3} ndcg {:.3} n {}", name, r.mrr10, r.recall10, r.ndcg10, r.queries);
                if name == "all" { for (j, rank) in &r.misses { println!("  miss {} {:?} {:?} -> {:?}", j.qid, j.query, j.relevant.iter().map(|r| r.to_string()).collect::<Vec<_>>(), rank); } }
            }
        }
        return;
    }
    for q in &args {
        let sq = SearchQuery::parse(q).unwrap();
        let hits = idx.search(&c, &sq, &SearchOptions::default()).unwrap();
        println!("== {q}");
        for h in hits { println!("{:>8} {:6.2} {} {}", h.id.to_string(), h.score, if h.via_citation {"C"} else {" "}, h.snippet); }
    }
}
