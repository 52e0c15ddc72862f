mod a;
mod b;

pub struct Site;
