//! lovbok's own subject index (Stikkord): the names a tournament director gives
//! a situation, each pointing at the provisions that treat it.
//!
//! The books answer "what does Law 64 say"; a TD at the table asks "the
//! defender revoked and it is established". A printed law book bridges the two
//! with its subject index, and so does lovbok. The index is editorial data we
//! write, never the books' text, so it lives in `stikkord/*.md` beside the
//! books (see `docs/corpus-format.md`), is parsed into [`SubjectIndex`], and is
//! always shown apart from the text and labelled as ours.
//!
//! Every entry carries its evidence (a quote of the corpus, or the WBF's
//! English original by law and paragraph), and building the index holds
//! it to that: each cite exists, each quote is in the provision it names,
//! each `see` names an entry, and every law, handbook section with text and
//! definition has a subject. Parsing never fails; problems are diagnostics.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use super::{Corpus, Diagnostic, Kind, Origin, ProvisionId, Root, Severity, SourceFile};

mod lint;

/// The folder of the subject index, beside `laws/` and `handbook/`.
pub const SUBJECT_DIR: &str = "stikkord";

/// Fewest subjects a law 1-93 must have: a TD rules on several situations
/// under every law, and one name is rarely the one they type.
pub const MIN_SUBJECTS_PER_LAW: usize = 3;

/// When at the table a subject arises: the first tap of the "Hva har
/// skjedd?" picker. In the order a board is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Group {
    BeforeAuction,
    Auction,
    Lead,
    Play,
    EndOfPlay,
    Scoring,
    Conduct,
}

impl Group {
    /// Every group, in the order a board is played.
    pub const ALL: [Group; 7] = [
        Group::BeforeAuction,
        Group::Auction,
        Group::Lead,
        Group::Play,
        Group::EndOfPlay,
        Group::Scoring,
        Group::Conduct,
    ];

    /// The slug the files and URLs use.
    pub fn as_str(self) -> &'static str {
        match self {
            Group::BeforeAuction => "before-auction",
            Group::Auction => "auction",
            Group::Lead => "lead",
            Group::Play => "play",
            Group::EndOfPlay => "end-of-play",
            Group::Scoring => "scoring",
            Group::Conduct => "conduct",
        }
    }
}

impl FromStr for Group {
    type Err = ();
    fn from_str(s: &str) -> Result<Group, ()> {
        Group::ALL.into_iter().find(|g| g.as_str() == s).ok_or(())
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The language of a term: the two books' and the Laws' original.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TermLang {
    Nb,
    Da,
    En,
}

impl TermLang {
    /// The BCP 47 tag.
    pub fn as_str(self) -> &'static str {
        match self {
            TermLang::Nb => "nb",
            TermLang::Da => "da",
            TermLang::En => "en",
        }
    }
}

/// One name of a subject in one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    pub lang: TermLang,
    pub text: String,
}

/// Why an entry is true.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Evidence {
    /// Words quoted from a provision of the corpus (its title, text or
    /// footnotes, or its parts').
    Quote { cite: ProvisionId, words: String },
    /// The WBF's *Laws of Duplicate Bridge 2017*, the English original of
    /// the Laws, by law and paragraph (`54A`).
    Wbf2017 { paragraph: String },
}

impl fmt::Display for Evidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Evidence::Quote { cite, words } => write!(f, "{cite} «{words}»"),
            Evidence::Wbf2017 { paragraph } => write!(f, "{WBF_PREFIX}{paragraph}"),
        }
    }
}

/// How an item names the WBF's English original.
const WBF_PREFIX: &str = "WBF 2017 Law ";

/// One subject of the index.
#[derive(Clone, Debug)]
pub struct Subject {
    /// The Norwegian name a TD looks under; unique, and a Norwegian term.
    pub name: String,
    /// The group it is filed under: the one a TD looks under first (its
    /// label on `/stikkord`, the "Hvilken lov?" deck's distractors).
    pub group: Group,
    /// Further groups the picker also lists it under (hesitation under the
    /// auction as well as conduct), in the entry's order.
    pub also_in: Vec<Group>,
    /// Every name, the entry's own first: Norwegian, Danish, English.
    pub terms: Vec<Term>,
    /// The provisions that treat it, the most specific first.
    pub cites: Vec<ProvisionId>,
    /// Related entries, by name.
    pub see: Vec<String>,
    pub evidence: Vec<Evidence>,
    /// What the entry's cards are filed under (their ids, Anki's GUIDs):
    /// its `key:` when given, else the slug of its name. An entry renamed
    /// with its old slug as `key:` keeps every card's GUID, so Anki
    /// updates the notes instead of adding copies.
    pub key: String,
    pub origin: Origin,
}

impl Subject {
    /// The first term in a language (the name, for Norwegian).
    pub fn first_term(&self, lang: TermLang) -> Option<&str> {
        self.terms
            .iter()
            .find(|t| t.lang == lang)
            .map(|t| t.text.as_str())
    }

    /// True when the picker lists it under `g`: its own group or one of
    /// its further groups.
    pub fn in_group(&self, g: Group) -> bool {
        self.group == g || self.also_in.contains(&g)
    }

    /// Its name in an interface language: Danish for `da`, else Norwegian.
    pub fn name_in(&self, lang: &str) -> &str {
        if lang == "da" {
            self.first_term(TermLang::Da).unwrap_or(&self.name)
        } else {
            &self.name
        }
    }

    /// The WBF 2017 paragraphs its evidence names (`WBF 2017 Law 55B` →
    /// `55B`), in the entry's order; an item that is not a cite is left out
    /// (`lovbok check` reports it).
    pub fn wbf_paragraphs(&self) -> impl Iterator<Item = ProvisionId> + '_ {
        self.evidence.iter().filter_map(|ev| match ev {
            Evidence::Wbf2017 { paragraph } => paragraph.parse().ok(),
            Evidence::Quote { .. } => None,
        })
    }

    /// A stable slug for URLs and anchors.
    pub fn slug(&self) -> String {
        slug(&self.name)
    }
}

/// `Utspill utenfor tur` → `utspill-utenfor-tur`: lower case, letters and
/// digits kept (æøå too), everything else one hyphen.
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// The subject index of a corpus.
#[derive(Clone, Debug, Default)]
pub struct SubjectIndex {
    entries: Vec<Subject>,
    /// Lower-cased name → entry.
    by_name: HashMap<String, usize>,
    /// Slug → entry.
    by_slug: HashMap<String, usize>,
    /// Card key → entry.
    by_key: HashMap<String, usize>,
}

impl SubjectIndex {
    /// Every entry, in name order (Norwegian collation of æøå after z).
    pub fn entries(&self) -> &[Subject] {
        &self.entries
    }

    /// True when the corpus has no subject files at all.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Total number of terms, names included.
    pub fn term_count(&self) -> usize {
        self.entries.iter().map(|e| e.terms.len()).sum()
    }

    /// An entry by its name (case-insensitive).
    pub fn by_name(&self, name: &str) -> Option<&Subject> {
        self.by_name
            .get(&name.to_lowercase())
            .and_then(|&i| self.entries.get(i))
    }

    /// An entry by its slug.
    pub fn by_slug(&self, slug: &str) -> Option<&Subject> {
        self.by_slug.get(slug).and_then(|&i| self.entries.get(i))
    }

    /// An entry by its card key ([`Subject::key`]).
    pub fn by_key(&self, key: &str) -> Option<&Subject> {
        self.by_key.get(key).and_then(|&i| self.entries.get(i))
    }

    /// Parses the subject files and checks them against the corpus.
    pub(crate) fn build(
        sources: &[&SourceFile],
        corpus: &Corpus,
    ) -> (SubjectIndex, Vec<Diagnostic>) {
        let mut diagnostics = Vec::new();
        let mut entries = Vec::new();
        for src in sources {
            entries.extend(parse_file(src, &mut diagnostics));
        }
        entries.sort_by_cached_key(|e| collation_key(&e.name));
        let mut index = SubjectIndex::default();
        for e in entries {
            let key = e.name.to_lowercase();
            if let Some(&first) = index.by_name.get(&key) {
                let first = &index.entries[first].origin;
                diagnostics.push(error(
                    &e.origin,
                    format!(
                        "subject \"{}\" is named twice (first at {}:{})",
                        e.name, first.file, first.line
                    ),
                ));
                continue;
            }
            if let Some(&first) = index.by_key.get(&e.key) {
                let first = &index.entries[first];
                diagnostics.push(error(
                    &e.origin,
                    format!(
                        "subject \"{}\" has the key \"{}\", which \"{}\" has too (at {}:{}); a key files the entry's cards and is unique",
                        e.name, e.key, first.name, first.origin.file, first.origin.line
                    ),
                ));
                continue;
            }
            index.by_name.insert(key, index.entries.len());
            index.by_slug.insert(e.slug(), index.entries.len());
            index.by_key.insert(e.key.clone(), index.entries.len());
            index.entries.push(e);
        }
        if !index.entries.is_empty() {
            index.check(corpus, &mut diagnostics);
        }
        (index, diagnostics)
    }

    /// Holds every entry to the corpus: see the module docs.
    fn check(&self, corpus: &Corpus, out: &mut Vec<Diagnostic>) {
        for e in &self.entries {
            for c in &e.cites {
                if corpus.get(c).is_none() {
                    out.push(error(
                        &e.origin,
                        format!(
                            "subject \"{}\" cites {c}, which is not in the corpus",
                            e.name
                        ),
                    ));
                }
            }
            for t in &e.terms {
                if let Some(other) = self.by_name(&t.text).filter(|o| o.name != e.name) {
                    out.push(error(
                        &e.origin,
                        format!(
                            "subject \"{}\": the term \"{}\" is the name of the subject \"{}\"; a name belongs to its own entry",
                            e.name, t.text, other.name
                        ),
                    ));
                }
            }
            for s in &e.see {
                if self.by_name(s).is_none() {
                    out.push(error(
                        &e.origin,
                        format!("subject \"{}\": see \"{s}\" names no subject", e.name),
                    ));
                }
            }
            for ev in &e.evidence {
                if let Some(problem) = evidence_problem(ev, corpus) {
                    out.push(error(
                        &e.origin,
                        format!("subject \"{}\": {problem}", e.name),
                    ));
                }
            }
        }
        self.check_coverage(corpus, out);
        lint::near_duplicates(&self.entries, out);
    }

    /// Every law 1-93 (by at least [`MIN_SUBJECTS_PER_LAW`] entries),
    /// every handbook section with text and every definition is cited by
    /// an entry, itself or through one of its parts.
    fn check_coverage(&self, corpus: &Corpus, out: &mut Vec<Diagnostic>) {
        let mut per_top: HashMap<usize, usize> = HashMap::new();
        for e in &self.entries {
            let mut tops: Vec<usize> = e
                .cites
                .iter()
                .filter_map(|c| corpus.index_of(c))
                .flat_map(|i| corpus.path_of(i))
                .collect();
            tops.sort_unstable();
            tops.dedup();
            for t in tops {
                *per_top.entry(t).or_default() += 1;
            }
        }
        for (idx, p) in corpus.provisions().iter().enumerate() {
            let count = per_top.get(&idx).copied().unwrap_or(0);
            let (needed, what) = match (&p.id, p.kind) {
                (
                    ProvisionId::Numbered {
                        root: Root::Law(_),
                        path,
                    },
                    _,
                ) if path.depth() == 0 => (MIN_SUBJECTS_PER_LAW, "law"),
                (ProvisionId::Numbered { path, .. }, Kind::Extension | Kind::Section)
                    if path.depth() == 0 && p.in_corpus =>
                {
                    (1, "handbook section")
                }
                (ProvisionId::Definition(_), _) => (1, "definition"),
                _ => continue,
            };
            if count < needed {
                out.push(Diagnostic {
                    file: p.origin.file.clone(),
                    line: p.origin.line,
                    severity: Severity::Error,
                    message: format!(
                        "{what} {} has {count} subject(s) in {SUBJECT_DIR}/; it needs at least {needed}",
                        p.id
                    ),
                });
            }
        }
    }
}

/// Sorts names as a Norwegian index does: æ, ø, å after z, case ignored.
pub fn collation_key(name: &str) -> Vec<u32> {
    name.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'æ' | 'ä' => 'z' as u32 + 1,
            'ø' | 'ö' => 'z' as u32 + 2,
            'å' => 'z' as u32 + 3,
            'é' | 'è' => 'e' as u32,
            c => c as u32,
        })
        .collect()
}

fn error(origin: &Origin, message: String) -> Diagnostic {
    Diagnostic {
        file: origin.file.clone(),
        line: origin.line,
        severity: Severity::Error,
        message,
    }
}

/// What is wrong with an evidence item, if anything.
fn evidence_problem(ev: &Evidence, corpus: &Corpus) -> Option<String> {
    match ev {
        Evidence::Quote { cite, words } => {
            let Some(idx) = corpus.index_of(cite) else {
                return Some(format!("evidence cites {cite}, which is not in the corpus"));
            };
            let wanted = normalise(words);
            let mut found = false;
            for i in std::iter::once(idx).chain(corpus.descendants(idx)) {
                let p = corpus.at(i);
                let mut text = p.title.clone().unwrap_or_default();
                text.push('\n');
                text.push_str(&p.text());
                for f in &p.footnotes {
                    text.push('\n');
                    text.push_str(&f.text);
                }
                if normalise(&text).contains(&wanted) {
                    found = true;
                    break;
                }
            }
            (!found).then(|| format!("evidence «{words}» is not in {cite}"))
        }
        Evidence::Wbf2017 { paragraph } => {
            let law: String = paragraph.chars().take_while(char::is_ascii_digit).collect();
            let known = law
                .parse::<u16>()
                .ok()
                .filter(|n| (1..=93).contains(n))
                .is_some_and(|n| corpus.get(&ProvisionId::root(Root::Law(n))).is_some());
            if !known {
                return Some(format!("evidence {ev}: the Laws have no law {law}"));
            }
            wbf_paragraph_problem(ev, paragraph, corpus)
        }
    }
}

/// A WBF 2017 paragraph of a law whose text the source lacks must be one
/// of the 2017 Laws' paragraphs (`laws/paragraphs-2017.txt`), so that the
/// law's page never sends a director to a paragraph that is not there.
fn wbf_paragraph_problem(ev: &Evidence, paragraph: &str, corpus: &Corpus) -> Option<String> {
    let list = corpus.paragraphs_2017();
    let Ok(id) = paragraph.parse::<ProvisionId>() else {
        return Some(format!("evidence {ev}: \"{paragraph}\" is not a cite"));
    };
    if list.is_empty() || !super::paragraphs::is_title_only_law_cite(&id) {
        return None;
    }
    if id.to_string() != paragraph {
        return Some(format!("evidence {ev}: write the paragraph as {id}"));
    }
    (!list.contains(&id)).then(|| {
        format!(
            "evidence {ev}: {id} is not a paragraph of the 2017 Laws (not in {})",
            list.file()
        )
    })
}

/// Lower case, footnote marks and emphasis out, white space folded: how a
/// quote is compared with the text it comes from.
fn normalise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '[' && chars.peek() == Some(&'^') {
            // `[^5]`: a footnote mark.
            for d in chars.by_ref() {
                if d == ']' {
                    break;
                }
            }
            continue;
        }
        if c == '*' || c == '_' {
            continue;
        }
        if c.is_whitespace() {
            if !out.ends_with(' ') {
                out.push(' ');
            }
            continue;
        }
        out.extend(c.to_lowercase());
    }
    out.trim().to_string()
}

/// An entry while its lines are read.
struct Draft {
    name: String,
    line: usize,
    keys: Vec<(String, String, usize)>,
}

/// The entries of one subject file; problems go to `out`.
fn parse_file(src: &SourceFile, out: &mut Vec<Diagnostic>) -> Vec<Subject> {
    let origin = |line| Origin {
        file: src.path.clone(),
        line,
    };
    let mut lines = src.text.lines().enumerate().map(|(i, l)| (i + 1, l));
    // Front matter: `kind: subjects` is required, the rest is for readers.
    let mut kind = None;
    match lines.next() {
        Some((_, l)) if l.trim() == "---" => {
            for (n, l) in lines.by_ref() {
                if l.trim() == "---" {
                    break;
                }
                if let Some(v) = l.strip_prefix("kind:") {
                    kind = Some((n, v.trim().to_string()));
                }
            }
        }
        _ => {
            out.push(error(
                &origin(1),
                "a subject file starts with front matter (---)".into(),
            ));
            return Vec::new();
        }
    }
    if kind.as_ref().map(|(_, k)| k.as_str()) != Some("subjects") {
        out.push(error(
            &origin(1),
            "a subject file has `kind: subjects` in its front matter".into(),
        ));
        return Vec::new();
    }
    let mut drafts: Vec<Draft> = Vec::new();
    for (n, line) in lines {
        if let Some(name) = line.strip_prefix("## ") {
            drafts.push(Draft {
                name: name.trim().to_string(),
                line: n,
                keys: Vec::new(),
            });
            continue;
        }
        let Some(item) = line.strip_prefix("- ") else {
            continue;
        };
        let Some(draft) = drafts.last_mut() else {
            out.push(error(
                &origin(n),
                "a list item before the first `##` subject".into(),
            ));
            continue;
        };
        match item.split_once(':') {
            Some((k, v)) if KEYS.contains(&k.trim()) => {
                draft
                    .keys
                    .push((k.trim().to_string(), v.trim().to_string(), n));
            }
            _ => out.push(error(
                &origin(n),
                format!(
                    "subject \"{}\": `{}` is not a `- key: value` line (keys: {})",
                    draft.name,
                    item.chars().take(40).collect::<String>(),
                    KEYS.join(", ")
                ),
            )),
        }
    }
    drafts
        .into_iter()
        .filter_map(|d| subject_of(d, &src.path, out))
        .collect()
}

/// The keys an entry may have.
const KEYS: [&str; 8] = ["group", "nb", "da", "en", "cites", "see", "evidence", "key"];
/// Most characters of a card key.
const MAX_KEY_LEN: usize = 80;
/// Most words of a term: a name, not a sentence.
const MAX_TERM_WORDS: usize = 6;

/// One entry checked: a [`Subject`] when it has every key it needs, each
/// well formed; otherwise each problem is a diagnostic at its `##` line.
fn subject_of(d: Draft, file: &str, out: &mut Vec<Diagnostic>) -> Option<Subject> {
    let origin = Origin {
        file: file.to_string(),
        line: d.line,
    };
    let mut problems = Vec::new();
    if d.name.is_empty() {
        problems.push("a subject has an empty name".to_string());
    }
    let mut seen: Vec<&str> = Vec::new();
    for (k, _, _) in &d.keys {
        if seen.contains(&k.as_str()) {
            problems.push(format!("`{k}` is given twice"));
        }
        seen.push(k);
    }
    let groups = groups_of(&d, &mut problems);
    let terms = terms_of(&d, &mut problems);
    let cites = cites_of(&d, &mut problems);
    let evidence = evidence_of(&d, &mut problems);
    let key = key_of(&d, &mut problems);
    let name = d.name.clone();
    for p in &problems {
        out.push(error(&origin, format!("subject \"{name}\" {p}")));
    }
    Some(Subject {
        see: d.values("see"),
        name: d.name,
        group: *groups.first()?,
        also_in: groups.get(1..).unwrap_or_default().to_vec(),
        terms,
        cites,
        evidence,
        key,
        origin,
    })
    .filter(|_| problems.is_empty())
}

/// The entry's card key: its `key:` when given, a slug
/// (`utspill-utenfor-tur`: lower-case letters and digits in hyphenated
/// runs); else the slug of its name.
fn key_of(d: &Draft, problems: &mut Vec<String>) -> String {
    let given = d.values("key");
    let Some(key) = given.first() else {
        return slug(&d.name);
    };
    if given.len() > 1 {
        problems.push("has more than one key".into());
    }
    if key.is_empty() || key.chars().count() > MAX_KEY_LEN || slug(key) != *key {
        problems.push(format!(
            "key \"{key}\" is not a key (lower-case letters and digits in runs joined by single hyphens, at most {MAX_KEY_LEN} characters, as `utspill-utenfor-tur`)"
        ));
    }
    key.clone()
}

impl Draft {
    /// Every value given for `key`, each `;`-separated part on its own.
    fn values(&self, key: &str) -> Vec<String> {
        self.keys
            .iter()
            .filter(|(k, _, _)| k == key)
            .flat_map(|(_, v, _)| v.split(';'))
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect()
    }
}

/// The entry's groups (`group: conduct; auction`), each one of
/// [`Group::ALL`] and each once; the first is the one it is filed under.
fn groups_of(d: &Draft, problems: &mut Vec<String>) -> Vec<Group> {
    let mut groups = Vec::new();
    for g in d.values("group") {
        match g.parse::<Group>() {
            Ok(g) if groups.contains(&g) => problems.push(format!("names the group {g} twice")),
            Ok(g) => groups.push(g),
            Err(()) => problems.push(format!(
                "unknown group \"{g}\" (one of {})",
                Group::ALL.map(Group::as_str).join(", ")
            )),
        }
    }
    if groups.is_empty() && !problems.iter().any(|p| p.starts_with("unknown group")) {
        problems.push("has no group".into());
    }
    groups
}

/// The entry's name and its `nb`, `da` and `en` terms, each a short name
/// and each once.
fn terms_of(d: &Draft, problems: &mut Vec<String>) -> Vec<Term> {
    let mut terms = vec![Term {
        lang: TermLang::Nb,
        text: d.name.clone(),
    }];
    for (key, lang) in [
        ("nb", TermLang::Nb),
        ("da", TermLang::Da),
        ("en", TermLang::En),
    ] {
        let list = d.values(key);
        if list.is_empty() {
            problems.push(format!("has no `{key}` term"));
        }
        for text in list {
            if text.split_whitespace().count() > MAX_TERM_WORDS || text.ends_with(['.', '?', '!']) {
                problems.push(format!("the term \"{text}\" is not a short name"));
            }
            if !terms
                .iter()
                .any(|t| t.lang == lang && t.text.eq_ignore_ascii_case(&text))
            {
                terms.push(Term { lang, text });
            }
        }
    }
    terms
}

/// The provisions the entry cites: at least one, each parsed and once.
fn cites_of(d: &Draft, problems: &mut Vec<String>) -> Vec<ProvisionId> {
    let mut cites = Vec::new();
    for c in d.values("cites") {
        match c.parse::<ProvisionId>() {
            Ok(id) if !cites.contains(&id) => cites.push(id),
            Ok(_) => problems.push(format!("cites {c} twice")),
            Err(e) => problems.push(format!("cite \"{c}\" does not parse: {e}")),
        }
    }
    if cites.is_empty() {
        problems.push("cites no provision".into());
    }
    cites
}

/// The entry's evidence: at least one item, each a quote or a WBF paragraph.
fn evidence_of(d: &Draft, problems: &mut Vec<String>) -> Vec<Evidence> {
    let mut evidence = Vec::new();
    for item in d.values("evidence") {
        match parse_evidence(&item) {
            Some(ev) => evidence.push(ev),
            None => problems.push(format!(
                "evidence \"{item}\" is neither `<cite> «<quote>»` nor `{WBF_PREFIX}<paragraph>`"
            )),
        }
    }
    if evidence.is_empty() {
        problems.push("has no evidence".into());
    }
    evidence
}

fn parse_evidence(item: &str) -> Option<Evidence> {
    if let Some(paragraph) = item.strip_prefix(WBF_PREFIX) {
        let paragraph = paragraph.trim();
        let ok = paragraph.starts_with(|c: char| c.is_ascii_digit())
            && paragraph
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '(' || c == ')');
        return ok.then(|| Evidence::Wbf2017 {
            paragraph: paragraph.to_string(),
        });
    }
    // The cite may have spaces (`def:Antatt spillefører`): the quote
    // starts at the first «.
    let (cite, rest) = item.split_once('«')?;
    let words = rest.trim().strip_suffix('»')?.trim();
    if words.is_empty() {
        return None;
    }
    Some(Evidence::Quote {
        cite: cite.trim().parse().ok()?,
        words: words.to_string(),
    })
}

/// True for a corpus file of the subject index.
pub fn is_subject_file(path: &str) -> bool {
    path.starts_with(SUBJECT_DIR) && path[SUBJECT_DIR.len()..].starts_with('/')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(text: &str) -> (Vec<Subject>, Vec<Diagnostic>) {
        let mut out = Vec::new();
        let src = SourceFile {
            path: "stikkord/test.md".into(),
            text: text.into(),
        };
        (parse_file(&src, &mut out), out)
    }

    const GOOD: &str = "---\nkind: subjects\nlang: nb\n---\n\n# Stikkord\n\n## Utspill utenfor tur\n- group: lead\n- nb: feil utspill; utspill fra feil hånd\n- da: udspil uden for tur\n- en: lead out of turn\n- cites: 54; 56\n- evidence: 54 «utenfor tur»; WBF 2017 Law 54A\n";

    #[test]
    fn an_entry_reads_its_keys() {
        let (entries, problems) = file(GOOD);
        assert!(problems.is_empty(), "{problems:?}");
        let e = &entries[0];
        assert_eq!(e.name, "Utspill utenfor tur");
        assert_eq!(e.group, Group::Lead);
        assert_eq!(e.terms.len(), 5);
        assert_eq!(e.first_term(TermLang::Da), Some("udspil uden for tur"));
        assert_eq!(e.cites.len(), 2);
        assert_eq!(
            e.evidence[1],
            Evidence::Wbf2017 {
                paragraph: "54A".into()
            }
        );
        assert_eq!(e.slug(), "utspill-utenfor-tur");
    }

    #[test]
    fn a_broken_entry_is_reported_not_kept() {
        let bad = GOOD
            .replace("- group: lead\n", "- group: sometime\n")
            .replace(
                "- evidence: 54 «utenfor tur»; WBF 2017 Law 54A\n",
                "- evidence: the WBF says so\n",
            )
            .replace("- cites: 54; 56\n", "- cites: 54; fifty\n- colour: red\n");
        let (entries, problems) = file(&bad);
        assert!(entries.is_empty());
        let text: Vec<String> = problems.iter().map(|d| d.message.clone()).collect();
        assert!(text.iter().any(|m| m.contains("unknown group")), "{text:?}");
        assert!(
            text.iter()
                .any(|m| m.contains("evidence \"the WBF says so\"")),
            "{text:?}"
        );
        assert!(
            text.iter().any(|m| m.contains("\"fifty\" does not parse")),
            "{text:?}"
        );
        assert!(text.iter().any(|m| m.contains("`colour: red`")), "{text:?}");
    }

    #[test]
    fn an_entry_may_be_listed_under_further_groups() {
        let (entries, problems) = file(&GOOD.replace("- group: lead\n", "- group: lead; play\n"));
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(entries[0].group, Group::Lead);
        assert_eq!(entries[0].also_in, [Group::Play]);
        assert!(entries[0].in_group(Group::Play) && !entries[0].in_group(Group::Auction));
        for (groups, problem) in [
            ("lead; sometime", "unknown group \"sometime\""),
            ("lead; play; lead", "names the group lead twice"),
            ("", "has no group"),
        ] {
            let bad = GOOD.replace("- group: lead\n", &format!("- group: {groups}\n"));
            let (entries, problems) = file(&bad);
            assert!(entries.is_empty(), "{groups}");
            assert!(
                problems.iter().any(|d| d.message.contains(problem)),
                "{groups}: {problems:?}"
            );
        }
    }

    #[test]
    fn a_key_defaults_to_the_slug_and_a_given_one_must_be_a_slug() {
        let (entries, _) = file(GOOD);
        assert_eq!(entries[0].key, "utspill-utenfor-tur");
        let renamed = GOOD
            .replace("## Utspill utenfor tur", "## Utspill fra feil hånd")
            .replace(
                "- group: lead\n",
                "- group: lead\n- key: utspill-utenfor-tur\n",
            );
        let (entries, problems) = file(&renamed);
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(entries[0].key, "utspill-utenfor-tur");
        assert_eq!(entries[0].slug(), "utspill-fra-feil-hånd");
        for bad in ["Utspill", "utspill--tur", "-utspill", "utspill tur", "a; b"] {
            let text = GOOD.replace("- group: lead\n", &format!("- group: lead\n- key: {bad}\n"));
            let (entries, problems) = file(&text);
            assert!(entries.is_empty(), "{bad}");
            assert!(
                problems.iter().any(|d| d.message.contains("key")),
                "{bad}: {problems:?}"
            );
        }
    }

    #[test]
    fn a_sentence_is_no_term() {
        let bad = GOOD.replace(
            "- en: lead out of turn",
            "- en: what happens when a defender leads out of turn?",
        );
        let (_, problems) = file(&bad);
        assert!(problems
            .iter()
            .any(|d| d.message.contains("not a short name")));
    }

    #[test]
    fn quotes_compare_without_case_marks_or_spacing() {
        assert_eq!(
            normalise("Blinde*mann*  legger[^3]\nned"),
            "blindemann legger ned"
        );
    }

    #[test]
    fn names_sort_with_æøå_after_z() {
        let mut names = vec!["Åpent kort", "Zebra", "Ørken", "Alert", "Ærlig"];
        names.sort_by_key(|n| collation_key(n));
        assert_eq!(names, ["Alert", "Zebra", "Ærlig", "Ørken", "Åpent kort"]);
    }
}
