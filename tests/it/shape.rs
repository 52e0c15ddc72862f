//! The shape of the crate, read from its sources:
//!
//! - no two files import each other, nor does any longer loop close, with
//!   every import form read ([`reading`]: grouped, nested and renamed
//!   `use`s, `self`/`super`/`crate` paths, paths outside a `use` and in
//!   macros). A module's file holds its submodules (`mod parse;`), so what
//!   it takes from them is containment, not an import between peers, and is
//!   not counted; everything else is, a submodule's use of the file it
//!   belongs to (`super::Site`) included;
//! - every import between two top-level modules keeps to the layers of
//!   `ARCHITECTURE.md` ([`layers`]), the façade `kb` included, and inside
//!   `web` to its own (the page frame, what pages are built from, the
//!   pages, the route table above them);
//! - no file in `src/` is over 1,000 lines and no function over 100
//!   (`src/rules`: files 900), test code aside ([`lengths`]);
//! - no page path is written outside the route table (`web::routes`), in
//!   the code or the templates ([`paths`]);
//! - every module of `src/` is named in `ARCHITECTURE.md`.
//!
//! Each check has a test of its own on fixtures, so that a check that
//! cannot see a case fails its own test instead of passing the crate.

mod layers;
mod lengths;
mod paths;
mod reading;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use reading::Reading;

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn read_src() -> Reading {
    reading::read(&src()).unwrap_or_else(|e| panic!("{e}"))
}

/// The fixture crate `tests/data/shape/<name>/`.
fn read_fixture(name: &str) -> Reading {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/shape")
        .join(name);
    reading::read(&dir).unwrap_or_else(|e| panic!("{e}"))
}

/// A crate given as `(path below src, text)` pairs.
fn read_texts(files: &[(&str, &str)]) -> Reading {
    let texts = files
        .iter()
        .map(|(p, t)| (PathBuf::from(p), t.to_string()))
        .collect();
    reading::read_texts(&texts).unwrap_or_else(|e| panic!("{e}"))
}

// --- circles -------------------------------------------------------------------------------------

/// The import graph without containment: a module's file's imports of its
/// own submodules' files are left out.
fn peer_edges(r: &Reading) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut edges = r.edges();
    for (from, to) in edges.iter_mut() {
        let Some(outer) = r.files.get(from) else {
            continue;
        };
        to.retain(|t| {
            r.files
                .get(t)
                .is_none_or(|inner| !(inner.len() > outer.len() && inner.starts_with(outer)))
        });
    }
    edges
}

/// Every circle of the graph: each strongly connected part of more than
/// one file, as one loop through it (Tarjan's algorithm).
fn circles(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        index: BTreeMap<&'a PathBuf, usize>,
        low: BTreeMap<&'a PathBuf, usize>,
        stack: Vec<&'a PathBuf>,
        parts: Vec<BTreeSet<PathBuf>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, n: &'a PathBuf) {
            let at = self.index.len();
            self.index.insert(n, at);
            self.low.insert(n, at);
            self.stack.push(n);
            for m in self.edges.get(n).into_iter().flatten() {
                if !self.index.contains_key(m) {
                    self.visit(m);
                    let low = self.low[n].min(self.low[m]);
                    self.low.insert(n, low);
                } else if self.stack.contains(&m) {
                    let low = self.low[n].min(self.index[m]);
                    self.low.insert(n, low);
                }
            }
            if self.low[n] == self.index[n] {
                let mut part = BTreeSet::new();
                while let Some(m) = self.stack.pop() {
                    part.insert(m.clone());
                    if m == n {
                        break;
                    }
                }
                if part.len() > 1 {
                    self.parts.push(part);
                }
            }
        }
    }
    let mut w = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        parts: Vec::new(),
    };
    for n in edges.keys() {
        if !w.index.contains_key(n) {
            w.visit(n);
        }
    }
    w.parts.iter().map(|part| loop_in(edges, part)).collect()
}

/// One loop through `part` (a strongly connected part): from its first file
/// along edges inside it, breadth first, back to the start.
fn loop_in(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>, part: &BTreeSet<PathBuf>) -> Vec<PathBuf> {
    let Some(start) = part.first() else {
        return Vec::new();
    };
    let mut came: BTreeMap<&PathBuf, &PathBuf> = BTreeMap::new();
    let mut todo = std::collections::VecDeque::from([start]);
    while let Some(n) = todo.pop_front() {
        for m in edges
            .get(n)
            .into_iter()
            .flatten()
            .filter(|m| part.contains(*m))
        {
            if m == start {
                let mut path = vec![n.clone()];
                let mut cur = n;
                while cur != start {
                    cur = came[cur];
                    path.push(cur.clone());
                }
                path.reverse();
                path.push(start.clone());
                return path;
            }
            if !came.contains_key(m) && m != start {
                came.insert(m, n);
                todo.push_back(m);
            }
        }
    }
    part.iter().cloned().collect()
}

fn shown(c: &[PathBuf]) -> String {
    c.iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(" → ")
}

#[test]
fn no_files_import_each_other() {
    let r = read_src();
    assert!(
        r.files.len() > 100 && r.imports.len() > 1000,
        "the crate was read ({} files, {} imports)",
        r.files.len(),
        r.imports.len()
    );
    let found: Vec<String> = circles(&peer_edges(&r)).iter().map(|c| shown(c)).collect();
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn a_cycle_is_found_when_there_is_one() {
    let a = PathBuf::from("a.rs");
    let b = PathBuf::from("b.rs");
    let c = PathBuf::from("c.rs");
    let mut edges: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    edges.entry(a.clone()).or_default().insert(b.clone());
    edges.entry(b.clone()).or_default().insert(c.clone());
    assert!(circles(&edges).is_empty());
    edges.entry(c.clone()).or_default().insert(a.clone());
    assert_eq!(circles(&edges), vec![vec![a.clone(), b, c, a]]);
}

/// The case the text-reading test missed (issue 35): two files that import
/// each other only through grouped `use`s.
#[test]
fn a_circle_through_grouped_imports_is_found() {
    let r = read_fixture("grouped-circle");
    let found = circles(&peer_edges(&r));
    let want = vec![
        PathBuf::from("web/a.rs"),
        PathBuf::from("web/b.rs"),
        PathBuf::from("web/a.rs"),
    ];
    assert_eq!(found, vec![want], "{found:?}");
}

/// A module's file and its own submodules may use each other, but a
/// submodule's use of its module's file counts: a loop through it closes.
#[test]
fn containment_is_not_a_circle_but_a_loop_through_the_module_file_is() {
    let parts = [
        ("lib.rs", "pub mod kb;\npub mod web;"),
        ("kb.rs", "pub struct Kb;"),
        (
            "web/mod.rs",
            "mod a;\npub struct Site(crate::kb::Kb);\npub use a::page;",
        ),
        ("web/a.rs", "use super::Site;\npub fn page(_: &Site) {}"),
    ];
    assert!(circles(&peer_edges(&read_texts(&parts))).is_empty());
    let mut looped = parts;
    looped[1].1 = "pub struct Kb;\nfn f() { crate::web::a::page(todo!()) }";
    let found = circles(&peer_edges(&read_texts(&looped)));
    let want = ["kb.rs", "web/a.rs", "web/mod.rs", "kb.rs"]
        .map(PathBuf::from)
        .to_vec();
    assert_eq!(found, vec![want]);
}

/// Every form of import is read, each as one row: the text of `web/a.rs`
/// (beside `web/b.rs`, which has `pub mod inner;`, and `kb.rs`), and
/// whether it imports `web/b.rs` (or, for `kb`, `kb.rs`).
#[test]
fn every_import_form_is_read() {
    let rows: &[(&str, &str, bool)] = &[
        ("plain use", "use super::b::Bee;", true),
        ("grouped", "use super::{b, Other};", true),
        ("grouped deeper", "use super::{b::{Bee, Cee}, Other};", true),
        ("nested self", "use super::b::{self, Bee};", true),
        ("renamed", "use super::b::Bee as Honey;", true),
        (
            "renamed module",
            "use super::b as bee;\nfn f() { bee::go() }",
            true,
        ),
        ("glob", "use super::b::*;", true),
        ("crate path", "use crate::web::b::Bee;", true),
        ("crate grouped", "use crate::{kb, web::b::Bee};", true),
        ("self then child", "use self::super::b::Bee;", true),
        (
            "super super",
            "mod deep { use super::super::b::Bee; }",
            true,
        ),
        ("inline path", "fn f() -> super::b::Bee { todo!() }", true),
        ("impl", "impl super::b::Bee {}", true),
        (
            "in a macro",
            "fn f() { println!(\"{}\", crate::web::b::NAME); }",
            true,
        ),
        ("inner module", "use super::b::inner::Deep;", true),
        ("in a function", "fn f() { use super::b::Bee; }", true),
        (
            "tests block",
            "#[cfg(test)]\nmod tests { use crate::web::b::Bee; }",
            true,
        ),
        (
            "comment",
            "// use super::b::Bee;\n/* super::b::Bee */",
            false,
        ),
        ("doc link", "/// See [`super::b::Bee`].\nfn f() {}", false),
        ("string", "const S: &str = \"super::b::Bee\";", false),
        (
            "attribute",
            "#[doc = \"super::b\"]\n#[allow(dead_code)]\nfn f() {}",
            false,
        ),
        ("visibility", "pub(in crate::web) fn f() {}", false),
        ("std", "use std::fmt::Display;", false),
        ("the file's own super", "mod tests { use super::*; }", false),
    ];
    for (name, text, want) in rows {
        let r = read_texts(&[
            ("lib.rs", "pub mod kb;\npub mod web;"),
            ("kb.rs", ""),
            ("web/mod.rs", "mod a;\nmod b;"),
            ("web/a.rs", text),
            ("web/b.rs", "pub mod inner;"),
            ("web/b/inner.rs", ""),
        ]);
        let to: BTreeSet<PathBuf> = r
            .imports
            .iter()
            .filter(|i| i.from == Path::new("web/a.rs"))
            .map(|i| i.to.clone())
            .collect();
        let seen = to.iter().any(|t| t.to_string_lossy().starts_with("web/b"));
        assert_eq!(seen, *want, "{name}: {text:?} imports {to:?}");
        if *name == "crate grouped" {
            assert!(to.contains(Path::new("kb.rs")), "{name}: {to:?}");
        }
    }
}

#[test]
fn a_child_module_named_without_super_is_an_import_of_it() {
    let r = read_texts(&[
        ("lib.rs", "pub mod web;"),
        ("web/mod.rs", "mod render;\npub fn f() { render::go() }"),
        ("web/render.rs", "pub fn go() {}"),
    ]);
    assert!(r
        .imports
        .iter()
        .any(|i| i.from == Path::new("web/mod.rs") && i.to == Path::new("web/render.rs")));
}

// --- layers --------------------------------------------------------------------------------------

#[test]
fn every_import_keeps_to_the_layers() {
    let r = read_src();
    let found = layers::breaches(&r, layers::STANDS_ON, layers::BELOW_KB);
    assert!(
        found.is_empty(),
        "imports across the layers:\n{}",
        found.join("\n")
    );
    let unused = layers::unused(&r, layers::BELOW_KB);
    assert!(
        unused.is_empty(),
        "reaches below kb no front end uses:\n{}",
        unused.join("\n")
    );
}

#[test]
fn web_keeps_its_layers() {
    let found = layers::inner_breaches(&read_src(), "web", layers::WEB_LAYERS, layers::WEB_PAGES);
    assert!(found.is_empty(), "web's layers:\n{}", found.join("\n"));
}

#[test]
fn a_page_frame_that_names_a_route_is_refused() {
    let r = read_texts(&[
        ("lib.rs", "pub mod web;"),
        (
            "web/mod.rs",
            "mod chrome;\nmod contents;\nmod routes;\nmod new_page;",
        ),
        (
            "web/chrome.rs",
            "pub fn home() -> &'static str { super::routes::LINKS }",
        ),
        ("web/contents.rs", "use super::chrome::home;"),
        (
            "web/routes.rs",
            "pub const LINKS: &str = \"/\";\nuse super::contents as c;",
        ),
        ("web/new_page.rs", "use super::routes::LINKS;"),
    ]);
    let layers: &[(&str, &[&str])] = &[
        ("the page frame", &["chrome"]),
        ("the pages", &[]),
        ("the route table", &["routes"]),
    ];
    assert_eq!(
        layers::inner_breaches(&r, "web", layers, "the pages"),
        vec![
            "web/chrome.rs: super::routes::LINKS: the page frame stands below the route table"
                .to_string(),
            "web/new_page.rs: super::routes::LINKS: the pages stands below the route table"
                .to_string(),
        ]
    );
}

/// A small crate on the real layers: `web/a.rs` holds the row's text.
fn layered(text: &str) -> Vec<String> {
    let r = read_texts(&[
        (
            "lib.rs",
            "pub mod kb;\npub mod search;\npub mod corpus;\npub mod web;\npub mod server;",
        ),
        ("kb.rs", ""),
        ("corpus.rs", ""),
        ("search/mod.rs", "pub mod offline;"),
        ("search/offline.rs", ""),
        ("server.rs", ""),
        ("web/mod.rs", "mod a;"),
        ("web/a.rs", text),
    ]);
    layers::breaches(&r, layers::STANDS_ON, layers::BELOW_KB)
}

#[test]
fn a_front_end_asks_kb_and_names_only_data_below_it() {
    for fine in [
        "use crate::kb::Kb;",
        "use crate::corpus::{self, ProvisionId};\nfn f() { corpus::to_roman(3); }",
        "use crate::search::{SearchOptions, QueryError};",
        "fn f() { let _ = crate::search::Place::Block; }",
        "use crate::search::offline::offline_model;",
    ] {
        assert_eq!(layered(fine), Vec::<String>::new(), "{fine}");
    }
    for (bad, why) in [
        (
            "use crate::search::build_index;",
            "reaches below kb for search::build_index",
        ),
        (
            "use crate::search::{self};\nfn f() { search::run() }",
            "for search::run",
        ),
        (
            "fn f() { crate::search::SearchIndex::build(); }",
            "for search::SearchIndex::build",
        ),
        ("use crate::server::router;", "web does not stand on server"),
    ] {
        let found = layered(bad);
        assert!(
            found.len() == 1 && found[0].contains(why),
            "{bad}: {found:?}"
        );
    }
}

#[test]
fn a_lower_layer_importing_a_higher_one_is_refused() {
    let r = read_texts(&[
        ("lib.rs", "pub mod kb;\npub mod web;\npub mod corpus;"),
        ("kb.rs", "use crate::web::Site;"),
        ("corpus.rs", "fn f() { crate::kb::go() }"),
        ("web.rs", "pub struct Site;"),
    ]);
    let found = layers::breaches(&r, layers::STANDS_ON, layers::BELOW_KB);
    assert_eq!(
        found,
        vec![
            "corpus.rs: crate::kb::go: corpus does not stand on kb".to_string(),
            "kb.rs: crate::web::Site: kb does not stand on web".to_string(),
        ]
    );
}

// --- lengths -------------------------------------------------------------------------------------

/// The most lines a file in `src/` may have, and a function.
const MAX_FILE: usize = 1000;
const MAX_FN: usize = 100;
/// Files of `src/rules` stay under a tighter bound.
const MAX_RULES_FILE: usize = 900;

/// Files that are tables of data, which may be longer: none yet.
const DATA_TABLES: &[&str] = &[];

/// Every file of `src/` below `under` (all of them for `""`) over
/// [`MAX_FILE`] lines, and every function over [`MAX_FN`], test code aside.
fn too_long(under: &str) -> Vec<String> {
    let r = read_src();
    let mut long = Vec::new();
    for p in r.files.keys().filter(|p| p.starts_with(under)) {
        let name = p.display().to_string();
        if p.file_name().is_some_and(|n| n == "tests.rs") || DATA_TABLES.contains(&name.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(src().join(p)).unwrap_or_default();
        let max = if p.starts_with("rules") {
            MAX_RULES_FILE
        } else {
            MAX_FILE
        };
        let n = lengths::code_lines(&text);
        if n > max {
            long.push(format!("{name}: {n} lines (at most {max})"));
        }
        for (f, at, len) in lengths::code_functions(&text) {
            if len > MAX_FN {
                long.push(format!("{name}:{at}: fn {f} is {len} lines"));
            }
        }
    }
    long
}

#[test]
fn no_file_or_function_is_too_long() {
    let long = too_long("");
    assert!(
        long.is_empty(),
        "over {MAX_FILE} lines a file ({MAX_RULES_FILE} in src/rules) or {MAX_FN} a function, test code aside:\n{}",
        long.join("\n")
    );
}

/// The front ends and the façade keep to the lengths already.
#[test]
fn no_file_or_function_of_the_front_ends_is_too_long() {
    let long: Vec<String> = ["web", "server", "cli", "export.rs", "kb.rs"]
        .iter()
        .flat_map(|m| too_long(m))
        .collect();
    assert!(long.is_empty(), "too long:\n{}", long.join("\n"));
}

#[test]
fn a_long_function_is_measured() {
    let body = "    let s = \"}\";\n".repeat(101);
    let text = format!("pub(crate) fn long() {{\n{body}}}\nfn short() {{ let c = '{{'; }}\n");
    assert_eq!(
        lengths::functions(&text),
        vec![("long".to_string(), 1, 103), ("short".to_string(), 104, 1)]
    );
}

#[test]
fn test_code_is_not_measured() {
    let body = "    let s = 1;\n".repeat(101);
    let text = format!(
        "fn short() {{}}\n\n#[cfg(test)]\nmod tests {{\n    fn long() {{\n{body}    }}\n}}\n"
    );
    assert_eq!(lengths::code_lines(&text), 2);
    assert_eq!(
        lengths::code_functions(&text),
        vec![("short".to_string(), 1, 1)]
    );
    assert_eq!(lengths::functions(&text).len(), 2);
}

// --- paths ---------------------------------------------------------------------------------------

/// Where a path of the route table may be written besides the table, and why.
const PATHS_ELSEWHERE: &[(&str, &str, &str)] = &[
    (
        "kb.rs",
        "/p/",
        "the provisions' prefix: the links Kb::annotate_html writes below web need it",
    ),
    (
        "web/assets.rs",
        "/static/",
        "where the assets are served: the asset route takes it from there",
    ),
    (
        "web/assets.rs",
        "/",
        "the web app manifests' scope and start: the origin's root",
    ),
    (
        "server/assets.rs",
        "/",
        "the service worker's allowed scope: the origin's root",
    ),
    (
        "server/lang.rs",
        "/",
        "the path of a request URI that names none: the root",
    ),
    (
        "web/assets/icons.rs",
        "/",
        "a file path's separator in `concat!`, not a URL",
    ),
];

/// Every path the site answers at, and the static copy's own files.
fn site_paths() -> Vec<&'static str> {
    let mut all: Vec<&str> = lovbok::web::routes::ROUTES.iter().map(|r| r.path).collect();
    all.extend([
        lovbok::web::routes::STATIC_WORKER,
        lovbok::web::routes::STATIC_NOT_FOUND,
    ]);
    all
}

#[test]
fn no_page_path_is_written_outside_the_route_table() {
    let paths = site_paths();
    let mut found = Vec::new();
    let mut sources = Vec::new();
    paths::files(&src(), "rs", &mut sources);
    for (file, text) in &sources {
        let rel = file
            .strip_prefix(src())
            .unwrap_or(file)
            .display()
            .to_string();
        let test_file = file.file_name().is_some_and(|n| n == "tests.rs");
        if rel == "web/routes.rs" || rel == "main.rs" || test_file {
            continue;
        }
        let literals = paths::literals(text).unwrap_or_else(|e| panic!("{rel}: {e}"));
        for lit in literals {
            for path in paths.iter().filter(|p| paths::writes(&lit, p)) {
                let allowed = PATHS_ELSEWHERE
                    .iter()
                    .any(|(f, p, _)| *f == rel && p == path);
                if !allowed {
                    found.push(format!("src/{rel}: {lit:?} writes {path}"));
                }
            }
        }
    }
    let mut templates = Vec::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    paths::files(&dir, "html", &mut templates);
    assert!(templates.len() > 10, "the templates were read");
    for (file, text) in &templates {
        for (line, link) in paths::template_links(text) {
            if paths.iter().any(|p| paths::writes(&link, p)) {
                found.push(format!("{}:{line}: {link}", file.display()));
            }
        }
    }
    found.sort();
    found.dedup();
    assert!(
        found.is_empty(),
        "page paths outside the route table:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_path_is_found_in_every_form_it_is_written() {
    let text = r#"
        const A: &str = "/innhold";
        fn f() -> String { format!("/sok?q={}", 1) }
        fn g() { let _ = ["/p/12", "/ov#x", "/sok/treff", "/"]; }
        /// "/definisjoner" in a doc comment is words.
        fn h() {}
        #[cfg(test)]
        mod tests { const T: &str = "/stikkord"; }
    "#;
    let lits = paths::literals(text).unwrap();
    let hits = |path: &str| lits.iter().filter(|l| paths::writes(l, path)).count();
    assert_eq!(hits("/innhold"), 1);
    assert_eq!(hits("/sok"), 2, "with a query, and with more segments");
    assert_eq!(hits("/p/"), 1);
    assert_eq!(hits("/ov"), 1, "with a fragment");
    assert_eq!(hits("/"), 1, "the front page only as itself");
    assert_eq!(hits("/definisjoner"), 0, "doc comments are left out");
    assert_eq!(hits("/stikkord"), 0, "test code is left out");
    assert!(
        !paths::writes("/ovelse", "/ov"),
        "a longer word is another path"
    );
    let links = paths::template_links(
        r#"<a href="/innhold">x</a><form action="{{ chrome.links.search }}">"#,
    );
    assert_eq!(
        links,
        vec![
            (1, "/innhold".to_string()),
            (1, "{{ chrome.links.search }}".to_string())
        ]
    );
}

// --- the map -------------------------------------------------------------------------------------

/// The modules of `src/` that `ARCHITECTURE.md` does not name: a module is
/// named when the table row of its top-level module (`| \`web\` |`) has a
/// backticked span with its name as a word (`` `routes` ``,
/// `` `search::offline` ``, `` `words/{en,nb,da}.rs` ``).
fn unnamed_modules(map: &str, modules: impl Iterator<Item = Vec<String>>) -> Vec<String> {
    let row_of = |top: &str| {
        map.lines()
            .find(|l| l.starts_with(&format!("| `{top}` |")))
            .unwrap_or_default()
            .to_string()
    };
    let spans = |row: &str| -> Vec<String> {
        row.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    let word_in = |span: &str, name: &str| {
        span.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| w == name)
    };
    let mut out = Vec::new();
    for m in modules.filter(|m| !m.is_empty()) {
        let row = row_of(&m[0]);
        let named = match m.last() {
            _ if row.is_empty() => false,
            Some(last) if m.len() > 1 => spans(&row).iter().any(|s| word_in(s, last)),
            _ => true,
        };
        if !named {
            out.push(m.join("::"));
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn every_module_is_named_in_the_architecture() {
    let map =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
            .unwrap_or_default();
    let r = read_src();
    // Test files (`tests.rs`, and what a `tests/` folder holds) are test
    // code, not modules of the design.
    let modules = r
        .files
        .iter()
        .filter(|(p, _)| {
            p.file_name().is_none_or(|n| n != "tests.rs")
                && !p.components().any(|c| c.as_os_str() == "tests")
        })
        .map(|(_, m)| m.clone());
    let missing = unnamed_modules(&map, modules);
    assert!(
        missing.is_empty(),
        "modules ARCHITECTURE.md does not name:\n{}",
        missing.join("\n")
    );
}

#[test]
fn an_unnamed_module_is_found() {
    let map = "| `web` | HTML: `routes` (the table), `search_page`, `words/{en,nb}.rs`. |\n| `kb` | the façade |";
    let modules = [
        vec!["web".to_string()],
        vec!["web".to_string(), "routes".to_string()],
        vec!["web".to_string(), "words".to_string(), "nb".to_string()],
        vec!["web".to_string(), "chrome".to_string()],
        vec!["kb".to_string()],
        vec!["lang".to_string()],
    ];
    assert_eq!(
        unnamed_modules(map, modules.into_iter()),
        vec!["lang".to_string(), "web::chrome".to_string()]
    );
}
