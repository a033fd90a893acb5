//! The editor's words in the player's language (`locales/<lang>/editor.json`): every problem
//! of a setup and every error of the position string's parser, with the values they carry.

use toguz_engine::{EndReason, ParsePositionError, SetupError, Side};

use crate::i18n::*;
use crate::services::words;
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
    match *problem {
        Problem::Setup(e) => setup_error(locale, e),
        Problem::GameOver(end) => match end.reason {
            EndReason::Reached82 => {
                let winner = if end.kazans.white >= toguz_engine::WIN {
                    Side::White
                } else {
                    Side::Black
                };
                td_string!(
                    locale,
                    editor.err_over_82,
                    side_of = words::side_of(locale, winner),
                    count = end.kazans[winner]
                )
            }
            _ => {
                // The side to move is the one whose row is empty.
                let stuck = if end.collected.white == 0 {
                    Side::White
                } else {
                    Side::Black
                };
                td_string!(
                    locale,
                    editor.err_over_no_moves,
                    side = words::side(locale, stuck),
                    side_of = words::side_of(locale, stuck)
                )
            }
        },
    }
}

/// A [`SetupError`] in plain words.
pub fn setup_error(locale: Locale, e: SetupError) -> String {
    match e {
        SetupError::BadTotal { total } => td_string!(locale, editor.err_bad_total, total = total),
        SetupError::BadTuzHouse { owner, number } => td_string!(
            locale,
            editor.err_bad_tuz_house,
            side_of = words::side_of(locale, owner),
            n = number
        ),
        SetupError::TuzOnHouse9 { owner } => td_string!(
            locale,
            editor.err_tuz_on_9,
            side_of = words::side_of(locale, owner)
        ),
        SetupError::SameTuzNumber { number } => {
            td_string!(locale, editor.err_same_tuz, n = number)
        }
        SetupError::TuzNotEmpty {
            owner,
            house,
            count,
        } => {
            let square = toguz_engine::Square::new(owner.opponent(), house);
            td_string!(
                locale,
                editor.err_tuz_not_empty,
                side_of = words::side_of(locale, owner),
                house = tuz_house(locale, square),
                count = count
            )
        }
        SetupError::TuzKazanTooSmall { owner, kazan } => td_string!(
            locale,
            editor.err_tuz_kazan,
            side = words::side(locale, owner),
            side_of = words::side_of(locale, owner),
            count = kazan
        ),
    }
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

fn field(locale: Locale, field: &str) -> &'static str {
    match field {
        "houses" => td_string!(locale, editor.field_houses),
        "kazans" => td_string!(locale, editor.field_kazans),
        _ => td_string!(locale, editor.field_tuz),
    }
}

/// An error of the position string's parser in plain words, with what it found.
pub fn parse_error(locale: Locale, e: &ParsePositionError) -> String {
    match e {
        ParsePositionError::FieldCount { found } => {
            td_string!(locale, editor.err_field_count, found = *found)
        }
        ParsePositionError::NoSlash { field: f } => {
            td_string!(locale, editor.err_no_slash, field = field(locale, f))
        }
        ParsePositionError::HouseCount { side, found } => td_string!(
            locale,
            editor.err_house_count,
            side_of = words::side_of(locale, *side),
            found = *found
        ),
        ParsePositionError::BadNumber { field: f, token } => td_string!(
            locale,
            editor.err_bad_number,
            token = token.clone(),
            field = field(locale, f)
        ),
        ParsePositionError::BadSide { token } => {
            td_string!(locale, editor.err_bad_side, token = token.clone())
        }
        ParsePositionError::Setup(e) => setup_error(locale, *e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::{House, Position, Setup};
    use wasm_bindgen_test::wasm_bindgen_test;

    const ALL: [Locale; 4] = [Locale::en, Locale::ru, Locale::ky, Locale::kk];

    fn problem_of(s: &str) -> Problem {
        toguz_app_core::editor::Editor::new(s.parse::<Setup>().unwrap())
            .problem()
            .unwrap()
    }

    #[wasm_bindgen_test]
    fn every_problem_reads_in_every_language_with_its_values() {
        let cases = [
            ("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 1/0 -/- w", "163"),
            ("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 10/- w", "10"),
            ("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,0 0/9 -/9 w", "9"),
            ("9,9,0,9,9,9,9,9,9/9,9,0,9,9,9,9,9,9 9/9 3/3 w", "3"),
            ("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 4/- w", "4"),
            ("9,9,9,9,9,9,9,9,9/9,9,9,0,9,9,9,9,9 2/7 4/- w", "2"),
            ("9,9,9,9,9,9,9,0,0/0,0,0,0,0,0,0,0,17 82/0 -/- b", "82"),
            ("0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,2 81/71 -/- w", ""),
        ];
        for locale in ALL {
            let mut seen = Vec::new();
            for (s, value) in cases {
                let text = problem(locale, &problem_of(s));
                assert!(text.contains(value), "{locale:?} {s}: {text}");
                assert!(!text.contains("{{"), "{locale:?} {s}: {text}");
                assert!(
                    !seen.contains(&text),
                    "{locale:?}: two problems read the same"
                );
                seen.push(text);
            }
        }
        assert!(problem(Locale::en, &problem_of(cases[7].0)).contains("White is to move"));
        assert!(problem(Locale::en, &problem_of(cases[6].0)).contains("White's kazan holds 82"));
    }

    #[wasm_bindgen_test]
    fn every_parse_error_reads_in_every_language_with_what_was_found() {
        let cases = [
            ("1 2 3", "3"),
            ("9,9,9,9,9,9,9,9,9 0/0 -/- w", ""),
            ("9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w", "3"),
            ("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/q7 -/- w", "q7"),
            ("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- x", "x"),
        ];
        for locale in ALL {
            for (s, found) in cases {
                let e = s.parse::<Setup>().unwrap_err();
                let text = parse_error(locale, &e);
                assert!(text.contains(found), "{locale:?} {s}: {text}");
                assert!(!text.contains("{{"), "{locale:?}: {text}");
            }
        }
        let e = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 1/0 -/- w"
            .parse::<Position>()
            .unwrap_err();
        assert!(parse_error(Locale::en, &e).contains("163"));
        assert_eq!(
            parse_error(Locale::en, &ParsePositionError::NoSlash { field: "kazans" }),
            "The kazans part needs one “/” between White's and Black's values."
        );
        assert_eq!(
            tuz_house(
                Locale::en,
                toguz_engine::Square::new(Side::Black, House::new(4).unwrap())
            ),
            "Black's house 4"
        );
    }
}
