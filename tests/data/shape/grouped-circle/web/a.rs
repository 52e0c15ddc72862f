use super::{b::{hum, Bee}, Site};

pub struct Ay;

pub fn page(_: &Site) -> Bee {
    hum()
}
