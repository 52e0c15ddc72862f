mod api;
mod browser;
mod cite;
mod cli;
mod corpus;
mod fixtures;
mod ops;
mod search;
