/*!
The languages lovbok speaks to people in: Norwegian bokmål and Danish. One
type for the whole crate: the interface strings (`web::i18n`, whose tables
hang off it as [`Lang::strings`]) and the calculators' words
(`rules::words`) are both looked up by it; English, the API's and the CLI's,
is no `Lang` but the absence of one (`Option<Lang>` is `None`).
*/

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// Norwegian Bokmål, the default.
    #[default]
    Nb,
    /// Danish.
    Da,
}

impl Lang {
    /// Both languages.
    pub const ALL: [Lang; 2] = [Lang::Nb, Lang::Da];

    /// The BCP 47 code (`nb`, `da`), as in `lang` attributes.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Nb => "nb",
            Lang::Da => "da",
        }
    }

    /// The language with this code; `no` and `nn` count as Norwegian.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next().unwrap_or("").trim();
        if ["nb", "no", "nn"]
            .iter()
            .any(|c| primary.eq_ignore_ascii_case(c))
        {
            Some(Lang::Nb)
        } else if primary.eq_ignore_ascii_case("da") {
            Some(Lang::Da)
        } else {
            None
        }
    }

    /// The other language (what the switch offers).
    pub fn other(self) -> Lang {
        match self {
            Lang::Nb => Lang::Da,
            Lang::Da => Lang::Nb,
        }
    }
}
