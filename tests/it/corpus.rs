//! The real corpus: both books present, structured and addressable.

use std::path::Path;

use lovbok::corpus::{read_dir_sources, BookId, Corpus, Kind, ProvisionId, SourceFile};

use crate::fixtures::corpus;

fn id(s: &str) -> ProvisionId {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

#[track_caller]
fn starts_with(c: &Corpus, cite: &str, start: &str) {
    let p = c.get(&id(cite)).unwrap_or_else(|| panic!("{cite} missing"));
    let text = p.text();
    assert!(
        text.starts_with(start),
        "{cite}: {text:?} does not start with {start:?}"
    );
}

#[test]
fn all_93_laws_have_titles_and_1_to_20_have_text() {
    let c = corpus();
    for n in 1..=93u16 {
        let law = c
            .get(&ProvisionId::root(lovbok::corpus::Root::Law(n)))
            .unwrap_or_else(|| panic!("law {n} missing"));
        assert_eq!(law.kind, Kind::Law);
        assert!(
            law.title.as_deref().is_some_and(|t| !t.is_empty()),
            "law {n} has no title"
        );
        assert_eq!(law.in_corpus, n <= 20, "law {n} in_corpus");
        if n <= 20 {
            let has_text = !law.blocks.is_empty() || !law.children.is_empty();
            assert!(has_text, "law {n} has no text");
        } else {
            assert!(
                law.blocks.is_empty() && law.children.is_empty(),
                "law {n} should be title-only"
            );
        }
    }
    assert_eq!(
        c.get(&id("1")).and_then(|p| p.title.clone()).as_deref(),
        Some("Kortstokken")
    );
    assert_eq!(
        c.get(&id("27")).and_then(|p| p.title.clone()).as_deref(),
        Some("Utilstrekkelig bud")
    );
    assert_eq!(
        c.get(&id("11")).and_then(|p| p.title.clone()).as_deref(),
        Some("Tap av retten til korrigering")
    );
}

#[test]
fn definitions_are_entries_with_terms() {
    let c = corpus();
    let defs: Vec<_> = c
        .provisions()
        .iter()
        .filter(|p| p.kind == Kind::Definition)
        .collect();
    assert_eq!(defs.len(), 71);
    assert!(defs
        .iter()
        .all(|d| d.title.is_some() && !d.text().is_empty()));
    starts_with(
        &c,
        "def:Alert",
        "Et signal som gjør motstanderne oppmerksom",
    );
    starts_with(
        &c,
        "def:Spillefører",
        "Den spiller i det paret som avga sluttbudet",
    );
    // Terms match case-insensitively.
    assert!(c.get(&id("def:alert")).is_some());
}

#[test]
fn front_matter_of_both_books() {
    let c = corpus();
    starts_with(&c, "laws:forord", "Bridge er et relativt nytt spill");
    starts_with(
        &c,
        "laws:introduksjon",
        "Turneringsbridge er kontinuerlig i utvikling",
    );
    starts_with(&c, "handbook:forord", "»DBf's turneringsbestemmelser");
}

#[test]
fn known_law_provisions_have_the_right_text() {
    let c = corpus();
    starts_with(
        &c,
        "1A",
        "Bridge spilles med en kortstokk som inneholder 52 kort",
    );
    starts_with(&c, "6D2", "Med mindre hensikten med turneringen er omspill");
    starts_with(&c, "9B1a", "TL bør tilkalles med en gang");
    starts_with(
        &c,
        "12C1e",
        "Dersom den ikke-feilende side etter uregelmessigheten",
    );
    starts_with(&c, "12C1e(i)", "Den feilende side tildeles den scoren");
    starts_with(
        &c,
        "12C1e(ii)",
        "Den ikke-feilende side får ikke erstatning",
    );
    starts_with(&c, "12C2d", "Regulerende myndighet kan vedta bestemmelser");
    starts_with(
        &c,
        "14B1",
        "Dersom kortet blir funnet blant de kortene som er spilt, brukes […]",
    );
    starts_with(&c, "15A4", "Prosedyrestraff (§ 90)");
    starts_with(&c, "16B1b", "Et logisk alternativ (LA) er en aksjon");
    starts_with(&c, "17D2", "Dersom ingen spiller melder (se 22B)");
    starts_with(
        &c,
        "20F5b(i)",
        "for en motspiller etter at spillet er slutt.",
    );
    assert_eq!(c.get(&id("12C1c")).and_then(|p| p.page), Some(26));
}

#[test]
fn laws_suit_symbols_footnotes_and_gaps() {
    let c = corpus();
    let ranks = c.get(&id("1A")).map(|p| p.text()).unwrap_or_default();
    assert!(
        ranks.contains("Spar (♠), hjerter (♥), ruter (♦), kløver (♣)"),
        "{ranks}"
    );
    let d = c.get(&id("6D2")).expect("6D2");
    assert_eq!(d.footnotes.len(), 1);
    assert!(d.footnotes[0].text.starts_with("En «sortert kortstokk»"));
    assert_eq!(c.get(&id("14B1")).map(|p| p.gaps), Some(1));
    assert_eq!(c.get(&id("19D")).map(|p| p.gaps), Some(1));
}

#[test]
fn handbook_has_every_section_of_the_table_of_contents() {
    let c = corpus();
    for x in [6, 8, 12, 16, 40, 70, 78, 79, 80, 90, 91, 92, 93] {
        let p = c
            .get(&id(&format!("X{x}")))
            .unwrap_or_else(|| panic!("X{x} missing"));
        assert_eq!(p.kind, Kind::Extension);
        assert!(p.title.is_some() && p.in_corpus, "X{x}");
        assert_eq!(p.extends, Some(x), "X{x} extends law {x}");
    }
    let with_text = (201..=208).chain(211..=214);
    for n in with_text {
        let p = c
            .get(&id(&n.to_string()))
            .unwrap_or_else(|| panic!("§{n} missing"));
        assert!(p.in_corpus && p.title.is_some(), "§{n}");
        assert!(
            !p.children.is_empty() || !p.blocks.is_empty(),
            "§{n} has no text"
        );
    }
    let title_only = [
        215, 216, 221, 222, 223, 231, 232, 241, 242, 243, 244, 251, 252, 253, 254, 255, 256, 261,
        262,
    ];
    for n in title_only {
        let p = c
            .get(&id(&n.to_string()))
            .unwrap_or_else(|| panic!("§{n} missing"));
        assert!(!p.in_corpus && p.title.is_some(), "§{n}");
    }
    assert_eq!(
        c.get(&id("242")).and_then(|p| p.title.clone()).as_deref(),
        Some("Substitutter")
    );
    assert_eq!(
        c.get(&id("203")).and_then(|p| p.title.clone()).as_deref(),
        Some("Imps across the Field")
    );
    let sections = c
        .book(BookId::Handbook)
        .filter(|(_, p)| p.kind == Kind::Section)
        .count();
    assert_eq!(sections, 12 + title_only.len());
}

#[test]
fn known_handbook_provisions_have_the_right_text() {
    let c = corpus();
    starts_with(
        &c,
        "X78B4",
        "Hvis gruppen indeholder mindst fire resultater, benyttes Neubergs",
    );
    starts_with(
        &c,
        "X12A",
        "Når turneringslederen (eller en appelkomite) beslutter",
    );
    starts_with(&c, "X16A1b", "I en holdkamp må mappen kun drejes 90 grader");
    starts_with(&c, "X40A2b", "Kunstig score (§ 12C1d).");
    starts_with(&c, "201A1", "Holdturnering: imp-opgørelse (§ 78B).");
    starts_with(&c, "202C2a", "18 KP, eller");
    starts_with(
        &c,
        "207A4e",
        "24 imp for kampe berammet til mere end 128 spil.",
    );
    starts_with(&c, "211B1c", "Board-a-match (§ 206)");
    starts_with(
        &c,
        "212A1a",
        "Det forsinkede hold straffes med følgende KP-fradrag",
    );
    starts_with(&c, "212A1a(iii)", "3 KP ved en forsinkelse på mindst 15");
    starts_with(
        &c,
        "213A4a(vi)",
        "Mindst 8 KP ved en tidsoverskridelse på mindst 30 minutter.",
    );
    starts_with(&c, "214A3b", "Mappen indeholder kort med billedsiden opad.");
    assert_eq!(c.get(&id("207A4b")).map(|p| p.gaps), Some(1));
    assert_eq!(c.get(&id("X80A3")).map(|p| p.gaps), Some(1));
}

#[test]
fn handbook_revision_marks_are_data() {
    let c = corpus();
    assert_eq!(
        c.get(&id("X12A")).map(|p| p.revisions.clone()),
        Some(vec![2013])
    );
    assert_eq!(
        c.get(&id("X12B")).map(|p| p.revisions.clone()),
        Some(vec![2009])
    );
    assert_eq!(
        c.get(&id("X16")).map(|p| p.revisions.clone()),
        Some(vec![2009])
    );
    for p in c.provisions() {
        assert!(
            !p.text().contains("[20"),
            "{} keeps a revision mark in its text",
            p.id
        );
        if let Some(t) = &p.title {
            assert!(
                !t.contains("[20"),
                "{} keeps a revision mark in its title",
                p.id
            );
        }
    }
}

#[test]
fn no_cite_collides_across_books() {
    let c = corpus();
    assert_eq!(c.get(&id("16")).map(|p| p.book), Some(BookId::Laws));
    assert_eq!(c.get(&id("X16")).map(|p| p.book), Some(BookId::Handbook));
    assert_eq!(c.get(&id("212")).map(|p| p.book), Some(BookId::Handbook));
    assert_eq!(c.get(&id("def:Alert")).map(|p| p.lang()), Some("nb"));
    assert_eq!(c.get(&id("X78B4")).map(|p| p.lang()), Some("da"));
}

#[test]
fn provision_counts_per_level() {
    let c = corpus();
    let count = |book: BookId, kind: Kind| c.book(book).filter(|(_, p)| p.kind == kind).count();
    eprintln!("provisions per level:");
    for book in BookId::ALL {
        for kind in [
            Kind::Law,
            Kind::Extension,
            Kind::Section,
            Kind::Subsection,
            Kind::Item,
            Kind::SubItem,
            Kind::SubSubItem,
            Kind::Definition,
        ] {
            let n = count(book, kind);
            if n > 0 {
                eprintln!("  {book} {}: {n}", kind.as_str());
            }
        }
    }
    assert_eq!(count(BookId::Laws, Kind::Law), 93);
    assert_eq!(count(BookId::Handbook, Kind::Extension), 13);
}

#[track_caller]
fn file_errors(path: &str, text: &str) -> Vec<String> {
    let loaded = Corpus::build(&[SourceFile {
        path: path.into(),
        text: text.into(),
    }]);
    loaded.diagnostics.iter().map(|d| d.to_string()).collect()
}

#[test]
fn bad_handbook_file_gets_file_and_line() {
    let head = "---\nbook: handbook\nlang: da\nkind: section\npages: 25\n---\n\n";
    let e = file_errors(
        "handbook/212.md",
        &format!("{head}# 212. For sen ankomst\n\n## A. Holdkamp\n\n1. x\n\n3. y\n"),
    );
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("handbook/212.md:14: error: numbering skips"),
        "{e:?}"
    );
    let e = file_errors("handbook/x12.md", &format!("{head}# 212 no dot\n"));
    assert!(
        e.iter().any(|e| e.starts_with("handbook/x12.md:8:")),
        "{e:?}"
    );
    let e = file_errors(
        "handbook/x12.md",
        "---\nbook: handbook\nlang: da\nkind: extension\npages: 4\n---\n\n# X12. Skøn\n",
    );
    assert!(e.iter().any(|e| e.contains("extends")), "{e:?}");
}

#[test]
fn duplicate_cites_across_files_are_reported() {
    let a = "---\nbook: laws\nlang: nb\nkind: law\npages: 3\ntext: absent\n---\n\n# 21. Feilinformasjon\n";
    let loaded = Corpus::build(&[
        SourceFile {
            path: "laws/lov-21.md".into(),
            text: a.into(),
        },
        SourceFile {
            path: "laws/lov-21b.md".into(),
            text: a.into(),
        },
    ]);
    let e: Vec<String> = loaded.diagnostics.iter().map(|d| d.to_string()).collect();
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].contains("duplicate cite 21"), "{e:?}");
}

#[test]
fn invalid_utf8_names_file_and_line() {
    let dir = std::env::temp_dir().join(format!("lovbok-utf8-{}", std::process::id()));
    let laws = dir.join("laws");
    std::fs::create_dir_all(&laws).expect("temp dir");
    std::fs::write(laws.join("lov-01.md"), b"---\nbook: laws\n\xff\xfe\n").expect("write");
    let err = read_dir_sources(&dir).expect_err("invalid UTF-8 must fail");
    assert_eq!(
        err.to_string(),
        "laws/lov-01.md:3: invalid UTF-8 (byte 15 of the file)"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_folder_without_books_is_an_error() {
    let err = read_dir_sources(Path::new("/nonexistent-lovbok")).expect_err("no books");
    assert!(err.to_string().contains("neither laws/ nor handbook/"));
}

#[test]
fn embedded_corpus_matches_the_folders() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let disk = read_dir_sources(root).expect("read");
    let embedded = lovbok::corpus::embedded_sources();
    assert_eq!(disk.len(), embedded.len());
    for (a, b) in disk.iter().zip(&embedded) {
        assert_eq!(a.path, b.path);
        assert!(
            a.text == b.text,
            "{} differs from the embedded copy: rebuild",
            a.path
        );
    }
}
