//! The app's logic as plain Rust with plain unit tests: no Leptos, no browser. The rules are the
//! engine's; this layer adds what a screen of clicks needs.
//!
//! - [`session`]: the play session (modes, undo against the computer, the clock, the
//!   animation, hints, the end) with its commands and the actions it asks of its host;
//! - [`game`]: the game with undo and redo, modes, the landing preview;
//! - [`clock`]: the optional chess clock; [`date`]: a date as the player reads it;
//!   [`count`]: the counting trainer (where the last korgool lands, and what it does);
//! - [`editor`]: the position editor's model; [`explorer`]: the opening explorer's tabs and
//!   lines;
//! - [`library`]: the game library's search, order and pages, and what its lines say;
//!   [`keep`]: the library kept safe (the backup reminder, a restore's line, a full storage,
//!   the storage line);
//! - [`new_game`]: what the new game dialog offers first; [`estimate`]: the rating a finished
//!   game showed; [`eval_bar`]: the evaluation bar's one formula; [`decimal`]: a number with
//!   one decimal, the language's way; [`outcome`]: how a finished game's result and score
//!   read to the player;
//! - [`moves`]: one way to count and write moves (the record's numbers, the rules'
//!   notation) on every screen; [`move_list`]: the move list's rows;
//! - [`replay`]: stepping through a saved game; [`review`]: the review and the analysis
//!   board's tasks; [`learn`]: learning from the review's mistakes; [`analysis`]: the
//!   analysis board (the study of a game, the search of the position shown); [`study`]: the
//!   analysis board's tree of moves (variations, comments, glyphs) and its move list;
//! - [`puzzle`]: the puzzle trainer (the try, the progress, the set); [`practice`]: the
//!   practice positions played out against the computer, and each one's result; [`train`]:
//!   the repertoire trainer (a study's moves drilled, by spaced repetition);
//! - [`lesson`]: a lesson of the tutorial (its steps, the exercises judged, the narration);
//! - [`anim`]: the sowing animation's frames from the engine's move outcome, and the one
//!   player that shows them on every screen;
//! - [`announce`]: what the live region says; [`markup`]: text escaped for the app's HTML
//!   and SVG; [`keys`]: the keyboard; [`highlights`]: what the board marks on the position;
//! - [`sound`]: which sound a move makes; [`ai`]: the search worker's protocol and handler;
//!   [`url`]: the parts of the app's address, encoded and read one way; [`route`]: the
//!   screen an address shows; [`language`]: the language a browser wants; [`plural`]: the
//!   plural rules of the texts' counts; [`settings`]: the player's settings as they are saved.
//! - [`picture`]: the board as SVG text, for the pictures a player shares; [`picture_gif`]:
//!   a replay as an animated GIF;
//! - [`startup`]: the order the first screen is built in, one step a task, and the events
//!   that show the player at the page; [`pwa`]: what the app remembers of its install prompts.

/// The four locales' texts of one namespace (`locales/<lang>/<namespace>.json`), for the tests
/// that check what the app's code asks of them.
#[cfg(test)]
macro_rules! locales {
    ($namespace:literal) => {
        [
            (
                "en",
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../../locales/en/",
                    $namespace,
                    ".json"
                )),
            ),
            (
                "ru",
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../../locales/ru/",
                    $namespace,
                    ".json"
                )),
            ),
            (
                "ky",
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../../locales/ky/",
                    $namespace,
                    ".json"
                )),
            ),
            (
                "kk",
                include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../../locales/kk/",
                    $namespace,
                    ".json"
                )),
            ),
        ]
    };
}

pub mod ai;
pub mod analysis;
pub mod anim;
pub mod announce;
pub mod card_end;
pub mod clock;
pub mod count;
pub mod date;
pub mod decimal;
pub mod editor;
pub mod estimate;
pub mod eval_bar;
pub mod explorer;
pub mod game;
pub mod highlights;
pub mod keep;
pub mod keys;
pub mod language;
pub mod learn;
pub mod lesson;
pub mod library;
pub mod markup;
pub mod move_list;
pub mod moves;
pub mod new_game;
pub mod outcome;
pub mod picture;
pub mod picture_gif;
pub mod plural;
pub mod practice;
pub mod puzzle;
pub mod pwa;
pub mod replay;
pub mod review;
pub mod route;
pub mod session;
pub mod settings;
pub mod sound;
pub mod startup;
pub mod study;
pub mod study_keep;
pub mod train;
pub mod url;
pub mod welcome;
