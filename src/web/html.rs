//! The pages' own markup helpers: escaping text for HTML, and reading an
//! attribute back out of a tag the pages built. Corpus text only ever
//! reaches a page through [`esc`] (or `Kb::annotate_html`, which escapes
//! the same way), so it can never become markup.

/// Escapes text for HTML element content and double-quoted attributes.
pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    crate::cite::escape_html_into(&mut out, s);
    out
}

/// The unescaped value of a double-quoted attribute in an opening tag.
pub(crate) fn attr(tag: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let start = tag.find(&key)? + key.len();
    let len = tag[start..].find('"')?;
    Some(
        tag[start..start + len]
            .replace("&quot;", "\"")
            .replace("&#39;", "'")
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&amp;", "&"),
    )
}
