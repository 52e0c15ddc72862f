use super::{a::Ay, Site};

pub struct Bee(pub Option<Ay>);

pub fn hum() -> Bee {
    let _ = Site;
    Bee(None)
}
