//! A picture of the board as SVG text: the houses with their korgools and counts, the two
//! kazans, the tuz marks, the last move, whose turn it is (or the result) and the app's name
//! small in a corner, in the player's colours. No browser: the host reads the theme's
//! colours and the words, and turns the text into a PNG or a GIF's frames.
//!
//! The picture is drawn on a fixed canvas of [`WIDTH`] x [`HEIGHT`] (the size messengers show
//! as a link's preview); [`svg`] scales it to any width. It uses no outside image or font
//! file, so a canvas that draws it is never tainted.

use std::fmt::Write;

use toguz_engine::{GameResult, Position, Side, Square, WIN};

use crate::anim::{self, Frame};
use crate::keys::grid_cell;
use crate::markup::escape;

/// The picture's width in its own units (and the PNG's in pixels).
pub const WIDTH: u32 = 1200;
/// The picture's height in its own units (and the PNG's in pixels).
pub const HEIGHT: u32 = 630;

/// The colours the picture takes from the app's theme: the custom properties of
/// style/tokens.css that the board uses, by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    colours: Vec<(&'static str, String)>,
}

/// The custom properties the picture reads, with their light theme's values (used for any
/// the page does not give, or gives in a form the picture does not take).
pub const THEME_VARS: [(&str, &str); 21] = [
    ("--c-page", "#f1e6d0"),
    ("--c-page-glow", "#fbf4e6"),
    ("--c-ink", "#2b1c10"),
    ("--c-ink-soft", "#6d5642"),
    ("--c-panel", "#fffaf0cc"),
    ("--c-wood-1", "#a86b38"),
    ("--c-wood-2", "#8a5229"),
    ("--c-wood-3", "#6b3b1b"),
    ("--c-wood-grain", "#00000014"),
    ("--c-wood-edge", "#4a260e"),
    ("--c-felt", "#3c2415"),
    ("--c-felt-2", "#2a170c"),
    ("--c-house-number", "#f3dcb5"),
    ("--c-count", "#fff6e6"),
    ("--c-korgool-hi", "#fffdf6"),
    ("--c-korgool", "#ead9b8"),
    ("--c-korgool-lo", "#9c7d4e"),
    ("--c-white-side", "#fbf3e2"),
    ("--c-white-side-ink", "#3a2716"),
    ("--c-black-side", "#231710"),
    ("--c-black-side-ink", "#f6e8d0"),
];

/// The highlight of the last move, the same in both themes.
const LAST: &str = "#ffd98a";
/// The kazan's way to 82.
const ACCENT: &str = "#e0a43a";
const FONT_UI: &str = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif";
const FONT_DISPLAY: &str = "'Iowan Old Style', 'Palatino Linotype', Palatino, Georgia, serif";

impl Default for Theme {
    fn default() -> Self {
        Theme::read(|_| None)
    }
}

impl Theme {
    /// The theme whose colours `lookup` gives by custom property name (the page's computed
    /// style). A missing value, or one that is not a plain colour, keeps the light theme's.
    pub fn read(lookup: impl Fn(&str) -> Option<String>) -> Theme {
        let colours = THEME_VARS
            .iter()
            .map(|&(name, light)| {
                let value = lookup(name)
                    .map(|v| v.trim().to_string())
                    .filter(|v| is_colour(v))
                    .unwrap_or_else(|| light.to_string());
                (name, value)
            })
            .collect();
        Theme { colours }
    }

    /// The colour of custom property `name`.
    fn get(&self, name: &str) -> &str {
        self.colours
            .iter()
            .find(|(n, _)| *n == name)
            .map_or("#000", |(_, v)| v.as_str())
    }
}

/// A colour as the picture takes it: a hex colour, or a colour function of numbers
/// (`rgb(…)`, `rgba(…)`, `hsl(…)`, …), nothing that could end an attribute or reach outside.
fn is_colour(value: &str) -> bool {
    let hex = value.strip_prefix('#').is_some_and(|h| {
        matches!(h.len(), 3 | 4 | 6 | 8) && h.chars().all(|c| c.is_ascii_hexdigit())
    });
    let function = value.split_once('(').is_some_and(|(name, rest)| {
        name.chars().all(|c| c.is_ascii_lowercase())
            && !name.is_empty()
            && rest.strip_suffix(')').is_some_and(|args| {
                args.chars()
                    .all(|c| c.is_ascii_alphanumeric() || " ,.%/-".contains(c))
            })
    });
    hex || function
}

/// The words of the picture, in the player's language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Words {
    /// The line at the top: whose turn it is, or the result.
    pub status: String,
    /// The line at the top right, if any (a GIF's frame: the move just played).
    pub caption: Option<String>,
    /// The kazans' labels.
    pub white: String,
    /// The kazans' labels.
    pub black: String,
    /// The word on a tuz.
    pub tuz: String,
    /// The app's name, small in the bottom right corner.
    pub app: String,
}

/// The dot before the status: the side to move (or the winner), or both halves for a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dot {
    /// One side's colour.
    Side(Side),
    /// Half White's, half Black's.
    Draw,
}

/// What the picture shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// The counts, kazans and tuzes (a position's, or an editor's setup, which may be
    /// illegal).
    pub frame: Frame,
    /// The side to move.
    pub turn: Side,
    /// The status's dot.
    pub dot: Option<Dot>,
    /// Black's row at the bottom, as the board is drawn.
    pub flipped: bool,
    /// The last move's start and end, marked as on the board.
    pub last: Option<(Square, Square)>,
}

impl Scene {
    /// A position as a screen's board shows it: the korgools collected at the end of a game
    /// emptied by the rules, the dot of the side to move, or once the game is over the
    /// winner's (both in a draw).
    pub fn of_position(
        position: &Position,
        flipped: bool,
        last: Option<(Square, Square)>,
    ) -> Scene {
        let dot = match position.end() {
            None => Dot::Side(position.turn()),
            Some(end) => match end.result {
                GameResult::Win(side) => Dot::Side(side),
                GameResult::Draw => Dot::Draw,
            },
        };
        Scene {
            frame: anim::collection(position).unwrap_or_else(|| Frame::of(position)),
            turn: position.turn(),
            dot: Some(dot),
            flipped,
            last,
        }
    }
}

// The layout, in the picture's units.
const MARGIN: f32 = 24.0;
const BOARD_TOP: f32 = 72.0;
const BOARD_BOTTOM: f32 = 598.0;
/// The houses' and kazans' area: drawn in from the oval's ends.
const INNER_LEFT: f32 = 154.0;
const INNER_WIDTH: f32 = 892.0;
const GAP: f32 = 8.0;
const HOUSE_W: f32 = (INNER_WIDTH - 8.0 * GAP) / 9.0;
const HOUSE_H: f32 = 173.0;
const KAZAN_H: f32 = 52.0;
const ROWS_TOP: f32 = 98.0;

/// The top of grid row `row` (1: the far houses, 2 and 3: the kazans, 4: the near houses).
fn row_top(row: u8) -> f32 {
    match row {
        1 => ROWS_TOP,
        2 => ROWS_TOP + HOUSE_H + GAP,
        3 => ROWS_TOP + HOUSE_H + KAZAN_H + 2.0 * GAP,
        _ => ROWS_TOP + HOUSE_H + 2.0 * KAZAN_H + 3.0 * GAP,
    }
}

/// The picture of `scene` as SVG text, `width` pixels wide (the height in proportion).
pub fn svg(scene: &Scene, words: &Words, theme: &Theme, width: u32) -> String {
    let height = width * HEIGHT / WIDTH;
    let mut s = String::with_capacity(32 * 1024);
    let _ = write!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {WIDTH} {HEIGHT}" data-turn="{turn}" font-family="{FONT_UI}">"#,
        turn = scene.turn.letter(),
    );
    defs(&mut s, theme);
    let _ = write!(
        s,
        r#"<rect width="{WIDTH}" height="{HEIGHT}" fill="url(#page)"/>"#
    );
    header(&mut s, scene, words, theme);
    board(&mut s, theme);
    for square in Square::ALL {
        house(&mut s, scene, square, words, theme);
    }
    for side in Side::ALL {
        kazan(&mut s, scene, side, words, theme);
    }
    let _ = write!(
        s,
        r#"<text x="{x}" y="{y}" text-anchor="end" font-family="{FONT_DISPLAY}" font-size="17" font-weight="700" fill="{ink}" data-testid="picture-app">{app}</text>"#,
        x = WIDTH as f32 - MARGIN,
        y = HEIGHT as f32 - 10.0,
        ink = theme.get("--c-ink-soft"),
        app = escape(&words.app),
    );
    s.push_str("</svg>");
    s
}

/// The gradients and the wood's grain.
fn defs(s: &mut String, t: &Theme) {
    let _ = write!(
        s,
        concat!(
            r#"<defs>"#,
            r#"<radialGradient id="page" cx="50%" cy="0%" r="90%"><stop offset="0" stop-color="{glow}"/><stop offset="1" stop-color="{page}"/></radialGradient>"#,
            r#"<linearGradient id="wood" x1="0.35" y1="0" x2="0.65" y2="1"><stop offset="0" stop-color="{w1}"/><stop offset="0.55" stop-color="{w2}"/><stop offset="1" stop-color="{w3}"/></linearGradient>"#,
            r#"<pattern id="grain" width="15" height="10" patternUnits="userSpaceOnUse"><rect x="6" width="2" height="10" fill="{grain}"/></pattern>"#,
            r#"<linearGradient id="felt" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="{f2}"/><stop offset="0.3" stop-color="{f1}"/><stop offset="0.7" stop-color="{f1}"/><stop offset="1" stop-color="{f2}"/></linearGradient>"#,
            r#"<radialGradient id="ball" cx="0.35" cy="0.3" r="0.7"><stop offset="0" stop-color="{k_hi}"/><stop offset="0.55" stop-color="{k}"/><stop offset="1" stop-color="{k_lo}"/></radialGradient>"#,
            r#"</defs>"#
        ),
        glow = t.get("--c-page-glow"),
        page = t.get("--c-page"),
        w1 = t.get("--c-wood-1"),
        w2 = t.get("--c-wood-2"),
        w3 = t.get("--c-wood-3"),
        grain = t.get("--c-wood-grain"),
        f1 = t.get("--c-felt"),
        f2 = t.get("--c-felt-2"),
        k_hi = t.get("--c-korgool-hi"),
        k = t.get("--c-korgool"),
        k_lo = t.get("--c-korgool-lo"),
    );
}

/// A side's colour and its ink (for a tuz mark and the dots).
fn side_colours(t: &Theme, side: Side) -> (&str, &str) {
    match side {
        Side::White => (t.get("--c-white-side"), t.get("--c-white-side-ink")),
        Side::Black => (t.get("--c-black-side"), t.get("--c-black-side-ink")),
    }
}

/// A guess at a text's width (no font to measure here): generous, so a box around it is
/// never too short.
fn text_width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * 0.62
}

/// The status (with its dot) at the top left, and the caption at the top right.
fn header(s: &mut String, scene: &Scene, words: &Words, t: &Theme) {
    let size = 24.0;
    let width = (text_width(&words.status, size) + 64.0).min(760.0);
    let _ = write!(
        s,
        r#"<rect x="{MARGIN}" y="14" width="{width}" height="46" rx="23" fill="{panel}"/>"#,
        panel = t.get("--c-panel"),
    );
    let (cx, cy, r) = (MARGIN + 26.0, 37.0, 9.0);
    match scene.dot {
        Some(Dot::Side(side)) => {
            let _ = write!(
                s,
                r##"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="#00000088" stroke-width="1.5" data-testid="picture-dot" data-side="{side}"/>"##,
                fill = side_colours(t, side).0,
                side = side.letter(),
            );
        }
        Some(Dot::Draw) => {
            let _ = write!(
                s,
                concat!(
                    r##"<path d="M{cx} {top}a{r} {r} 0 0 0 0 {d}z" fill="{w}"/>"##,
                    r##"<path d="M{cx} {top}a{r} {r} 0 0 1 0 {d}z" fill="{b}"/>"##,
                    r##"<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#00000088" stroke-width="1.5" data-testid="picture-dot" data-side="draw"/>"##
                ),
                top = cy - r,
                d = 2.0 * r,
                w = t.get("--c-white-side"),
                b = t.get("--c-black-side"),
                cx = cx,
                cy = cy,
                r = r,
            );
        }
        None => {}
    }
    let _ = write!(
        s,
        r#"<text x="{x}" y="45" font-size="{size}" font-weight="700" fill="{ink}" data-testid="picture-status">{text}</text>"#,
        x = cx + 20.0,
        ink = t.get("--c-ink"),
        text = escape(&words.status),
    );
    if let Some(caption) = &words.caption {
        let _ = write!(
            s,
            r#"<text x="{x}" y="47" text-anchor="end" font-size="28" font-weight="800" fill="{ink}" data-testid="picture-caption">{text}</text>"#,
            x = WIDTH as f32 - MARGIN,
            ink = t.get("--c-ink"),
            text = escape(caption),
        );
    }
}

/// The oval wooden board.
fn board(s: &mut String, t: &Theme) {
    let (x, y) = (MARGIN, BOARD_TOP);
    let (w, h) = (WIDTH as f32 - 2.0 * MARGIN, BOARD_BOTTOM - BOARD_TOP);
    let (rx, ry) = (200.0, h / 2.0);
    let _ = write!(
        s,
        concat!(
            r##"<rect x="{x}" y="{y4}" width="{w}" height="{h}" rx="{rx}" ry="{ry}" fill="#3b1f0a" opacity="0.25"/>"##,
            r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx}" ry="{ry}" fill="url(#wood)" stroke="{edge}" stroke-width="3"/>"#,
            r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{rx}" ry="{ry}" fill="url(#grain)"/>"#
        ),
        y4 = y + 6.0,
        edge = t.get("--c-wood-edge"),
        x = x,
        y = y,
        w = w,
        h = h,
        rx = rx,
        ry = ry,
    );
}

/// The balls of a pile: `count` korgools of diameter `d`, `columns` to a row, from
/// (`x`, `y`); `up` stacks the rows upwards from `y` (the near row's piles sit at its edge).
fn balls(s: &mut String, count: u32, columns: u32, d: f32, x: f32, y: f32, up: bool) {
    let step = d + 2.5;
    let r = d / 2.0;
    for i in 0..count {
        let (row, col) = ((i / columns) as f32, (i % columns) as f32);
        let cx = x + col * step + r;
        let cy = if up {
            y - row * step - r
        } else {
            y + row * step + r
        };
        let _ = write!(
            s,
            r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{r:.1}" fill="url(#ball)"/>"#
        );
    }
}

/// A house: its felt slot, number, korgools, count, and its marks (tuz, last move).
fn house(s: &mut String, scene: &Scene, square: Square, words: &Words, t: &Theme) {
    let (row, col) = grid_cell(square, scene.flipped);
    let x = INNER_LEFT + f32::from(col - 1) * (HOUSE_W + GAP);
    let y = row_top(row);
    let near = row == 4;
    let count = scene.frame.at(square);
    let r = HOUSE_W / 2.0;
    let _ = write!(
        s,
        r##"<g data-testid="picture-house-{side}-{n}" data-count="{count}"><rect x="{x:.1}" y="{y}" width="{w:.1}" height="{HOUSE_H}" rx="{r:.1}" fill="url(#felt)" stroke="#00000066" stroke-width="1"/>"##,
        side = square.side().letter(),
        n = square.house(),
        w = HOUSE_W,
    );
    if let Some((from, to)) = scene.last {
        if from == square {
            let _ = write!(
                s,
                r#"<rect x="{x:.1}" y="{y}" width="{w:.1}" height="{HOUSE_H}" rx="{r:.1}" fill="none" stroke="{LAST}" stroke-width="3"/>"#,
                w = HOUSE_W,
            );
        }
        if to == square {
            let _ = write!(
                s,
                r#"<rect x="{x2:.1}" y="{y2}" width="{w:.1}" height="{h}" rx="{r2:.1}" fill="none" stroke="{LAST}" stroke-width="2.5" stroke-dasharray="7 5"/>"#,
                x2 = x - 4.0,
                y2 = y - 4.0,
                w = HOUSE_W + 8.0,
                h = HOUSE_H + 8.0,
                r2 = r + 4.0,
            );
        }
    }
    // The number at the owner's edge, the count towards the kazans, the pile between.
    let (number_y, count_y) = if near {
        (y + HOUSE_H - 12.0, y + 34.0)
    } else {
        (y + 24.0, y + HOUSE_H - 14.0)
    };
    let cx = x + r;
    let _ = write!(
        s,
        concat!(
            r#"<text x="{cx:.1}" y="{number_y}" text-anchor="middle" font-size="16" font-weight="700" fill="{num}" opacity="0.75">{n}</text>"#,
            r##"<text x="{cx:.1}" y="{count_y}" text-anchor="middle" font-size="28" font-weight="700" fill="{ink}" stroke="#00000055" stroke-width="1" paint-order="stroke">{count}</text>"##
        ),
        num = t.get("--c-house-number"),
        ink = t.get("--c-count"),
        n = square.house(),
        cx = cx,
        number_y = number_y,
        count_y = count_y,
        count = count,
    );
    let (columns, d) = match count {
        0..=12 => (3, 20.0),
        13..=20 => (4, 16.0),
        _ => (5, 13.0),
    };
    let pile_h = HOUSE_H - 30.0 - 46.0;
    let fits = columns * ((pile_h + 2.5) / (d + 2.5)) as u32;
    let pile_w = columns as f32 * (d + 2.5) - 2.5;
    let left = cx - pile_w / 2.0;
    if near {
        balls(
            s,
            u32::from(count).min(fits),
            columns,
            d,
            left,
            y + HOUSE_H - 30.0,
            true,
        );
    } else {
        balls(
            s,
            u32::from(count).min(fits),
            columns,
            d,
            left,
            y + 32.0,
            false,
        );
    }
    // Not `Frame::tuz_owner`: called from here too, the board's copy was no longer inlined.
    let owner = Side::ALL
        .into_iter()
        .find(|side| scene.frame.tuz[side.index()] == Some(square));
    if let Some(owner) = owner {
        tuz_mark(s, owner, cx, y + HOUSE_H / 2.0, &words.tuz, t);
    }
    s.push_str("</g>");
}

/// The tuz's word on the house, in its owner's colours; turned when too long to lie flat.
fn tuz_mark(s: &mut String, owner: Side, cx: f32, cy: f32, word: &str, t: &Theme) {
    let word = word.to_uppercase();
    let size = 15.0;
    let w = text_width(&word, size) + 16.0;
    let turn = if w > HOUSE_W - 8.0 {
        format!(r#" transform="rotate(-90 {cx:.1} {cy:.1})""#)
    } else {
        String::new()
    };
    let (fill, ink) = side_colours(t, owner);
    let _ = write!(
        s,
        concat!(
            r##"<g{turn} data-testid="picture-tuz" data-owner="{o}"><rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="24" rx="12" fill="{fill}" stroke="{ink}" stroke-width="1"/>"##,
            r#"<text x="{cx:.1}" y="{ty:.1}" text-anchor="middle" font-size="{size}" font-weight="800" letter-spacing="1" fill="{ink}">{text}</text></g>"#
        ),
        o = owner.letter(),
        x = cx - w / 2.0,
        y = cy - 12.0,
        ty = cy + 5.5,
        text = escape(&word),
        turn = turn,
        w = w,
        fill = fill,
        ink = ink,
        cx = cx,
        size = size,
    );
}

/// The korgools of a kazan: as many rows (one to three) as make them largest.
fn kazan_balls(s: &mut String, count: u32, x: f32, y: f32, w: f32, h: f32) {
    if count == 0 {
        return;
    }
    let (rows, d) = (1..=3u32)
        .map(|rows| {
            let per_row = count.div_ceil(rows);
            let d = (h / rows as f32 - 2.5)
                .min(w / per_row as f32 - 2.5)
                .min(16.0);
            (rows, d)
        })
        .fold(
            (1, 0.0f32),
            |best, next| if next.1 > best.1 { next } else { best },
        );
    let columns = count.div_ceil(rows);
    let top = y + (h - rows as f32 * (d + 2.5)) / 2.0;
    balls(s, count, columns, d, x, top, false);
}

/// A kazan: its trough, the side's dot and name, the korgools, the count of 82 and the way
/// there.
fn kazan(s: &mut String, scene: &Scene, side: Side, words: &Words, t: &Theme) {
    let near = side == crate::keys::near_side(scene.flipped);
    let y = row_top(if near { 3 } else { 2 });
    let x = INNER_LEFT;
    let count = scene.frame.kazan(side);
    let name = match side {
        Side::White => &words.white,
        Side::Black => &words.black,
    };
    let _ = write!(
        s,
        r##"<g data-testid="picture-kazan-{l}" data-count="{count}"><rect x="{x}" y="{y}" width="{INNER_WIDTH}" height="{KAZAN_H}" rx="{r}" fill="url(#felt)" stroke="#00000066" stroke-width="1"/>"##,
        l = side.letter(),
        r = KAZAN_H / 2.0,
    );
    let label_w = text_width(name, 16.0).min(150.0);
    let mid = y + KAZAN_H / 2.0 - 2.0;
    let _ = write!(
        s,
        concat!(
            r##"<circle cx="{dx}" cy="{mid}" r="6" fill="{dot}" stroke="#00000088"/>"##,
            r#"<text x="{tx}" y="{ty}" font-size="16" font-weight="700" fill="{num}">{name}</text>"#,
            r##"<text x="{cx}" y="{cy}" text-anchor="end" font-size="30" font-weight="800" fill="{ink}" stroke="#00000055" stroke-width="1" paint-order="stroke">{count}</text>"##,
            r#"<text x="{gx}" y="{cy}" text-anchor="end" font-size="16" font-weight="700" fill="{num}" opacity="0.75">/{WIN}</text>"#
        ),
        dx = x + 24.0,
        dot = side_colours(t, side).0,
        tx = x + 36.0,
        ty = mid + 6.0,
        num = t.get("--c-house-number"),
        name = escape(name),
        cx = x + INNER_WIDTH - 52.0,
        cy = mid + 10.0,
        ink = t.get("--c-count"),
        gx = x + INNER_WIDTH - 18.0,
        mid = mid,
        count = count,
        WIN = WIN,
    );
    let balls_x = x + 48.0 + label_w;
    let balls_w = INNER_WIDTH - 48.0 - label_w - 110.0;
    kazan_balls(
        s,
        u32::from(count),
        balls_x,
        y + 5.0,
        balls_w,
        KAZAN_H - 14.0,
    );
    // The way to 82 along the trough's foot.
    let track_w = INNER_WIDTH - 40.0;
    let done = track_w * (f32::from(count) / f32::from(WIN)).min(1.0);
    let _ = write!(
        s,
        concat!(
            r##"<rect x="{tx}" y="{ty}" width="{track_w}" height="3" rx="1.5" fill="#ffffff1f"/>"##,
            r#"<rect x="{tx}" y="{ty}" width="{done:.1}" height="3" rx="1.5" fill="{ACCENT}"/></g>"#
        ),
        tx = x + 20.0,
        ty = y + KAZAN_H - 6.0,
        track_w = track_w,
        done = done,
        ACCENT = ACCENT,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::House;

    fn words() -> Words {
        Words {
            status: "Black to move".into(),
            caption: Some("1. 76(10)".into()),
            white: "White".into(),
            black: "Black".into(),
            tuz: "tuz".into(),
            app: "Toguz Korgool".into(),
        }
    }

    fn scene(position: &str) -> Scene {
        Scene::of_position(&position.parse().unwrap(), false, None)
    }

    /// The attribute `name` of the element whose `data-testid` is `testid`.
    fn attr(svg: &str, testid: &str, name: &str) -> String {
        let at = svg
            .find(&format!(r#"data-testid="{testid}""#))
            .unwrap_or_else(|| panic!("no {testid}"));
        let start = svg[..at].rfind('<').unwrap();
        let element = &svg[start..start + svg[start..].find('>').unwrap()];
        let value = element.split(&format!(r#" {name}=""#)).nth(1).unwrap();
        value[..value.find('"').unwrap()].to_string()
    }

    const MIDGAME: &str = "0,12,2,11,4,13,2,14,3/10,3,0,12,3,12,1,12,4 20/24 3/1 b";

    #[test]
    fn every_house_and_kazan_shows_its_count() {
        let svg = svg(&scene(MIDGAME), &words(), &Theme::default(), WIDTH);
        assert_eq!(attr(&svg, "picture-house-w-2", "data-count"), "12");
        assert_eq!(attr(&svg, "picture-house-b-1", "data-count"), "10");
        assert_eq!(attr(&svg, "picture-kazan-w", "data-count"), "20");
        assert_eq!(attr(&svg, "picture-kazan-b", "data-count"), "24");
        assert!(svg.contains(">12</text>") && svg.contains(">24</text>"));
    }

    #[test]
    fn a_tuz_is_marked_in_its_owners_colours_with_the_word_given() {
        let mut w = words();
        w.tuz = "тұздық".into();
        let svg = svg(&scene(MIDGAME), &w, &Theme::default(), WIDTH);
        // White owns Black's house 3; Black owns White's house 1.
        assert_eq!(svg.matches(r#"data-testid="picture-tuz""#).count(), 2);
        assert!(svg.contains("ТҰЗДЫҚ"));
        let white_tuz = svg.find(r#"data-testid="picture-house-b-3""#).unwrap();
        let next = svg[white_tuz..].find("</g></g>").unwrap();
        assert!(svg[white_tuz..white_tuz + next].contains(r#"data-owner="w""#));
    }

    #[test]
    fn the_status_and_its_dot_say_who_is_to_move() {
        let svg = svg(&scene(MIDGAME), &words(), &Theme::default(), WIDTH);
        assert!(svg.contains(">Black to move</text>"));
        assert_eq!(attr(&svg, "picture-dot", "data-side"), "b");
        assert_eq!(attr(&svg, "picture-dot", "fill"), "#231710");
        assert!(svg.starts_with("<svg") && svg.contains(r#"data-turn="b""#));
    }

    #[test]
    fn the_app_name_and_caption_are_written_and_text_is_escaped() {
        let mut w = words();
        w.status = "<script>&\"".into();
        let svg = svg(&scene(MIDGAME), &w, &Theme::default(), WIDTH);
        assert!(svg.contains(">Toguz Korgool</text>"));
        assert!(svg.contains(">1. 76(10)</text>"));
        assert!(svg.contains("&lt;script&gt;&amp;&quot;"));
        assert!(!svg.contains("<script>"));
    }

    #[test]
    fn the_theme_comes_from_the_page_and_a_strange_value_keeps_the_light_one() {
        let dark = Theme::read(|name| match name {
            "--c-page" => Some(" #17110d".into()),
            "--c-ink" => Some("rgb(242, 230, 211)".into()),
            "--c-felt" => Some("url(https://example.com/x.png)".into()),
            "--c-wood-1" => Some("#7b4a25\"/><script>".into()),
            _ => None,
        });
        let svg = svg(&scene(MIDGAME), &words(), &dark, WIDTH);
        assert!(svg.contains(r##"stop-color="#17110d""##));
        assert!(svg.contains(r#"fill="rgb(242, 230, 211)""#));
        assert!(!svg.contains("example.com") && !svg.contains("<script>"));
        assert!(svg.contains(r##"stop-color="#3c2415""##));
        assert!(svg.contains(r##"stop-color="#a86b38""##));
    }

    #[test]
    fn the_board_is_drawn_as_shown_flipped_or_not() {
        let straight = svg(&scene(MIDGAME), &words(), &Theme::default(), WIDTH);
        let mut s = scene(MIDGAME);
        s.flipped = true;
        let flipped = svg(&s, &words(), &Theme::default(), WIDTH);
        // The first `y` after a house's id is its slot's top.
        let y_of = |svg: &str, id: &str| -> f32 {
            let at = svg.find(&format!(r#"data-testid="{id}""#)).unwrap();
            let y = svg[at..].split(" y=\"").nth(1).unwrap();
            y[..y.find('"').unwrap()].parse().unwrap()
        };
        // White's row at the bottom, then at the top.
        assert!(y_of(&straight, "picture-house-w-1") > y_of(&straight, "picture-house-b-1"));
        assert!(y_of(&flipped, "picture-house-w-1") < y_of(&flipped, "picture-house-b-1"));
    }

    #[test]
    fn the_last_move_is_marked_and_a_draw_has_both_colours() {
        let mut s = scene(MIDGAME);
        let sq = |side, n| Square::new(side, House::new(n).unwrap());
        s.last = Some((sq(Side::White, 7), sq(Side::Black, 6)));
        s.dot = Some(Dot::Draw);
        let svg = svg(&s, &words(), &Theme::default(), WIDTH);
        assert_eq!(svg.matches(&format!(r#"stroke="{LAST}""#)).count(), 2);
        assert_eq!(attr(&svg, "picture-dot", "data-side"), "draw");
    }

    #[test]
    fn a_finished_game_shows_the_winners_dot_and_the_korgools_collected() {
        // Black has no move: White collects the 2 on its side and wins 83:79.
        let s = scene("1,1,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0 81/79 -/- b");
        assert_eq!(s.dot, Some(Dot::Side(Side::White)));
        assert_eq!(s.frame.kazans, [83, 79]);
        assert_eq!(s.frame.houses, [0; 18]);
    }

    #[test]
    fn the_picture_scales_to_any_width_with_the_same_drawing() {
        let svg = svg(&scene(MIDGAME), &words(), &Theme::default(), 600);
        assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="315" viewBox="0 0 1200 630""#));
    }

    #[test]
    fn a_full_kazan_and_a_big_house_stay_inside_their_places() {
        let p = "1,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,80 1/80 -/- w";
        let svg = svg(&scene(p), &words(), &Theme::default(), WIDTH);
        let balls = |id: &str| {
            let at = svg.find(&format!(r#"data-testid="{id}""#)).unwrap();
            let end = at + svg[at..].find("</g>").unwrap();
            svg[at..end].matches(r#"fill="url(#ball)""#).count()
        };
        assert_eq!(balls("picture-kazan-b"), 80);
        // A house draws what fits; its count says the rest.
        assert!(balls("picture-house-b-9") < 80);
        assert!(svg.contains(">80</text>"));
    }
}
