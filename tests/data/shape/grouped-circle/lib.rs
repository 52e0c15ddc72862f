//! A fixture of `tests/it/shape.rs`: two files that import each other only
//! through grouped `use`s, as `web/pages.rs` and `web/assets.rs` did (issue
//! 35); a reader of `super::x` paths alone does not see the circle.

pub mod web;
