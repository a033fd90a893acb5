//! The editor's words in the player's language (`locales/<lang>/editor.json`): every problem
//! of a setup and every error of the position string's parser, with the values they carry
//! (which text, and which values: `toguz_app_core::editor::message`, tested there).

use toguz_engine::{ParsePositionError, Side};

use crate::i18n::*;
use crate::services::words;
use toguz_app_core::editor::message::{Field, Message};
use toguz_app_core::editor::{Problem, Spot};

/// A house's or a kazan's name: "White house 3: 9 korgools", "White's kazan".
pub fn spot_name(locale: Locale, spot: Spot, count: u8, tuz_owner: Option<Side>) -> String {
    match spot {
        Spot::House(square) => words::house_name(locale, square, count, tuz_owner),
        Spot::Kazan(side) => kazan(locale, side),
    }
}

/// "White's kazan".
pub fn kazan(locale: Locale, side: Side) -> String {
    td_string!(
        locale,
        editor.kazan_of,
        side_of = words::side_of(locale, side)
    )
}

/// Why a setup cannot be played, in plain words.
pub fn problem(locale: Locale, problem: &Problem) -> String {
    say(locale, Message::of_problem(problem))
}

/// An error of the position string's parser in plain words, with what it found.
pub fn parse_error(locale: Locale, e: &ParsePositionError) -> String {
    say(locale, Message::of_parse_error(e))
}

/// A house of the opponent named as a tuz: "Black's house 4".
pub fn tuz_house(locale: Locale, square: toguz_engine::Square) -> String {
    td_string!(
        locale,
        editor.tuz_option,
        side_of = words::side_of(locale, square.side()),
        n = square.house().get()
    )
}

fn field(locale: Locale, field: Field) -> &'static str {
    match field {
        Field::Houses => td_string!(locale, editor.field_houses),
        Field::Kazans => td_string!(locale, editor.field_kazans),
        Field::Tuz => td_string!(locale, editor.field_tuz),
    }
}

fn say(locale: Locale, message: Message) -> String {
    let side_of = |side| words::side_of(locale, side);
    match message {
        Message::BadTotal { total } => td_string!(locale, editor.err_bad_total, total = total),
        Message::BadTuzHouse { owner, number } => td_string!(
            locale,
            editor.err_bad_tuz_house,
            side_of = side_of(owner),
            n = number
        ),
        Message::TuzOn9 { owner } => {
            td_string!(locale, editor.err_tuz_on_9, side_of = side_of(owner))
        }
        Message::SameTuz { number } => td_string!(locale, editor.err_same_tuz, n = number),
        Message::TuzNotEmpty { owner, tuz, count } => td_string!(
            locale,
            editor.err_tuz_not_empty,
            side_of = side_of(owner),
            house = tuz_house(locale, tuz),
            count = count
        ),
        Message::TuzKazan { owner, kazan } => td_string!(
            locale,
            editor.err_tuz_kazan,
            side = words::side(locale, owner),
            side_of = side_of(owner),
            count = kazan
        ),
        Message::Over82 { winner, count } => td_string!(
            locale,
            editor.err_over_82,
            side_of = side_of(winner),
            count = count
        ),
        Message::OverNoMoves { stuck } => td_string!(
            locale,
            editor.err_over_no_moves,
            side = words::side(locale, stuck),
            side_of = side_of(stuck)
        ),
        Message::FieldCount { found } => td_string!(locale, editor.err_field_count, found = found),
        Message::NoSlash { field: f } => {
            td_string!(locale, editor.err_no_slash, field = field(locale, f))
        }
        Message::HouseCount { side, found } => td_string!(
            locale,
            editor.err_house_count,
            side_of = side_of(side),
            found = found
        ),
        Message::BadNumber { token, field: f } => td_string!(
            locale,
            editor.err_bad_number,
            token = token,
            field = field(locale, f)
        ),
        Message::BadSide { token } => td_string!(locale, editor.err_bad_side, token = token),
    }
}
