/*!
Resolved cites → HTML: the input text, escaped, with each cite linked.

The link text is exactly the cite as written and everything outside the
markup is the input escaped, so stripping the tags and unescaping gives the
input back (a property test holds this). URLs are the caller's business:
`href` maps a [`ProvisionId`] to one, so `cite` knows nothing of routes.
*/

use super::{Resolved, Status, Target};
use crate::corpus::ProvisionId;

/// Returns `text` as HTML with every resolved cite wrapped in a link.
///
/// A cite whose first target is in the corpus links to it (`class="cite"`);
/// one outside the corpus text links to the nearest existing ancestor
/// (`class="cite outside"`); external and unresolved cites become a `span`
/// (`class="cite external"`, `class="cite unresolved"` with the reason as
/// its title). A cite of an older edition of the Laws that lands on another
/// number carries `data-edition` and `data-written` (`16C` written, `16D`
/// linked, title `16C (2007) = 16D`); one without a current counterpart is a
/// `span` (`class="cite no-counterpart"`) with the reason. Spans that
/// overlap an earlier one, or do not fit `text`, are skipped, so any
/// `resolved` is safe.
pub fn annotate_html(
    text: &str,
    resolved: &[Resolved],
    href: &dyn Fn(&ProvisionId) -> String,
) -> String {
    let mut order: Vec<&Resolved> = resolved.iter().collect();
    order.sort_by_key(|r| (r.span.start, r.span.end));
    let mut out = String::with_capacity(text.len() + resolved.len() * 80);
    let mut at = 0;
    for r in order {
        let (start, end) = (r.span.start, r.span.end);
        if start < at || start >= end {
            continue;
        }
        let (Some(gap), Some(inner)) = (text.get(at..start), text.get(start..end)) else {
            continue;
        };
        escape_into(&mut out, gap);
        open_tag(&mut out, r, href);
        escape_into(&mut out, inner);
        out.push_str(if linked(r).is_some() {
            "</a>"
        } else {
            "</span>"
        });
        at = end;
    }
    escape_into(&mut out, text.get(at..).unwrap_or_default());
    out
}

/// The provision a cite's link goes to, if it gets one.
fn linked(r: &Resolved) -> Option<&ProvisionId> {
    r.targets.first()?.shown()
}

fn open_tag(out: &mut String, r: &Resolved, href: &dyn Fn(&ProvisionId) -> String) {
    let ids = r
        .targets
        .iter()
        .map(|t| t.id.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    // A cite of an older edition of the Laws says so: `16C (2007) = 16D`.
    let edition = r
        .targets
        .first()
        .and_then(|t| t.edition.as_ref())
        .filter(|n| n.is_mapped() || matches!(r.targets[0].status, Status::NoCounterpart { .. }));
    let written = edition
        .map(|_| {
            r.targets
                .iter()
                .map(|t| t.edition.as_ref().map_or(&t.id, |n| &n.cite).to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_default();
    let (class, mut title) = match r.targets.first().map(|t| &t.status) {
        Some(Status::InCorpus) => ("cite", ids.clone()),
        Some(Status::OutsideText { .. }) => ("cite outside", format!("{ids}: text not in lovbok")),
        Some(Status::External) => ("cite external", format!("{ids}: outside both books")),
        Some(Status::Unresolved { reason }) => ("cite unresolved", reason.clone()),
        Some(Status::NoCounterpart { edition, reason }) => (
            "cite no-counterpart",
            format!("{} ({edition}): {reason}", r.text),
        ),
        None => ("cite unresolved", r.problem.clone().unwrap_or_default()),
    };
    if let (Some(n), true) = (edition, r.targets.first().and_then(Target::shown).is_some()) {
        title = format!("{written} ({}) = {title}", n.edition);
    }
    match linked(r) {
        Some(id) => {
            out.push_str("<a class=\"");
            out.push_str(class);
            out.push_str("\" href=\"");
            escape_into(out, &href(id));
            out.push('"');
        }
        None => {
            out.push_str("<span class=\"");
            out.push_str(class);
            out.push('"');
        }
    }
    if let Some(n) = edition {
        out.push_str(" data-edition=\"");
        out.push_str(&n.edition.to_string());
        out.push_str("\" data-written=\"");
        escape_into(out, &written);
        out.push('"');
    }
    out.push_str(" data-cite=\"");
    escape_into(out, &ids);
    out.push_str("\" title=\"");
    escape_into(out, &title);
    out.push_str("\">");
}

/// Escapes text for both element content and quoted attribute values.
///
/// The one HTML escaper of the crate: annotated text, snippets and pages all
/// use it, so they cannot disagree about what is safe.
pub fn escape_into(out: &mut String, s: &str) {
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}
