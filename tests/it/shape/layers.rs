//! The layers of `ARCHITECTURE.md` as data, and the check that every import
//! between the crate's top-level modules keeps to them.
//!
//! Each module stands on the modules right below it ([`STANDS_ON`]) and
//! may import any module it stands on, directly or through the ones
//! between. `kb` is the façade: a front end (a module that stands on `kb`:
//! `cli`, `export`, `server`, `web`) asks it, and reaches a module below it
//! only for what [`BELOW_KB`] lists, and for the types and constants of
//! the answers `Kb` gives (`ProvisionId`, `SearchOptions`, `Place::Block`):
//! a name that starts with a capital, unless it goes on to an associated
//! function (`SearchIndex::build`), which is work and must be listed.
//!
//! The check reads paths (every form, see [`super::reading`]); a method
//! called on a value `Kb` handed out (`kb.index().…`) is `Kb`'s to give, and
//! no path names it.

use std::collections::BTreeSet;

use super::reading::{Import, Reading};

/// Each top-level module and the ones it stands on right below it.
pub const STANDS_ON: &[(&str, &[&str])] = &[
    ("cli", &["export", "import"]),
    ("export", &["server"]),
    ("server", &["web"]),
    ("web", &["kb"]),
    ("kb", &["graph", "cards", "diff", "rulings"]),
    ("rulings", &["cite"]),
    ("cards", &["search", "rules"]),
    ("graph", &["cite"]),
    ("search", &["cite"]),
    ("cite", &["corpus", "lang"]),
    ("rules", &["corpus", "lang"]),
    ("import", &["corpus", "lang"]),
    ("diff", &["corpus", "lang"]),
    ("corpus", &[]),
    ("lang", &[]),
];

/// The façade the front ends ask.
pub const FACADE: &str = "kb";

/// What a front end may use below [`FACADE`] beyond types and constants.
pub struct Reach {
    /// The module (`search::offline`: it and the modules inside it).
    pub module: &'static str,
    /// Its items (`Lookup::laws_edition` for an associated function); empty: all of them.
    pub items: &'static [&'static str],
    /// The front ends that may.
    pub by: &'static [&'static str],
    /// Why this is not a question for `Kb`.
    #[allow(dead_code)]
    pub why: &'static str,
}

const FRONT_ENDS: &[&str] = &["cli", "export", "server", "web"];

/// Every way a front end reaches below `kb`, each with its reason; the same
/// list is in `ARCHITECTURE.md`.
pub const BELOW_KB: &[Reach] = &[
    Reach {
        module: "corpus",
        items: &[],
        by: FRONT_ENDS,
        why: "the data model: ids, the provision tree, the subject index, the editions' \
              names and the source files; what Kb answers is corpus data",
    },
    Reach {
        module: "lang",
        items: &[],
        by: FRONT_ENDS,
        why: "the one language type",
    },
    Reach {
        module: "rules",
        items: &[],
        by: FRONT_ENDS,
        why: "the calculators stand beside Kb: one function per provision that the page, \
              its script and `lovbok calc` call through the registry",
    },
    Reach {
        module: "diff",
        items: &[],
        by: &["cli"],
        why: "`lovbok diff` compares two corpus folders, which are no knowledge base",
    },
    Reach {
        module: "search::offline",
        items: &[],
        by: &["web"],
        why: "the offline copy: the search written out as data for the browser's ranker, \
              and its word table for the speller",
    },
    Reach {
        module: "search",
        items: &[
            "evaluate",
            "parse_judgments",
            "question_urls",
            "split_by_source",
            "units",
        ],
        by: &["cli"],
        why: "`lovbok eval` and `lovbok export --jsonl`: the search's own metrics and units, \
              and the questions asked on a ruling's page, which eval scores apart",
    },
    Reach {
        module: "cite",
        items: &[
            "query_cue_words",
            "law_cue_words",
            "team_or_law_words",
            "list_words",
        ],
        by: &["server", "web"],
        why:
            "the grammar's cue and list words, written into the page scripts' config and /embed.js",
    },
    Reach {
        module: "cite",
        items: &["find_query"],
        by: &["cli"],
        why: "`lovbok calc` reads its cite as the search box does",
    },
    Reach {
        module: "cite",
        items: &["status_of", "Lookup::laws_edition"],
        by: &["server"],
        why: "the API's answers say why a cite is not in the corpus, and which edition \
              a context cite numbers the Laws in",
    },
    Reach {
        module: "cite",
        items: &["escape_html_into"],
        by: &["web"],
        why: "the pages escape corpus text as `annotate_html` does",
    },
];

/// The modules `top` stands on, directly or not.
fn below(layers: &[(&str, &[&str])], top: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut todo = vec![top.to_string()];
    while let Some(m) = todo.pop() {
        let under = layers
            .iter()
            .find(|(n, _)| *n == m)
            .map_or(&[][..], |(_, u)| u);
        for u in under.iter() {
            if out.insert(u.to_string()) {
                todo.push(u.to_string());
            }
        }
    }
    out
}

/// Whether import `i` from top-level module `from` is one `r` allows.
fn allows(r: &Reach, i: &Import, from: &str) -> bool {
    let module = i.to_module.join("::");
    let item = i.item.as_deref().unwrap_or_default();
    let named = match &i.member {
        Some(m) => format!("{item}::{m}"),
        None => item.to_string(),
    };
    let inside = module == r.module || module.starts_with(&format!("{}::", r.module));
    inside
        && r.by.contains(&from)
        && (r.items.is_empty() || r.items.contains(&named.as_str()) || r.items.contains(&item))
}

/// Why `i`, from top-level module `from` into `to`, breaks the layers, if it does.
fn breach(
    layers: &[(&str, &[&str])],
    reach: &[Reach],
    i: &Import,
    from: &str,
    to: &str,
) -> Option<String> {
    if !below(layers, from).contains(to) {
        return Some(format!("{from} does not stand on {to}"));
    }
    let front = below(layers, from).contains(FACADE);
    if !front || !below(layers, FACADE).contains(to) {
        return None;
    }
    let module = i.to_module.join("::");
    let item = i.item.as_deref().unwrap_or_default();
    let named = match &i.member {
        Some(m) => format!("{item}::{m}"),
        None => item.to_string(),
    };
    let capital = |s: &str| s.starts_with(|c: char| c.is_ascii_uppercase());
    let data = capital(item) && i.member.as_deref().is_none_or(capital);
    let listed = reach.iter().any(|r| allows(r, i, from));
    // A module named alone (`use crate::search::{self, …}`) is read at
    // each use of its items.
    (!(data || listed || i.item.is_none()))
        .then(|| format!("{from} reaches below {FACADE} for {module}::{named}"))
}

/// Every import between two top-level modules that breaks the layers, as
/// `file: path written: why`.
pub fn breaches(reading: &Reading, layers: &[(&str, &[&str])], reach: &[Reach]) -> Vec<String> {
    let mut out = Vec::new();
    for i in &reading.imports {
        let (Some(from), Some(to)) = (i.from_module.first(), i.to_module.first()) else {
            continue;
        };
        if from == to {
            continue;
        }
        if let Some(why) = breach(layers, reach, i, from, to) {
            out.push(format!("{}: {}: {why}", i.from.display(), i.written));
        }
    }
    out.sort();
    out.dedup();
    out
}

/// The entries of `reach` that name items (a short list of functions, not
/// a whole module) no import uses any more: a list that is only ever added
/// to stops saying what the front ends need.
pub fn unused(reading: &Reading, reach: &[Reach]) -> Vec<String> {
    reach
        .iter()
        .filter(|r| !r.items.is_empty())
        .filter(|r| {
            !reading
                .imports
                .iter()
                .any(|i| i.from_module.first().is_some_and(|from| allows(r, i, from)))
        })
        .map(|r| format!("{} {:?} by {:?}", r.module, r.items, r.by))
        .collect()
}

/// The layers inside `web`, bottom up: the page frame knows no route and
/// no `Site`; what pages are built from stands on the frame; the pages on
/// both; the route table and what is made from it (and `web/mod.rs`, which
/// puts a `Site` together) on everything. A module imports only modules of
/// its own layer or below (its own layer without a circle: see
/// `no_files_import_each_other`). A module no other layer names is a page
/// ([`WEB_PAGES`]), so a new page is placed without a list to keep.
pub const WEB_LAYERS: &[(&str, &[&str])] = &[
    (
        "the page frame",
        &["i18n", "html", "assets", "notice", "chrome"],
    ),
    (
        "what pages are built from",
        &[
            "site",
            "render",
            "views",
            "terms",
            "suggest",
            "nearest",
            "backlinks",
            "parallel",
            "calc",
        ],
    ),
    (WEB_PAGES, &[]),
    (
        "the route table and what is made from it",
        &["routes", "ranker_config", "offline"],
    ),
];

/// The layer of every module of `web` the others do not name: the pages
/// (`search_page`, `provision`, `contents`, `glossary`, `subjects`,
/// `what_happened`, `practice`, `error`).
pub const WEB_PAGES: &str = "the pages";

/// The layer of module `m` of `top` (`["web", "provision", "text"]`): its
/// index in `layers`, the one named `default` when no layer lists it;
/// `top`'s own file stands above them all.
fn inner_layer(layers: &[(&str, &[&str])], default: &str, m: &[String]) -> Option<usize> {
    match m.get(1) {
        None => Some(layers.len()),
        Some(child) => layers
            .iter()
            .position(|(_, ms)| ms.contains(&child.as_str()))
            .or_else(|| layers.iter().position(|(name, _)| *name == default)),
    }
}

/// Every import between two modules of `top` that goes up its `layers`
/// (a module no layer lists is in the one named `default`).
pub fn inner_breaches(
    reading: &Reading,
    top: &str,
    layers: &[(&str, &[&str])],
    default: &str,
) -> Vec<String> {
    let mut out = Vec::new();
    for i in &reading.imports {
        let inside = |m: &[String]| m.first().is_some_and(|t| t == top);
        if !inside(&i.from_module) || !inside(&i.to_module) {
            continue;
        }
        let (Some(from), Some(to)) = (
            inner_layer(layers, default, &i.from_module),
            inner_layer(layers, default, &i.to_module),
        ) else {
            continue;
        };
        if to > from {
            out.push(format!(
                "{}: {}: {} stands below {}",
                i.from.display(),
                i.written,
                layers[from].0,
                layers.get(to).map_or(top, |l| l.0),
            ));
        }
    }
    out.sort();
    out.dedup();
    out
}
