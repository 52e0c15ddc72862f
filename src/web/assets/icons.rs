/*!
The app icons, drawn at build time from one spade (`build/icons.rs`) and
embedded here, so that every home screen finds the size and shape it asks
for: the SVG for browsers that take any size, PNG 192 and 512, a maskable
icon whose spade lies inside the safe zone on a full-bleed tile, an opaque
apple-touch-icon, and a white silhouette for launchers that tint icons.
[`super`] serves them under fingerprinted names and lists them in
the web app manifest.
*/

/// The SVG icon (`sizes: any`): the rounded tile with the spade.
pub const SVG: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/icon.svg"));

/// One generated PNG icon.
#[derive(Debug)]
pub struct PngIcon {
    /// Its file name (the fingerprinted URL is made from it).
    pub name: &'static str,
    /// Its side in pixels, as the manifest's `sizes` states it.
    pub size: u32,
    /// The manifest's `purpose`, or `None` for an icon the manifest does not
    /// list (the apple-touch-icon, which iOS finds by a `<link>`).
    pub purpose: Option<&'static str>,
    /// The PNG file.
    pub bytes: &'static [u8],
}

/// The name of the icon iOS puts on its home screen.
pub const APPLE_TOUCH: &str = "apple-touch-icon.png";

macro_rules! png {
    ($name:literal, $size:literal, $purpose:expr) => {
        PngIcon {
            name: $name,
            size: $size,
            purpose: $purpose,
            bytes: include_bytes!(concat!(env!("OUT_DIR"), "/", $name)),
        }
    };
}

/// Every PNG icon, in the order the manifest lists them.
pub static PNGS: [PngIcon; 5] = [
    png!("icon-192.png", 192, Some("any")),
    png!("icon-512.png", 512, Some("any")),
    png!("icon-maskable-512.png", 512, Some("maskable")),
    png!("icon-monochrome-512.png", 512, Some("monochrome")),
    png!("apple-touch-icon.png", 180, None),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// A PNG's width, height and colour type, read from its IHDR chunk.
    fn ihdr(png: &[u8]) -> Option<(u32, u32, u8)> {
        let be = |at: usize| -> Option<u32> {
            Some(u32::from_be_bytes(png.get(at..at + 4)?.try_into().ok()?))
        };
        let signature = png.get(..8)? == b"\x89PNG\r\n\x1a\n";
        let first_chunk = png.get(12..16)? == b"IHDR" && be(8)? == 13;
        (signature && first_chunk).then_some((be(16)?, be(20)?, *png.get(25)?))
    }

    #[test]
    fn each_png_is_the_size_it_states() {
        for icon in &PNGS {
            let (w, h, _) = ihdr(icon.bytes).unwrap_or_else(|| panic!("{} is no PNG", icon.name));
            assert_eq!((w, h), (icon.size, icon.size), "{}", icon.name);
        }
    }

    #[test]
    fn the_opaque_icons_have_no_alpha_channel_and_the_others_do() {
        const RGB: u8 = 2;
        const RGBA: u8 = 6;
        for icon in &PNGS {
            let opaque = icon.name == APPLE_TOUCH || icon.purpose == Some("maskable");
            let colour = ihdr(icon.bytes).map(|(_, _, c)| c);
            assert_eq!(
                colour,
                Some(if opaque { RGB } else { RGBA }),
                "{}",
                icon.name
            );
        }
        assert!(PNGS.iter().any(|i| i.name == APPLE_TOUCH && i.size == 180));
    }

    #[test]
    fn the_svg_is_the_same_drawing() {
        let svg = std::str::from_utf8(SVG).unwrap_or_default();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.contains("fill=\"#0b5cad\"") && svg.contains("<path d=\"M32 12C"));
    }
}
