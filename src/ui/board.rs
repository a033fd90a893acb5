//! The oval board: two rows of nine houses and the two kazans between them.
//!
//! The board only draws what it is given and reports clicks; it knows no rule. The play
//! screen, the replay and the tutorial feed it a position, an orientation and highlights; the
//! editor, a selection and the place a problem is about.
//!
//! It is the only writer of its markup: a screen changes how a house or a kazan looks through
//! the board's props (a new look is a new prop), never by finding the board's elements.

use leptos::prelude::*;
use toguz_engine::{BySide, House, Position, Side, Square, WIN};

use crate::i18n::*;
use crate::services::words::text;
use toguz_app_core::anim::{Frame, Step};
use toguz_app_core::editor::Spot;
pub use toguz_app_core::highlights::{Highlights, SquareSet};
use toguz_app_core::keys::{grid_cell, near_side};

use toguz_app_core::markup::escape;

/// Korgools drawn as balls in a house; past this the pile stops growing (the number is
/// always shown).
pub const HOUSE_BALLS: u8 = 40;
/// Korgools drawn as balls in a kazan.
pub const KAZAN_BALLS: u8 = 162;
/// Past this many korgools a kazan draws them smaller (five rows on a phone).
const KAZAN_MANY: u8 = 60;
/// Past this many, smaller still (the counts at the end of a game, up to 162).
const KAZAN_FULL: u8 = 100;

fn side_key(side: Side) -> char {
    side.letter()
}

/// The oval board of a position.
///
/// Every house is a button with `data-testid="house-{w|b}-{1..9}"` whose text includes its
/// count (also in `data-count`); the kazans are `kazan-w` and `kazan-b`. The board element
/// carries the position string in `data-position` (always the engine's position, even while
/// an animation frame is drawn) and `data-animating="true"` while a frame is drawn.
#[component]
pub fn Board(
    /// The position to draw.
    #[prop(into)]
    position: Signal<Position>,
    /// When true, Black's row is at the bottom.
    #[prop(into, optional)]
    flipped: Signal<bool>,
    /// Playable houses, landing preview and last move.
    #[prop(into, optional)]
    highlights: Signal<Highlights>,
    /// Called with the square of a clicked house, whether or not it can be played.
    #[prop(into, optional)]
    on_house: Option<Callback<Square>>,
    /// An animation frame drawn instead of the position's counts (see [`toguz_app_core::anim`]).
    #[prop(into, optional)]
    frame: Signal<Option<Frame>>,
    /// Called with the house under the pointer (or pressed), and `None` when it leaves.
    #[prop(into, optional)]
    on_hover: Option<Callback<Option<Square>>>,
    /// True while an animation runs (`data-animating`); by default, while a frame is drawn.
    #[prop(into, optional)]
    animating: Option<Signal<bool>>,
    /// Called on a click anywhere on the board while animating (to skip to the end).
    #[prop(into, optional)]
    on_skip: Option<Callback<()>>,
    // -- tutorial: marks and the counting of a sowing --
    /// Houses marked (`house--marked`), e.g. a row a lesson points at or an answer.
    #[prop(into, optional)]
    marked: Signal<SquareSet>,
    /// A number shown on each house (0: none): the tutorial shows the count of each drop.
    #[prop(into, optional)]
    drop_numbers: Signal<[u8; 18]>,
    /// Both kazans marked (`kazan--marked`): the lesson that presents them.
    #[prop(into, optional)]
    marked_kazans: Signal<bool>,
    // -- editor: the selection and what is wrong --
    /// The selected house or kazan (`house--selected`, `kazan--selected`, with
    /// `aria-current="true"`).
    #[prop(into, optional)]
    selected: Signal<Option<Spot>>,
    /// The house or kazan a problem is about (`house--error`, `kazan--error`).
    #[prop(into, optional)]
    error_at: Signal<Option<Spot>>,
    /// The players' names, each shown by its side's kazan instead of the side's word (cut
    /// with an ellipsis when long, whole in its tooltip and for screen readers).
    #[prop(into, optional)]
    names: Signal<BySide<Option<String>>>,
    /// The board's `data-testid` (`board` when not given; the puzzles' is `puzzle-board`).
    #[prop(optional)]
    testid: Option<&'static str>,
) -> impl IntoView {
    let i18n = use_i18n();
    let shown = Memo::new(move |_| frame.get().unwrap_or_else(|| Frame::of(&position.get())));
    let animating = Memo::new(move |_| match animating {
        Some(a) => a.get(),
        None => frame.with(Option::is_some),
    });
    // Roving focus: one house is in the Tab order (the last one focused, at first the first
    // playable house); the arrows move between houses as they are drawn.
    let focused = RwSignal::new(None::<Square>);
    // Whether that focus came from the keyboard (or a script after it): only then are the arrows
    // the board's. On a house just pressed with a pointer they are the screen's (its moves).
    let keyboard_focus = StoredValue::new(true);
    // What every house shows, in the squares' index order (the houses' order in the page):
    // drawn whole as the board is built, then kept up by one effect.
    //
    // The Tab stop is found here, not in a memo of `highlights` read beside `highlights`: with
    // reactive_graph 0.2.16 this effect, reading that memo first, did not run again when only a
    // highlight changed (a hover's preview; the wasm test `a_preview_alone_marks_its_landing_house`).
    // Such a diamond of memos is a known weak spot (leptos-rs/leptos#3252).
    let views = move || -> [HouseView; 18] {
        let flipped = flipped.get();
        let highlights = highlights.get();
        let tab_stop = focused.get().unwrap_or_else(|| {
            Square::ALL
                .into_iter()
                .find(|&sq| highlights.playable.contains(sq))
                .unwrap_or(Square::new(near_side(flipped), House::ALL[0]))
        });
        let locale = i18n.get_locale();
        let marked = marked.get();
        let drops = drop_numbers.get();
        let selected = selected.get();
        let error_at = error_at.get();
        shown.with(|f| {
            Square::ALL.map(|square| {
                let cell = grid_cell(square, flipped);
                let tuz_owner = f.tuz_owner(square);
                HouseView {
                    look: HouseLook {
                        playable: highlights.playable.contains(square),
                        preview: highlights.preview == Some(square),
                        last_from: highlights.last_from == Some(square),
                        last_to: highlights.last_to == Some(square),
                        hint: highlights.hint == Some(square),
                        tuz: tuz_owner.is_some(),
                        active: f.step.square() == Some(square),
                        marked: marked.contains(square),
                        far: cell.0 == 1,
                        selected: selected == Some(Spot::House(square)),
                        error: error_at == Some(Spot::House(square)),
                    },
                    count: f.at(square),
                    tuz_owner,
                    tab_stop: tab_stop == square,
                    cell,
                    drop_number: drops[square.index()],
                    locale,
                }
            })
        })
    };
    let first = untrack(views);
    let houses = NodeRef::<leptos::html::Div>::new();
    // What the page shows: the effect compares with it and writes only what changed.
    let drawn = std::cell::Cell::new(first);
    Effect::new(move |_| {
        let now = views();
        let Some(el) = houses.get() else { return };
        let was = drawn.replace(now);
        let cells = el.children();
        for ((square, was), now) in Square::ALL.into_iter().zip(&was).zip(&now) {
            if was != now {
                if let Some(house) = cells.item(square.index() as u32) {
                    now.update(was, square, &house);
                }
            }
        }
    });
    let markup: String = Square::ALL
        .iter()
        .zip(&first)
        .map(|(&square, view)| view.house(square))
        .collect();
    let kazans = kazans(shown, flipped, marked_kazans, selected, error_at, names);
    // The houses' events, listened to once on the board rather than by each of its 18 houses
    // (126 listeners used to lengthen the mount's long task). `hovered` is the house
    // last reported to `on_hover`, so that moving between a house's own parts reports nothing.
    let hovered = StoredValue::new(None::<Square>);
    let hover = move |square: Option<Square>| {
        // A pointer leaving (or the focus going) as the board is taken off the page comes
        // after its values are gone: nothing to tell then.
        let changed = hovered.try_update_value(|h| std::mem::replace(h, square) != square);
        if changed == Some(true) {
            if let Some(cb) = on_hover {
                cb.run(square);
            }
        }
    };
    view! {
        <div
            class="board"
            class:board--flipped=move || flipped.get()
            data-testid=testid.unwrap_or("board")
            data-position=move || position.get().to_string()
            data-animating=move || animating.get().to_string()
            role="group"
            aria-label=text(move || t_string!(i18n, common.board_label))
            on:click:capture=move |ev| {
                if animating.get_untracked() {
                    ev.stop_propagation();
                    ev.prevent_default();
                    if let Some(cb) = on_skip {
                        cb.run(());
                    }
                }
            }
            on:click=move |ev| {
                if let (Some(square), Some(cb)) = (house_of(&ev), on_house) {
                    cb.run(square);
                }
            }
            on:keydown=move |ev| {
                if keyboard_focus.get_value() {
                    arrow_key(&ev, flipped.get_untracked());
                }
            }
            // Over the board's frame or a kazan, no house is under the pointer.
            on:pointerover=move |ev| hover(house_of(&ev))
            on:pointerdown=move |ev| hover(house_of(&ev))
            on:pointerleave=move |_| hover(None)
            on:focusin=move |ev| {
                let square = house_of(&ev);
                if square.is_some() {
                    focused.set(square);
                    keyboard_focus.set_value(focus_visible(&ev));
                }
                hover(square);
            }
            on:focusout=move |_| hover(None)
        >
            // The 18 houses, parsed from one markup string (`HouseView::house`); the wrapper
            // is `display: contents`, so they are cells of the board's grid.
            <div class="board__houses" node_ref=houses inner_html=markup></div>
            {kazans}
            <Hand shown=shown flipped=flipped />
        </div>
    }
}

/// Both kazans, each with its marks.
fn kazans(
    shown: Memo<Frame>,
    flipped: Signal<bool>,
    marked: Signal<bool>,
    selected: Signal<Option<Spot>>,
    error_at: Signal<Option<Spot>>,
    names: Signal<BySide<Option<String>>>,
) -> impl IntoView {
    Side::ALL
        .map(|side| {
            let spot = Spot::Kazan(side);
            view! {
                <Kazan
                    side=side
                    shown=shown
                    flipped=flipped
                    marked=marked
                    selected=Signal::derive(move || selected.get() == Some(spot))
                    error=Signal::derive(move || error_at.get() == Some(spot))
                    name=Signal::derive(move || names.with(|n| n[side].clone()))
                />
            }
        })
        .collect_view()
}

/// Whether the element just focused shows its focus ring: the browser's own judgement of a
/// focus from the keyboard rather than a pointer's press.
fn focus_visible(ev: &web_sys::FocusEvent) -> bool {
    use wasm_bindgen::JsCast;
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_none_or(|el| el.matches(":focus-visible").unwrap_or(true))
}

/// An arrow key (or Home, End) on a house moves the focus to the house it points at, as the
/// board is drawn.
fn arrow_key(ev: &web_sys::KeyboardEvent, flipped: bool) {
    // The key first: most keys are not the board's, and need no lookup.
    let target = toguz_app_core::keys::NavKey::from_key(&ev.key()).and_then(|key| {
        let square = house_of(ev)?;
        toguz_app_core::keys::nav_target(square, key, flipped)
    });
    if let Some(target) = target {
        ev.prevent_default();
        focus_house(ev, target);
    }
}

/// The house or kazan of a board's element (the element itself or one of its parents): for a
/// screen that follows a pointer over the board, as the editor's drag does.
pub fn spot_at(element: &web_sys::Element) -> Option<Spot> {
    let el = element.closest("[data-square], [data-kazan]").ok()??;
    if let Some(index) = el.get_attribute("data-square") {
        return Square::from_index(index.parse().ok()?).map(Spot::House);
    }
    Side::ALL
        .into_iter()
        .find(|&s| el.get_attribute("data-kazan") == Some(side_key(s).to_string()))
        .map(Spot::Kazan)
}

/// The square of the house an event happened in, from the house's `data-square` (its index).
fn house_of(ev: &web_sys::Event) -> Option<Square> {
    use wasm_bindgen::JsCast;
    let house = ev
        .target()?
        .dyn_into::<web_sys::Element>()
        .ok()?
        .closest("[data-square]")
        .ok()??;
    let index: usize = house.get_attribute("data-square")?.parse().ok()?;
    Square::from_index(index)
}

/// What a house shows, as one value: the board draws it whole at first, then writes only what
/// changed.
#[derive(Clone, Copy, Debug, PartialEq)]
struct HouseView {
    look: HouseLook,
    count: u8,
    tuz_owner: Option<Side>,
    tab_stop: bool,
    cell: (u8, u8),
    drop_number: u8,
    locale: Locale,
}

impl HouseView {
    /// The house's content: its name (owner, number, count, tuz: an aria-label would differ
    /// from the visible number and count), number, pile, count, tuz mark and drop number.
    ///
    /// One markup string set as the house's `innerHTML`: the browser builds a house in one call,
    /// where views cost calls from wasm for each element, text and placeholder, and a reactive
    /// node for each changing part (the start position has 162 korgools, and the 18
    /// houses were most of the mount's long task). Only the name and the tuz mark's word come
    /// from the translations, and they are escaped.
    fn markup(&self, square: Square) -> String {
        let name =
            crate::services::words::house_name(self.locale, square, self.count, self.tuz_owner);
        let mut html = format!(
            r#"<span class="visually-hidden">{}</span><span class="house__number" aria-hidden="true">{}</span><span class="house__pile" aria-hidden="true">{}</span><span class="house__count" aria-hidden="true">{}</span>"#,
            escape(&name),
            square.house(),
            balls(self.count.min(HOUSE_BALLS)),
            self.count,
        );
        if let Some(owner) = self.tuz_owner {
            let word = td_string!(self.locale, common.tuz_mark);
            html.push_str(&format!(
                r#"<span class="tuz-mark tuz-mark--{}" aria-hidden="true">{}</span>"#,
                side_key(owner),
                escape(word)
            ));
        }
        if self.drop_number > 0 {
            html.push_str(&format!(
                r#"<span class="house__drop" data-testid="drop-number">{}</span>"#,
                self.drop_number
            ));
        }
        html
    }

    /// The whole house: a `<button>` with its attributes and [`HouseView::markup`].
    ///
    /// The board's 18 houses are one markup string that the browser parses in one call: built
    /// as views they cost a call from wasm for each element and attribute, and reactive nodes
    /// for each house (the houses were once a quarter of the first visit's mount as
    /// Lighthouse traces it). The board listens to their events.
    fn house(&self, square: Square) -> String {
        format!(
            r#"<button type="button" data-testid="house-{}-{}" data-square="{}" class="{}"{} aria-disabled="{}" tabindex="{}" style="{}" data-count="{}">{}</button>"#,
            side_key(square.side()),
            square.house(),
            square.index(),
            self.look.class(square.side()),
            if self.look.selected {
                r#" aria-current="true""#
            } else {
                ""
            },
            aria_disabled(self.look),
            tabindex(self.tab_stop),
            grid_style(self.cell),
            self.count,
            self.markup(square),
        )
    }

    /// Writes to `house`, which shows `was`, the attributes that differ in `self`, and the
    /// content when a count, a mark or the language changed.
    fn update(&self, was: &HouseView, square: Square, house: &web_sys::Element) {
        let set = |name: &str, value: &str| {
            let _ = house.set_attribute(name, value);
        };
        if was.look != self.look {
            set("class", &self.look.class(square.side()));
            set("aria-disabled", aria_disabled(self.look));
        }
        if was.look.selected != self.look.selected {
            if self.look.selected {
                set("aria-current", "true");
            } else {
                let _ = house.remove_attribute("aria-current");
            }
        }
        if was.tab_stop != self.tab_stop {
            set("tabindex", tabindex(self.tab_stop));
        }
        if was.cell != self.cell {
            set("style", &grid_style(self.cell));
        }
        if was.count != self.count {
            set("data-count", &self.count.to_string());
        }
        let content = |v: &HouseView| (v.count, v.tuz_owner, v.drop_number, v.locale);
        if content(was) != content(self) {
            house.set_inner_html(&self.markup(square));
        }
    }
}

/// A house's `aria-disabled`: true unless it can be played.
fn aria_disabled(look: HouseLook) -> &'static str {
    if look.playable {
        "false"
    } else {
        "true"
    }
}

/// A house's `tabindex`: in the Tab order only as the board's roving focus stop.
fn tabindex(tab_stop: bool) -> &'static str {
    if tab_stop {
        "0"
    } else {
        "-1"
    }
}

/// A house's place in the board's grid, as its `style`.
fn grid_style((row, col): (u8, u8)) -> String {
    format!("grid-row:{row};grid-column:{col}")
}

/// The marks of a house, as its classes show them (style/board.css).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct HouseLook {
    playable: bool,
    preview: bool,
    last_from: bool,
    last_to: bool,
    hint: bool,
    tuz: bool,
    active: bool,
    marked: bool,
    far: bool,
    selected: bool,
    error: bool,
}

impl HouseLook {
    /// The house's `class`: `house house--{w|b}`, then one class per mark.
    fn class(self, side: Side) -> String {
        let mut class = format!("house house--{}", side_key(side));
        let marks = [
            (self.far, "far"),
            (self.playable, "playable"),
            (!self.playable, "disabled"),
            (self.preview, "preview"),
            (self.last_from, "last-from"),
            (self.last_to, "last-to"),
            (self.tuz, "tuz"),
            (self.active, "active"),
            (self.hint, "hint"),
            (self.marked, "marked"),
            (self.selected, "selected"),
            (self.error, "error"),
        ];
        for (on, mark) in marks {
            if on {
                class.push_str(" house--");
                class.push_str(mark);
            }
        }
        class
    }
}

/// A kazan: the korgools a side has taken.
#[component]
fn Kazan(
    /// Whose kazan.
    side: Side,
    /// The counts to draw.
    shown: Memo<Frame>,
    /// Orientation of the board.
    flipped: Signal<bool>,
    /// Marked by a lesson.
    marked: Signal<bool>,
    /// Selected (in the editor).
    selected: Signal<bool>,
    /// What a problem is about (in the editor).
    error: Signal<bool>,
    /// The player's name, if known.
    name: Signal<Option<String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let count = Memo::new(move |_| shown.with(|f| f.kazan(side)));
    // Smaller korgools when many, so that every one shows (see board.css).
    let many = |n: u8| n > KAZAN_MANY;
    let receiving = Memo::new(move |_| {
        shown.with(|f| match f.step {
            Step::ThroughTuz(_, owner) => owner == side,
            Step::Capture { square, .. } | Step::Tuz(square) => square.side() != side,
            Step::Collect => true,
            _ => false,
        })
    });
    let row = move || {
        if side == near_side(flipped.get()) {
            3
        } else {
            2
        }
    };
    view! {
        <div
            class=move || {
                let n = count.get();
                let mut class = format!("kazan kazan--{}", side_key(side));
                for (on, mark) in [
                    (receiving.get(), " kazan--receiving"),
                    (marked.get(), " kazan--marked"),
                    (many(n), " kazan--many"),
                    (n > KAZAN_FULL, " kazan--full"),
                    (selected.get(), " kazan--selected"),
                    (error.get(), " kazan--error"),
                ] {
                    if on {
                        class.push_str(mark);
                    }
                }
                class
            }
            data-testid=format!("kazan-{}", side_key(side))
            data-kazan=side_key(side).to_string()
            aria-current=move || selected.get().then_some("true")
            data-count=move || count.get()
            style=move || format!("grid-row:{};grid-column:1 / -1", row())
        >
            <span class="visually-hidden">
                {text(move || crate::services::words::kazan_name(i18n.get_locale(), side, count.get()))}
                {move || name.get().map(|n| format!(" ({n})"))}
            </span>
            <span class="kazan__label" aria-hidden="true" title=move || name.get()>
                <span class="kazan__name" data-testid=format!("kazan-name-{}", side_key(side))>
                    {move || {
                        name.get()
                            .unwrap_or_else(|| {
                                crate::services::words::side(i18n.get_locale(), side).to_string()
                            })
                    }}
                </span>
            </span>
            <span
                class="kazan__pile"
                aria-hidden="true"
                inner_html=move || balls(count.get().min(KAZAN_BALLS))
            ></span>
            <span class="kazan__count" aria-hidden="true">{move || count.get()}</span>
            <span class="kazan__target" aria-hidden="true">{format!("/{WIN}")}</span>
            // How far this side is on the way to the 82 that win.
            <span
                class="kazan__progress"
                aria-hidden="true"
                style=move || {
                    // 0 to 1 (style/board.css scales the bar by it), in hundredths.
                    let percent = (u32::from(count.get()) * 100 / u32::from(WIN)).min(100);
                    format!("--progress:{}.{:02}", percent / 100, percent % 100)
                }
            ></span>
        </div>
    }
}

/// The korgools in the hand during a sowing, drawn over the house of the current step.
#[component]
fn Hand(
    /// The frame drawn.
    shown: Memo<Frame>,
    /// Orientation of the board.
    flipped: Signal<bool>,
) -> impl IntoView {
    let at = Memo::new(move |_| shown.with(|f| (f.hand, f.step.square())));
    move || {
        let (hand, square) = at.get();
        let square = square.filter(|_| hand > 0)?;
        // On the house itself, at its outer edge over the house's number: in the kazan's row
        // it hid the kazan's count or its "/82".
        let (row, col) = grid_cell(square, flipped.get());
        Some(view! {
            <div
                class="hand"
                class:hand--far=row == 1
                data-testid="hand"
                style=format!("grid-row:{row};grid-column:{col}")
                aria-hidden="true"
            >
                <span class="korgool"></span>
                <span class="hand__count">{hand}</span>
            </div>
        })
    }
}

/// Moves the focus to the house `square` of the board whose listener got `ev`.
fn focus_house(ev: &leptos::ev::KeyboardEvent, square: Square) {
    use wasm_bindgen::JsCast;
    let selector = format!("[data-square=\"{}\"]", square.index());
    if let Some(house) = ev
        .current_target()
        .and_then(|board| board.dyn_into::<web_sys::Element>().ok())
        .and_then(|board| board.query_selector(&selector).ok().flatten())
        .and_then(|house| house.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = house.focus();
    }
}

/// `n` korgools as markup, set as the pile's `innerHTML`: the browser parses a pile in one
/// call, where a view per korgool cost three calls from wasm each (the start position alone
/// has 162, which lengthened the mount's long task). Fixed markup, nothing from the player.
fn balls(n: u8) -> String {
    const KORGOOL: &str = r#"<span class="korgool"></span>"#;
    KORGOOL.repeat(usize::from(n))
}
