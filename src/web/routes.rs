//! The site's page paths, named once: the router mounts them, the service
//! worker and the offline ranker get them in their generated config, and
//! `lovbok export --site` writes its files under them, so none of the three
//! can drift from the server.

/// The search page; `/` shows it too.
pub const SEARCH: &str = "/sok";
/// The results fragment the search page fetches as the reader types.
pub const RESULTS: &str = "/sok/treff";
/// The language switch (`?l=da&til=/p/12`).
pub const LANG_SWITCH: &str = "/sprak";
/// Where provisions live: `/p/12C1`.
pub const PROVISION_PREFIX: &str = "/p/";
/// The router's pattern for a provision page.
pub const PROVISION: &str = "/p/{cite}";
/// The tables of contents of both books.
pub const CONTENTS: &str = "/innhold";
/// The definitions, A–Å.
pub const DEFINITIONS: &str = "/definisjoner";
/// The study mode.
pub const STUDY: &str = "/ov";
/// lovbok's subject index.
pub const SUBJECTS: &str = super::subjects::SUBJECTS_PATH;
/// "What happened?": the situation picker.
pub const WHAT_HAPPENED: &str = super::subjects::WHAT_PATH;
/// The request header that asks for a page in one interface language,
/// before the reader's cookie: the service worker stores every page in
/// both languages with it.
pub const LANG_HEADER: &str = "x-lovbok-lang";
