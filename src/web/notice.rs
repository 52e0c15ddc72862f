/*!
The editor's notice: a banner on every page while the corpus folder being
previewed (`serve --corpus DIR`) holds a change that does not build.

The server keeps serving the last good text, so without the banner an editor
would only see that the change "does not appear". The notice names the
first problem's place and lists the same lines `lovbok check` prints. It is
set on the [`Site`](super::Site) being served and rendered by the
`reload-notice.html` partial that `base.html` includes, so every full page
shows it, in the page's interface language: the words around the place and
the lines are `reload_*` keys of the [`i18n`](super::i18n) tables, while the
lines themselves are `lovbok check`'s, in English, marked as such. Such a
page does not offer the offline copy (no service worker): a stored page
would keep the banner after it has gone. A corpus that builds again gets a new `Site`, and with it no
notice. The built-in corpus is never reloaded, so it never shows one.
*/

use super::i18n::{fill, Strings};

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
        }
    }

    /// The line that counts the problems not listed, in the language of `t`.
    pub fn more_text(&self, t: &Strings) -> String {
        fill(t.reload_more, &[("n", &self.more.to_string())])
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
