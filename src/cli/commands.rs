//! One function per subcommand. Each loads the knowledge base once and prints.

use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use super::error::CliError;
use super::logging::{self, LogOptions};
use super::{Args, CardsFormat, Command, ServeArgs};
use crate::cards::DeckId;
use crate::cite::EditionReading;
use crate::corpus::{BookId, ProvisionId, Severity};
use crate::kb::{self, Kb};
use crate::search::{self, SearchOptions};
use crate::server::api;
use crate::web::Lang;
use crate::web::Site;

pub fn dispatch(args: &Args) -> Result<ExitCode, CliError> {
    let source = args.source();
    match &args.command {
        Command::Check { warnings, editions } => check(&source, editions, *warnings),
        Command::Serve(serve_args) => serve(source, serve_args),
        Command::Show {
            cite,
            json,
            editions,
        } => show(&Site::new(Kb::load_with(&source, editions)?), cite, *json),
        Command::Search {
            query,
            book,
            limit,
            json,
            explain,
            editions,
        } => {
            let opts = SearchOptions {
                limit: (*limit).clamp(1, 50),
                book: book.map(BookId::from),
            };
            let site = Site::new(Kb::load_with(&source, editions)?);
            if *explain {
                return explain_cmd(&site, query, &opts, *json);
            }
            search_cmd(&site, query, &opts, *json)
        }
        Command::Eval { file, ranks } => eval(&Kb::load(&source)?, file, *ranks),
        Command::Import {
            transcript,
            book,
            out,
            compare,
        } => super::import::run(transcript, *book, out, *compare),
        Command::Diff {
            old,
            new,
            json,
            concordance,
        } => super::diff::run(old, new, *json, concordance.as_deref()),
        Command::Export { jsonl, site, lang } => match (jsonl, site) {
            (_, Some(dir)) => export_site(&source, dir, lang),
            (true, None) => export(&Kb::load(&source)?),
            (false, None) => Err(CliError::Usage(
                "export needs --jsonl (retrieval units) or --site DIR (static site)".into(),
            )),
        },
        Command::Cards {
            decks,
            format,
            base_url,
            lang,
        } => cards(&source, decks, *format, base_url.as_deref(), lang),
        Command::Calc {
            cite,
            list,
            json,
            lang,
            input,
            flags,
        } => super::calc::run(
            cite.as_deref(),
            *list,
            super::calc::Options {
                json: *json,
                lang: lang.clone(),
            },
            input,
            flags,
        ),
        Command::Link {
            context,
            html,
            edition,
        } => link(
            &Site::new(Kb::load(&source)?),
            context.as_deref(),
            edition.as_deref(),
            *html,
        ),
    }
}

fn check(
    source: &kb::CorpusSource,
    edition_dirs: &[std::path::PathBuf],
    warnings: bool,
) -> Result<ExitCode, CliError> {
    let (kb, diagnostics) = kb::check_with(source, edition_dirs)?;
    let mut out = io::stdout().lock();
    let errors = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    for d in &diagnostics {
        if d.severity == Severity::Error || warnings {
            writeln!(out, "{d}")?;
        }
    }
    let c = kb.corpus();
    let count = |book: BookId| c.book(book).count();
    let stats = kb.graph().stats(c);
    let edges: Vec<String> = stats
        .iter()
        .map(|((b, s), n)| format!("{b} {s} {n}"))
        .collect();
    writeln!(
        out,
        "{} provisions (laws {}, handbook {}); citation edges: {}",
        c.provisions().len(),
        count(BookId::Laws),
        count(BookId::Handbook),
        edges.join(", ")
    )?;
    editions(&kb, &mut out)?;
    if !c.rulings().is_empty() {
        writeln!(out, "{}", kb.ruling_coverage())?;
    }
    for text in c.parallels() {
        writeln!(
            out,
            "parallel text {} (editions/{}): {} provisions; source: {}",
            text.id(),
            text.name,
            text.corpus.provisions().len(),
            text.source
        )?;
    }
    if errors > 0 {
        writeln!(out, "check failed: {errors} error(s)")?;
        return Ok(ExitCode::from(1));
    }
    writeln!(out, "ok")?;
    Ok(ExitCode::SUCCESS)
}

/// The citations of older editions of the Laws: one summary line per
/// edition, and one line for each citation the concordance does not decide,
/// so an editor sees what is left.
fn editions(kb: &Kb, out: &mut impl Write) -> Result<(), CliError> {
    use std::collections::BTreeMap;
    let mut counts: BTreeMap<u16, [usize; 4]> = BTreeMap::new();
    let mut undecided = Vec::new();
    for (p, e, note) in kb.edition_cites() {
        let slot = match note.reading {
            EditionReading::Mapped { .. } => 0,
            EditionReading::Unchanged { .. } => 1,
            EditionReading::NoCounterpart { .. } => 2,
            EditionReading::Undecided => 3,
        };
        counts.entry(note.edition).or_default()[slot] += 1;
        if slot == 3 {
            undecided.push((p, e, note));
        }
    }
    for (edition, [mapped, unchanged, none, open]) in &counts {
        let file = kb
            .corpus()
            .concordance(*edition)
            .map_or_else(|| "no concordance file".to_string(), |c| c.file.clone());
        writeln!(
            out,
            "editions: {} citations of the {edition} Laws ({file}): {mapped} mapped, {unchanged} unchanged, {none} without a {} counterpart, {open} undecided",
            mapped + unchanged + none + open,
            crate::corpus::CURRENT_EDITION,
        )?;
    }
    for (p, e, note) in undecided {
        writeln!(
            out,
            "{}:{}: undecided: {} citation {:?} in {} ({}) is not decided by the concordance",
            p.origin.file, p.origin.line, note.edition, e.text, p.id, note.cite
        )?;
    }
    Ok(())
}

fn serve(source: kb::CorpusSource, args: &ServeArgs) -> Result<ExitCode, CliError> {
    let parse_addr = |flag: &str, raw: &str| {
        raw.parse()
            .map_err(|e| CliError::Usage(format!("bad {flag} {raw:?}: {e}")))
    };
    let addr = parse_addr("--addr", &args.addr)?;
    let mut config = crate::server::ServeConfig::new(addr, source);
    config.limits.cache_entries = args.cache_entries;
    config.editions = args.editions.clone();
    config.metrics_addr = match &args.metrics_addr {
        Some(raw) => Some(parse_addr("--metrics-addr", raw)?),
        None => None,
    };
    logging::init(&LogOptions {
        format: args.log_format,
        level: args.log_level,
        quiet: args.quiet,
    })?;
    crate::server::run(config).map_err(|e| CliError::Serve(e.to_string()))?;
    Ok(ExitCode::SUCCESS)
}

fn parse_cite(kb: &Kb, raw: &str) -> Result<ProvisionId, CliError> {
    if let Ok(id) = raw.parse::<ProvisionId>() {
        return Ok(id);
    }
    kb.resolve(raw, None)
        .into_iter()
        .next()
        .map(|t| t.id)
        .ok_or_else(|| CliError::Usage(format!("{raw:?} is not a citation")))
}

fn show(site: &Site, raw: &str, json: bool) -> Result<ExitCode, CliError> {
    let kb = site.kb();
    let id = parse_cite(kb, raw)?;
    let Some((idx, p)) = kb.get(&id) else {
        let hint = match kb.corpus().nearest(&id) {
            Some(n) => format!(" (nearest: {})", n.id),
            None => String::new(),
        };
        eprintln!("lovbok: no provision {id}{hint}");
        return Ok(ExitCode::from(1));
    };
    let mut out = io::stdout().lock();
    if json {
        let dto = api::provision_dto(site, idx);
        serde_json::to_writer_pretty(&mut out, &dto)?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let path: Vec<String> = kb.breadcrumbs(idx).into_iter().map(|(_, c)| c).collect();
    writeln!(out, "{}  ({})", path.join(" > "), p.id)?;
    let pages: Vec<String> = p.source_pages.iter().map(u16::to_string).collect();
    writeln!(
        out,
        "{} · {} · {} · page {}{}",
        p.book,
        p.lang(),
        p.kind.as_str(),
        pages.join(", "),
        if p.in_corpus {
            ""
        } else {
            " · text not in the source"
        }
    )?;
    if let Some(t) = &p.title {
        writeln!(out, "{t}")?;
    }
    let text = p.text();
    if !text.is_empty() {
        writeln!(out, "\n{text}")?;
    }
    for f in &p.footnotes {
        writeln!(out, "\n[{}] {}", f.label, f.text)?;
    }
    for child in &p.children {
        let c = kb.corpus().at(*child);
        let first: String = c.text().chars().take(70).collect();
        writeln!(out, "  {} {}", c.id, c.title.as_deref().unwrap_or(&first))?;
    }
    let cites: Vec<String> = kb
        .graph()
        .cites(idx)
        .iter()
        .map(|e| e.to.to_string())
        .collect();
    if !cites.is_empty() {
        writeln!(out, "\ncites: {}", cites.join(", "))?;
    }
    let mut by: Vec<String> = kb
        .graph()
        .cited_by(idx)
        .iter()
        .map(|e| kb.corpus().at(e.from).id.to_string())
        .collect();
    by.dedup();
    if !by.is_empty() {
        writeln!(out, "cited by: {}", by.join(", "))?;
    }
    if let Some(law) = kb.graph().extends(idx) {
        writeln!(out, "extends: {}", kb.corpus().at(law).id)?;
    }
    let ext: Vec<String> = kb
        .graph()
        .extended_by(idx)
        .iter()
        .map(|i| kb.corpus().at(*i).id.to_string())
        .collect();
    if !ext.is_empty() {
        writeln!(out, "extended by: {}", ext.join(", "))?;
    }
    for text in kb.corpus().parallels() {
        let Some(q) = text.corpus.get(&p.id) else {
            continue;
        };
        writeln!(out, "\n[{} · {} · {}]", text.id(), text.lang, text.source)?;
        if let Some(t) = &q.title {
            writeln!(out, "{t}")?;
        }
        let own = q.text();
        if !own.is_empty() {
            writeln!(out, "{own}")?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `lovbok search --explain`: why the query finds what it finds.
fn explain_cmd(
    site: &Site,
    query: &str,
    opts: &SearchOptions,
    json: bool,
) -> Result<ExitCode, CliError> {
    let explanation = site.kb().explain_search(query, opts)?;
    let mut out = io::stdout().lock();
    if json {
        serde_json::to_writer_pretty(&mut out, &explanation)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", explanation.to_text())?;
    }
    Ok(ExitCode::SUCCESS)
}

fn search_cmd(
    site: &Site,
    query: &str,
    opts: &SearchOptions,
    json: bool,
) -> Result<ExitCode, CliError> {
    let kb = site.kb();
    let results = kb.search(query, opts)?;
    let mut out = io::stdout().lock();
    if json {
        // The built-in books' hits, then the parallel texts' (each with its
        // edition, lang and source).
        let hits: Vec<_> = results
            .hits
            .iter()
            .map(|h| api::hit_dto(site, h))
            .chain(
                results
                    .parallel_hits
                    .iter()
                    .filter_map(|h| api::parallel_hit_dto(site, h)),
            )
            .collect();
        serde_json::to_writer_pretty(&mut out, &hits)?;
        writeln!(out)?;
        return Ok(ExitCode::SUCCESS);
    }
    if results.hits.is_empty() {
        writeln!(out, "no hits")?;
    }
    for (rank, h) in results.hits.iter().enumerate() {
        let p = kb.corpus().at(h.index);
        let path: Vec<String> = kb
            .breadcrumbs(h.index)
            .into_iter()
            .map(|(_, c)| c)
            .collect();
        let title = p.title.clone().unwrap_or_else(|| path.join(" › "));
        writeln!(
            out,
            "{:>2}. {:<14} {}  [{:.2}]",
            rank + 1,
            h.id.to_string(),
            title,
            h.score
        )?;
        writeln!(out, "    {}", strip_marks(&h.snippet))?;
    }
    for h in &results.parallel_hits {
        let Some(text) = kb.corpus().parallels().get(h.text) else {
            continue;
        };
        let p = text.corpus.at(h.index);
        writeln!(
            out,
            " -  {:<14} [{} · {}]  {}",
            p.id.to_string(),
            text.id(),
            text.source,
            p.title.as_deref().unwrap_or("")
        )?;
        writeln!(out, "    {}", strip_marks(&h.snippet))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// A snippet for a terminal: `<mark>` becomes `*…*`, entities are unescaped.
fn strip_marks(s: &str) -> String {
    s.replace("<mark>", "*")
        .replace("</mark>", "*")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Scores the judged queries; those asked on a page a ruling item also
/// tells are scored apart (see [`search::split_by_source`]), and the main
/// figures leave them out.
fn eval(kb: &Kb, file: &std::path::Path, ranks: bool) -> Result<ExitCode, CliError> {
    let tsv = std::fs::read_to_string(file)
        .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", file.display())))?;
    let judgments = search::parse_judgments(&tsv)?;
    let urls = question_pages(file)?;
    let split = search::split_by_source(
        &judgments,
        &urls,
        kb.corpus().rulings().items().iter().map(|r| r.url.as_str()),
    );
    let report = search::evaluate(kb.corpus(), kb.index(), &split.kept);
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "queries {}  MRR@10 {:.3}  Recall@10 {:.3}  nDCG@10 {:.3}  (lenient: a parent or descendant counts)",
        report.queries, report.mrr10, report.recall10, report.ndcg10
    )?;
    writeln!(
        out,
        "strict      MRR@10 {:.3}  Recall@10 {:.3}  nDCG@10 {:.3}  (only the judged provision counts)",
        report.strict.mrr10, report.strict.recall10, report.strict.ndcg10
    )?;
    let apart = search::evaluate(kb.corpus(), kb.index(), &split.apart);
    if apart.queries > 0 {
        let all = judgments.len() as f64;
        let with =
            (report.mrr10 * report.queries as f64 + apart.mrr10 * apart.queries as f64) / all;
        writeln!(
            out,
            "scored apart {}  (asked on a page a ruling item tells)  MRR@10 {:.3} alone; all {} queries MRR@10 {:.3} with them, {:.3} without (the figures above)",
            apart.queries, apart.mrr10, judgments.len(), with, report.mrr10
        )?;
    }
    let misses = report.misses.iter().chain(&apart.misses);
    if !report.misses.is_empty() || !apart.misses.is_empty() {
        writeln!(out, "not in the top 3:")?;
        for (j, rank) in misses {
            let rank = rank.map_or("-".to_string(), |r| r.to_string());
            let want: Vec<String> = j.relevant.iter().map(ProvisionId::to_string).collect();
            let mark = if split.apart.contains(j) {
                "\t(apart)"
            } else {
                ""
            };
            writeln!(
                out,
                "  {}\t{}\twant {}\trank {rank}{mark}",
                j.qid,
                j.query,
                want.join(",")
            )?;
        }
    }
    if ranks {
        writeln!(out, "ranks:")?;
        let rows = split.kept.iter().zip(&report.ranks);
        for (j, rank) in rows.chain(split.apart.iter().zip(&apart.ranks)) {
            let rank = rank.map_or("-".to_string(), |r| r.to_string());
            writeln!(out, "  {}\t{rank}\t{}", j.qid, j.query)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The page each collected question was asked on: every
/// `*questions.tsv` beside the judged file (`eval/realworld-questions.tsv`
/// keeps each question's URL), qid → URL.
fn question_pages(
    file: &std::path::Path,
) -> Result<std::collections::HashMap<String, String>, CliError> {
    let mut urls = std::collections::HashMap::new();
    let dir = match file.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(urls);
    };
    let mut paths: Vec<std::path::PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.ends_with("questions.tsv"))
        })
        .collect();
    paths.sort();
    for path in paths {
        let tsv = std::fs::read_to_string(&path)
            .map_err(|e| CliError::Usage(format!("cannot read {}: {e}", path.display())))?;
        urls.extend(search::question_urls(&tsv));
    }
    Ok(urls)
}

fn export(kb: &Kb) -> Result<ExitCode, CliError> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    for u in search::units(kb.corpus()) {
        let line = serde_json::json!({
            "id": u.id.to_string(),
            "lang": u.lang,
            "title": u.title,
            "body": u.body,
        });
        serde_json::to_writer(&mut out, &line)?;
        writeln!(out)?;
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

fn export_site(source: &kb::CorpusSource, dir: &Path, lang: &str) -> Result<ExitCode, CliError> {
    let lang = Lang::from_code(lang)
        .ok_or_else(|| CliError::Usage(format!("--lang must be nb or da, not {lang:?}")))?;
    let site = Site::new(Kb::load(source)?);
    let r = crate::export::export_site(&site, dir, lang)?;
    eprintln!(
        "lovbok: wrote {} pages ({} files, {} bytes) to {}",
        r.pages,
        r.files,
        r.bytes,
        dir.display()
    );
    Ok(ExitCode::SUCCESS)
}

fn cards(
    source: &kb::CorpusSource,
    raw: &[String],
    format: CardsFormat,
    base_url: Option<&str>,
    lang: &str,
) -> Result<ExitCode, CliError> {
    let lang = Lang::from_code(lang)
        .ok_or_else(|| CliError::Usage(format!("--lang must be nb or da, not {lang:?}")))?;
    let mut decks: Vec<DeckId> = Vec::new();
    for r in raw {
        let d: DeckId = r
            .parse()
            .map_err(|e: crate::cards::UnknownDeck| CliError::Usage(format!("--deck: {e}")))?;
        if !decks.contains(&d) {
            decks.push(d);
        }
    }
    if decks.is_empty() {
        decks = DeckId::ALL.to_vec();
    }
    // An Anki file's links must reach a server from the student's phone, so
    // the address is never guessed.
    let base_url = match (format, base_url) {
        (CardsFormat::Anki, None) => {
            return Err(CliError::Usage(
                "--format anki needs --base-url, the public address of a lovbok server (e.g. --base-url https://lovbok.example)".into(),
            ))
        }
        (CardsFormat::Anki, Some(u)) if !(u.starts_with("http://") || u.starts_with("https://")) => {
            return Err(CliError::Usage(format!(
                "--base-url must start with http:// or https://, not {u:?}"
            )))
        }
        (_, u) => u.unwrap_or_default(),
    };
    let site = Site::new(Kb::load(source)?);
    let mut out = io::BufWriter::new(io::stdout().lock());
    match format {
        CardsFormat::Json => {
            serde_json::to_writer(&mut out, &api::cards::cards_dto(&site, &decks, None))?;
            writeln!(out)?;
        }
        CardsFormat::Anki => out.write_all(site.anki(&decks, base_url, lang).as_bytes())?,
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The most text `link` reads from stdin.
const MAX_LINK_INPUT: u64 = 16 * 1024 * 1024;

fn link(
    site: &Site,
    context: Option<&str>,
    edition: Option<&str>,
    html: bool,
) -> Result<ExitCode, CliError> {
    let kb = site.kb();
    let edition = match edition {
        Some(raw) => kb
            .parse_edition(raw)
            .map_err(|e| CliError::Usage(format!("--edition: {e}")))?,
        None => None,
    };
    let context = match context {
        Some(raw) => Some(
            raw.parse::<ProvisionId>()
                .map_err(|e| CliError::Usage(format!("--context: {e}")))?,
        ),
        None => None,
    };
    let mut bytes = Vec::new();
    io::stdin()
        .take(MAX_LINK_INPUT + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_LINK_INPUT {
        return Err(CliError::Usage(format!(
            "input over {MAX_LINK_INPUT} bytes"
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError::Usage(format!(
            "input is not UTF-8 (at byte {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    let resolved = kb.link_in_edition(&text, context.as_ref(), edition);
    let mut out = io::stdout().lock();
    if html {
        writeln!(out, "{}", kb.annotate_html(&text, &resolved))?;
        return Ok(ExitCode::SUCCESS);
    }
    let citations: Vec<_> = resolved
        .iter()
        .map(|r| api::citation_dto(site, r))
        .collect();
    let read_as = edition.unwrap_or(crate::corpus::CURRENT_EDITION);
    serde_json::to_writer_pretty(
        &mut out,
        &serde_json::json!({ "edition": read_as.to_string(), "citations": citations }),
    )?;
    writeln!(out)?;
    Ok(ExitCode::SUCCESS)
}
