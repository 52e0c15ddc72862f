//! Reading one rulings file: its front matter (the collection), then one
//! item per `##` heading, each field a `- key: value` line.

use super::{
    copied_run, error, is_date, is_id, is_url, words, Mapped, Ruling, RulingKind, RulingLang,
    RulingSource, SourceCite, EDITIONS, MAX_QUOTE_WORDS, MAX_SUMMARY_WORDS,
};
use crate::corpus::{Diagnostic, Origin, ProvisionId, SourceFile};

/// The fields an item must have, in the order the format gives them.
const REQUIRED: [&str; 13] = [
    "kind",
    "title",
    "url",
    "date",
    "authority",
    "precedent",
    "edition",
    "cites",
    "maps",
    "situation",
    "ruling",
    "quote",
    "quote-at",
];
/// The fields an item may have.
const OPTIONAL: [&str; 1] = ["lang"];

fn known_key(k: &str) -> bool {
    REQUIRED.contains(&k) || OPTIONAL.contains(&k)
}

/// The collection a file holds, from its front matter; `None` (with the
/// problem reported) when the file is not a rulings file.
pub(super) fn front_matter(src: &SourceFile, out: &mut Vec<Diagnostic>) -> Option<RulingSource> {
    let at = |line| Origin {
        file: src.path.clone(),
        line,
    };
    let mut lines = src.text.lines().enumerate().map(|(i, l)| (i + 1, l));
    if lines.next().map(|(_, l)| l.trim()) != Some("---") {
        out.push(error(
            &at(1),
            "a rulings file starts with front matter (---)".into(),
        ));
        return None;
    }
    let mut fields: Vec<(String, String, usize)> = Vec::new();
    let mut closed = false;
    for (n, l) in lines.by_ref() {
        if l.trim() == "---" {
            closed = true;
            break;
        }
        if let Some((k, v)) = l.split_once(':') {
            fields.push((k.trim().to_string(), v.trim().to_string(), n));
        } else if !l.trim().is_empty() {
            out.push(error(
                &at(n),
                format!("front matter line {l:?} is not `key: value`"),
            ));
        }
    }
    if !closed {
        out.push(error(&at(1), "the front matter is not closed (---)".into()));
        return None;
    }
    let get = |key: &str| {
        fields
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, v, n)| (v.as_str(), *n))
    };
    if get("kind").map(|(v, _)| v) != Some("rulings") {
        out.push(error(
            &at(1),
            "a rulings file has `kind: rulings` in its front matter".into(),
        ));
        return None;
    }
    let mut problems = 0;
    let mut need = |key: &str| -> String {
        match get(key) {
            Some((v, _)) if !v.is_empty() => v.to_string(),
            _ => {
                problems += 1;
                out.push(error(&at(1), format!("the front matter has no `{key}`")));
                String::new()
            }
        }
    };
    let publisher = need("publisher");
    let title = need("source");
    let url = need("url");
    let lang_raw = need("lang");
    if !url.is_empty() && !is_url(&url) {
        problems += 1;
        out.push(error(
            &at(get("url").map_or(1, |(_, n)| n)),
            format!("the source's url {url:?} is not a web address"),
        ));
    }
    let lang = lang_raw.parse::<RulingLang>().ok();
    if lang.is_none() && !lang_raw.is_empty() {
        problems += 1;
        out.push(error(
            &at(get("lang").map_or(1, |(_, n)| n)),
            format!("lang {lang_raw:?} is not one of nb, da, sv, en"),
        ));
    }
    (problems == 0).then_some(())?;
    Some(RulingSource {
        publisher,
        title,
        url,
        lang: lang?,
        file: src.path.clone(),
    })
}

/// An item while its lines are read.
struct Draft {
    id: String,
    line: usize,
    fields: Vec<(String, String, usize)>,
}

/// Every well-formed item of a file; each problem goes to `out`.
pub(super) fn items(
    src: &SourceFile,
    source: usize,
    source_lang: RulingLang,
    out: &mut Vec<Diagnostic>,
) -> Vec<Ruling> {
    let at = |line| Origin {
        file: src.path.clone(),
        line,
    };
    let mut drafts: Vec<Draft> = Vec::new();
    let body = src
        .text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .skip_while(|(n, _)| *n == 1)
        .skip_while(|(_, l)| l.trim() != "---")
        .skip(1);
    for (n, line) in body {
        if let Some(id) = line.strip_prefix("## ") {
            drafts.push(Draft {
                id: id.trim().to_string(),
                line: n,
                fields: Vec::new(),
            });
            continue;
        }
        let Some(item) = line.strip_prefix("- ") else {
            if drafts.is_empty() || line.trim().is_empty() || line.starts_with("# ") {
                continue;
            }
            out.push(error(
                &at(n),
                format!("line {:?} is not a `- key: value` field", shorten(line)),
            ));
            continue;
        };
        let Some(draft) = drafts.last_mut() else {
            out.push(error(&at(n), "a field before the first `##` item".into()));
            continue;
        };
        match item.split_once(':') {
            Some((k, v)) if known_key(k.trim()) => {
                draft
                    .fields
                    .push((k.trim().to_string(), v.trim().to_string(), n));
            }
            _ => out.push(error(
                &at(n),
                format!(
                    "ruling {}: `{}` is not a known field ({})",
                    draft.id,
                    shorten(item),
                    REQUIRED
                        .iter()
                        .chain(&OPTIONAL)
                        .copied()
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
        }
    }
    drafts
        .into_iter()
        .filter_map(|d| item_of(d, &src.path, source, source_lang, out))
        .collect()
}

fn shorten(s: &str) -> String {
    s.chars().take(40).collect()
}

/// The fields of one draft, each problem reported on its own line.
struct Fields<'a> {
    draft: &'a Draft,
    file: &'a str,
    out: &'a mut Vec<Diagnostic>,
    problems: usize,
}

impl Fields<'_> {
    fn origin(&self, line: usize) -> Origin {
        Origin {
            file: self.file.to_string(),
            line,
        }
    }

    fn problem(&mut self, line: usize, message: String) {
        self.problems += 1;
        let origin = self.origin(line);
        self.out.push(error(
            &origin,
            format!("ruling {}: {message}", self.draft.id),
        ));
    }

    /// The value of a required field and its line.
    fn need(&mut self, key: &str) -> (String, usize) {
        let found: Vec<(String, usize)> = self
            .draft
            .fields
            .iter()
            .filter(|(k, _, _)| k == key)
            .map(|(_, v, n)| (v.clone(), *n))
            .collect();
        if found.len() > 1 {
            self.problem(found[1].1, format!("`{key}` is given twice"));
        }
        match found.into_iter().next() {
            Some((v, n)) if !v.is_empty() => (v, n),
            Some((_, n)) => {
                self.problem(n, format!("`{key}` is empty"));
                (String::new(), n)
            }
            None => {
                let line = self.draft.line;
                self.problem(line, format!("has no `{key}`"));
                (String::new(), line)
            }
        }
    }

    fn optional(&self, key: &str) -> Option<(String, usize)> {
        self.draft
            .fields
            .iter()
            .find(|(k, _, _)| k == key)
            .map(|(_, v, n)| (v.clone(), *n))
    }

    /// A summary field: at most [`MAX_SUMMARY_WORDS`] words.
    fn summary(&mut self, key: &str) -> (String, usize) {
        let (text, line) = self.need(key);
        let n = words(&text).len();
        if n > MAX_SUMMARY_WORDS {
            self.problem(
                line,
                format!("the {key} has {n} words; at most {MAX_SUMMARY_WORDS}"),
            );
        }
        (text, line)
    }
}

fn item_of(
    draft: Draft,
    file: &str,
    source: usize,
    source_lang: RulingLang,
    out: &mut Vec<Diagnostic>,
) -> Option<Ruling> {
    let mut f = Fields {
        draft: &draft,
        file,
        out,
        problems: 0,
    };
    if !is_id(&draft.id) {
        f.problem(
            draft.line,
            "an id is lower-case ASCII letters and digits joined by `-`".into(),
        );
    }
    let kind = kind_of(&mut f);
    let (title, _) = f.need("title");
    let url = url_of(&mut f);
    let date = date_of(&mut f);
    let (authority, _) = f.need("authority");
    let precedent = precedent_of(&mut f);
    let edition = edition_of(&mut f);
    let cites = cites_of(&mut f);
    let (situation, ruling, quote) = summaries_of(&mut f);
    let (quote_at, _) = f.need("quote-at");
    let lang = lang_of(&mut f, source_lang);
    let ok = f.problems == 0;
    let origin = f.origin(draft.line);
    ok.then_some(())?;
    Some(Ruling {
        id: draft.id,
        kind: kind?,
        title,
        url,
        date,
        authority,
        precedent: precedent?,
        edition: edition?,
        cites,
        situation,
        ruling,
        quote,
        quote_at,
        lang: lang?,
        source,
        origin,
    })
}

/// `kind`: one of the kinds.
fn kind_of(f: &mut Fields<'_>) -> Option<RulingKind> {
    let (kind_raw, line) = f.need("kind");
    let kind = kind_raw.parse::<RulingKind>().ok();
    if kind.is_none() && !kind_raw.is_empty() {
        let list = RulingKind::ALL.map(RulingKind::as_str).join(", ");
        f.problem(line, format!("kind {kind_raw:?} is not one of {list}"));
    }
    kind
}

/// `url`: a web address.
fn url_of(f: &mut Fields<'_>) -> String {
    let (url, line) = f.need("url");
    if !url.is_empty() && !is_url(&url) {
        f.problem(
            line,
            format!("url {url:?} is not a web address (http:// or https://, a host, no spaces)"),
        );
    }
    url
}

/// `date`: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
fn date_of(f: &mut Fields<'_>) -> String {
    let (date, line) = f.need("date");
    if !date.is_empty() && !is_date(&date) {
        f.problem(
            line,
            format!("date {date:?} is not YYYY, YYYY-MM or YYYY-MM-DD"),
        );
    }
    date
}

/// `precedent`: `yes` or `no`.
fn precedent_of(f: &mut Fields<'_>) -> Option<bool> {
    let (precedent_raw, line) = f.need("precedent");
    match precedent_raw.as_str() {
        "yes" => Some(true),
        "no" => Some(false),
        "" => None,
        other => {
            f.problem(line, format!("precedent is `yes` or `no`, not {other:?}"));
            None
        }
    }
}

/// `edition`: the Laws the case was decided under.
fn edition_of(f: &mut Fields<'_>) -> Option<u16> {
    let (edition_raw, line) = f.need("edition");
    let edition = edition_raw
        .parse::<u16>()
        .ok()
        .filter(|e| EDITIONS.contains(e));
    if edition.is_none() && !edition_raw.is_empty() {
        f.problem(
            line,
            format!("edition {edition_raw:?} is not one of 1997, 2007, 2017"),
        );
    }
    edition
}

/// `situation`, `ruling` and `quote`, and the copy rule between them: a
/// summary shares no run of words with its quote.
fn summaries_of(f: &mut Fields<'_>) -> (String, String, String) {
    let (situation, situation_line) = f.summary("situation");
    let (ruling, ruling_line) = f.summary("ruling");
    let (quote, _) = quote_of(f);
    for (text, line, what) in [
        (&situation, situation_line, "situation"),
        (&ruling, ruling_line, "ruling"),
    ] {
        if let Some(run) = copied_run(text, &quote) {
            f.problem(
                line,
                format!(
                    "the {what} shares the words \"{run}\" with its quote: a summary is our words"
                ),
            );
        }
    }
    (situation, ruling, quote)
}

/// The optional `lang`: `nb` for a Norwegian summary of a source in
/// another language; otherwise the source's.
fn lang_of(f: &mut Fields<'_>, source_lang: RulingLang) -> Option<RulingLang> {
    match f.optional("lang") {
        None => Some(source_lang),
        Some((v, _)) if v == "nb" => Some(RulingLang::Nb),
        Some((v, line)) => {
            f.problem(line, format!("an item's own lang is `nb` (a Norwegian summary of a source in another language), not {v:?}"));
            None
        }
    }
}

/// `cites` and `maps`, paired item by item.
fn cites_of(f: &mut Fields<'_>) -> Vec<SourceCite> {
    let (written, _) = f.need("cites");
    let (maps, maps_line) = f.need("maps");
    let split = |s: &str| -> Vec<String> {
        s.split(';')
            .map(|p| p.trim().to_string())
            .filter(|p| !p.is_empty())
            .collect()
    };
    let written = split(&written);
    let maps = split(&maps);
    if written.len() != maps.len() && !written.is_empty() && !maps.is_empty() {
        f.problem(
            maps_line,
            format!(
                "`cites` has {} items and `maps` {}: each citation of the source has its mapping",
                written.len(),
                maps.len()
            ),
        );
    }
    let mut out = Vec::new();
    for (w, m) in written.into_iter().zip(maps) {
        let mapped = if m == "none" {
            Mapped::NoCounterpart
        } else {
            let mut ids = Vec::new();
            for c in m.split(',').map(str::trim) {
                match c.parse::<ProvisionId>() {
                    Ok(id) => ids.push(id),
                    Err(e) => f.problem(maps_line, format!("maps \"{c}\" is not a cite: {e}")),
                }
            }
            Mapped::Cites(ids)
        };
        out.push(SourceCite {
            written: w,
            maps: mapped,
        });
    }
    out
}

/// The quote, without its «», at most [`MAX_QUOTE_WORDS`] words.
fn quote_of(f: &mut Fields<'_>) -> (String, usize) {
    let (raw, line) = f.need("quote");
    if raw.is_empty() {
        return (raw, line);
    }
    let Some(inner) = raw
        .strip_prefix('«')
        .and_then(|r| r.strip_suffix('»'))
        .map(str::trim)
        .filter(|q| !q.is_empty())
    else {
        f.problem(line, "the quote stands in «…»".into());
        return (String::new(), line);
    };
    let n = words(inner).len();
    if n > MAX_QUOTE_WORDS {
        f.problem(
            line,
            format!("the quote has {n} words; at most {MAX_QUOTE_WORDS}"),
        );
    }
    (inner.to_string(), line)
}
