//! The shape of the crate: the import graph between its files has no cycle.
//!
//! An edge goes from a file to the file of every module it names by a
//! `crate::` or `super::` path (in a `use` or inline; comments and doc links
//! are left out, since they name modules without importing them). A cycle
//! (two files that import each other, or a longer loop) fails the test with
//! the loop spelled out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use regex::Regex;

/// Every `.rs` file under `dir`, with its text stripped of comments.
fn sources(dir: &Path, out: &mut BTreeMap<PathBuf, String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        panic!("cannot read {}", dir.display())
    };
    let block = Regex::new(r"(?s)/\*.*?\*/").expect("regex");
    let line = Regex::new(r"(?m)^\s*//.*$").expect("regex");
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&p).unwrap_or_default();
            let text = block.replace_all(&text, "");
            out.insert(p, line.replace_all(&text, "").into_owned());
        }
    }
}

/// The directory a file's own submodules live in.
fn module_dir(p: &Path) -> PathBuf {
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    let parent = p.parent().map(Path::to_path_buf).unwrap_or_default();
    if matches!(name, "mod.rs" | "lib.rs" | "main.rs") {
        parent
    } else {
        parent.join(name.trim_end_matches(".rs"))
    }
}

/// The file of the deepest module `parts` names from `base`.
fn target(files: &BTreeMap<PathBuf, String>, parts: &[&str], base: &Path) -> Option<PathBuf> {
    let mut cur = base.to_path_buf();
    let mut best = None;
    for part in parts {
        let file = cur.join(format!("{part}.rs"));
        let dir = cur.join(part).join("mod.rs");
        if files.contains_key(&file) {
            best = Some(file);
        } else if files.contains_key(&dir) {
            best = Some(dir);
        } else {
            break;
        }
        cur = cur.join(part);
    }
    best
}

/// The import graph: file → the files it names.
fn graph(src: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut files = BTreeMap::new();
    sources(src, &mut files);
    let path = Regex::new(r"\b(crate|super)::((?:\w+::)*\w+)").expect("regex");
    let mut edges: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for (p, text) in &files {
        for c in path.captures_iter(text) {
            let parts: Vec<&str> = c[2].split("::").collect();
            let t = if &c[1] == "crate" {
                target(&files, &parts, src)
            } else {
                let base = module_dir(p)
                    .parent()
                    .map(Path::to_path_buf)
                    .unwrap_or_default();
                target(&files, &parts, &base).or_else(|| Some(base.join("mod.rs")))
            };
            if let Some(t) = t.filter(|t| t != p && files.contains_key(t)) {
                edges.entry(p.clone()).or_default().insert(t);
            }
        }
    }
    edges
}

/// A cycle through the graph, if there is one.
fn cycle(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Option<Vec<PathBuf>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        n: &PathBuf,
        edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        marks: &mut BTreeMap<PathBuf, Mark>,
        stack: &mut Vec<PathBuf>,
    ) -> Option<Vec<PathBuf>> {
        match marks.get(n) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let at = stack.iter().position(|s| s == n).unwrap_or(0);
                let mut loop_ = stack[at..].to_vec();
                loop_.push(n.clone());
                return Some(loop_);
            }
            None => {}
        }
        marks.insert(n.clone(), Mark::Open);
        stack.push(n.clone());
        for m in edges.get(n).into_iter().flatten() {
            if let Some(c) = visit(m, edges, marks, stack) {
                return Some(c);
            }
        }
        stack.pop();
        marks.insert(n.clone(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for n in edges.keys() {
        if let Some(c) = visit(n, edges, &mut marks, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

#[test]
fn no_files_import_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let edges = graph(&src);
    assert!(
        edges.len() > 20,
        "the graph was read ({} files)",
        edges.len()
    );
    if let Some(c) = cycle(&edges) {
        let shown: Vec<String> = c
            .iter()
            .map(|p| p.strip_prefix(&src).unwrap_or(p).display().to_string())
            .collect();
        panic!("import cycle: {}", shown.join(" → "));
    }
}

#[test]
fn a_cycle_is_found_when_there_is_one() {
    let a = PathBuf::from("a.rs");
    let b = PathBuf::from("b.rs");
    let c = PathBuf::from("c.rs");
    let mut edges: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    edges.entry(a.clone()).or_default().insert(b.clone());
    edges.entry(b.clone()).or_default().insert(c.clone());
    assert!(cycle(&edges).is_none());
    edges.entry(c.clone()).or_default().insert(a.clone());
    assert_eq!(cycle(&edges), Some(vec![a.clone(), b, c, a]));
}

/// The most lines a file in `src/rules` may have, and a function there.
const MAX_RULES_FILE: usize = 900;
const MAX_RULES_FN: usize = 100;

/// Every function in `text` (Rust source) with its first line and its
/// length in lines, from `fn` to its closing brace. Strings, character
/// literals and comments are blanked first, so a brace in a format string
/// does not count.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let string = Regex::new(r##"r#*"[^"]*"#*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)'"##).expect("regex");
    let comment = Regex::new(r"//.*$").expect("regex");
    let head = Regex::new(r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:async\s+)?fn\s+(\w+)")
        .expect("regex");
    let lines: Vec<String> = text
        .lines()
        .map(|l| {
            comment
                .replace(&string.replace_all(l, "\"\""), "")
                .into_owned()
        })
        .collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(c) = head.captures(line) else {
            continue;
        };
        let mut depth = 0i64;
        let mut opened = false;
        for (j, l) in lines.iter().enumerate().skip(i) {
            for ch in l.chars() {
                match ch {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if opened && depth <= 0 {
                out.push((c[1].to_string(), i + 1, j - i + 1));
                break;
            }
            if !opened && l.trim_end().ends_with(';') {
                break;
            }
        }
    }
    out
}

#[test]
fn no_rules_file_or_function_is_too_long() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules");
    let mut files = BTreeMap::new();
    sources(&dir, &mut files);
    assert!(
        files.len() > 10,
        "the rules were read ({} files)",
        files.len()
    );
    let mut long = Vec::new();
    for p in files.keys() {
        // `sources` strips comments; the lengths are of the file as written.
        let text = std::fs::read_to_string(p).unwrap_or_default();
        let name = p.strip_prefix(&dir).unwrap_or(p).display().to_string();
        let n = text.lines().count();
        if n > MAX_RULES_FILE {
            long.push(format!("{name}: {n} lines"));
        }
        for (f, at, len) in functions(&text) {
            if len > MAX_RULES_FN {
                long.push(format!("{name}:{at}: fn {f} is {len} lines"));
            }
        }
    }
    assert!(
        long.is_empty(),
        "over {MAX_RULES_FILE} lines a file or {MAX_RULES_FN} a function:\n{}",
        long.join("\n")
    );
}

#[test]
fn a_long_function_is_measured() {
    let body = "    let s = \"}\";\n".repeat(101);
    let text = format!("pub(crate) fn long() {{\n{body}}}\nfn short() {{ let c = '{{'; }}\n");
    assert_eq!(
        functions(&text),
        vec![("long".to_string(), 1, 103), ("short".to_string(), 104, 1)]
    );
}
