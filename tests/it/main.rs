mod api;
mod browser;
mod cite;
mod cli;
mod corpus;
mod fixtures;
mod rules;
mod search;
