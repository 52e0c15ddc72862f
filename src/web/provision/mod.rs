/*!
`/p/{cite}`: a provision's page, the whole top-level provision the cite
lies in with the cited one marked as current.

The page is a list of sections, each built by a function of its own from
where the page stands ([`At`]): the head (breadcrumbs, the current
provision's name, the "only this" switch, the book and pages), the text
([`text`]), what the source lacks for a title-only law and the 2017
paragraphs the subject index names under it ([`governing`]), the parallel texts,
the subjects of lovbok's index, what the other book says beside it and the
X-sections it extends or is extended by, the published rulings that apply
it (`web::rulings`), "Henvist fra", the calculator and
the neighbours. Templates escape every field; the only `|safe` values are
HTML built by `web::render`, which escapes all corpus text itself.
*/

mod governing;
mod sections;
mod text;

use askama::Template;

use crate::corpus::Kind;

use super::calc::CalcView;
use super::chrome::{Chrome, UiContext};
use super::i18n::{Lang, Strings};
use super::parallel::ParallelView;
use super::rulings::RulingView;
use super::site::Site;
use super::subjects::SubjectChip;
use super::views::LinkView;

use governing::GoverningView;
use sections::{AbsentView, BesideView, CitedView, HeadView};
use text::{Node, TextView};

/// The query parameter that shows only the requested provision (`?vis=denne`:
/// "show = this one").
pub const ONLY_PARAM: &str = "vis";
/// Its value.
pub const ONLY_VALUE: &str = "denne";

/// Where a provision page stands: the provision it opens at, the top-level
/// provision it shows, the path between them, and the reader's language.
pub(crate) struct At<'a> {
    site: &'a Site,
    /// The provision the cite names (the current one).
    idx: usize,
    /// Its top-level provision, which the page shows whole.
    top_idx: usize,
    /// The provisions from the top down to the current one.
    path: Vec<usize>,
    ui: Lang,
    t: &'static Strings,
}

impl<'a> At<'a> {
    fn new(site: &'a Site, idx: usize, ui: Lang) -> At<'a> {
        let kb = site.kb();
        At {
            site,
            idx,
            top_idx: kb.top_of(idx),
            path: kb.corpus().path_of(idx),
            ui,
            t: ui.strings(),
        }
    }
}

/// `/p/{cite}`: the whole top-level provision the cite lies in.
#[derive(Template)]
#[template(path = "provision.html")]
pub struct ProvisionPage {
    pub chrome: Chrome,
    pub head: HeadView,
    pub text: TextView,
    pub absent: Option<AbsentView>,
    /// For a title-only law: its 2017 paragraphs and the subjects each
    /// decides, from the subject index (`governing`).
    pub governing: Option<GoverningView>,
    /// The same cite in the other editions or languages of the Laws
    /// (`web::parallel`); shown at the top, as the supplied text, when the
    /// built-in text is absent (`supplied`), else beside the text.
    pub parallels: Vec<ParallelView>,
    pub supplied: bool,
    /// The subjects of lovbok's index that name the provision.
    pub subjects: Vec<SubjectChip>,
    pub beside: BesideView,
    /// The published rulings and commentary that apply the provision or
    /// its parts ("Kjennelser og kommentarer (N)").
    pub rulings: Vec<RulingView>,
    pub rulings_heading: String,
    pub cited: CitedView,
    /// The calculator of the current provision (`templates/calc.html`).
    pub calc: Option<CalcView>,
    /// The edition change marks ("endret i 2027-utgaven") from `diff`: one
    /// line per change of the provision.
    pub change_marks: Vec<String>,
    pub prev: Option<LinkView>,
    pub next: Option<LinkView>,
}

impl Site {
    /// The page of provision `idx`: its whole top-level provision, with `idx`
    /// marked as the current one; with `only`, the other provisions hidden
    /// but the headings above `idx`.
    pub fn provision_page(
        &self,
        ctx: &UiContext,
        idx: usize,
        only: bool,
    ) -> Result<String, askama::Error> {
        self.provision_page_with(ctx, idx, only, &[])
    }

    /// The page of provision `idx` with its calculator's inputs from the
    /// page's query string (`?tables=13&results=6&mp=7,5`), computed on the
    /// server: the form's path without JavaScript.
    pub fn provision_page_with(
        &self,
        ctx: &UiContext,
        idx: usize,
        only: bool,
        query: &[(String, String)],
    ) -> Result<String, askama::Error> {
        let ui = ctx.lang;
        let at = At::new(self, idx, ui);
        let current = self.kb().corpus().at(idx);
        let cited = self.cited_view(&at);
        let parallels = self.parallel_views(idx, ui);
        let (prev, next) = self.kb().neighbours(idx);
        let rulings = self.rulings_here(idx, ui);
        ProvisionPage {
            chrome: Chrome::new(&self.frame(), ctx, ""),
            head: self.head_view(&at, only),
            text: self.text_view(&at),
            absent: (!current.in_corpus).then(|| self.absent_view(&at)),
            governing: self.governing_view(&at),
            supplied: !current.in_corpus && parallels.iter().any(|v| v.has_text),
            parallels,
            subjects: self.subject_chips(idx, ui),
            beside: self.beside_view(&at, &cited.groups),
            rulings_heading: super::i18n::fill(
                at.t.rulings_here,
                &[("n", &rulings.len().to_string())],
            ),
            rulings,
            cited,
            calc: self.calc_view(&current.id, query, ui),
            change_marks: self.change_marks(idx, ui),
            prev: prev.map(|i| self.link_view(i)),
            next: next.map(|i| self.link_view(i)),
        }
        .render()
    }
}

/// The name of "the whole" of a top-level provision of `kind`, for the
/// "only this / the whole" switch.
fn whole_text(t: &'static Strings, kind: Kind) -> &'static str {
    match kind {
        Kind::Law => t.whole_law,
        Kind::Section => t.whole_section,
        Kind::Extension => t.whole_extension,
        Kind::Definitions => t.whole_definitions,
        _ => t.whole_text,
    }
}
