/*!
lovbok: the Laws of Duplicate Bridge (Norwegian, 2017) and DBf's Tournament
Director Handbook (Danish, 2013) as one searchable, cross-linked knowledge base.

Data flows one way: markdown files ([`corpus`]) become a provision tree; the
citation finder ([`cite`]) turns every cross-reference in the text into an
edge of the [`graph`]; [`search`] indexes the provisions with tantivy; [`kb`]
puts the three together behind one façade, which the CLI ([`cli`]) and the
HTTP server ([`server`], rendering pages with [`web`]) both call. The score
rules that are arithmetic ([`rules`]) are calculators beside the text, pure
functions every front end calls through one registry.
[`cards`] generates the practice decks of the study mode from the provision
tree. Published rulings and commentary ([`rulings`]) stand beside the rules
they apply, their citations read by the same finder.
*/

pub mod cards;
pub mod cite;
pub mod cli;
pub mod corpus;
pub mod diff;
pub mod export;
pub mod graph;
pub mod import;
pub mod kb;
pub mod lang;
pub mod rules;
pub mod rulings;
pub mod search;
pub mod server;
pub mod web;
