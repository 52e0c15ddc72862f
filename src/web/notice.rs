/*!
The editor's notice: a banner on every page while the corpus folder being
previewed (`serve --corpus DIR`) holds a change that does not build.

The server keeps serving the last good text, so without the banner an editor
would only see that the change "does not appear". The notice names the
first problem's place and lists the same lines `lovbok check` prints. It is
set on the [`Site`](super::Site) being served and rendered by the
`reload-notice.html` partial that `base.html` includes; a corpus that builds
again gets a new `Site`, and with it no notice. The built-in corpus is never
reloaded, so it never shows one.
*/

/// The banner's words, in the interface language. One constant per
/// language, so the interface-language tables can take it over whole.
#[derive(Debug, PartialEq, Eq)]
pub struct NoticeText {
    /// Before the place: "The change in".
    pub before: &'static str,
    /// After the place: "is not loaded:".
    pub after: &'static str,
    /// Before the count of lines not shown: "and".
    pub more_before: &'static str,
    /// After that count: "more errors (see `lovbok check`)".
    pub more_after: &'static str,
    /// Under the list: "The pages show the last version that built; once the
    /// errors are fixed, the change is loaded by itself."
    pub keep: &'static str,
}

/// The banner in Norwegian (bokmål).
pub const RELOAD_NOTICE_NB: NoticeText = NoticeText {
    before: "Endringen i",
    after: "er ikke lastet:",
    more_before: "og",
    more_after: "feil til (se «lovbok check»)",
    keep: "Sidene viser den siste versjonen som lot seg bygge. \
           Når feilene er rettet, lastes endringen inn av seg selv.",
};

/// The most problem lines the banner lists; the rest are counted.
pub const MAX_LINES: usize = 20;

/// Why the corpus being served is not the one in the folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReloadNotice {
    /// Where the first problem is: `laws/lov-07.md:41`, or the folder.
    pub place: String,
    /// The first `MAX_LINES` (20) problems, as `lovbok check` prints them.
    pub lines: Vec<String>,
    /// How many more problems there are.
    pub more: usize,
    /// The words around them.
    pub text: &'static NoticeText,
}

impl ReloadNotice {
    /// A notice for problems found at `place`; `lines` are shown as given.
    pub fn new(place: impl Into<String>, mut lines: Vec<String>) -> ReloadNotice {
        let more = lines.len().saturating_sub(MAX_LINES);
        lines.truncate(MAX_LINES);
        ReloadNotice {
            place: place.into(),
            lines,
            more,
            text: &RELOAD_NOTICE_NB,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lists_are_cut_and_counted() {
        let lines: Vec<String> = (0..25)
            .map(|i| format!("laws/a.md:{i}: error: x"))
            .collect();
        let n = ReloadNotice::new("laws/a.md:0", lines);
        assert_eq!(n.lines.len(), MAX_LINES);
        assert_eq!(n.more, 5);
        assert_eq!(n.lines[0], "laws/a.md:0: error: x");
    }
}
