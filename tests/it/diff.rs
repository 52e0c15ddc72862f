//! `lovbok diff` on a synthetic next edition: a test-made "2027 Laws", the
//! built-in 2017 laws with programmatic edits (moves, a split, a merge, a
//! reworded and a deleted paragraph, an added section), must give exactly
//! the expected changes, and a draft concordance that `lovbok check`
//! accepts. The added text is our own fixture, invented for this test.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use lovbok::corpus::{embedded_sources, Corpus, Decision, ProvisionId, Reading, SourceFile};
use lovbok::diff::{self, words, Change, Edition, Evidence, FateKind};
use lovbok::kb::Kb;

/// The built-in laws, the "old" edition.
fn laws_2017() -> Vec<SourceFile> {
    embedded_sources()
        .into_iter()
        .filter(|s| s.path.starts_with("laws/"))
        .collect()
}

fn file<'a>(files: &'a mut [SourceFile], path: &str) -> &'a mut SourceFile {
    files
        .iter_mut()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("no {path} in the built-in laws"))
}

/// Replaces `from` (which must occur) with `to` in one file.
#[track_caller]
fn edit(files: &mut [SourceFile], path: &str, from: &str, to: &str) {
    let f = file(files, path);
    assert!(f.text.contains(from), "{path} no longer holds {from:?}");
    f.text = f.text.replacen(from, to, 1);
}

/// A fixture section of our own, added to the "2027" Law 8.
const FIXTURE_SECTION: &str = "## C. Prøvebestemmelse\n\nDenne bestemmelsen er oppdiktet for lovboks test av utgavesammenligningen og står ikke i noen lovbok.\n\n";

/// The synthetic 2027 edition: the 2017 laws with these edits.
fn laws_2027() -> Vec<SourceFile> {
    let mut files = laws_2017();
    for f in &mut files {
        f.text = f.text.replacen("edition: 2017", "edition: 2027", 1);
    }
    // Law 8: sections A and B change places (two moved subtrees), a new
    // section C comes in, and the old C becomes D.
    let eight = file(&mut files, "laws/lov-08.md");
    let text = eight.text.clone();
    let at = |h: &str| {
        text.find(h)
            .unwrap_or_else(|| panic!("lov-08.md has no {h:?}"))
    };
    let (a, b, c) = (at("## A. "), at("## B. "), at("## C. "));
    eight.text = format!(
        "{}{}{}{FIXTURE_SECTION}{}",
        &text[..a],
        text[b..c].replacen("## B. ", "## A. ", 1),
        text[a..b].replacen("## A. ", "## B. ", 1),
        text[c..].replacen("## C. ", "## D. ", 1),
    );
    // Law 10C: items 1 and 2 become one; 3 and 4 move up.
    edit(
        &mut files,
        "laws/lov-10.md",
        "står til rådighet.\n\n2. Hvis en spiller",
        "står til rådighet. Hvis en spiller",
    );
    edit(&mut files, "laws/lov-10.md", "\n3. Når en", "\n2. Når en");
    edit(&mut files, "laws/lov-10.md", "\n4. Med de", "\n3. Med de");
    // Law 17D3 is split in two: its second half becomes 17D4.
    edit(
        &mut files,
        "laws/lov-17.md",
        "rett til å melde. Når dette skjer,",
        "rett til å melde.\n\n4. Når dette skjer,",
    );
    // Law 18D is reworded (two words); 18F is deleted.
    edit(
        &mut files,
        "laws/lov-18.md",
        "Det er et lovbrudd å avgi",
        "Det er en overtredelse å avgi",
    );
    edit(
        &mut files,
        "laws/lov-18.md",
        "\n## F. Andre metoder\n\nRegulerende myndighet kan tillate andre meldemetoder.\n",
        "",
    );
    files
}

/// The changes the edits make, and nothing else, in reading order.
const EXPECTED: &[&str] = &[
    "renumbered 8A → 8B",
    "renumbered 8B → 8A",
    "added 8C",
    "renumbered 8C → 8D",
    "merged 10C1, 10C2 → 10C1",
    "renumbered 10C3 → 10C2",
    "renumbered 10C4 → 10C3",
    "split 17D3 → 17D3, 17D4",
    "changed 18D",
    "removed 18F",
];

fn build(sources: &[SourceFile]) -> Corpus {
    let loaded = Corpus::build(sources);
    assert!(!loaded.has_errors(), "{:?}", loaded.diagnostics);
    loaded.corpus
}

fn id(s: &str) -> ProvisionId {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_synthetic_2027_edition_gives_exactly_the_expected_changes() {
    let old = build(&laws_2017());
    let new = build(&laws_2027());
    let d = diff::compare(&old, &new);
    let got: Vec<String> = d.changes.iter().map(ToString::to_string).collect();
    assert_eq!(
        got,
        EXPECTED,
        "\n{}",
        diff::render::summary(&d, "2017", "2027")
    );
    assert_eq!(d.old_provisions, 347);
    assert_eq!(d.new_provisions, 347);

    // The moved sections carry their items along.
    let carried = |c: &Change| match c {
        Change::Renumbered { carried, .. } => carried
            .iter()
            .map(|(o, n)| format!("{o}→{n}"))
            .collect::<Vec<_>>(),
        other => panic!("not a renumbering: {other}"),
    };
    assert_eq!(carried(&d.changes[0]), ["8A1→8B1", "8A2→8B2"]);
    assert_eq!(carried(&d.changes[1]), ["8B1→8A1", "8B2→8A2"]);

    // Every change has its evidence.
    assert_eq!(d.changes[0].evidence(), &Evidence::Identical);
    assert!(matches!(
        d.changes[7].evidence(),
        Evidence::Parts { split: true, parts, .. } if parts.len() == 2
    ));
    match &d.changes[8] {
        Change::Changed {
            evidence: Evidence::Similar { similarity },
            words,
            ..
        } => {
            assert!(*similarity >= 0.9, "{similarity}");
            assert!(
                words
                    .compact()
                    .contains("[-et lovbrudd-] {+en overtredelse+}"),
                "{}",
                words.compact()
            );
        }
        other => panic!("18D: {other:?}"),
    }

    // A page of the new edition asks by its own cite.
    assert_eq!(
        d.change_of(&id("8B1")).map(ToString::to_string).as_deref(),
        Some("renumbered 8A → 8B")
    );
    assert_eq!(
        d.change_of(&id("17D4")).map(ToString::to_string).as_deref(),
        Some("split 17D3 → 17D3, 17D4")
    );
    assert!(d.change_of(&id("12C1e")).is_none());
    assert!(d.change_of(&id("18F")).is_none());
    assert_eq!(
        d.change_of_old(&id("18F"))
            .map(ToString::to_string)
            .as_deref(),
        Some("removed 18F")
    );
}

#[test]
fn an_edition_compared_with_itself_has_no_changes() {
    let old = build(&laws_2017());
    let d = diff::compare(&old, &old);
    assert!(d.is_empty(), "{:?}", d.changes);
    assert_eq!(d.unchanged, d.old_provisions);
    assert!(d.fates.iter().all(|f| f.kind == FateKind::Unchanged));
}

#[test]
fn the_draft_concordance_reads_every_old_cite_as_the_diff_found_it() {
    let old = build(&laws_2017());
    let new = build(&laws_2027());
    let d = diff::compare(&old, &new);
    let text = diff::concordance::draft(&d, Some(2017), Some(2027));
    let (c, problems) = lovbok::corpus::Concordance::parse(2017, "draft", &text);
    assert!(problems.is_empty(), "{problems:?}\n{text}");
    // Every law cite reads as the diff found it (front matter and
    // definitions are not law cites, so a concordance has no line for them).
    for fate in d
        .fates
        .iter()
        .filter(|f| matches!(f.old, ProvisionId::Numbered { .. }))
    {
        match c.read(&fate.old) {
            Reading::Decided { current, .. } => assert_eq!(current, fate.new, "{}", fate.old),
            Reading::Undecided => panic!("{} undecided\n{text}", fate.old),
        }
    }
    // The lines an editor checks, with their evidence.
    let line = |cite: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("{cite}\t")))
            .unwrap_or_else(|| panic!("no line for {cite}\n{text}"))
            .to_string()
    };
    assert!(line("8A").starts_with("8A\t8B\t"), "{}", line("8A"));
    assert!(line("10C2").starts_with("10C2\t10C1\t"));
    assert!(line("10C2").contains("merged"));
    assert!(line("17D3").starts_with("17D3\t=\t"));
    assert!(line("18D").contains("word similarity"));
    assert!(line("18F").starts_with("18F\t-\t"));
    assert!(!text.contains("\n8A1\t"), "carried by 8A → 8B:\n{text}");
    let entry = c.entries.iter().find(|e| e.cite == id("8C"));
    assert!(matches!(
        entry.map(|e| &e.decision),
        Some(Decision::MapsTo { cite }) if *cite == id("8D")
    ));
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lovbok-diff-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn write(root: &Path, files: &[SourceFile]) {
    for f in files {
        let path = root.join(&f.path);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("mkdir");
        }
        std::fs::write(path, &f.text).expect("write");
    }
}

fn lovbok(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lovbok"))
        .args(args)
        .output()
        .expect("run lovbok")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 temp path")
}

#[test]
fn lovbok_diff_writes_a_draft_that_lovbok_check_accepts() {
    let root = temp("cli");
    let (old, new) = (root.join("laws-2017"), root.join("laws-2027"));
    write(&old, &laws_2017());
    write(&new, &laws_2027());
    let draft = new.join("laws").join("concordance-2017.tsv");

    let o = lovbok(&["diff", s(&old), s(&new), "--concordance", s(&draft)]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("10 changes: 5 renumbered, 1 changed, 1 split, 1 merged, 1 added, 1 removed"),
        "{out}"
    );
    assert!(out.contains("2017 (") && out.contains("2027 ("), "{out}");
    assert!(
        out.contains("renumbered 8A → 8B (with 8A1 → 8B1, 8A2 → 8B2)"),
        "{out}"
    );
    assert!(out.contains("[-et lovbrudd-] {+en overtredelse+}"), "{out}");

    // The draft sits in the new edition's folder and the folder checks.
    let o = lovbok(&["--corpus", s(&new), "check"]);
    assert!(o.status.success(), "{}{}", text(&o.stdout), text(&o.stderr));
    let with_draft = Edition::read(&new).expect("read the 2027 folder");
    let concordance = with_draft
        .corpus
        .concordance(2017)
        .expect("the draft is loaded as the 2017 concordance");
    assert!(concordance.entries.len() >= 93);
    let sources = lovbok::corpus::read_dir_sources(&new).expect("read");
    assert!(Kb::from_sources(&sources).is_ok());

    // A draft never writes over a file.
    let o = lovbok(&["diff", s(&old), s(&new), "--concordance", s(&draft)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("exists"), "{}", text(&o.stderr));

    // The JSON is one object with both sides, the counts and the changes.
    let o = lovbok(&["diff", s(&old), s(&new), "--json"]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    assert_eq!(v["old"]["edition"], 2017);
    assert_eq!(v["new"]["edition"], 2027);
    assert_eq!(v["counts"]["renumbered"], 5);
    assert_eq!(v["changes"].as_array().map(Vec::len), Some(10));
    assert_eq!(v["changes"][0]["change"], "renumbered");
    assert_eq!(v["changes"][0]["old"], "8A");
    assert_eq!(v["changes"][0]["evidence"]["kind"], "identical");
    assert_eq!(v["changes"][8]["words"][1]["op"], "delete");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn lovbok_diff_refuses_bad_folders_with_a_clear_message() {
    let root = temp("errors");
    let laws_only = root.join("laws-only");
    write(&laws_only, &laws_2017()[..3]);
    let missing = root.join("missing");
    let empty = root.join("empty");
    std::fs::create_dir_all(&empty).expect("mkdir");
    let broken = root.join("broken");
    write(
        &broken,
        &[SourceFile {
            path: "laws/lov-01.md".into(),
            // A fixture of our own: a law with no front matter.
            text: "# 1. Fixture\n\nEn oppdiktet tekst.\n".into(),
        }],
    );
    let handbook = root.join("handbook-only");
    let hb: Vec<SourceFile> = embedded_sources()
        .into_iter()
        .filter(|s| s.path.starts_with("handbook/"))
        .take(3)
        .collect();
    write(&handbook, &hb);

    let cases: [(&Path, &Path, &str); 4] = [
        (&missing, &laws_only, "missing: no such folder"),
        (&laws_only, &empty, "holds neither laws/ nor handbook/"),
        (&laws_only, &broken, "broken/laws/lov-01.md:1: error:"),
        (&laws_only, &handbook, "no book in common"),
    ];
    for (old, new, want) in cases {
        let o = lovbok(&["diff", s(old), s(new)]);
        assert_eq!(o.status.code(), Some(2), "{want}");
        let err = text(&o.stderr);
        assert!(err.contains(want), "want {want:?}, got {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let draft = root.join("draft.tsv");
    let o = lovbok(&[
        "diff",
        s(&handbook),
        s(&handbook),
        "--concordance",
        s(&draft),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("do not both hold laws/"),
        "{}",
        text(&o.stderr)
    );
    assert!(!draft.exists());
    let _ = std::fs::remove_dir_all(&root);
}

/// The measurement behind the threshold for a moved and reworded
/// provision (`diff::MOVED`, 0.8): the only pairs of different 2017
/// provisions that come that close are parallel rules (doubling and
/// redoubling, 19A/19B; two title-only laws of like titles). The pass pairs
/// the most similar first, so each takes its own counterpart when both are
/// there; this list shows an editor which ones to look at twice.
#[test]
fn only_parallel_provisions_of_the_2017_laws_are_as_similar_as_a_moved_one() {
    let old = build(&laws_2017());
    let texts: Vec<(String, words::Words)> = old
        .provisions()
        .iter()
        .map(|p| (p.id.to_string(), words::Words::of(p)))
        .filter(|(_, w)| !w.is_empty())
        .collect();
    let mut close = Vec::new();
    for (i, (a, wa)) in texts.iter().enumerate() {
        for (b, wb) in &texts[i + 1..] {
            if words::similarity_bound(wa, wb) < diff::MOVED {
                continue;
            }
            let s = words::similarity(wa, wb);
            if s >= diff::MOVED {
                close.push(format!("{a} ~ {b} {s:.2}"));
            }
        }
    }
    assert_eq!(
        close,
        [
            "14A ~ 14B 0.82",
            "19A2 ~ 19B2 0.91",
            "19A3 ~ 19B3 0.84",
            "83 ~ 92 0.80",
            "84 ~ 85 0.86"
        ]
    );
}

/// The built-in corpus with the synthetic 2027 edition beside it, as a
/// parallel text in the built-in text's language.
fn kb_with_2027() -> Kb {
    let mut sources = embedded_sources();
    sources.push(SourceFile {
        path: "editions/laws-2027-nb/edition.md".into(),
        text: "---\nbook: laws\nedition: 2027\nlang: nb\nsource: lovbok test fixture, the 2017 text with test-made edits\n---\n\n# Test fixture\n".into(),
    });
    sources.extend(
        laws_2027()
            .into_iter()
            .filter(|f| f.path.ends_with(".md"))
            .map(|f| SourceFile {
                path: f.path.replacen("laws/", "editions/laws-2027-nb/", 1),
                text: f.text,
            }),
    );
    Kb::from_sources(&sources).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_page_marks_what_became_of_its_provision_in_a_later_edition() {
    use lovbok::lang::Lang;
    use lovbok::web::{Site, UiContext};
    let site = Site::new(kb_with_2027());
    let page = |cite: &str, ui: Lang| {
        let kb = site.kb();
        let (idx, _) = kb.get(&id(cite)).unwrap_or_else(|| panic!("{cite}"));
        let ctx = UiContext::new(ui, format!("/p/{cite}"));
        site.provision_page(&ctx, idx, false)
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let has = |cite: &str, ui: Lang, mark: &str| {
        let html = page(cite, ui);
        assert!(html.contains(mark), "{cite}: no {mark:?} in the page");
    };
    has("18D", Lang::Nb, "<li>Endret i 2027-utgaven</li>");
    has("18D", Lang::Da, "<li>Ændret i 2027-udgaven</li>");
    has("8A", Lang::Nb, "<li>Flyttet til 8B i 2027-utgaven</li>");
    // A part carried with its whole names its own new place.
    has(
        "8A",
        Lang::Nb,
        "<li>8A1: Flyttet til 8B1 i 2027-utgaven</li>",
    );
    has("18F", Lang::Nb, "<li>Fjernet i 2027-utgaven</li>");
    has(
        "17D3",
        Lang::Nb,
        "<li>Delt i 17D3, 17D4 i 2027-utgaven</li>",
    );
    has(
        "10C1",
        Lang::Nb,
        "<li>Slått sammen med andre til 10C1 i 2027-utgaven</li>",
    );
    // The marks are labelled as lovbok's comparison, apart from the text.
    has("18D", Lang::Nb, "lovboks egen sammenligning");
    // A provision the later edition keeps as it was has none, and neither
    // has a title-only law (there is no text of ours to compare).
    for cite in ["12C1", "64"] {
        assert!(
            !page(cite, Lang::Nb).contains("class=\"change-marks\""),
            "{cite}"
        );
    }
}

#[test]
fn without_a_later_edition_no_page_has_change_marks() {
    let kb = Kb::from_sources(&embedded_sources()).unwrap_or_else(|e| panic!("{e}"));
    assert!(kb.later_changes(&id("18D")).is_empty());
}
