//! Search speed: building the index, query latency, and how both scale.
//!
//! Criterion measures index build time and the latency of each query kind
//! (short, long, typo, citation, prefix). Criterion reports means and
//! medians, so a second pass times 10 000 queries of the mix one by one and
//! prints the median and the 99th percentile. The scale pass repeats the
//! corpus 10, 100 and 1000 times as distinct documents and prints build
//! time, latency and memory (`LOVBOK_BENCH_SCALE=10,100` to choose sizes).

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use lovbok::corpus::{embedded_sources, Corpus};
use lovbok::search::{SearchIndex, SearchOptions, SearchQuery};

/// Queries by kind, as a TD types them.
const QUERIES: &[(&str, &[&str])] = &[
    ("short", &["straff", "alert", "kort", "frekvenstavle"]),
    (
        "long",
        &[
            "spilleren så et kort i nabomappen før budgivningen",
            "hvor lang tid har man til at klage over scoren",
            "ikke-feilende side gjorde en grov feil selv etter regelbruddet",
        ],
    ),
    (
        "typo",
        &[
            "spilleførr",
            "tidsoverskridlse",
            "neubergs fomel",
            "utilstrekelig bud",
        ],
    ),
    ("citation", &["12C1c", "§ 12 C 1 c", "lov 16B1a", "x92a1"]),
    ("prefix", &["turneringsl", "prosedyrestr", "ubefo"]),
];

/// Timed runs for the percentile pass.
const TIMED_RUNS: usize = 10_000;

fn load_corpus() -> Corpus {
    Corpus::build(&embedded_sources()).corpus
}

fn parse(q: &str) -> SearchQuery {
    SearchQuery::parse(q).unwrap_or_else(|e| panic!("{q:?}: {e}"))
}

fn bench_build(c: &mut Criterion, corpus: &Corpus) {
    let mut g = c.benchmark_group("build");
    g.sample_size(20);
    g.bench_function("corpus_parse", |b| {
        b.iter(|| black_box(corpus_len(&load_corpus())))
    });
    g.bench_function("index_embedded", |b| {
        b.iter(|| black_box(SearchIndex::build(corpus).map(|i| i.stats().map(|s| s.docs))))
    });
    g.finish();
}

fn corpus_len(c: &Corpus) -> usize {
    c.provisions().len()
}

fn bench_queries(c: &mut Criterion, corpus: &Corpus, index: &SearchIndex) {
    let opts = SearchOptions::default();
    let mut g = c.benchmark_group("query");
    for (kind, queries) in QUERIES {
        let parsed: Vec<SearchQuery> = queries.iter().map(|q| parse(q)).collect();
        g.bench_function(*kind, |b| {
            b.iter(|| {
                for q in &parsed {
                    black_box(index.search(corpus, q, &opts).map(|h| h.len()).unwrap_or(0));
                }
            })
        });
    }
    g.finish();
}

/// Median and 99th percentile of single-query latency over the mix.
fn percentiles(corpus: &Corpus, index: &SearchIndex, runs: usize) -> (Duration, Duration) {
    let opts = SearchOptions::default();
    let mix: Vec<SearchQuery> = QUERIES
        .iter()
        .flat_map(|(_, qs)| qs.iter().map(|q| parse(q)))
        .collect();
    let mut times: Vec<Duration> = Vec::with_capacity(runs);
    for i in 0..runs {
        let q = &mix[i % mix.len()];
        let t = Instant::now();
        black_box(index.search(corpus, q, &opts).map(|h| h.len()).unwrap_or(0));
        times.push(t.elapsed());
    }
    times.sort();
    let at = |p: f64| times[((times.len() as f64 - 1.0) * p) as usize];
    (at(0.5), at(0.99))
}

/// Resident memory of this process, from /proc (Linux), in bytes.
fn rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

fn scale(corpus: &Corpus, sizes: &[usize], runs: usize) {
    println!("\nscale: corpus repeated as distinct documents");
    println!(
        "{:>6} {:>9} {:>10} {:>10} {:>10} {:>11} {:>11}",
        "copies", "docs", "build", "p50", "p99", "index MiB", "+RSS MiB"
    );
    for &copies in sizes {
        let before = rss_bytes().unwrap_or(0);
        let t = Instant::now();
        let index = match SearchIndex::build_repeated(corpus, copies) {
            Ok(i) => i,
            Err(e) => {
                println!("{copies:>6} build failed: {e}");
                continue;
            }
        };
        let build = t.elapsed();
        let after = rss_bytes().unwrap_or(0);
        let (docs, bytes) = index
            .stats()
            .map(|s| (s.docs, s.index_bytes))
            .unwrap_or((0, 0));
        let (p50, p99) = percentiles(corpus, &index, runs);
        println!(
            "{copies:>6} {docs:>9} {:>9.2}s {:>8.0}µs {:>8.0}µs {:>11.1} {:>11.1}",
            build.as_secs_f64(),
            p50.as_secs_f64() * 1e6,
            p99.as_secs_f64() * 1e6,
            mib(bytes),
            mib(after.saturating_sub(before)),
        );
    }
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` does not, and
    // then every part runs once, quickly.
    let full = std::env::args().any(|a| a == "--bench");
    let corpus = load_corpus();
    let index = SearchIndex::build(&corpus).unwrap_or_else(|e| panic!("index: {e}"));

    let mut c = Criterion::default().configure_from_args();
    bench_build(&mut c, &corpus);
    bench_queries(&mut c, &corpus, &index);
    c.final_summary();

    let runs = if full { TIMED_RUNS } else { 100 };
    let (p50, p99) = percentiles(&corpus, &index, runs);
    println!(
        "\nquery mix, {runs} single queries: median {:.1} µs, p99 {:.1} µs",
        p50.as_secs_f64() * 1e6,
        p99.as_secs_f64() * 1e6
    );

    let sizes: Vec<usize> = match std::env::var("LOVBOK_BENCH_SCALE") {
        Ok(list) => list
            .split(',')
            .filter_map(|s| s.trim().parse().ok())
            .collect(),
        Err(_) if full => vec![10, 100, 1000],
        Err(_) => vec![2],
    };
    scale(&corpus, &sizes, if full { 2_000 } else { 50 });
}
