/*!
The command line: clap arguments in, one function per subcommand, an exit code out.

The clap structs stay dumb; each subcommand loads the knowledge base through
[`Kb`](crate::kb::Kb) and prints what it returns, so the CLI and the HTTP server can never
disagree about an answer. Problems found (`check`, an unknown cite) exit 1;
errors that stop the command (an unreadable folder, bad arguments) exit 2.
*/

mod calc;
mod commands;
mod diff;
mod error;
mod import;
pub mod logging;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

use crate::corpus::BookId;
use crate::kb::CorpusSource;

/// lovbok: the Laws of Duplicate Bridge (nb, 2017) and DBf's TD handbook (da, 2013),
/// searchable and cross-linked.
#[derive(Debug, Parser)]
#[command(name = "lovbok", version, about)]
pub struct Args {
    /// Read the corpus from this folder (with laws/ and handbook/) instead of
    /// the copy built into the binary.
    #[arg(long, global = true, value_name = "DIR")]
    pub corpus: Option<PathBuf>,

    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the web server and JSON API. Prints one line on stderr when ready
    /// (`lovbok: ready on http://…/ (…)`) and one when stopped.
    Serve(ServeArgs),
    /// Lint the corpus: structure, numbering, citations. Exits 1 on any error.
    Check {
        /// Also print warnings.
        #[arg(long)]
        warnings: bool,
        /// An edition folder to load beside the corpus (another edition or
        /// language of the Laws; see docs/editions.md). Repeatable.
        #[arg(long = "edition", value_name = "DIR")]
        editions: Vec<PathBuf>,
    },
    /// Print one provision with its path, e.g. `lovbok show 12C1c`.
    Show {
        /// The provision's cite: 12C1e(ii), X78B4, 212A1a, def:Alert …
        cite: String,
        /// Print JSON (the same object as GET /api/provisions/{cite}).
        #[arg(long)]
        json: bool,
        /// An edition folder to load beside the corpus (another edition or
        /// language of the Laws; see docs/editions.md). Repeatable.
        #[arg(long = "edition", value_name = "DIR")]
        editions: Vec<PathBuf>,
    },
    /// Search both books.
    Search {
        /// What to look for: words, or a citation.
        query: String,
        /// Only this book.
        #[arg(long, value_enum)]
        book: Option<BookArg>,
        /// Number of hits (1-50).
        #[arg(short = 'n', long, default_value_t = 10)]
        limit: usize,
        /// Print JSON (the same hit objects as GET /api/search).
        #[arg(long)]
        json: bool,
        /// Explain the search: each word's role (framing, context, content)
        /// and weight, the subjects met, and each hit's score by its parts
        /// (JSON with --json, as `explain` of GET /api/search?explain=true).
        #[arg(long)]
        explain: bool,
        /// An edition folder to load beside the corpus (another edition or
        /// language of the Laws; see docs/editions.md). Repeatable.
        #[arg(long = "edition", value_name = "DIR")]
        editions: Vec<PathBuf>,
    },
    /// Score search against judged queries (tab-separated lines: id, query, cites).
    Eval {
        /// The judged queries file.
        file: PathBuf,
        /// Also print every query's rank (lenient; `-` when not in the top
        /// 10), one per line, to compare two runs with `diff`.
        #[arg(long)]
        ranks: bool,
    },
    /// Export the retrieval units as JSON Lines (`--jsonl`, to stdout), or
    /// the whole site as static files any web host can serve (`--site DIR`).
    Export {
        /// JSON Lines output: one retrieval unit per line.
        #[arg(long, conflicts_with = "site")]
        jsonl: bool,
        /// Write the site as static files into DIR (new or empty).
        #[arg(long, value_name = "DIR")]
        site: Option<PathBuf>,
        /// The interface language of a static copy: nb or da.
        #[arg(long, default_value = "nb", requires = "site")]
        lang: String,
    },
    /// Import a printed book's transcript into a new corpus folder, with a
    /// report of every repair and unsure place (see docs/import.md).
    Import {
        /// The transcript: plain text, one paragraph per printed page.
        transcript: PathBuf,
        /// Which book the transcript holds.
        #[arg(long, value_enum)]
        book: BookArg,
        /// The corpus folder to create (new or empty); the book goes to
        /// DIR/laws or DIR/handbook, the report to DIR/import-report.md.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Also measure the import against the built-in (hand-made) text of
        /// the same book, provision by provision, in the report.
        #[arg(long)]
        compare: bool,
    },
    /// Compare two editions of a book (corpus folders): provisions added,
    /// removed, renumbered, changed, split and merged, each with its
    /// evidence; optionally write a draft concordance (see docs/diff.md).
    Diff {
        /// The older edition's corpus folder (with laws/ or handbook/).
        old: PathBuf,
        /// The newer edition's corpus folder.
        new: PathBuf,
        /// Print JSON (a stable object: both sides, counts, changes).
        #[arg(long)]
        json: bool,
        /// Write a draft concordance of the older edition's law cites to
        /// FILE (a new file; put it in NEW/laws as concordance-YEAR.tsv, YEAR
        /// the old edition).
        #[arg(long, value_name = "FILE")]
        concordance: Option<PathBuf>,
    },
    /// Print the practice cards of the study mode: JSON (as GET /api/cards)
    /// or a tab-separated file that Anki imports (front, back, tags).
    Cards {
        /// A deck: begreper, lovnummer, hvor-star-det, fyll-inn, hvilken-lov, tall or kjennelse (repeat
        /// for several); every deck when left out.
        #[arg(long = "deck", value_name = "DECK")]
        decks: Vec<String>,
        /// json, or anki (HTML fields, links to the provisions).
        #[arg(long, value_enum, default_value_t = CardsFormat::Json)]
        format: CardsFormat,
        /// Where the links in an Anki file point: the public address of a
        /// lovbok server (required with --format anki).
        #[arg(long, value_name = "URL")]
        base_url: Option<String>,
        /// The language of an Anki file's questions: nb or da (the cards'
        /// own text stays in its book's language).
        #[arg(long, value_name = "LANG", default_value = "nb")]
        lang: String,
    },
    /// Run a provision's calculator: `lovbok calc X78B4 --tables 13 --results 6 --mp 7.5`.
    /// Every input of the calculator is a flag (`--tables 13`) or `--input tables=13`;
    /// `lovbok calc --list` shows the calculators and their inputs.
    Calc {
        /// The provision: X78B4, 12C1c, 211B1d …
        cite: Option<String>,
        /// List every calculator with its inputs.
        #[arg(long)]
        list: bool,
        /// Print JSON (the same object as POST /api/calc/{cite}).
        #[arg(long)]
        json: bool,
        /// The language of the words and messages: nb, da or en (the default).
        #[arg(long, value_name = "LANG")]
        lang: Option<String>,
        /// An input as NAME=VALUE (repeatable).
        #[arg(short = 'i', long = "input", value_name = "NAME=VALUE")]
        input: Vec<String>,
        /// The calculator's inputs as flags: --tables 13 --mp 7,5.
        #[arg(
            trailing_var_arg = true,
            allow_hyphen_values = true,
            value_name = "--NAME VALUE"
        )]
        flags: Vec<String>,
    },
    /// Find the citations in text read from stdin.
    Link {
        /// Resolve relative citations against this provision.
        #[arg(long, value_name = "CITE")]
        context: Option<String>,
        /// Print the text as HTML with each citation a link.
        #[arg(long)]
        html: bool,
        /// The edition of the Laws the text is written under (1997, 2007, 2017).
        #[arg(long, value_name = "YEAR")]
        edition: Option<String>,
    },
}

/// `lovbok serve`'s flags.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// How many whole responses to keep for repeated requests (0: none).
    /// The corpus never changes while serving, so a cached answer is exact.
    #[arg(long, default_value_t = 4096)]
    pub cache_entries: usize,
    /// Serve Prometheus metrics at http://ADDR/metrics, a separate listener
    /// (off by default; keep it off the public network).
    #[arg(long, value_name = "ADDR")]
    pub metrics_addr: Option<String>,
    /// Log format on stderr.
    #[arg(long, value_enum, default_value_t = logging::LogFormat::Human)]
    pub log_format: logging::LogFormat,
    /// Most verbose logs shown (debug adds one line per request). Default:
    /// RUST_LOG if set, else info.
    #[arg(long, value_enum)]
    pub log_level: Option<logging::LogLevel>,
    /// Do not print the ready, reloaded and stopped lines (problems still print).
    #[arg(long, short = 'q')]
    pub quiet: bool,
    /// An edition folder to serve beside the corpus (another edition or
    /// language of the Laws; see docs/editions.md). Repeatable.
    #[arg(long = "edition", value_name = "DIR")]
    pub editions: Vec<PathBuf>,
}

/// How `lovbok cards` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CardsFormat {
    /// The object GET /api/cards returns, every deck asked for in one.
    Json,
    /// Anki's tab-separated import format.
    Anki,
}

/// A book on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum BookArg {
    Laws,
    Handbook,
}

impl From<BookArg> for BookId {
    fn from(b: BookArg) -> BookId {
        match b {
            BookArg::Laws => BookId::Laws,
            BookArg::Handbook => BookId::Handbook,
        }
    }
}

impl Args {
    fn source(&self) -> CorpusSource {
        match &self.corpus {
            Some(dir) => CorpusSource::Dir(dir.clone()),
            None => CorpusSource::Embedded,
        }
    }
}

/// Parses the command line, runs the subcommand, and turns the outcome into
/// an exit code. Errors are printed once, with their causes.
pub fn run() -> ExitCode {
    let args = Args::parse();
    match commands::dispatch(&args) {
        Ok(code) => code,
        Err(err) => {
            if is_broken_pipe(&err) {
                // `lovbok search … | head` closes the pipe early: not an error.
                return ExitCode::SUCCESS;
            }
            eprintln!("lovbok: {err:#}");
            ExitCode::from(2)
        }
    }
}

fn is_broken_pipe(err: &error::CliError) -> bool {
    match err {
        error::CliError::Io(e) => e.kind() == std::io::ErrorKind::BrokenPipe,
        error::CliError::Json(e) => e.io_error_kind() == Some(std::io::ErrorKind::BrokenPipe),
        _ => false,
    }
}
