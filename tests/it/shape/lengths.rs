//! How long a file and a function are, with test code left out.

use regex::Regex;

/// Every function in `text` (Rust source) with its first line and its
/// length in lines, from `fn` to its closing brace. Strings, character
/// literals and comments are blanked first, so a brace in a format string
/// does not count.
pub fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let head = Regex::new(r"^\s*(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:async\s+)?fn\s+(\w+)")
        .expect("regex");
    let lines = blanked(text);
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(c) = head.captures(line) else {
            continue;
        };
        if let Some(len) = braced(&lines[i..]) {
            out.push((c[1].to_string(), i + 1, len));
        }
    }
    out
}

/// The lines of `text` with strings, character literals and comments blanked.
fn blanked(text: &str) -> Vec<String> {
    let string = Regex::new(r##"r#*"[^"]*"#*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)'"##).expect("regex");
    let comment = Regex::new(r"//.*$").expect("regex");
    text.lines()
        .map(|l| {
            comment
                .replace(&string.replace_all(l, "\"\""), "")
                .into_owned()
        })
        .collect()
}

/// How many lines the item starting at `lines[0]` spans up to the brace
/// that closes its first one; `None` when it ends (`;`) before one opens.
fn braced(lines: &[String]) -> Option<usize> {
    let mut depth = 0i64;
    let mut opened = false;
    for (j, l) in lines.iter().enumerate() {
        for ch in l.chars() {
            match ch {
                '{' => {
                    depth += 1;
                    opened = true;
                }
                '}' => depth -= 1,
                _ => {}
            }
        }
        if opened && depth <= 0 {
            return Some(j + 1);
        }
        if !opened && l.trim_end().ends_with(';') {
            return None;
        }
    }
    None
}

/// The line ranges (0-based, end exclusive) of the `#[cfg(test)] mod …`
/// blocks of `text`: test code, which the lengths leave out.
pub fn test_blocks(text: &str) -> Vec<std::ops::Range<usize>> {
    let head = Regex::new(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{").expect("regex");
    let lines = blanked(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let tested = i > 0 && lines[i - 1].trim() == "#[cfg(test)]";
        match braced(&lines[i..]) {
            Some(len) if tested && head.is_match(&lines[i]) => {
                out.push(i - 1..i + len);
                i += len;
            }
            _ => i += 1,
        }
    }
    out
}

/// How many lines of `text` are not test code.
pub fn code_lines(text: &str) -> usize {
    let tests: usize = test_blocks(text).iter().map(|b| b.len()).sum();
    text.lines().count() - tests
}

/// The functions of `text` (as [`functions`]) that are not test code.
pub fn code_functions(text: &str) -> Vec<(String, usize, usize)> {
    let blocks = test_blocks(text);
    functions(text)
        .into_iter()
        .filter(|(_, at, _)| !blocks.iter().any(|b| b.contains(&(at - 1))))
        .collect()
}
