//! The `lovbok` binary as a user runs it: exit codes, output, bad input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn lovbok(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lovbok"))
        .args(args)
        .output()
        .expect("run lovbok")
}

fn lovbok_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_lovbok"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn lovbok");
    if let Some(mut stdin) = child.stdin.take() {
        stdin.write_all(input).expect("write stdin");
    }
    child.wait_with_output().expect("wait")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", stdout(o)))
}

#[test]
fn check_passes_on_the_built_in_corpus() {
    let o = lovbok(&["check"]);
    assert!(
        o.status.success(),
        "{}{}",
        stdout(&o),
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(stdout(&o).trim_end().ends_with("ok"));
    assert!(!stdout(&o).contains("unresolved"), "{}", stdout(&o));
}

#[test]
fn check_reports_file_and_line_and_fails_on_a_broken_folder() {
    let head = "---\nbook: laws\nlang: nb\nkind: law\npages: 18\n---\n\n";
    let law = format!("{head}# 1. Kortstokken\n\n## A. En\n\n## C. Tre\n\nSe 1B og lov 99.\n");
    let folder = crate::fixtures::TempCorpus::new("cli-check", &[("laws/lov-01.md", &law)]);
    let (code, out) = folder.check();
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains("laws/lov-01.md:12: error: numbering skips"),
        "{out}"
    );
    assert!(out.contains("unresolved citation \"1B\""), "{out}");
    assert!(
        out.contains("unresolved citation \"99\"") && out.contains("laws are numbered 1-93"),
        "{out}"
    );
}

#[test]
fn show_prints_the_path() {
    let o = lovbok(&["show", "12C1c"]);
    assert!(o.status.success());
    assert!(
        stdout(&o).starts_with("Lov 12 > C > 1 > c  (12C1c)"),
        "{}",
        stdout(&o)
    );
    let o = lovbok(&["show", "§ 212 A 1 a"]);
    assert!(
        stdout(&o).starts_with("§ 212 > A > 1 > a  (212A1a)"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn show_json_has_cites_and_cited_by() {
    let v = json(&lovbok(&["show", "16C", "--json"]));
    assert_eq!(v["cite"], "16C");
    assert_eq!(v["book"], "laws");
    assert!(
        v["cited_by"].as_array().is_some_and(|a| !a.is_empty()),
        "{v}"
    );
    assert!(v["cites"].is_array());
    let v = json(&lovbok(&["show", "X12", "--json"]));
    assert_eq!(v["extends"], "12");
    let v = json(&lovbok(&["show", "12", "--json"]));
    assert!(
        v["extended_by"]
            .as_array()
            .is_some_and(|a| a.iter().any(|x| x == "X12")),
        "{v}"
    );
}

#[test]
fn show_unknown_or_malformed_cite_fails_cleanly() {
    let o = lovbok(&["show", "12Z"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no provision 12Z"));
    let o = lovbok(&["show", "not a cite"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a citation"));
}

#[test]
fn search_json_gives_the_api_hit_objects() {
    let v = json(&lovbok(&["search", "12C1c", "--json", "-n", "3"]));
    let hits = v.as_array().expect("array of hits");
    assert!(!hits.is_empty() && hits.len() <= 3);
    assert_eq!(hits[0]["cite"], "12C1c");
    for key in ["cite", "book", "kind", "title", "snippet", "url", "score"] {
        assert!(hits[0].get(key).is_some(), "hit lacks {key}: {}", hits[0]);
    }
    let v = json(&lovbok(&[
        "search",
        "ubeføjede oplysninger",
        "--json",
        "--book",
        "handbook",
    ]));
    assert!(v
        .as_array()
        .is_some_and(|a| !a.is_empty() && a.iter().all(|h| h["book"] == "handbook")));
}

#[test]
fn search_rejects_an_empty_query() {
    let o = lovbok(&["search", "   "]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&o.stderr).is_empty());
}

#[test]
fn link_reads_stdin_and_reports_offsets() {
    let text = "Se 16C2 og jf. X78A4.";
    let v = json(&lovbok_stdin(&["link"], text.as_bytes()));
    let c = v["citations"].as_array().expect("citations");
    assert_eq!(c.len(), 2, "{v}");
    assert_eq!(c[0]["cites"][0], "16C2");
    let (s, e) = (
        c[0]["start"].as_u64().unwrap_or(0) as usize,
        c[0]["end"].as_u64().unwrap_or(0) as usize,
    );
    assert_eq!(&text[s..e], "16C2");
    let html = stdout(&lovbok_stdin(&["link", "--html"], b"<b>se 12C1c</b>"));
    assert!(
        html.contains("&lt;b&gt;") && html.contains("href=\"/p/12C1c\""),
        "{html}"
    );
    let v = json(&lovbok_stdin(
        &["link", "--context", "12A2"],
        b"(se C2 nedenfor)",
    ));
    assert_eq!(v["citations"][0]["cites"][0], "12C2");
}

#[test]
fn link_rejects_invalid_utf8_and_bad_context() {
    let o = lovbok_stdin(&["link"], b"se 12\xff");
    assert_eq!(o.status.code(), Some(2));
    let o = lovbok_stdin(&["link", "--context", "nope"], b"se 12");
    assert_eq!(o.status.code(), Some(2));
    let o = lovbok_stdin(&["link", "--edition", "1980"], b"se 12");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("1997, 2007, 2017"));
}

#[test]
fn link_reads_a_text_in_an_older_edition() {
    let v = json(&lovbok_stdin(
        &["link", "--edition", "2007"],
        b"The TD applied Law 16D.",
    ));
    assert_eq!(v["edition"], "2007");
    assert_eq!(v["citations"][0]["cites"][0], "16D");
    assert_eq!(v["citations"][0]["maps_to"][0], "16C");
    assert_eq!(v["citations"][0]["url"], "/p/16C");
}

#[test]
fn export_writes_one_unit_per_line() {
    let o = lovbok(&["export", "--jsonl"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() > 500, "{} units", lines.len());
    for l in &lines {
        let v: serde_json::Value = serde_json::from_str(l).expect("JSON line");
        assert!(v["id"].is_string() && v["title"].is_string() && v["body"].is_string());
        assert!(v["lang"] == "nb" || v["lang"] == "da");
    }
    assert_eq!(lovbok(&["export"]).status.code(), Some(2));
}

#[test]
fn eval_prints_the_metrics() {
    let dev = concat!(env!("CARGO_MANIFEST_DIR"), "/eval/queries.tsv");
    let o = lovbok(&["eval", dev]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.contains("MRR@10") && out.contains("Recall@10") && out.contains("nDCG@10"),
        "{out}"
    );
    let o = lovbok(&["eval", "/nonexistent.tsv"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn eval_scores_apart_the_questions_asked_on_a_rulings_page() {
    let corpus = lovbok::corpus::Corpus::build(&lovbok::corpus::embedded_sources()).corpus;
    let item = &corpus.rulings().items()[0];
    let dir = std::env::temp_dir().join(format!("lovbok-cli-eval-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let judged = dir.join("dev.tsv");
    std::fs::write(
        &judged,
        "q-1\tjustert score\t12C\nq-2\trevoke\t64\nq-3\tfeil forklaring\t20F\n",
    )
    .expect("write");
    // The page of q-1 is the item's, written another way (http, no www, a
    // trailing slash); q-2 was asked elsewhere; q-3 has no page.
    let told = item
        .url
        .replacen("https://", "http://", 1)
        .replacen("www.", "", 1);
    std::fs::write(
        dir.join("dev-questions.tsv"),
        format!(
            "# qid, split, lang, query, cites, url\nq-1\tdev\tnb\tjustert score\t12C\t{told}/\nq-2\tdev\ten\trevoke\t64\thttps://example.org/elsewhere\n"
        ),
    )
    .expect("write");
    let o = lovbok(&["eval", judged.to_str().expect("utf-8 path")]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.starts_with("queries 2 "), "{out}");
    assert!(out.contains("scored apart 1 "), "{out}");
    assert!(out.contains("all 3 queries"), "{out}");
    // Without the questions file nothing is scored apart.
    let plain = concat!(env!("CARGO_MANIFEST_DIR"), "/eval/queries.tsv");
    let out = stdout(&lovbok(&["eval", plain]));
    assert!(!out.contains("scored apart"), "{out}");
}

#[test]
fn unknown_corpus_folder_is_a_clear_error() {
    let o = lovbok(&["--corpus", "/nonexistent-lovbok", "show", "12"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("neither laws/ nor handbook/"));
}

#[test]
fn export_site_writes_every_provision_as_a_folder_and_never_into_a_full_folder() {
    let dir = std::env::temp_dir().join(format!("lovbok-cli-site-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = lovbok(&["export", "--site", dir.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("pages"), "it says what it wrote: {said}");
    for page in [
        "index.html",
        "sok/index.html",
        "innhold/index.html",
        "definisjoner/index.html",
        "stikkord/index.html",
        "hva-har-skjedd/index.html",
        "ov/index.html",
        "404.html",
        "sw.js",
        "p/12C1e(ii)/index.html",
        "p/X78B4/index.html",
        "p/212A1a/index.html",
        "p/def:Alert/index.html",
        "p/31/index.html",
    ] {
        assert!(dir.join(page).is_file(), "{page} is written");
    }
    let html = std::fs::read_to_string(dir.join("p/X78B4/index.html")).unwrap();
    assert!(html.contains(r#"<meta name="lovbok-static" content="1">"#));
    assert!(
        html.contains(r#"<meta name="lovbok-sw" content="/sw.js">"#),
        "the worker sits at the root"
    );
    assert!(
        html.contains("data-calc-static"),
        "the calculator says it needs the server"
    );
    assert!(
        !html.contains("class=\"lang-switch\""),
        "no language switch in a static copy"
    );
    // Every asset a page names is in the copy.
    let assets: Vec<&str> = html
        .split("\"/static/")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .collect();
    assert!(assets.len() >= 4, "{assets:?}");
    for a in assets {
        assert!(
            dir.join("static").join(a).is_file(),
            "/static/{a} is in the copy"
        );
    }
    // A second export into the same folder changes nothing and says why.
    let before = std::fs::read(dir.join("index.html")).unwrap();
    let again = lovbok(&["export", "--site", dir.to_str().unwrap()]);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("not empty"));
    assert_eq!(std::fs::read(dir.join("index.html")).unwrap(), before);
    let bad = lovbok(&["export", "--site", dir.to_str().unwrap(), "--lang", "sv"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--lang"));
    let neither = lovbok(&["export"]);
    assert!(!neither.status.success());
    let _ = std::fs::remove_dir_all(&dir);
}
