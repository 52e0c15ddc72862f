//! Search end to end on the embedded corpus: one ranking test per matching
//! feature, hostile input, and the relevance floors on the judged queries.

use std::path::Path;
use std::sync::LazyLock;

use lovbok::corpus::{embedded_sources, BookId, Corpus, ProvisionId};
use lovbok::search::{
    evaluate, parse_judgments, units, Features, Hit, QueryError, SearchIndex, SearchOptions,
    SearchQuery, MAX_LIMIT,
};

/// The corpus and its index, built once for the whole test binary.
static KB: LazyLock<(Corpus, SearchIndex)> = LazyLock::new(|| {
    let corpus = Corpus::build(&embedded_sources()).corpus;
    let index = SearchIndex::build(&corpus).expect("the embedded corpus indexes");
    (corpus, index)
});

fn search_with(raw: &str, opts: SearchOptions) -> Result<Vec<Hit>, String> {
    let (corpus, index) = &*KB;
    let query = SearchQuery::parse(raw).map_err(|e| e.to_string())?;
    index
        .search(corpus, &query, &opts)
        .map_err(|e| e.to_string())
}

fn search(raw: &str) -> Vec<Hit> {
    search_with(raw, SearchOptions::default()).unwrap_or_else(|e| panic!("{raw:?}: {e}"))
}

fn id(s: &str) -> ProvisionId {
    s.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// The first hit is `want` or lies inside it.
#[track_caller]
fn assert_first(query: &str, want: &str) {
    let hits = search(query);
    let got: Vec<String> = hits.iter().take(5).map(|h| h.id.to_string()).collect();
    let first = hits.first().map(|h| &h.id);
    assert!(
        first.is_some_and(|f| id(want).contains(f)),
        "{query:?}: expected {want} first, got {got:?}"
    );
}

// # Citations

#[test]
fn citation_query_returns_the_provision_first() {
    for (query, want) in [
        ("12C1c", "12C1c"),
        ("§ 12 C 1 c", "12C1c"),
        ("lov 16B1a", "16B1a"),
        ("X78B4", "X78B4"),
        ("x92a1", "X92A1"),
        ("lov 20 F 5 b ii", "20F5b(ii)"),
        ("paragraf 9B1", "9B1"),
        ("def:Alert", "def:Alert"),
    ] {
        let hits = search(query);
        let first = hits.first().unwrap_or_else(|| panic!("{query:?}: no hits"));
        assert_eq!(first.id, id(want), "{query:?}");
        assert!(first.via_citation, "{query:?}");
    }
}

#[test]
fn a_citation_asked_among_the_tables_circumstances_goes_to_its_provision() {
    for (query, want) in [
        ("Playing in a multiple teams event, Law 73", "73"),
        ("Med 15 hp i nord, paragraf 9B1", "9B1"),
        ("3NT doubled, 16C2", "16C2"),
        ("Giver: Øst, Sone: Ingen. § 212A1a", "212A1a"),
        // The cite a clause of its own, written with spaces.
        ("4 spar doblet i sonen, § 12 C 1 c", "12C1c"),
        ("15 hp i nord, 211 B 1 d", "211B1d"),
        ("Playing 4 spades redoubled, IMPs, Law 12 C 1 c", "12C1c"),
    ] {
        let hits = search(query);
        let first = hits.first().unwrap_or_else(|| panic!("{query:?}: no hits"));
        assert_eq!(first.id, id(want), "{query:?}");
        assert!(first.via_citation, "{query:?}");
    }
    // A number among the circumstances is not a cite, and a question with
    // something to search besides its cite is searched.
    for query in [
        "Runde 10, spill 28, 12 kort",
        "I holdkamp, 4 spar doblet",
        "Runde 10, 28, feil forklaring",
        "I holdkamp, lov 16, hva med nøling",
    ] {
        let hits = search(query);
        assert!(
            hits.iter().all(|h| !h.via_citation),
            "{query:?}: {:?}",
            hits.first().map(|h| h.id.to_string())
        );
    }
}

#[test]
fn lower_case_citation_works_when_unambiguous() {
    assert_first("16c2", "16C2");
    assert!(search("16c2")[0].via_citation);
}

#[test]
fn citation_into_a_law_without_text_returns_its_title() {
    // Law 40's text is not in the corpus; only its title is.
    let hits = search("40B2");
    assert_eq!(hits[0].id, id("40"));
    assert!(hits[0].via_citation);
    assert_eq!(hits[0].snippet, "Makkeravtaler");
}

#[test]
fn title_only_laws_are_searchable_by_title() {
    assert_first("makkeravtaler", "40");
}

#[test]
fn citation_hit_is_followed_by_passages_that_cite_it() {
    let hits = search("12C1c");
    assert!(hits.len() > 1);
    assert!(hits[1..].iter().all(|h| !h.via_citation));
    assert!(
        hits[1].snippet.contains("<mark>12C1c</mark>"),
        "{}",
        hits[1].snippet
    );
}

// # Forgiving matching

#[test]
fn compound_part_finds_the_compound() {
    // Only `utspillsrestriksjoner` has this word, as its last part.
    assert_first("restriksjoner", "26");
}

#[test]
fn whole_compound_is_found() {
    assert_first("utspillsrestriksjoner", "26");
    assert_first("kamppoint", "202");
}

#[test]
fn typo_is_forgiven() {
    assert_first("spilleførr", "def:Spillefører");
}

#[test]
fn first_letter_typo_costs_double() {
    // One typo in the first letter of a 6-letter word is over budget.
    let hits = search("ptraff");
    assert!(
        hits.iter().all(|h| !h.snippet.contains("<mark>")),
        "{hits:?}"
    );
}

#[test]
fn ascii_spelling_finds_danish_and_norwegian_letters() {
    assert_first("noling", "16B1");
    assert_first("ubefojede", "X16");
    assert!(search("noling")[0].snippet.contains("<mark>nøling</mark>"));
}

#[test]
fn inflected_form_finds_the_base_form() {
    assert_first("straffekortene", "def:Straffekort");
    assert_first("alerten", "def:Alert");
}

#[test]
fn danish_query_finds_the_handbook() {
    assert_first("appelfrist", "X92A");
    assert_first("strafpoint for langsomt spil", "213");
}

#[test]
fn norwegian_query_finds_the_laws() {
    assert_first("tilstrekkelig bud", "18C");
    assert_first("ekstra kort i mappen", "13C");
}

#[test]
fn last_word_matches_as_a_prefix() {
    let hits = search("prosedyrestr");
    assert_eq!(hits[0].id, id("90"));
    assert!(hits[0].snippet.contains("<mark>Prosedyrestraff</mark>"));
}

#[test]
fn a_verb_finds_its_verbal_noun() {
    // 16B1 says "markert nøling"; the past tense shares the root `nøl`.
    assert_first("makker nølte", "16B1");
    let hits = search("nølte");
    assert!(
        hits[0].snippet.contains("<mark>nøling</mark>"),
        "{}",
        hits[0].snippet
    );
}

#[test]
fn a_strong_verb_finds_its_other_forms() {
    // "tok" is the past of "ta"; 15A1 says "har tatt fra feil mappe".
    assert_first("kortene han tok fra feil mappe", "15A1");
}

#[test]
fn thesaurus_bridges_player_words_and_book_terms() {
    // A claim: the books' term is "krav" (68-70, X70).
    let hits = search("claim");
    let claim_laws = ["68", "69", "70", "X70"].map(id);
    assert!(
        hits.iter()
            .take(3)
            .all(|h| claim_laws.iter().any(|c| c.contains(&h.id))),
        "{hits:?}"
    );
    // "kontra" is what players say for a double (law 19).
    assert_first("kontra", "19");
    // Norwegian "klage" finds the handbook's appeals.
    let hits = search("klage");
    assert!(
        hits.iter().take(3).any(|h| id("X92").contains(&h.id)),
        "{hits:?}"
    );
}

#[test]
fn a_phrase_synonym_is_matched_as_a_phrase() {
    // "feilgiv" (misdeal) stands for "ukorrekt gitt", what 6D1 says. Not
    // for the remedy, "omgiv" (redeal): that is its answer, no synonym.
    assert_first("feilgiv", "6D1");
    let hits = search("feilgiv");
    assert!(
        hits.iter().take(3).any(|h| h
            .snippet
            .contains("<mark>ukorrekt</mark> <mark>gitt</mark>")),
        "{hits:?}"
    );
}

#[test]
fn an_english_term_of_several_words_finds_its_translation() {
    // "sit out" is the handbook's "oversidder" (X78A5, X78D5), though the
    // books use neither word; "sit-out" is the same term. Alone, "out" is
    // no term at all.
    let sitters = ["X78A5", "X78D5"].map(id);
    for query in ["sit out", "sit-out"] {
        let hits = search(query);
        assert!(
            hits.first().is_some_and(|h| sitters.contains(&h.id)),
            "{query:?}: {hits:?}"
        );
    }
    assert!(
        search("out").iter().all(|h| !sitters.contains(&h.id)),
        "{:?}",
        search("out")
    );
}

#[test]
fn a_negated_phrase_is_not_searched_without_its_negation() {
    // "ikke tilladt" (not allowed) must not make "ulovlig" find "tilladt".
    let hits = search("ulovlig");
    assert!(
        hits.iter()
            .take(3)
            .all(|h| !h.snippet.contains("<mark>tilladt</mark>")),
        "{hits:?}"
    );
}

#[test]
fn what_citing_passages_call_a_provision_finds_it() {
    // Three passages cite "X78B (Neubergs formel)"; X78B4 states it.
    assert_first("neubergs formel", "X78B");
    // Danish anchor text on a Norwegian law: "14 (manglende kort)".
    let hits = search("manglende kort");
    assert!(
        hits.iter().take(3).any(|h| id("14").contains(&h.id)),
        "{hits:?}"
    );
}

#[test]
fn question_words_are_not_searched() {
    let with = search("hvornår kan TL give straf for fejl i fremgangsmåden");
    let without = search("kan TL give straf for fejl i fremgangsmåden");
    assert_eq!(with.first().map(|h| &h.id), without.first().map(|h| &h.id));
}

#[test]
fn snippet_escapes_html_and_marks_matches() {
    let hits = search("vedtægter");
    let s = &hits[0].snippet;
    assert!(s.contains("&#39;") && !s.contains('\''), "{s}");
    assert!(s.contains("<mark>vedtægter</mark>"), "{s}");
    for h in search("straff") {
        let stripped = h.snippet.replace("<mark>", "").replace("</mark>", "");
        assert!(
            !stripped.contains('<') && !stripped.contains('>'),
            "{}",
            h.snippet
        );
        assert!(
            h.snippet.chars().count() <= 200 + 2 + 40 * 13,
            "{}",
            h.snippet
        );
    }
}

// # The right provision first (issue 10, section 3): title and term
// matches are the strongest evidence.

/// The 1-based rank of `want` (or a provision inside it) in the hits of
/// `query`, if it is in the top 10.
fn rank_of(query: &str, want: &str) -> Option<usize> {
    let want = id(want);
    search(query)
        .iter()
        .position(|h| want.contains(&h.id))
        .map(|r| r + 1)
}

/// Every provision of `headed` is in the top 10 of `query`, each above
/// every provision of `passing` (which may be missing from the top 10).
#[track_caller]
fn assert_above(query: &str, headed: &[&str], passing: &[&str]) {
    let got: Vec<String> = search(query).iter().map(|h| h.id.to_string()).collect();
    for want in headed {
        let r = rank_of(query, want)
            .unwrap_or_else(|| panic!("{query:?}: {want} not in the top 10: {got:?}"));
        for p in passing {
            let p_rank = rank_of(query, p).unwrap_or(usize::MAX);
            assert!(
                r < p_rank,
                "{query:?}: {want} at {r}, {p} at {p_rank}: {got:?}"
            );
        }
    }
}

#[test]
fn a_query_that_is_a_defined_term_gives_the_definition_first() {
    // See: issue 10 ("melding ranks 20D, 20B, 20A, def:Meldingsforløp").
    assert_first("melding", "def:Melding");
    assert_first("meldingsforløp", "def:Meldingsforløp");
    assert_first("spillefører", "def:Spillefører");
    // More of the class, among them terms that also head laws or
    // sections and fill their text: Law 18 and 18A-18F (`bud`), 20C and
    // Law 30 (`pass`), Laws 61-64 (`revoke`), Laws 50-52 (`straffekort`).
    for (query, want) in [
        ("bud", "def:Bud"),
        ("pass", "def:Pass"),
        ("revoke", "def:Revoke"),
        ("straffekort", "def:Straffekort"),
        ("vanvare", "def:Vanvare"),
        ("makker", "def:Makker"),
        ("trumf", "def:Trumf"),
    ] {
        assert_first(query, want);
    }
}

#[test]
fn the_provision_headed_by_the_subject_outranks_a_passing_mention() {
    // `bud utenfor tur`: Law 31 is headed so; def:Spillefører only
    // mentions an opening lead out of turn.
    assert_first("bud utenfor tur", "31");
    // `utilstrekkelig bud`: the provisions headed so (18D, Law 27) above
    // X90B5a, a one-line list entry.
    assert_above("utilstrekkelig bud", &["18D", "27"], &["X90B5a"]);
    // `krav` (a claim): Laws 68-70 are headed by it. X70A (the standard
    // order of play, under the handbook's X70) says "fremsætter et krav"
    // in passing; X92B4 ("kræves", required) and 213A6a ("kræve") only
    // share letters with it. See: issue 10 (X70A ranked first).
    assert_above("krav", &["68", "69", "70"], &["X70A", "X92B4", "213A6a"]);
    for want in ["68", "69", "70"] {
        let r = rank_of("krav", want).unwrap_or(usize::MAX);
        assert!(r <= 4, "krav: {want} at {r}");
    }
    // More of the class: `avståelse` (a concession) heads Laws 68-71;
    // X70A and X16A mention it. `revoke` heads 62-64; X90B5c (a one-line
    // list entry, "Kulørsvigt") and 14B4 mention it. Law 61's heading has
    // it as the last of five words, so it only outranks 14B4.
    assert_above(
        "avståelse",
        &["68", "69", "70", "71"],
        &["X70A", "X16A", "handbook:forord"],
    );
    assert_above("revoke", &["62", "63", "64"], &["X90B5c", "14B4"]);
    assert_above("revoke", &["61"], &["14B4"]);
}

#[test]
fn a_title_only_law_is_found_by_its_title() {
    // Laws 21-93 have only their titles in the corpus. A call (melding) is
    // any bid, double, redouble or pass (def:Melding), so `melding utenfor
    // tur` finds all four laws on calls out of turn (29 "… meldt utenfor
    // tur", 30 "Pass …", 31 "Bud …", 32 "Dobling eller redobling …"), above
    // the laws on leads out of turn. See: issue 10 (29-32 missing).
    assert_above(
        "melding utenfor tur",
        &["29", "30", "31", "32"],
        &["53", "54", "55", "56"],
    );
    // More of the class: each of these laws is the only provision headed
    // by the query.
    for (query, want) in [
        ("samtidige meldinger", "33"),
        ("blindemanns begrensninger", "43"),
        ("spilt kort", "45"),
        ("etablering av revoke", "63"),
        ("tilskuere", "76"),
        ("feilsortert mappe", "87"),
    ] {
        assert_first(query, want);
    }
    assert_above("utspill utenfor tur", &["53", "54", "55", "56"], &[]);
}

// # Classes found with eval/queries-dev2.tsv
//
// Each test names a class of query the second development set missed
// before it was tuned on, with a few queries of the class (some not in the
// set).

/// `want` (or a provision inside it) is in the top `n` of `query`.
#[track_caller]
fn assert_in_top(query: &str, want: &str, n: usize) {
    let got: Vec<String> = search(query).iter().map(|h| h.id.to_string()).collect();
    let r = rank_of(query, want);
    assert!(
        r.is_some_and(|r| r <= n),
        "{query:?}: expected {want} in the top {n}, got {got:?}"
    );
}

#[test]
fn an_everyday_word_finds_the_books_term_for_it() {
    // Word equivalences of the thesaurus: a kibitzer is a spectator (76),
    // BAM is board-a-match (211B1c), a conventional call is the laws'
    // artificial call, to discuss with partner is to consult him (10C2),
    // to change one's mind is a change of call (25).
    assert_first("kibitzer", "76");
    assert_first("BAM standardfradrag", "211B1c");
    assert_first("konvensjonell melding", "def:Kunstig melding");
    assert_first("diskutere med makker", "10C2");
    assert_in_top("ombestemme seg", "25", 3);
}

#[test]
fn a_particle_verb_finds_its_other_forms() {
    // `utsatt` is the participle of `utsette` (8B2 "Når TL utsetter et
    // spill"), as `satt` is of `sette`; `antok` the past of `anta`.
    assert_first("utsatt spill", "8B2");
    assert_first("antok hvem som var spillefører", "def:Antatt spillefører");
}

#[test]
fn modal_verbs_are_not_searched() {
    // "må" and "måtte" say how, not what: 37 ("Melding som bryter påbud om
    // å passe") answers, not the passages that say "må".
    assert_in_top("meldte selv om han måtte passe", "37", 3);
    let with = search("hva må blindemann gjøre");
    let without = search("hva blindemann gjøre");
    assert_eq!(with.first().map(|h| &h.id), without.first().map(|h| &h.id));
}

#[test]
fn an_unknown_compound_finds_the_compounds_its_first_part_begins() {
    // The handbook says "butlerberegning", never "butler" alone.
    assert_first("butlerturnering", "204");
}

#[test]
fn a_title_only_law_takes_the_names_the_books_give_it() {
    // 17D1: "(dersom utspillet er fra feil hånd se 54)".
    assert_first("utspill fra feil hånd", "54");
    // X90B5c: "Kulørsvigt (§ 62 og 64)".
    assert_in_top("kulørsvigt", "62", 2);
    assert_in_top("kulørsvigt", "64", 2);
}

#[test]
fn a_compound_written_apart_finds_the_compound() {
    assert_first("straffe kort", "def:Straffekort");
    assert_first("tids overskridelse", "213");
    assert_first("blinde mann rettigheter", "42");
    // The second word unfinished: "feil info" for "feilinformasjon".
    assert_in_top("feil info", "21", 2);
    assert_in_top("feil info", "def:Feilinformasjon", 2);
}

// # Result list

#[test]
fn no_hit_is_an_ancestor_or_descendant_of_another() {
    for query in ["justert score", "straff", "kort", "spiller melding", "hold"] {
        let hits = search(query);
        for (i, a) in hits.iter().enumerate() {
            for b in &hits[i + 1..] {
                assert!(
                    !a.id.contains(&b.id) && !b.id.contains(&a.id),
                    "{query:?}: {} and {} both listed",
                    a.id,
                    b.id
                );
            }
        }
    }
}

#[test]
fn book_filter_keeps_one_book() {
    let opts = SearchOptions {
        limit: 20,
        book: Some(BookId::Handbook),
    };
    let hits = search_with("straf kort", opts).unwrap_or_default();
    assert!(!hits.is_empty());
    assert!(hits.iter().all(|h| h.id.book() == BookId::Handbook));
    // A citation into the other book is left out, not forced in.
    let opts = SearchOptions {
        limit: 5,
        book: Some(BookId::Handbook),
    };
    let hits = search_with("12C1c", opts).unwrap_or_default();
    assert!(hits.iter().all(|h| !h.via_citation));
}

#[test]
fn limit_is_clamped() {
    let one = search_with(
        "kort",
        SearchOptions {
            limit: 0,
            book: None,
        },
    )
    .unwrap_or_default();
    assert_eq!(one.len(), 1);
    let many = search_with(
        "kort",
        SearchOptions {
            limit: 10_000,
            book: None,
        },
    )
    .unwrap_or_default();
    assert!(many.len() <= MAX_LIMIT && many.len() > 10);
}

#[test]
fn scores_are_ordered_and_finite() {
    let hits = search("12C1c");
    assert!(hits.windows(2).all(|w| w[0].score >= w[1].score));
    assert!(hits.iter().all(|h| h.score.is_finite()));
}

#[test]
fn units_cover_text_and_title_only_provisions() {
    let (corpus, _) = &*KB;
    let all = units(corpus);
    assert!(all.iter().any(|u| u.id == id("40") && u.body.is_empty()));
    let c = all
        .iter()
        .find(|u| u.id == id("12C1c"))
        .expect("12C1c is a unit");
    assert!(c.title.starts_with("12 Turneringslederens"), "{}", c.title);
    assert_eq!(c.lang, "nb");
}

// # Hostile input: a result or a clear error, never a panic

#[test]
fn empty_query_is_an_error() {
    assert_eq!(SearchQuery::parse(""), Err(QueryError::Empty));
    assert_eq!(SearchQuery::parse("  \t\n "), Err(QueryError::Empty));
}

#[test]
fn ten_thousand_characters_is_a_clear_error() {
    let long = "straff ".repeat(1500);
    match SearchQuery::parse(&long) {
        Err(QueryError::TooLong { chars, max }) => assert!(chars > max),
        other => panic!("expected TooLong, got {other:?}"),
    }
}

#[test]
fn punctuation_only_finds_nothing() {
    for q in ["?!.,;", "§", "()", "\"\"", "---", "*", "~", "…"] {
        assert_eq!(
            search_with(q, SearchOptions::default()),
            Ok(Vec::new()),
            "{q:?}"
        );
    }
}

#[test]
fn query_syntax_is_just_words() {
    for q in [
        "title:straff",
        "straff AND kort",
        "straff OR",
        "NOT straff",
        "stra*",
        "straff~2",
        "\"straff",
        "(straff kort",
        "straff)) ((",
        "+straff -kort",
        "straff^10",
        "[a TO z]",
        "body:\"for sen\"~3",
        "\\",
        "{}",
    ] {
        let hits = search_with(q, SearchOptions::default())
            .unwrap_or_else(|e| panic!("{q:?} failed: {e}"));
        if q.contains("straff") {
            assert!(!hits.is_empty(), "{q:?} should find the word straff");
        }
    }
}

#[test]
fn odd_characters_do_not_panic() {
    // Found by proptest: a multi-byte letter right after a number.
    let _ = search_with("0Σ", SearchOptions::default());
    for q in [
        "\u{0}",
        "🂡 ♠♥♦♣",
        "ﬁ ß İ",
        "a\u{301}",
        "12C1c(",
        "X",
        "x0",
        "99",
        "0",
        "def:",
        "laws:",
    ] {
        let _ = search_with(q, SearchOptions::default());
    }
}

// # Relevance floors

const MRR_FLOOR: f64 = 0.92;
const RECALL_FLOOR: f64 = 0.95;

/// Runs the judged queries of `rel` (relative to the crate root) and checks
/// the floors; `None` when the file does not exist.
fn eval_floors(rel: &str) -> Option<(f64, f64)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let tsv = std::fs::read_to_string(&path).ok()?;
    let judgments = parse_judgments(&tsv).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (corpus, index) = &*KB;
    let report = evaluate(corpus, index, &judgments);
    let misses: Vec<String> = report
        .misses
        .iter()
        .map(|(j, rank)| format!("{} {:?} rank {rank:?}", j.qid, j.query))
        .collect();
    eprintln!(
        "{rel}: MRR@10 {:.3}, Recall@10 {:.3}, nDCG@10 {:.3} over {} queries; misses: {misses:#?}",
        report.mrr10, report.recall10, report.ndcg10, report.queries
    );
    Some((report.mrr10, report.recall10))
}

#[test]
fn eval_floors_on_the_dev_queries() {
    let Some((mrr, recall)) = eval_floors("eval/queries-dev.tsv") else {
        panic!("eval/queries-dev.tsv is missing from the repository");
    };
    assert!(mrr >= MRR_FLOOR, "MRR@10 {mrr:.3} < {MRR_FLOOR}");
    assert!(
        recall >= RECALL_FLOOR,
        "Recall@10 {recall:.3} < {RECALL_FLOOR}"
    );
}

#[test]
fn eval_floors_on_the_blind_queries() {
    let Some((mrr, recall)) = eval_floors("eval/queries.tsv") else {
        panic!("eval/queries.tsv is missing from the repository");
    };
    assert!(mrr >= MRR_FLOOR, "MRR@10 {mrr:.3} < {MRR_FLOOR}");
    assert!(
        recall >= RECALL_FLOOR,
        "Recall@10 {recall:.3} < {RECALL_FLOOR}"
    );
}

/// Each matching feature's effect: eval with everything on, with one
/// feature off, and with only that feature on. Run with
/// `cargo test --release --test it eval_ablation -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn eval_ablation_table() {
    let (corpus, _) = &*KB;
    let mut index = SearchIndex::build(corpus).expect("index");
    for rel in ["eval/queries-dev.tsv", "eval/queries.tsv"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
        let Ok(tsv) = std::fs::read_to_string(&path) else {
            continue;
        };
        let judgments = parse_judgments(&tsv).expect("judgments parse");
        let mut run = |name: String, features: Features| {
            index.set_features(features);
            let r = evaluate(corpus, &index, &judgments);
            println!(
                "{rel:<32} {name:<22} MRR@10 {:.3}  R@10 {:.3}  nDCG@10 {:.3}",
                r.mrr10, r.recall10, r.ndcg10
            );
        };
        run("all".into(), Features::ALL);
        run("none".into(), Features::NONE);
        type Switch = fn(&mut Features) -> &mut bool;
        let switches: [(&str, Switch); 16] = [
            ("title_match", |f| &mut f.title_match),
            ("citations", |f| &mut f.citations),
            ("compounds", |f| &mut f.compounds),
            ("typos", |f| &mut f.typos),
            ("folding", |f| &mut f.folding),
            ("prefix", |f| &mut f.prefix),
            ("field_boosts", |f| &mut f.field_boosts),
            ("dedupe", |f| &mut f.dedupe),
            ("coverage", |f| &mut f.coverage),
            ("proximity", |f| &mut f.proximity),
            ("morphology", |f| &mut f.morphology),
            ("thesaurus", |f| &mut f.thesaurus),
            ("query_stop_words", |f| &mut f.query_stop_words),
            ("query_roles", |f| &mut f.query_roles),
            ("subjects", |f| &mut f.subjects),
            ("cases", |f| &mut f.cases),
        ];
        for (name, switch) in switches {
            let mut off = Features::ALL;
            *switch(&mut off) = false;
            run(format!("all but {name}"), off);
            let mut on = Features::NONE;
            *switch(&mut on) = true;
            run(format!("only {name}"), on);
        }
    }
}

// # Properties

proptest::proptest! {
    // Failures are reported, not saved to a file: the shrunk case becomes a
    // deterministic test above (see `odd_characters_do_not_panic`).
    #![proptest_config(proptest::test_runner::Config {
        failure_persistence: None,
        ..proptest::test_runner::Config::default()
    })]
    #[test]
    fn any_query_gives_hits_or_an_error(raw in "\\PC{0,80}") {
        let _ = search_with(&raw, SearchOptions::default());
    }
}

/// A clause of the table's circumstances with words no book indexes
/// ("med", "i") says nothing more than the circumstances: the cite beside
/// it is the query.
#[test]
fn a_cite_after_the_tables_circumstances_goes_to_its_provision() {
    for (query, want) in [
        ("Med 10 hp i vest, 16 B 1", "16B1"),
        ("Med 3 ess i øst, 12 C 1 e", "12C1e"),
        ("Med 2 spar i nord, 45 C 4", "45"),
        ("Med 12 hp i syd, 25 A 1", "25"),
    ] {
        assert_first(query, want);
    }
}

/// A share is a score, not a cite: "middels 50%" is no Law 50.
#[test]
fn a_share_in_a_question_is_no_cite() {
    for query in ["i parturneringer, middels 50%?", "Med 15 hp i nord, 60 %"] {
        let hits = search(query);
        assert!(
            hits.first()
                .is_none_or(|h| h.id != id("50") && h.id != id("60")),
            "{query:?}: {:?}",
            hits.first().map(|h| h.id.to_string())
        );
    }
}

/// How far below the queries as typed each kind of robustness variant was
/// when query understanding landed (MRR@10 on the sample below, measured
/// 2026-12-06): the test fails when a change widens a gap by more than
/// [`ROBUSTNESS_SLACK`].
const ROBUSTNESS_GAPS: [(&str, f64); 4] = [
    ("framing", 0.01),
    ("context", 0.09),
    ("both", 0.10),
    ("story", 0.13),
];
/// How much a change may cost the questions asked as people ask them.
const ROBUSTNESS_SLACK: f64 = 0.05;

/// Every fourth query of the robustness suite's development half
/// (`eval/robust-dev-*.tsv`, made by `scripts/robustness.py`).
fn robustness_sample(kind: &str) -> Vec<lovbok::search::Judgment> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("eval/robust-dev-{kind}.tsv"));
    let tsv = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let all = parse_judgments(&tsv).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    all.into_iter().step_by(4).collect()
}

#[test]
fn questions_asked_with_framing_and_context_stay_near_the_query_as_typed() {
    let (corpus, index) = &*KB;
    let typed = evaluate(corpus, index, &robustness_sample("typed")).mrr10;
    for (kind, gap) in ROBUSTNESS_GAPS {
        let asked = evaluate(corpus, index, &robustness_sample(kind)).mrr10;
        eprintln!("robustness {kind}: typed {typed:.3}, asked {asked:.3}");
        assert!(
            typed - asked <= gap + ROBUSTNESS_SLACK,
            "{kind}: MRR@10 {asked:.3} against {typed:.3} as typed, a gap over {gap} + {ROBUSTNESS_SLACK}"
        );
    }
}
