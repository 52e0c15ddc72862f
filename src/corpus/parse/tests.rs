//! The parser's tests: labels, numbering, diagnostics and text, each on a
//! small markdown file written here.

use super::*;

fn parse(path: &str, md: &str) -> ParsedFile {
    parse_file(&SourceFile {
        path: path.into(),
        text: md.into(),
    })
}

const LAW_HEAD: &str =
    "---\nbook: laws\nedition: 2017\nlang: nb\nkind: law\npages: 25-27\ntext: full\n---\n\n";

fn ids(p: &ParsedFile) -> Vec<String> {
    p.provisions.iter().map(|p| p.id.to_string()).collect()
}

#[track_caller]
fn errors(p: &ParsedFile) -> Vec<String> {
    p.diagnostics.iter().map(|d| d.to_string()).collect()
}

#[test]
fn every_numbering_level_is_recognised() {
    let md = format!(
        "{LAW_HEAD}# 12. Skjønn\n\nInnledning.\n\n<!-- lovbok: numbering-gap -->\n## C. Tildeling\n\n1. a) Første.\n\n   e) Femte:\n\n   (i) en\n\n   (ii) to\n<!-- page 27 -->\n2. Andre.\n"
    );
    let md = md.replace(
        "1. a) Første.\n\n   e)",
        "1. a) Første.\n\n   b) x\n\n   c) x\n\n   d) x\n\n   e)",
    );
    let p = parse("laws/lov-12.md", &md);
    assert_eq!(errors(&p), Vec::<String>::new());
    assert_eq!(
        ids(&p),
        [
            "12",
            "12C",
            "12C1",
            "12C1a",
            "12C1b",
            "12C1c",
            "12C1d",
            "12C1e",
            "12C1e(i)",
            "12C1e(ii)",
            "12C2"
        ]
    );
    let c2 = p.provisions.last().unwrap();
    assert_eq!(c2.page, Some(27));
    assert_eq!(c2.text(), "Andre.");
    let e = &p.provisions[7];
    assert_eq!(e.text(), "Femte:");
    assert_eq!(e.label, "e)");
    assert_eq!(p.provisions[0].title.as_deref(), Some("Skjønn"));
    assert_eq!(p.provisions[0].text(), "Innledning.");
    assert_eq!(p.provisions[1].title.as_deref(), Some("Tildeling"));
}

#[test]
fn handbook_labels_and_revision_marks() {
    let md = "---\nbook: handbook\nlang: da\nkind: section\npages: 25\nchapter: Strafpoint\n---\n\n# 212. For sen ankomst\n\n## A. Holdkamp [2012]\n\n1. Tekst: [2009]\n\n   a. Fradrag:\n\n   i. 1 KP\n\n   ii. 2 KP\n\n   b. Andet\n";
    let p = parse("handbook/212.md", md);
    assert_eq!(errors(&p), Vec::<String>::new());
    assert_eq!(
        ids(&p),
        [
            "212",
            "212A",
            "212A1",
            "212A1a",
            "212A1a(i)",
            "212A1a(ii)",
            "212A1b"
        ]
    );
    assert_eq!(p.provisions[1].revisions, [2012]);
    assert_eq!(p.provisions[1].title.as_deref(), Some("Holdkamp"));
    assert_eq!(p.provisions[2].revisions, [2009]);
    assert_eq!(p.provisions[2].text(), "Tekst:");
    assert_eq!(p.provisions[0].chapter.as_deref(), Some("Strafpoint"));
}

#[test]
fn handbook_i_after_h_is_a_letter() {
    let letters: String = ('a'..='i').map(|c| format!("   {c}. x\n\n")).collect();
    let md = format!("---\nbook: handbook\nlang: da\nkind: section\npages: 25\n---\n\n# 212. T\n\n## A. H\n\n1. Tekst\n\n{letters}");
    let p = parse("handbook/212.md", &md);
    assert_eq!(errors(&p), Vec::<String>::new());
    assert_eq!(p.provisions.last().unwrap().id.to_string(), "212A1i");
}

#[test]
fn footnotes_attach_to_the_provision_that_cites_them() {
    let md = format!("{LAW_HEAD}# 6. Stokking\n\n## A. Ny\n\n1. Fra en sortert[^1] kortstokk.\n\n[^1]: En «sortert kortstokk» er ...\n");
    let p = parse("laws/lov-06.md", &md);
    assert_eq!(errors(&p), Vec::<String>::new());
    let item = &p.provisions[2];
    assert_eq!(item.footnotes.len(), 1);
    assert_eq!(item.footnotes[0].text, "En «sortert kortstokk» er ...");
    assert_eq!(&item.text()[..item.footnotes[0].offset], "Fra en sortert");
}

#[test]
fn footnote_offsets_survive_revision_marks_and_folded_spaces() {
    let md = format!("{LAW_HEAD}# 6. Stokking\n\n## A. Ny\n\n1. Fra [2009] en  sortert[^1] kortstokk.\n\n[^1]: Note.\n");
    let p = parse("laws/lov-06.md", &md);
    assert_eq!(errors(&p), Vec::<String>::new());
    let item = &p.provisions[2];
    assert_eq!(item.text(), "Fra en sortert kortstokk.");
    assert_eq!(&item.text()[..item.footnotes[0].offset], "Fra en sortert");
}

#[test]
fn skipped_numbering_is_an_error_unless_declared() {
    let md = format!("{LAW_HEAD}# 1. K\n\n## A. a\n\n## B. b\n\n## D. d\n");
    let p = parse("laws/lov-01.md", &md);
    let e = errors(&p);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with("laws/lov-01.md:16:"), "{e:?}");
    assert!(e[0].contains("skips"));
    let md = format!(
        "{LAW_HEAD}# 1. K\n\n## A. a\n\n## B. b\n\n<!-- lovbok: numbering-gap -->\n## D. d\n"
    );
    assert_eq!(errors(&parse("laws/lov-01.md", &md)), Vec::<String>::new());
}

#[test]
fn repeated_item_is_an_error() {
    let md = format!("{LAW_HEAD}# 1. K\n\n## A. a\n\n1. x\n\n2. y\n\n2. z\n");
    let e = errors(&parse("laws/lov-01.md", &md));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].contains(":18:") && e[0].contains("repeats"), "{e:?}");
}

#[test]
fn heading_without_number_is_an_error_with_line() {
    let md = format!("{LAW_HEAD}# Kortstokken\n");
    let e = errors(&parse("laws/lov-01.md", &md));
    assert_eq!(e.len(), 1);
    assert!(
        e[0].starts_with("laws/lov-01.md:10:") && e[0].contains("no number"),
        "{e:?}"
    );
}

#[test]
fn section_heading_without_letter_is_an_error() {
    let md = format!("{LAW_HEAD}# 1. K\n\n## Rangering\n");
    let e = errors(&parse("laws/lov-01.md", &md));
    assert!(
        e.iter()
            .any(|e| e.contains(":12:") && e.contains("no section letter")),
        "{e:?}"
    );
}

#[test]
fn empty_file_and_missing_front_matter() {
    assert!(errors(&parse("laws/x.md", ""))[0].contains("empty file"));
    let e = errors(&parse("laws/x.md", "# 1. K\n"));
    assert!(e.iter().any(|e| e.contains("front matter")), "{e:?}");
}

#[test]
fn item_outside_section_is_an_error() {
    let md = format!("{LAW_HEAD}# 1. K\n\n1. x\n");
    let e = errors(&parse("laws/lov-01.md", &md));
    assert!(
        e.iter().any(|e| e.contains("outside a lettered section")),
        "{e:?}"
    );
}

#[test]
fn definitions_are_entries_with_terms() {
    let md = "---\nbook: laws\nlang: nb\nkind: definitions\npages: 11-17\n---\n\n# Definisjoner\n\n## Alert\n\nEt signal.\n\n## Blindemann\n\n1. Spilleførerens makker.\n2. Kortene.\n";
    let p = parse("laws/definisjoner.md", md);
    assert_eq!(errors(&p), Vec::<String>::new());
    assert_eq!(
        ids(&p),
        ["laws:definisjoner", "def:Alert", "def:Blindemann"]
    );
    assert_eq!(
        p.provisions[2].text(),
        "1. Spilleførerens makker.\n\n2. Kortene."
    );
}

#[test]
fn absent_law_has_title_only() {
    let md = "---\nbook: laws\nlang: nb\nkind: law\npages: 3\ntext: absent\n---\n\n# 21. Feilinformasjon\n";
    let p = parse("laws/lov-21.md", md);
    assert_eq!(errors(&p), Vec::<String>::new());
    assert!(!p.provisions[0].in_corpus);
    let p = parse("laws/lov-21.md", &format!("{md}\nTekst.\n"));
    assert!(errors(&p).iter().any(|e| e.contains("text: absent")));
}

#[test]
fn tables_and_gaps() {
    let md = format!(
        "{LAW_HEAD}# 2. Mapper\n\nTekst.\n\n| | | |\n|---|---|---|\n| Nord Giver | Mappe | […] |\n"
    );
    let p = parse("laws/lov-02.md", &md);
    assert_eq!(errors(&p), Vec::<String>::new());
    assert_eq!(p.provisions[0].gaps, 1);
    assert_eq!(p.provisions[0].blocks.len(), 2);
}

#[test]
fn external_directive_attaches_to_the_next_paragraph() {
    let md = format!("{LAW_HEAD}# 2. Mapper\n\nFørst.\n\n<!-- lovbok: external 14, stk. 5.1 -->\nJf. vedtægter 14, stk. 5.1.\n");
    let p = parse("laws/lov-02.md", &md);
    assert_eq!(errors(&p), Vec::<String>::new());
    assert_eq!(p.provisions[0].externals, ["14, stk. 5.1"]);
}

#[test]
fn unknown_directive_is_reported() {
    let md = format!("{LAW_HEAD}# 2. Mapper\n\n<!-- lovbok: frobnicate -->\n");
    assert!(errors(&parse("laws/lov-02.md", &md))
        .iter()
        .any(|e| e.contains("frobnicate")));
}
