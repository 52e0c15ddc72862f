//! Embeds the corpus (`laws/*.md`, `handbook/*.md`, `laws/concordance-*.tsv`,
//! `laws/paragraphs-2017.txt`, and lovbok's
//! subject index `stikkord/*.md` and rulings `kjennelser/*.md`) into the binary, lists the page templates
//! (`templates/*.html`, whose text the offline copy's version hashes), and
//! draws the app icons (`build/icons.rs`) for the binary to embed.
use std::fmt::Write as _;
use std::path::Path;

#[path = "build/icons.rs"]
mod icons;

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let mut entries = Vec::new();
    for book in ["laws", "handbook", "stikkord", "kjennelser"] {
        let dir = Path::new(&root).join(book);
        println!("cargo:rerun-if-changed={}", dir.display());
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut names: Vec<_> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        names.sort();
        for p in names {
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            let concordance = name.starts_with("concordance-") && name.ends_with(".tsv");
            let paragraphs = name == "paragraphs-2017.txt";
            if !(name.ends_with(".md") || concordance || paragraphs)
                || name.eq_ignore_ascii_case("EDITORIAL.md")
            {
                continue;
            }
            println!("cargo:rerun-if-changed={}", p.display());
            entries.push((format!("{book}/{name}"), p.display().to_string()));
        }
    }
    let mut out = String::from("/// Corpus files embedded at build time: (relative path, text).\npub static EMBEDDED: &[(&str, &str)] = &[\n");
    for (rel, abs) in entries {
        let _ = writeln!(out, "    ({rel:?}, include_str!({abs:?})),");
    }
    out.push_str("];\n");
    let out_dir = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let out_dir = Path::new(&out_dir);
    std::fs::write(out_dir.join("embedded_corpus.rs"), out).expect("write embedded corpus list");
    std::fs::write(out_dir.join("templates.rs"), templates(Path::new(&root)))
        .expect("write the template list");
    if let Err(e) = icons::write(out_dir) {
        panic!("draw the app icons: {e}");
    }
}

/// `TEMPLATES`: every page template's name and text, sorted by name, so
/// that a new template (a new page, a new partial) changes the offline
/// copy's version without a list to keep.
fn templates(root: &Path) -> String {
    let dir = root.join("templates");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    names.retain(|p| p.extension().is_some_and(|x| x == "html"));
    names.sort();
    let mut out = String::from(
        "/// Every page template: (file name, text), by name.\npub(crate) static TEMPLATES: &[(&str, &str)] = &[\n",
    );
    for p in names {
        println!("cargo:rerun-if-changed={}", p.display());
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "    ({name:?}, include_str!({:?})),",
            p.display().to_string()
        );
    }
    out.push_str("];\n");
    out
}
