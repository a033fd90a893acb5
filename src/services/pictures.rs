//! Share image and share game as GIF: pictures of the board made in the browser
//! (`toguz_app_core::picture`'s SVG, rasterised by `platform::picture`), then shared or downloaded.
//!
//! The making is in a part loaded on demand ("pictures", src/main.rs): the rasteriser, the
//! GIF encoder and its colour quantiser are fetched at the first click, never on the first
//! visit. The app's binary sets the function that loads the part and runs [`carry_out`] in it
//! ([`set_maker`]); a screen only builds a [`Request`] and follows its signals.

use std::cell::Cell;

use leptos::prelude::*;
use toguz_engine::{GameResult, Position, Side, Square};

use toguz_app_core::game::Mode;

use crate::i18n::*;
use crate::platform::picture::{self as browser, Canvas, Sent};
use toguz_app_core::picture::{self, Scene, Theme, Words};
use toguz_app_core::picture_gif::{GifWriter, FRAME_DELAY, LAST_FRAME_DELAY};

/// A GIF's size in pixels: two thirds of the PNG's, the same drawing (a long game's GIF stays
/// a few hundred kilobytes, and its frames are made quicker).
pub const GIF_WIDTH: u32 = 800;
/// See [`GIF_WIDTH`].
pub const GIF_HEIGHT: u32 = picture::HEIGHT * GIF_WIDTH / picture::WIDTH;

/// What to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A PNG of one position.
    Image,
    /// An animated GIF, one frame per position.
    Gif,
}

/// One picture: what the board shows, the status line and the caption.
#[derive(Clone, Debug, PartialEq)]
pub struct Shot {
    /// The board.
    pub scene: Scene,
    /// Whose turn it is, or the result.
    pub status: String,
    /// The move just played (a GIF's frames), if any.
    pub caption: Option<String>,
}

impl Shot {
    /// A position as the play screen or the analysis board shows it: whose turn it is, or
    /// the result with the score ("White wins 85:77").
    pub fn of_position(
        position: &Position,
        flipped: bool,
        last: Option<(Square, Square)>,
        locale: Locale,
    ) -> Shot {
        let status = match position.end() {
            None => crate::services::words::to_move(locale, position.turn()),
            // The replay's words ("White won · 88:10"): the play screen's, called from
            // this part too, would no longer be inlined in the first visit's code.
            Some(end) => {
                let result = match end.result {
                    GameResult::Win(Side::White) => td_string!(locale, library.result_white),
                    GameResult::Win(Side::Black) => td_string!(locale, library.result_black),
                    GameResult::Draw => td_string!(locale, library.result_draw),
                };
                let score = toguz_app_core::outcome::score(&end, Mode::TwoPlayers);
                format!("{result} · {score}")
            }
        };
        Shot {
            scene: Scene::of_position(position, flipped, last),
            status,
            caption: None,
        }
    }
}

/// What a picture is made of.
#[derive(Clone, Debug, PartialEq)]
pub enum Subject {
    /// A position, drawn with [`Shot::of_position`] in the part (the play screen's button
    /// carries no drawing code into the first visit).
    Position {
        /// The position.
        position: Position,
        /// Black's row at the bottom.
        flipped: bool,
        /// The last move's start and end.
        last: Option<(Square, Square)>,
    },
    /// Pictures the screen built (the editor's setup, a replay's plies).
    Shots(Vec<Shot>),
}

/// A picture to make, with the signals its button follows (gone with the screen: the making
/// stops). Plain flags rather than one signal of a state of its own: the play screen's
/// button is in the first visit, where each new type of signal costs its code.
pub struct Request {
    /// An image or a GIF.
    pub kind: Kind,
    /// What to draw (one picture for an image).
    pub subject: Subject,
    /// The words' language.
    pub locale: Locale,
    /// True while it is made (the button waits).
    pub busy: RwSignal<bool>,
    /// True once it could not be made (its part could not be fetched, or the browser could
    /// not draw).
    pub failed: RwSignal<bool>,
    /// A GIF's frames drawn so far, and in all.
    pub frames: Option<RwSignal<(usize, usize)>>,
}

impl Request {
    /// Ends the making: the button is free again, and says whether it `failed`.
    pub fn end(&self, failed: bool) {
        let _ = self.busy.try_set(false);
        let _ = self.failed.try_set(failed);
    }
}

thread_local! {
    static MAKER: Cell<Option<fn(Request)>> = const { Cell::new(None) };
}

/// Sets the function that loads the part "pictures" and makes a request there (the app's
/// binary does, before the app mounts).
pub fn set_maker(maker: fn(Request)) {
    MAKER.with(|m| m.set(Some(maker)));
}

/// Makes the picture `request` asks for, in its part (fetched now if need be).
pub fn request(request: Request) {
    match MAKER.with(Cell::get) {
        Some(maker) => maker(request),
        None => request.end(true),
    }
}

/// The words of a picture in `locale`.
fn words(locale: Locale, shot: &Shot) -> Words {
    Words {
        status: shot.status.clone(),
        caption: shot.caption.clone(),
        white: crate::services::words::side(locale, Side::White).to_string(),
        black: crate::services::words::side(locale, Side::Black).to_string(),
        tuz: td_string!(locale, common.tuz_mark).to_string(),
        app: td_string!(locale, common.app_title).to_string(),
    }
}

/// Makes `request`'s picture and offers it (the part's code); its signals say how far it is
/// and how it ended.
pub async fn carry_out(request: Request) {
    match make(&request).await {
        Ok(_) => request.end(false),
        Err(e) => {
            web_sys::console::warn_2(&"The picture could not be made:".into(), &e);
            request.end(true);
        }
    }
}

fn js_error(e: impl std::fmt::Display) -> wasm_bindgen::JsValue {
    wasm_bindgen::JsValue::from_str(&e.to_string())
}

async fn make(request: &Request) -> Result<Option<Sent>, wasm_bindgen::JsValue> {
    let theme = Theme::read(browser::css_var);
    let locale = request.locale;
    let shots = match &request.subject {
        Subject::Position {
            position,
            flipped,
            last,
        } => vec![Shot::of_position(position, *flipped, *last, locale)],
        Subject::Shots(shots) => shots.clone(),
    };
    let total = shots.len();
    let (blob, name, title) = match request.kind {
        Kind::Image => {
            let shot = shots.first().ok_or("no picture asked")?;
            let canvas = Canvas::new(picture::WIDTH, picture::HEIGHT)?;
            let svg = picture::svg(&shot.scene, &words(locale, shot), &theme, picture::WIDTH);
            canvas.draw(&svg).await?;
            let title = td_string!(locale, common.picture_title);
            (canvas.png().await?, "toguz-korgool.png", title)
        }
        Kind::Gif => {
            let canvas = Canvas::new(GIF_WIDTH, GIF_HEIGHT)?;
            let mut gif = GifWriter::new(GIF_WIDTH as u16, GIF_HEIGHT as u16).map_err(js_error)?;
            for (i, shot) in shots.iter().enumerate() {
                // The screen went: nobody waits for it.
                if request.busy.try_get_untracked().is_none() {
                    return Ok(None);
                }
                if let Some(frames) = request.frames {
                    let _ = frames.try_set((i, total));
                }
                let svg = picture::svg(&shot.scene, &words(locale, shot), &theme, GIF_WIDTH);
                canvas.draw(&svg).await?;
                let delay = if i + 1 == total {
                    LAST_FRAME_DELAY
                } else {
                    FRAME_DELAY
                };
                gif.add(canvas.rgba()?, delay).map_err(js_error)?;
                // The page paints the progress and takes input between frames.
                browser::next_turn().await;
            }
            let bytes = gif.finish().map_err(js_error)?;
            let title = td_string!(locale, common.gif_title);
            (
                browser::blob_of(&bytes, "image/gif")?,
                "toguz-korgool.gif",
                title,
            )
        }
    };
    if request.busy.try_get_untracked().is_none() {
        return Ok(None);
    }
    browser::share_or_download(&blob, name, title)
        .await
        .map(Some)
}
