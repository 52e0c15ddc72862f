//! Where the site's paths are written: every string literal of the crate's
//! code (test code aside), in macros too, and every link of the templates,
//! so that a page path written outside the route table is found.

use std::path::Path;

use syn::visit::Visit;

/// Every string literal of `text` (Rust source) outside test code
/// (`#[cfg(test)]` items).
pub fn literals(text: &str) -> Result<Vec<String>, String> {
    let ast = syn::parse_file(text).map_err(|e| e.to_string())?;
    let mut c = Literals(Vec::new());
    c.visit_file(&ast);
    Ok(c.0)
}

struct Literals(Vec<String>);

/// True for `#[cfg(test)]`.
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
    })
}

impl Literals {
    fn tokens(&mut self, mut at: syn::buffer::Cursor<'_>) {
        while !at.eof() {
            if let Some((inner, _, _, next)) = at.any_group() {
                self.tokens(inner);
                at = next;
            } else if let Some((lit, next)) = at.literal() {
                if let syn::Lit::Str(s) = syn::Lit::new(lit) {
                    self.0.push(s.value());
                }
                at = next;
            } else {
                at = at.token_tree().map_or(at, |(_, next)| next);
            }
        }
    }
}

impl<'ast> Visit<'ast> for Literals {
    fn visit_item(&mut self, i: &'ast syn::Item) {
        let attrs = match i {
            syn::Item::Mod(m) => &m.attrs,
            syn::Item::Fn(f) => &f.attrs,
            syn::Item::Impl(m) => &m.attrs,
            syn::Item::Const(c) => &c.attrs,
            syn::Item::Static(s) => &s.attrs,
            syn::Item::Use(u) => &u.attrs,
            _ => return syn::visit::visit_item(self, i),
        };
        if !is_test(attrs) {
            syn::visit::visit_item(self, i);
        }
    }

    fn visit_lit_str(&mut self, s: &'ast syn::LitStr) {
        self.0.push(s.value());
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        let buffer = syn::buffer::TokenBuffer::new2(m.tokens.clone());
        self.tokens(buffer.begin());
    }

    // Doc comments are attributes: words about paths, not paths.
    fn visit_attribute(&mut self, _: &'ast syn::Attribute) {}
}

/// Whether `text` (a literal, or a link in a template) writes `path`: the
/// path itself, or the path and a query, a fragment or more segments
/// (`/sok?q=`, `/p/12`); the front page (`/`) only as itself or with a
/// query.
pub fn writes(text: &str, path: &str) -> bool {
    if path == "/" {
        return text == "/" || text.starts_with("/?");
    }
    let Some(rest) = text.strip_prefix(path) else {
        return false;
    };
    rest.is_empty() || rest.starts_with(['?', '#']) || path.ends_with('/') || rest.starts_with('/')
}

/// The links and form targets of a template (`href="…"`, `action="…"`),
/// with their lines.
pub fn template_links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        for key in ["href=\"", "action=\"", "src=\""] {
            let mut rest = line;
            while let Some(at) = rest.find(key) {
                rest = &rest[at + key.len()..];
                let end = rest.find('"').unwrap_or(rest.len());
                out.push((n + 1, rest[..end].to_string()));
            }
        }
    }
    out
}

/// Every file below `dir` whose name ends with `ext`, with its text.
pub fn files(dir: &Path, ext: &str, out: &mut Vec<(std::path::PathBuf, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push((p.clone(), std::fs::read_to_string(&p).unwrap_or_default()));
        }
    }
}
