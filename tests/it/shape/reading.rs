//! The crate's module graph, read as Rust: every file is parsed (`syn`), and
//! every path that names a module of the crate is an import of that
//! module's file.
//!
//! A path names a module when it starts at `crate`, `self` or `super` (any
//! number of them), at a child module of the module it stands in (`mod
//! render;` and then `render::TextRenderer` or `use render::label_of`), or
//! at a name a `use` bound to a module (`use super::assets as a;` and then
//! `a::ALL`). Every form of `use` is read: grouped and nested trees
//! (`use super::{assets, pages::{Chrome, LinkView}}`), renames, `self` in a
//! group, globs; and so is every path outside a `use` (types, expressions,
//! patterns, `impl super::Site`), and inside a macro's tokens
//! (`format!("{}", crate::kb::url_of(id))`). Inline modules (`mod tests {
//! use super::*; }`) are modules of their own, so their `super` is the
//! file's module. Left out: comments and doc links (they name modules
//! without importing them), attributes, `pub(in …)` visibilities, and the
//! binary's root (`main.rs`, which reaches the library as an outside crate).
//!
//! An import lands in the file of the deepest module the path names:
//! `crate::web::assets::fnv1a` is `web/assets.rs`, `crate::web::Site` is
//! `web/mod.rs` (where `Site` is declared or re-exported: an item named
//! through a module's file is an import of that file).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// A module's path from the crate root (`["web", "pages"]`; `[]` is the root).
pub type ModPath = Vec<String>;

/// One path in one file that names a module of the crate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Import {
    /// The importing file and the module the path stands in.
    pub from: PathBuf,
    pub from_module: ModPath,
    /// The file and module it lands in.
    pub to: PathBuf,
    pub to_module: ModPath,
    /// What it names in that module (`url_of`), when it names an item and
    /// not the module itself (a glob, `self`, `use super::assets`).
    pub item: Option<String>,
    /// What it names in that item, if anything (`SearchIndex::build`:
    /// `build`; an enum's variant, an associated function or constant).
    pub member: Option<String>,
    /// The path as written, for messages (`super::{assets, Site}` → `super::Site`).
    pub written: String,
}

/// Every file of a source tree with its module, and every import between them.
#[derive(Debug, Default)]
pub struct Reading {
    /// Each file's module.
    pub files: BTreeMap<PathBuf, ModPath>,
    /// Every import from one file into another (imports within a file are left out).
    pub imports: Vec<Import>,
}

impl Reading {
    /// File → the files it imports.
    pub fn edges(&self) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
        let mut edges: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
        for i in &self.imports {
            edges
                .entry(i.from.clone())
                .or_default()
                .insert(i.to.clone());
        }
        edges
    }
}

/// Reads the crate whose root (`lib.rs`) is in `src`. A file that does not
/// parse is an error naming it.
pub fn read(src: &Path) -> Result<Reading, String> {
    let mut texts = BTreeMap::new();
    collect(src, &mut texts)?;
    let texts = texts
        .into_iter()
        .filter_map(|(p, text)| {
            let rel = p.strip_prefix(src).ok()?.to_path_buf();
            (rel != Path::new("main.rs")).then_some((rel, text))
        })
        .collect();
    read_texts(&texts)
}

/// Reads a crate given as its files' texts, keyed by their paths below the
/// crate's `src` (`lib.rs`, `web/mod.rs`): what [`read`] does after reading
/// the folder, and what the fixtures use.
pub fn read_texts(texts: &BTreeMap<PathBuf, String>) -> Result<Reading, String> {
    let mut owner: BTreeMap<ModPath, PathBuf> = BTreeMap::new();
    let mut files = BTreeMap::new();
    for p in texts.keys() {
        let m = module_of(p);
        owner.insert(m.clone(), p.clone());
        files.insert(p.clone(), m);
    }
    let mut found = Vec::new();
    for (p, text) in texts {
        let ast = syn::parse_file(text).map_err(|e| format!("{}: {e}", p.display()))?;
        let mut c = Collect {
            file: p.clone(),
            module: files[p].clone(),
            uses: Vec::new(),
            paths: Vec::new(),
            inline: Vec::new(),
        };
        c.visit_file(&ast);
        for m in &c.inline {
            owner.insert(m.clone(), p.clone());
        }
        found.push(c);
    }
    let scope = Scope {
        owner: &owner,
        aliases: aliases(&found),
    };
    let mut imports = Vec::new();
    for c in &found {
        let written = c
            .uses
            .iter()
            .map(|u| (&u.module, &u.path))
            .chain(c.paths.iter().map(|(m, p)| (m, p)));
        for (module, path) in written {
            let Some(Named {
                module: to_module,
                item,
                member,
            }) = scope.resolve(module, path, 0)
            else {
                continue;
            };
            let to = scope.file_of(&to_module);
            if to != c.file {
                imports.push(Import {
                    from: c.file.clone(),
                    from_module: module.clone(),
                    to,
                    to_module,
                    item,
                    member,
                    written: path.join("::"),
                });
            }
        }
    }
    Ok(Reading { files, imports })
}

/// Every `.rs` file below `dir`, with its text.
fn collect(dir: &Path, out: &mut BTreeMap<PathBuf, String>) -> Result<(), String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "rs") {
            let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
            out.insert(p, text);
        }
    }
    Ok(())
}

/// The module a file below `src` is: `lib.rs` the root, `web/mod.rs` and
/// `web.rs` `web`, `web/pages.rs` `web::pages`.
fn module_of(rel: &Path) -> ModPath {
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// One binding of a `use`: the path it names, and the name it binds (none
/// for a glob).
#[derive(Debug)]
struct UsePath {
    module: ModPath,
    path: Vec<String>,
    binds: Option<String>,
}

/// What one file's syntax tree holds: its `use` bindings, its other paths
/// that may name a module, and its inline modules.
struct Collect {
    file: PathBuf,
    /// The module being read (the file's, or an inline module in it).
    module: ModPath,
    uses: Vec<UsePath>,
    paths: Vec<(ModPath, Vec<String>)>,
    inline: Vec<ModPath>,
}

impl Collect {
    fn tree(&mut self, prefix: &[String], tree: &syn::UseTree) {
        let with = |name: &syn::Ident| {
            let mut p = prefix.to_vec();
            p.push(name.to_string());
            p
        };
        match tree {
            syn::UseTree::Path(p) => self.tree(&with(&p.ident), &p.tree),
            syn::UseTree::Name(n) if n.ident == "self" => {
                self.bind(prefix.to_vec(), prefix.last().cloned())
            }
            syn::UseTree::Name(n) => self.bind(with(&n.ident), Some(n.ident.to_string())),
            syn::UseTree::Rename(r) => {
                let path = if r.ident == "self" {
                    prefix.to_vec()
                } else {
                    with(&r.ident)
                };
                self.bind(path, Some(r.rename.to_string()));
            }
            syn::UseTree::Glob(_) => self.bind(prefix.to_vec(), None),
            syn::UseTree::Group(g) => g.items.iter().for_each(|t| self.tree(prefix, t)),
        }
    }

    fn bind(&mut self, path: Vec<String>, binds: Option<String>) {
        if !path.is_empty() {
            self.uses.push(UsePath {
                module: self.module.clone(),
                path,
                binds,
            });
        }
    }

    fn path(&mut self, segments: Vec<String>) {
        let anchored = matches!(
            segments.first().map(String::as_str),
            Some("crate" | "self" | "super")
        );
        if segments.len() > 1 || anchored {
            self.paths.push((self.module.clone(), segments));
        }
    }

    /// The paths in a macro's tokens: runs of `ident :: ident …`, in
    /// groups too.
    fn tokens(&mut self, mut at: syn::buffer::Cursor<'_>) {
        let mut after_colons = false;
        while !at.eof() {
            if let Some((inner, _, _, next)) = at.any_group() {
                self.tokens(inner);
                at = next;
                after_colons = false;
            } else if let Some((first, mut next)) = at.ident() {
                let mut segments = vec![first.to_string()];
                while let Some((ident, rest)) = colons(next).and_then(|c| c.ident()) {
                    segments.push(ident.to_string());
                    next = rest;
                }
                if !after_colons {
                    self.path(segments);
                }
                at = next;
                after_colons = false;
            } else if let Some(next) = colons(at) {
                // `::std::…`, or a path after a non-ident (`<T>::x`).
                after_colons = true;
                at = next;
            } else {
                after_colons = false;
                at = at.token_tree().map_or(at, |(_, next)| next);
            }
        }
    }
}

/// The cursor after a `::` at `c`.
fn colons(c: syn::buffer::Cursor<'_>) -> Option<syn::buffer::Cursor<'_>> {
    let (a, c) = c.punct()?;
    let (b, c) = c.punct()?;
    (a.as_char() == ':' && b.as_char() == ':').then_some(c)
}

impl<'ast> Visit<'ast> for Collect {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        if let Some((_, items)) = &m.content {
            self.module.push(m.ident.to_string());
            self.inline.push(self.module.clone());
            items.iter().for_each(|i| self.visit_item(i));
            self.module.pop();
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        if u.leading_colon.is_none() {
            self.tree(&[], &u.tree);
        }
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        if p.leading_colon.is_none() {
            self.path(p.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        syn::visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.visit_path(&m.path);
        let buffer = syn::buffer::TokenBuffer::new2(m.tokens.clone());
        self.tokens(buffer.begin());
    }

    // Attributes (docs, derives, `#[template(path = …)]`) and `pub(in …)`
    // name no module to import.
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
    fn visit_vis_restricted(&mut self, _: &'ast syn::VisRestricted) {}
}

/// Every name a `use` binds, by the module it is bound in.
fn aliases(found: &[Collect]) -> BTreeMap<(ModPath, String), Vec<String>> {
    found
        .iter()
        .flat_map(|c| &c.uses)
        .filter_map(|u| Some(((u.module.clone(), u.binds.clone()?), u.path.clone())))
        .collect()
}

/// What a path names: a module, and maybe an item in it and a member of that.
struct Named {
    module: ModPath,
    item: Option<String>,
    member: Option<String>,
}

/// The crate's modules and the names its `use`s bind.
struct Scope<'a> {
    /// Every module (of a file, or inline) → its file.
    owner: &'a BTreeMap<ModPath, PathBuf>,
    aliases: BTreeMap<(ModPath, String), Vec<String>>,
}

/// How many aliases of aliases are followed (`use a as b; use b::c;`).
const MAX_ALIAS_DEPTH: usize = 8;

impl Scope<'_> {
    /// The module `path`, written in `module`, lands in, and the item it
    /// names there; `None` when it names nothing of the crate (`std::…`,
    /// `Self::new`, a local item).
    fn resolve(&self, module: &ModPath, path: &[String], depth: usize) -> Option<Named> {
        let first = path.first()?;
        let (mut at, mut rest) = match first.as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (module.clone(), &path[1..]),
            "super" => (module.clone(), path),
            _ => {
                let child = [module.as_slice(), std::slice::from_ref(first)].concat();
                if self.owner.contains_key(&child) {
                    (child, &path[1..])
                } else {
                    let bound = self.aliases.get(&(module.clone(), first.clone()))?;
                    if depth >= MAX_ALIAS_DEPTH || bound.first() == Some(first) && bound.len() == 1
                    {
                        return None;
                    }
                    let whole = [bound.as_slice(), &path[1..]].concat();
                    return self.resolve(module, &whole, depth + 1);
                }
            }
        };
        // `super::super::x`, `self::super::x`: up one module each.
        while rest.first().is_some_and(|s| s == "super") {
            at.pop()?;
            rest = &rest[1..];
        }
        let mut rest = rest.iter().filter(|s| *s != "self" && *s != "*");
        let mut item = None;
        for seg in rest.by_ref() {
            let deeper = [at.as_slice(), std::slice::from_ref(seg)].concat();
            if self.owner.contains_key(&deeper) {
                at = deeper;
            } else {
                item = Some(seg.clone());
                break;
            }
        }
        let member = item.as_ref().and_then(|_| rest.next().cloned());
        Some(Named {
            module: at,
            item,
            member,
        })
    }

    /// The file a module is written in.
    fn file_of(&self, module: &ModPath) -> PathBuf {
        (0..=module.len())
            .rev()
            .find_map(|n| self.owner.get(&module[..n]))
            .cloned()
            .unwrap_or_default()
    }
}
