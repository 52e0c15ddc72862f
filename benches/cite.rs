//! Throughput of the citation pipeline over the whole corpus: `find` alone,
//! and `find` + `resolve` with each provision as its own context, the way
//! the graph is built. Criterion reports bytes of corpus text per second.

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use lovbok::cite::{find, resolve};
use lovbok::corpus::{read_dir_sources, Corpus, ProvisionId};

/// Every text of every provision (blocks, title, footnotes) with its
/// provision as context.
fn corpus_texts(corpus: &Corpus) -> Vec<(ProvisionId, String)> {
    let mut out = Vec::new();
    for p in corpus.provisions() {
        let texts = p
            .blocks
            .iter()
            .map(|b| b.plain())
            .chain(p.title.clone())
            .chain(p.footnotes.iter().map(|f| f.text.clone()));
        out.extend(texts.map(|t| (p.id.clone(), t)));
    }
    out
}

fn cite(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let sources = read_dir_sources(root).expect("the corpus folders are readable");
    let corpus = Corpus::build(&sources).corpus;
    let texts = corpus_texts(&corpus);
    let bytes: usize = texts.iter().map(|(_, t)| t.len()).sum();

    let mut group = c.benchmark_group("cite");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("find", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|(_, t)| find(black_box(t)).len())
                .sum::<usize>()
        })
    });
    group.bench_function("find_resolve", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|(id, t)| resolve(&find(black_box(t)), Some(id), &corpus).len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, cite);
criterion_main!(benches);
