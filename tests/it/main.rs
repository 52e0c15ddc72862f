
mod corpus;
mod cite;
