mod api;
mod browser;
mod cite;
mod corpus;
mod search;
