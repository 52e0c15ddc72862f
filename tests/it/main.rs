mod api;
mod browser;
mod cards;
mod cite;
mod cli;
mod corpus;
mod fixtures;
mod search;
