//! Search speed: building the index, query latency, and how both scale.
//!
//! The latency that matters is what a TD sees while typing: the search box
//! asks again on every keystroke, so most queries are unfinished words. The
//! *as-you-type mix* is every prefix of three or more characters of the
//! judged queries (`eval/queries.tsv`, `eval/queries-dev.tsv`; never the
//! held-out set) and of every provision title, each once. Criterion measures
//! index build time, each query kind, and the mix; since criterion reports
//! means, a second pass times every query of the mix one by one, the way the
//! API's `took_us` does (parse + search + snippets), and prints the median
//! and the 99th percentile. The scale pass repeats the corpus 10, 100 and
//! 1000 times as distinct documents (`LOVBOK_BENCH_SCALE=10,100` to choose).
//!
//! The mix is also timed through [`Kb::search`], the very function the
//! server's search handlers call and whose `took_us` they report (parse,
//! citation check, the word tables, compounds written apart, the subject
//! index, ranking, snippets), so the bench and the server's own figure
//! measure one path; `scripts/took-us.sh` sends the same mix to a running
//! server and reports its `took_us`, to compare
//! (`LOVBOK_BENCH_WRITE_MIX=FILE` writes the mix, one query a line).
//!
//! The bench uses the server's allocator (mimalloc), since allocation is
//! part of that path. One thing it cannot share with the server is the
//! pause between requests: a server idles between queries, and on a VM
//! guest an idle CPU halts and the host runs other work on it, so a request
//! starts with emptied caches and costs about twice a query run back to
//! back. `LOVBOK_BENCH_PAUSE_US=200` sleeps that long before each query of
//! the `Kb::search` pass and the stage profile, to measure that effect
//! in-process: it tells a server that adds work from a machine that idles.
//! `scripts/took-us.sh` runs both figures and the server's in one run, as
//! the machine idles and again with idle CPUs polling (a PM QoS request of
//! 0 µs), and prints their ratios.
//!
//! `cargo bench --bench search` runs everything; `cargo bench --bench
//! search -- mix` only the criterion part whose name has `mix`, and
//! `LOVBOK_BENCH_ONLY_MIX=1` skips the scale pass.

use std::collections::HashSet;
use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use criterion::Criterion;
use lovbok::corpus::{embedded_sources, Corpus};
use lovbok::kb::{CorpusSource, Kb};
use lovbok::search::{parse_judgments, SearchIndex, SearchOptions, SearchQuery, Stages};

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

/// Judged query files whose queries (and their prefixes) are in the mix.
const JUDGED: &[&str] = &["eval/queries.tsv", "eval/queries-dev.tsv"];
/// Shortest prefix the search box sends.
const MIN_PREFIX_CHARS: usize = 3;
/// Timed runs over the query-kind mix for the percentile pass.
const TIMED_RUNS: usize = 10_000;

fn load_corpus() -> Corpus {
    Corpus::build(&embedded_sources()).corpus
}

fn parse(q: &str) -> SearchQuery {
    SearchQuery::parse(q).unwrap_or_else(|e| panic!("{q:?}: {e}"))
}

/// Every prefix of three or more characters of the judged queries and the
/// provision titles, each once, in a fixed order (as typed, one source
/// after another).
fn as_you_type_mix(corpus: &Corpus) -> (Vec<String>, usize) {
    let mut whole: Vec<String> = Vec::new();
    for rel in JUDGED {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
        let tsv =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let judged = parse_judgments(&tsv).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        whole.extend(judged.into_iter().map(|j| j.query));
    }
    whole.extend(corpus.provisions().iter().filter_map(|p| p.title.clone()));
    let mut seen: HashSet<String> = HashSet::new();
    let mut out = Vec::new();
    for q in &whole {
        let chars: Vec<char> = q.chars().collect();
        for end in MIN_PREFIX_CHARS..=chars.len() {
            let prefix: String = chars[..end].iter().collect();
            let prefix = prefix.trim_end().to_string();
            if prefix.chars().count() >= MIN_PREFIX_CHARS && seen.insert(prefix.clone()) {
                out.push(prefix);
            }
        }
    }
    let sources = whole.len();
    (out, sources)
}

fn bench_build(c: &mut Criterion, corpus: &Corpus) {
    let mut g = c.benchmark_group("build");
    g.sample_size(10);
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

fn bench_queries(c: &mut Criterion, corpus: &Corpus, index: &SearchIndex, mix: &[String]) {
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
    // One query of the as-you-type mix per iteration, cycling through it:
    // the mean is the mean over the mix.
    g.bench_function("as_you_type_mix", |b| {
        let mut i = 0usize;
        b.iter(|| {
            i = (i + 1) % mix.len();
            let hits = SearchQuery::parse(&mix[i])
                .ok()
                .and_then(|q| index.search(corpus, &q, &opts).ok());
            black_box(hits.map(|h| h.len()).unwrap_or(0))
        })
    });
    g.finish();
}

/// Median and 99th percentile of a sorted list of durations.
fn median_p99(times: &mut [Duration]) -> (Duration, Duration) {
    times.sort();
    let at = |p: f64| times[((times.len() as f64 - 1.0) * p) as usize];
    (at(0.5), at(0.99))
}

/// Times each query the way the API's `took_us` does: parse, search,
/// snippets. `rounds` passes over the list, each query timed alone.
fn timed(corpus: &Corpus, index: &SearchIndex, queries: &[String], rounds: usize) -> Vec<Duration> {
    let opts = SearchOptions::default();
    let mut times = Vec::with_capacity(queries.len() * rounds);
    for _ in 0..rounds {
        for q in queries {
            let t = Instant::now();
            let n = SearchQuery::parse(q)
                .ok()
                .and_then(|q| index.search(corpus, &q, &opts).ok())
                .map_or(0, |h| h.len());
            times.push(t.elapsed());
            black_box(n);
        }
    }
    times
}

/// The pause before each query, if `LOVBOK_BENCH_PAUSE_US` asks for one
/// (see the module docs).
fn pause() -> Option<Duration> {
    let us: u64 = std::env::var("LOVBOK_BENCH_PAUSE_US").ok()?.parse().ok()?;
    (us > 0).then(|| Duration::from_micros(us))
}

/// Times each query through [`Kb::search`], as the server does, and
/// returns the `took_us` it reports for each.
fn took_us(kb: &Kb, queries: &[String], rounds: usize, pause: Option<Duration>) -> Vec<Duration> {
    let opts = SearchOptions::default();
    let mut times = Vec::with_capacity(queries.len() * rounds);
    for _ in 0..rounds {
        for q in queries {
            if let Some(p) = pause {
                std::thread::sleep(p);
            }
            if let Ok(r) = kb.search(q, &opts) {
                times.push(Duration::from_micros(r.took_us as u64));
                black_box(r.hits.len());
            }
        }
    }
    times
}

/// Median and 99th percentile of single-query latency over the kind mix.
fn percentiles(corpus: &Corpus, index: &SearchIndex, runs: usize) -> (Duration, Duration) {
    let mix: Vec<String> = QUERIES
        .iter()
        .flat_map(|(_, qs)| qs.iter().map(|q| q.to_string()))
        .collect();
    let rounds = runs.div_ceil(mix.len());
    median_p99(&mut timed(corpus, index, &mix, rounds))
}

/// Where the time of the as-you-type mix goes: the mean per query of each
/// stage of the query path.
fn profile(
    name: &str,
    corpus: &Corpus,
    index: &SearchIndex,
    queries: &[String],
    pause: Option<Duration>,
) {
    let opts = SearchOptions::default();
    let mut total = Stages::default();
    let mut parse_time = Duration::ZERO;
    for q in queries {
        if let Some(p) = pause {
            std::thread::sleep(p);
        }
        let t = Instant::now();
        let Ok(q) = SearchQuery::parse(q) else {
            continue;
        };
        parse_time += t.elapsed();
        let (hits, stages) = index.search_timed(corpus, &q, &opts);
        black_box(hits.map(|h| h.len()).unwrap_or(0));
        total.read += stages.read;
        total.plan += stages.plan;
        total.subjects += stages.subjects;
        total.matches += stages.matches;
        total.scores += stages.scores;
        total.order += stages.order;
        total.hits += stages.hits;
    }
    let n = queries.len().max(1) as f64;
    let mean = |d: Duration| us(d) / n;
    println!(
        "{name} stages, mean per query: parse {:.1} µs, read {:.1} µs, plan {:.1} µs, \
         subjects {:.1} µs, matches {:.1} µs, scores {:.1} µs, order {:.1} µs, hits {:.1} µs",
        mean(parse_time),
        mean(total.read),
        mean(total.plan),
        mean(total.subjects),
        mean(total.matches),
        mean(total.scores),
        mean(total.order),
        mean(total.hits),
    );
}

/// The queries of the mix that take longest, each timed three times and
/// its fastest run kept (so that a preempted run does not count).
fn slowest(corpus: &Corpus, index: &SearchIndex, queries: &[String], n: usize) {
    let mut best: Vec<(Duration, &String)> = queries
        .iter()
        .map(|q| {
            let one = std::slice::from_ref(q);
            let t = (0..3)
                .map(|_| timed(corpus, index, one, 1)[0])
                .min()
                .unwrap_or_default();
            (t, q)
        })
        .collect();
    best.sort_by_key(|b| std::cmp::Reverse(b.0));
    let list: Vec<String> = best
        .iter()
        .take(n)
        .map(|(t, q)| format!("{:.0} µs {q:?}", us(*t)))
        .collect();
    println!("slowest: {}", list.join(", "));
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

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// The server's allocator (see `src/main.rs`), so that the bench times
/// the server's path.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Questions of 12 to 30 words as people ask them: the robustness suite's
/// development variants (framing, context, both, story) of that length.
fn long_questions() -> Vec<String> {
    let mut out = Vec::new();
    for kind in ["framing", "context", "both", "story"] {
        let path =
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("eval/robust-dev-{kind}.tsv"));
        let tsv =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let judged = parse_judgments(&tsv).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        out.extend(
            judged
                .into_iter()
                .map(|j| j.query)
                .filter(|q| (12..=30).contains(&q.split_whitespace().count())),
        );
    }
    out
}

fn main() {
    // `cargo bench` passes --bench; `cargo test --benches` does not, and
    // then every part runs once, quickly.
    let full = std::env::args().any(|a| a == "--bench");
    let corpus = load_corpus();
    let index = SearchIndex::build(&corpus).unwrap_or_else(|e| panic!("index: {e}"));
    let (mix, sources) = as_you_type_mix(&corpus);
    println!("index: {:?}", index.stats());

    let mut c = Criterion::default().configure_from_args();
    bench_build(&mut c, &corpus);
    bench_queries(&mut c, &corpus, &index, &mix);
    c.final_summary();

    // Warm once, then time every query of the mix, three rounds.
    let rounds = if full { 3 } else { 1 };
    let sample: Vec<String> = if full {
        mix.clone()
    } else {
        mix.iter().step_by(20).cloned().collect()
    };
    let _ = timed(&corpus, &index, &sample, 1);
    let mut times = timed(&corpus, &index, &sample, rounds);
    let (p50, p99) = median_p99(&mut times);
    let mean = times.iter().sum::<Duration>() / times.len().max(1) as u32;
    println!(
        "\nas-you-type mix: {} distinct queries (prefixes of {sources} judged queries and titles), \
         {rounds} round(s): median {:.1} µs, p99 {:.1} µs, mean {:.1} µs",
        sample.len(),
        us(p50),
        us(p99),
        us(mean),
    );

    // The server's own path and figure: `Kb::search` and its `took_us`.
    let kb = Kb::load(&CorpusSource::Embedded).unwrap_or_else(|e| panic!("kb: {e}"));
    let _ = took_us(&kb, &sample, 1, None);
    let mut server = took_us(&kb, &sample, rounds, None);
    let (s50, s99) = median_p99(&mut server);
    println!(
        "as-you-type mix through Kb::search (the server's path, its took_us): \
         median {:.1} µs, p99 {:.1} µs",
        us(s50),
        us(s99),
    );
    let pause = pause();
    if let Some(p) = pause {
        let mut paused = took_us(&kb, &sample, rounds, pause);
        let (p50, p99) = median_p99(&mut paused);
        println!(
            "the same with a {} µs pause before each query, as a server idles between \
             requests: median {:.1} µs, p99 {:.1} µs",
            p.as_micros(),
            us(p50),
            us(p99),
        );
    }
    if let Some(path) = std::env::var_os("LOVBOK_BENCH_WRITE_MIX") {
        let text: String = mix.iter().map(|q| format!("{q}\n")).collect();
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("write mix: {e}"));
    }

    let long = long_questions();
    let long_sample: Vec<String> = if full {
        long.clone()
    } else {
        long.iter().step_by(20).cloned().collect()
    };
    let _ = took_us(&kb, &long_sample, 1, None);
    let mut long_times = took_us(&kb, &long_sample, rounds, None);
    let (l50, l99) = median_p99(&mut long_times);
    println!(
        "questions of 12-30 words ({} of the robustness suite's dev variants) through \
         Kb::search: median {:.1} µs, p99 {:.1} µs",
        long_sample.len(),
        us(l50),
        us(l99),
    );

    profile("as-you-type", &corpus, &index, &sample, pause);
    profile("long-question", &corpus, &index, &long_sample, pause);
    slowest(&corpus, &index, &sample, 5);
    slowest(&corpus, &index, &long_sample, 3);

    let runs = if full { TIMED_RUNS } else { 100 };
    let (p50, p99) = percentiles(&corpus, &index, runs);
    println!(
        "query-kind mix, {runs} single queries: median {:.1} µs, p99 {:.1} µs",
        us(p50),
        us(p99)
    );

    if std::env::var_os("LOVBOK_BENCH_ONLY_MIX").is_some() {
        return;
    }
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
