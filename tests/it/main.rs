
mod corpus;
mod cite;
mod api;
mod browser;
mod search;
