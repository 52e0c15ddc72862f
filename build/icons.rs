//! The app icons, drawn at build time from one source: the spade and the
//! colours below. The SVG icon and every PNG a home screen asks for (192 and
//! 512, maskable, apple-touch, monochrome) come from these numbers, so they
//! cannot drift apart; `src/web/assets/icons.rs` embeds what this writes to `OUT_DIR`.
//!
//! Each icon is checked here as it is drawn: the maskable and apple-touch
//! icons are opaque (and written as RGB, with no alpha channel), and no
//! maskable artwork lies outside the safe zone, the centred circle whose
//! diameter is 80 % of the icon (W3C Manifest, "maskable icons"). A broken
//! icon fails the build.

use std::error::Error;
use std::path::Path;

use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Transform};

/// The drawing's coordinate box: every number below is in a 64 × 64 square.
const BOX: f32 = 64.0;
/// The spade, as absolute SVG path commands `M`, `L`, `C` and `Z` only (its
/// lobes' arcs written as cubics), so that the SVG and the rasteriser read
/// the same numbers.
const SPADE: &str = "M32 12C26 20 16 26 16 35\
    C16.17 38.23 18.07 41.13 20.96 42.57C23.86 44.02 27.31 43.8 30 42\
    L27 52L37 52L34 42\
    C36.69 43.8 40.14 44.02 43.04 42.57C45.93 41.13 47.83 38.23 48 35\
    C48 26 38 20 32 12Z";
/// The tile's corner radius where the icon is its own shape (SVG, 192, 512).
const CORNER: f32 = 12.0;
/// The tile: the site's theme colour.
const BACKGROUND: [u8; 3] = [0x0b, 0x5c, 0xad];
/// The spade.
const FOREGROUND: [u8; 3] = [0xff, 0xff, 0xff];
/// The maskable safe zone's radius, as a share of the icon's side.
const SAFE_RADIUS: f32 = 0.4;

/// How an icon places the spade.
#[derive(Clone, Copy, PartialEq)]
enum Layout {
    /// A rounded tile with transparent corners: the icon is its own shape.
    Tile,
    /// A full-bleed square (no transparency) for a launcher that cuts its own shape.
    FullBleed,
    /// The spade alone, white on transparent, for a launcher that tints it.
    Silhouette,
}

/// One PNG: its file name in `OUT_DIR`, its side in pixels, and its layout.
const PNGS: [(&str, u32, Layout); 5] = [
    ("icon-192.png", 192, Layout::Tile),
    ("icon-512.png", 512, Layout::Tile),
    ("icon-maskable-512.png", 512, Layout::FullBleed),
    ("apple-touch-icon.png", 180, Layout::FullBleed),
    ("icon-monochrome-512.png", 512, Layout::Silhouette),
];

/// Writes `icon.svg` and every PNG of [`PNGS`] to `out`.
pub fn write(out: &Path) -> Result<(), Box<dyn Error>> {
    std::fs::write(out.join("icon.svg"), svg())?;
    let spade = parse(SPADE)?;
    for (name, size, layout) in PNGS {
        let pixmap = draw(&spade, size, layout)?;
        let bytes = if layout == Layout::FullBleed {
            check_safe_zone(&pixmap)?;
            encode_rgb(&pixmap)?
        } else {
            pixmap.encode_png()?
        };
        std::fs::write(out.join(name), bytes)?;
    }
    Ok(())
}

fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The SVG icon: the rounded tile with the spade.
fn svg() -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {BOX} {BOX}\">\
         <rect width=\"{BOX}\" height=\"{BOX}\" rx=\"{CORNER}\" fill=\"{}\"/>\
         <path d=\"{SPADE}\" fill=\"{}\"/></svg>\n",
        hex(BACKGROUND),
        hex(FOREGROUND)
    )
}

/// Reads the path subset [`SPADE`] is written in.
fn parse(d: &str) -> Result<tiny_skia::Path, Box<dyn Error>> {
    let mut pb = PathBuilder::new();
    let mut cmd = ' ';
    let mut nums: Vec<f32> = Vec::new();
    let mut flush = |cmd: char, nums: &mut Vec<f32>| -> Result<(), Box<dyn Error>> {
        match (cmd, nums.as_slice()) {
            (' ', []) => {}
            ('M', [x, y]) => pb.move_to(*x, *y),
            ('L', [x, y]) => pb.line_to(*x, *y),
            ('C', [a, b, c, d, x, y]) => pb.cubic_to(*a, *b, *c, *d, *x, *y),
            ('Z', []) => pb.close(),
            _ => return Err(format!("icon path: {cmd} {nums:?}").into()),
        }
        nums.clear();
        Ok(())
    };
    let mut number = String::new();
    for ch in d.chars().chain(std::iter::once(' ')) {
        if ch.is_ascii_digit() || ch == '.' || (ch == '-' && number.is_empty()) {
            number.push(ch);
            continue;
        }
        if !number.is_empty() {
            nums.push(number.parse()?);
            number.clear();
        }
        if ch == '-' {
            number.push(ch);
        } else if ch.is_ascii_alphabetic() {
            flush(cmd, &mut nums)?;
            cmd = ch;
        }
    }
    flush(cmd, &mut nums)?;
    pb.finish().ok_or_else(|| "icon path is empty".into())
}

/// A rounded square of side [`BOX`] with corner radius `r` (cubic arcs).
fn rounded_tile(r: f32) -> Option<tiny_skia::Path> {
    let k = r * 0.552_284_8;
    let s = BOX;
    let mut pb = PathBuilder::new();
    pb.move_to(r, 0.0);
    pb.line_to(s - r, 0.0);
    pb.cubic_to(s - r + k, 0.0, s, r - k, s, r);
    pb.line_to(s, s - r);
    pb.cubic_to(s, s - r + k, s - r + k, s, s - r, s);
    pb.line_to(r, s);
    pb.cubic_to(r - k, s, 0.0, s - r + k, 0.0, s - r);
    pb.line_to(0.0, r);
    pb.cubic_to(0.0, r - k, r - k, 0.0, r, 0.0);
    pb.close();
    pb.finish()
}

fn paint([r, g, b]: [u8; 3]) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color_rgba8(r, g, b, 255);
    p.anti_alias = true;
    p
}

/// Draws the spade on a `size` × `size` icon.
fn draw(spade: &tiny_skia::Path, size: u32, layout: Layout) -> Result<Pixmap, Box<dyn Error>> {
    let mut pixmap = Pixmap::new(size, size).ok_or("icon size")?;
    let scale = size as f32 / BOX;
    let to_pixels = Transform::from_scale(scale, scale);
    let [r, g, b] = BACKGROUND;
    match layout {
        Layout::Tile => {
            let tile = rounded_tile(CORNER).ok_or("icon tile")?;
            pixmap.fill_path(
                &tile,
                &paint(BACKGROUND),
                FillRule::Winding,
                to_pixels,
                None,
            );
        }
        Layout::FullBleed => pixmap.fill(Color::from_rgba8(r, g, b, 255)),
        Layout::Silhouette => {}
    }
    pixmap.fill_path(
        spade,
        &paint(FOREGROUND),
        FillRule::Winding,
        to_pixels,
        None,
    );
    Ok(pixmap)
}

/// Every pixel outside the safe zone is the plain background: no part of
/// the spade (nor its anti-aliased edge) can be cut off by a launcher's mask.
fn check_safe_zone(pixmap: &Pixmap) -> Result<(), Box<dyn Error>> {
    let size = pixmap.width() as f32;
    let (centre, radius) = (size / 2.0, SAFE_RADIUS * size);
    let [r, g, b] = BACKGROUND;
    for (i, p) in pixmap.pixels().iter().enumerate() {
        let x = (i as u32 % pixmap.width()) as f32 + 0.5 - centre;
        let y = (i as u32 / pixmap.width()) as f32 + 0.5 - centre;
        let background = (p.red(), p.green(), p.blue(), p.alpha()) == (r, g, b, 255);
        if p.alpha() != 255 || (x.hypot(y) > radius && !background) {
            return Err(format!("maskable icon: pixel {i} outside the safe zone").into());
        }
    }
    Ok(())
}

/// An opaque icon as an RGB PNG: no alpha channel for a home screen to fill black.
fn encode_rgb(pixmap: &Pixmap) -> Result<Vec<u8>, Box<dyn Error>> {
    let rgb: Vec<u8> = pixmap
        .pixels()
        .iter()
        .flat_map(|p| [p.red(), p.green(), p.blue()])
        .collect();
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(out)
}
