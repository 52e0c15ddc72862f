/*!
Logging for `lovbok serve`: one tracing subscriber, installed before the
server starts, writing to stderr.

Two kinds of output share it. Logs (warnings, errors, and at `debug` the
access log) go through tracing-subscriber's formatter, human-readable or
JSON, filtered by `--log-level` or `RUST_LOG`. Status lines (ready,
reloaded, a rejected change and its problems, stopped; events with the
target [`STATUS_TARGET`]) are for the person who started the server: in the
human format they are printed bare (`lovbok: ready on …`, and each problem as
`file:line: …`), whatever the log level; in JSON they are events like any
other, so a log collector gets them with their fields. `--quiet` drops the
informational ones; problems still print. `--log-level off --quiet`
installs nothing at all, which is what the overhead measurement compares
against (`scripts/ops-cost.sh`).

Every filter here is static (by target and level), so a disabled callsite,
such as the access log's at the default level, is found disabled once and
then costs one relaxed atomic load per request.
*/

use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};

use clap::ValueEnum;
use tracing::field::{Field, Visit};
use tracing::{Dispatch, Event, Level, Subscriber};
use tracing_subscriber::filter::{filter_fn, EnvFilter, LevelFilter};
use tracing_subscriber::layer::{Context, SubscriberExt};
use tracing_subscriber::{Layer, Registry};

use crate::server::{DIAGNOSTIC_TARGET, STATUS_TARGET};

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    /// For people: one line per event.
    Human,
    /// One JSON object per line, for log collectors.
    Json,
}

/// The most verbose logs shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogLevel {
    Off,
    Error,
    Warn,
    Info,
    /// Adds the access log: one line per request.
    Debug,
    Trace,
}

impl LogLevel {
    fn as_str(self) -> &'static str {
        match self {
            LogLevel::Off => "off",
            LogLevel::Error => "error",
            LogLevel::Warn => "warn",
            LogLevel::Info => "info",
            LogLevel::Debug => "debug",
            LogLevel::Trace => "trace",
        }
    }
}

/// What `serve`'s flags ask of the logs.
#[derive(Debug, Clone)]
pub struct LogOptions {
    pub format: LogFormat,
    /// `--log-level`; when absent, `RUST_LOG`, else `info`.
    pub level: Option<LogLevel>,
    /// `--quiet`: no informational status lines.
    pub quiet: bool,
}

/// Why logging could not be set up.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    #[error("RUST_LOG={value:?} is not a log filter: {source}")]
    RustLog {
        value: String,
        source: tracing_subscriber::filter::ParseError,
    },
    #[error("cannot install the logger: {0}")]
    Install(#[from] tracing::dispatcher::SetGlobalDefaultError),
}

/// The filter directives for the logs: `--log-level` wins over `RUST_LOG`.
///
/// A level from the flag applies to lovbok and its access log; other crates
/// stay at `warn`, so that `debug` shows requests rather than the internals
/// of the HTTP stack. `RUST_LOG` is taken as written.
fn directives(level: Option<LogLevel>, rust_log: Option<&str>) -> String {
    match (level, rust_log.map(str::trim).filter(|s| !s.is_empty())) {
        (Some(l @ (LogLevel::Off | LogLevel::Error | LogLevel::Warn)), _) => l.as_str().into(),
        (Some(l), _) => format!("warn,lovbok={0},tower_http={0}", l.as_str()),
        (None, Some(env)) => env.to_string(),
        (None, None) => "warn,lovbok=info".into(),
    }
}

/// The filter of the log formatter, with the status lines routed: off in
/// the human format (they have their own printer), on in JSON.
fn log_filter(opts: &LogOptions, rust_log: Option<&str>) -> Result<EnvFilter, LogError> {
    let written = directives(opts.level, rust_log);
    let status = match (opts.format, opts.quiet) {
        (LogFormat::Human, _) => "off",
        (LogFormat::Json, false) => "info",
        (LogFormat::Json, true) => "warn",
    };
    let all = format!("{written},{STATUS_TARGET}={status}");
    EnvFilter::builder()
        .parse(&all)
        .map_err(|source| LogError::RustLog {
            value: rust_log.unwrap_or_default().to_string(),
            source,
        })
}

/// Installs the subscriber for `serve`. Call once, before the server starts.
pub fn init(opts: &LogOptions) -> Result<(), LogError> {
    if let Some(d) = dispatch(opts)? {
        tracing::dispatcher::set_global_default(d)?;
    }
    Ok(())
}

/// The subscriber `init` installs, or `None` when nothing is to be printed
/// at all (`--log-level off --quiet`). Public so that the overhead bench can
/// run with exactly what `serve` runs with.
pub fn dispatch(opts: &LogOptions) -> Result<Option<Dispatch>, LogError> {
    let rust_log = std::env::var("RUST_LOG").ok();
    let off = opts.level == Some(LogLevel::Off)
        || (opts.level.is_none() && rust_log.as_deref().map(str::trim) == Some("off"));
    if off && opts.quiet && opts.format == LogFormat::Human {
        return Ok(None);
    }
    let filter = log_filter(opts, rust_log.as_deref())?;
    let mut layers: Vec<Box<dyn Layer<Registry> + Send + Sync>> = Vec::new();
    match opts.format {
        LogFormat::Human => {
            if !off {
                layers.push(
                    tracing_subscriber::fmt::layer()
                        .with_writer(std::io::stderr)
                        .with_ansi(std::io::stderr().is_terminal())
                        .with_filter(filter)
                        .boxed(),
                );
            }
            let quiet = opts.quiet;
            let status = filter_fn(move |meta| {
                meta.target().starts_with(STATUS_TARGET) && (!quiet || *meta.level() <= Level::WARN)
            })
            .with_max_level_hint(LevelFilter::INFO);
            layers.push(StatusLines.with_filter(status).boxed());
        }
        LogFormat::Json => layers.push(
            tracing_subscriber::fmt::layer()
                .json()
                .with_span_list(false)
                .with_writer(std::io::stderr)
                .with_filter(filter)
                .boxed(),
        ),
    }
    Ok(Some(Dispatch::new(
        tracing_subscriber::registry().with(layers),
    )))
}

/// Prints status events as bare lines on stderr: `lovbok: <message>`, and
/// problem lines as they are (`laws/lov-07.md:41: error: …`).
struct StatusLines;

impl<S: Subscriber> Layer<S> for StatusLines {
    fn on_event(&self, event: &Event<'_>, _ctx: Context<'_, S>) {
        let mut msg = Message(String::new());
        event.record(&mut msg);
        let line = status_line(event.metadata().target(), &msg.0);
        // A failed write to stderr has nowhere to be reported.
        let _ = writeln!(std::io::stderr().lock(), "{line}");
    }
}

fn status_line(target: &str, message: &str) -> String {
    if target == DIAGNOSTIC_TARGET {
        message.to_string()
    } else {
        format!("lovbok: {message}")
    }
}

/// Collects an event's message.
struct Message(String);

impl Visit for Message {
    fn record_str(&mut self, field: &Field, value: &str) {
        if field.name() == "message" {
            self.0.push_str(value);
        }
    }

    fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
        if field.name() == "message" {
            // The message is `format_args!`, whose Debug is its text.
            let _ = write!(self.0, "{value:?}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_wins_over_rust_log_and_keeps_other_crates_at_warn() {
        assert_eq!(
            directives(Some(LogLevel::Debug), Some("trace")),
            "warn,lovbok=debug,tower_http=debug"
        );
        assert_eq!(directives(Some(LogLevel::Error), None), "error");
        assert_eq!(directives(None, Some("hyper=debug")), "hyper=debug");
        assert_eq!(directives(None, Some("  ")), "warn,lovbok=info");
        assert_eq!(directives(None, None), "warn,lovbok=info");
    }

    #[test]
    fn a_bad_rust_log_is_an_error_not_a_panic() {
        let opts = LogOptions {
            format: LogFormat::Human,
            level: None,
            quiet: false,
        };
        assert!(log_filter(&opts, Some("lovbok=loud")).is_err());
        assert!(log_filter(&opts, Some("lovbok=debug")).is_ok());
    }

    #[test]
    fn status_lines_are_prefixed_and_problems_are_bare() {
        assert_eq!(
            status_line(STATUS_TARGET, "ready on http://127.0.0.1:1/"),
            "lovbok: ready on http://127.0.0.1:1/"
        );
        let d = "laws/lov-07.md:41: error: duplicate cite 7B1";
        assert_eq!(status_line(DIAGNOSTIC_TARGET, d), d);
    }
}
