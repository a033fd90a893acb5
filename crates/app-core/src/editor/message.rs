//! What the editor says about a problem or a position string that does not read: which text of
//! `locales/<lang>/editor.json` and the values it carries. The app puts the words around them
//! (`features::editor::text`); the choice of text and values is made here, tested natively.

use toguz_engine::{EndReason, ParsePositionError, SetupError, Side, Square, WIN};

use super::Problem;

/// A part of the position string, named in a parser's error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// The houses' counts (`field_houses`).
    Houses,
    /// The kazans (`field_kazans`).
    Kazans,
    /// The tuzes (`field_tuz`).
    Tuz,
}

impl Field {
    /// The part the engine's parser names (`"houses"`, `"kazans"`, `"tuz"`).
    pub fn of(name: &str) -> Field {
        match name {
            "houses" => Field::Houses,
            "kazans" => Field::Kazans,
            _ => Field::Tuz,
        }
    }

    /// Its name's key in `editor.json`.
    pub fn key(self) -> &'static str {
        match self {
            Field::Houses => "field_houses",
            Field::Kazans => "field_kazans",
            Field::Tuz => "field_tuz",
        }
    }
}

/// One text of `editor.json` about what is wrong, with its values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// `err_bad_total`: the korgools add up to `total`, not 162.
    BadTotal { total: u32 },
    /// `err_bad_tuz_house`: `owner`'s tuz on a house `number` that does not exist.
    BadTuzHouse { owner: Side, number: u8 },
    /// `err_tuz_on_9`: `owner`'s tuz on house 9.
    TuzOn9 { owner: Side },
    /// `err_same_tuz`: both tuzes on house `number`.
    SameTuz { number: u8 },
    /// `err_tuz_not_empty`: `owner`'s tuz, the opponent's house `tuz`, holds `count`.
    TuzNotEmpty { owner: Side, tuz: Square, count: u8 },
    /// `err_tuz_kazan`: `owner` has a tuz but only `kazan` in the kazan.
    TuzKazan { owner: Side, kazan: u8 },
    /// `err_over_82`: the game is over, `winner`'s kazan holding `count`.
    Over82 { winner: Side, count: u8 },
    /// `err_over_no_moves`: the game is over, `stuck` to move with an empty row.
    OverNoMoves { stuck: Side },
    /// `err_field_count`: `found` parts instead of 4.
    FieldCount { found: usize },
    /// `err_no_slash`: a part without its `/`.
    NoSlash { field: Field },
    /// `err_house_count`: `side`'s row of `found` counts instead of 9.
    HouseCount { side: Side, found: usize },
    /// `err_bad_number`: `token` in a part is not a count.
    BadNumber { token: String, field: Field },
    /// `err_bad_side`: `token` where `w` or `b` is written.
    BadSide { token: String },
}

impl Message {
    /// Why a setup cannot be played.
    pub fn of_problem(problem: &Problem) -> Message {
        match *problem {
            Problem::Setup(e) => Message::of_setup_error(e),
            Problem::GameOver(end) => match end.reason {
                EndReason::Reached82 => {
                    let winner = if end.kazans.white >= WIN {
                        Side::White
                    } else {
                        Side::Black
                    };
                    Message::Over82 {
                        winner,
                        count: end.kazans[winner],
                    }
                }
                _ => {
                    // The side to move is the one whose row is empty.
                    let stuck = if end.collected.white == 0 {
                        Side::White
                    } else {
                        Side::Black
                    };
                    Message::OverNoMoves { stuck }
                }
            },
        }
    }

    /// A [`SetupError`] said.
    pub fn of_setup_error(e: SetupError) -> Message {
        match e {
            SetupError::BadTotal { total } => Message::BadTotal { total },
            SetupError::BadTuzHouse { owner, number } => Message::BadTuzHouse { owner, number },
            SetupError::TuzOnHouse9 { owner } => Message::TuzOn9 { owner },
            SetupError::SameTuzNumber { number } => Message::SameTuz { number },
            SetupError::TuzNotEmpty {
                owner,
                house,
                count,
            } => Message::TuzNotEmpty {
                owner,
                tuz: Square::new(owner.opponent(), house),
                count,
            },
            SetupError::TuzKazanTooSmall { owner, kazan } => Message::TuzKazan { owner, kazan },
        }
    }

    /// An error of the position string's parser said, with what it found.
    pub fn of_parse_error(e: &ParsePositionError) -> Message {
        match e {
            ParsePositionError::FieldCount { found } => Message::FieldCount { found: *found },
            ParsePositionError::NoSlash { field } => Message::NoSlash {
                field: Field::of(field),
            },
            ParsePositionError::HouseCount { side, found } => Message::HouseCount {
                side: *side,
                found: *found,
            },
            ParsePositionError::BadNumber { field, token } => Message::BadNumber {
                token: token.clone(),
                field: Field::of(field),
            },
            ParsePositionError::BadSide { token } => Message::BadSide {
                token: token.clone(),
            },
            ParsePositionError::Setup(e) => Message::of_setup_error(*e),
        }
    }

    /// The text's key in `editor.json`.
    pub fn key(&self) -> &'static str {
        match self {
            Message::BadTotal { .. } => "err_bad_total",
            Message::BadTuzHouse { .. } => "err_bad_tuz_house",
            Message::TuzOn9 { .. } => "err_tuz_on_9",
            Message::SameTuz { .. } => "err_same_tuz",
            Message::TuzNotEmpty { .. } => "err_tuz_not_empty",
            Message::TuzKazan { .. } => "err_tuz_kazan",
            Message::Over82 { .. } => "err_over_82",
            Message::OverNoMoves { .. } => "err_over_no_moves",
            Message::FieldCount { .. } => "err_field_count",
            Message::NoSlash { .. } => "err_no_slash",
            Message::HouseCount { .. } => "err_house_count",
            Message::BadNumber { .. } => "err_bad_number",
            Message::BadSide { .. } => "err_bad_side",
        }
    }

    /// The names of the values the text takes (`{{ name }}` in every language).
    pub fn variables(&self) -> &'static [&'static str] {
        match self {
            Message::BadTotal { .. } => &["total"],
            Message::BadTuzHouse { .. } => &["side_of", "n"],
            Message::SameTuz { .. } => &["n"],
            Message::TuzOn9 { .. } => &["side_of"],
            Message::TuzNotEmpty { .. } => &["side_of", "house", "count"],
            Message::TuzKazan { .. } => &["side", "side_of", "count"],
            Message::Over82 { .. } => &["side_of", "count"],
            Message::OverNoMoves { .. } => &["side", "side_of"],
            Message::FieldCount { .. } => &["found"],
            Message::NoSlash { .. } => &["field"],
            Message::HouseCount { .. } => &["side_of", "found"],
            Message::BadNumber { .. } => &["token", "field"],
            Message::BadSide { .. } => &["token"],
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use toguz_engine::{House, Position, Setup};

    use super::super::Editor;
    use super::*;

    const LOCALES: [(&str, &str); 4] = locales!("editor");

    fn problem_of(s: &str) -> Message {
        Message::of_problem(&Editor::new(s.parse::<Setup>().unwrap()).problem().unwrap())
    }

    fn parse_error_of(s: &str) -> Message {
        Message::of_parse_error(&s.parse::<Setup>().unwrap_err())
    }

    fn house(side: Side, n: u8) -> Square {
        Square::new(side, House::new(n).unwrap())
    }

    /// One message of each kind, as the editor's setups and strings make them.
    fn every_message() -> Vec<Message> {
        vec![
            problem_of("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 1/0 -/- w"),
            problem_of("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 10/- w"),
            problem_of("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,0 0/9 -/9 w"),
            problem_of("9,9,0,9,9,9,9,9,9/9,9,0,9,9,9,9,9,9 9/9 3/3 w"),
            problem_of("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 4/- w"),
            problem_of("9,9,9,9,9,9,9,9,9/9,9,9,0,9,9,9,9,9 2/7 4/- w"),
            problem_of("9,9,9,9,9,9,9,0,0/0,0,0,0,0,0,0,0,17 82/0 -/- b"),
            problem_of("0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,2 81/71 -/- w"),
            parse_error_of("1 2 3"),
            parse_error_of("9,9,9,9,9,9,9,9,9 0/0 -/- w"),
            parse_error_of("9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w"),
            parse_error_of("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/q7 -/- w"),
            parse_error_of("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- x"),
        ]
    }

    fn variables(text: &str) -> BTreeSet<&str> {
        text.split("{{")
            .skip(1)
            .filter_map(|s| s.split("}}").next())
            .map(str::trim)
            .collect()
    }

    #[test]
    fn every_problem_of_a_setup_is_said_with_its_values() {
        use Side::{Black, White};
        let expected = [
            Message::BadTotal { total: 163 },
            Message::BadTuzHouse {
                owner: White,
                number: 10,
            },
            Message::TuzOn9 { owner: Black },
            Message::SameTuz { number: 3 },
            Message::TuzNotEmpty {
                owner: White,
                tuz: house(Black, 4),
                count: 9,
            },
            Message::TuzKazan {
                owner: White,
                kazan: 2,
            },
            Message::Over82 {
                winner: White,
                count: 82,
            },
            Message::OverNoMoves { stuck: White },
        ];
        assert_eq!(every_message()[..8], expected);
    }

    #[test]
    fn every_error_of_the_parser_is_said_with_what_was_found() {
        let expected = [
            Message::FieldCount { found: 3 },
            Message::NoSlash {
                field: Field::Houses,
            },
            Message::HouseCount {
                side: Side::White,
                found: 3,
            },
            Message::BadNumber {
                token: "q7".into(),
                field: Field::Kazans,
            },
            Message::BadSide { token: "x".into() },
        ];
        assert_eq!(every_message()[8..], expected);
        // A string that reads but is no position is said as the setup's problem.
        let e = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 1/0 -/- w"
            .parse::<Position>()
            .unwrap_err();
        assert_eq!(
            Message::of_parse_error(&e),
            Message::BadTotal { total: 163 }
        );
        assert_eq!(Field::of("tuz"), Field::Tuz);
    }

    #[test]
    fn every_message_reads_in_every_language_with_exactly_its_values() {
        let messages = every_message();
        let keys: BTreeSet<_> = messages.iter().map(Message::key).collect();
        assert_eq!(keys.len(), messages.len(), "two kinds share a text");
        let mut uses = BTreeMap::new();
        for (lang, json) in LOCALES {
            let texts: BTreeMap<String, String> = serde_json::from_str(json).unwrap();
            let mut seen = BTreeSet::new();
            for m in &messages {
                let text = texts
                    .get(m.key())
                    .unwrap_or_else(|| panic!("{lang}: no {}", m.key()));
                let given: BTreeSet<String> = m.variables().iter().map(|v| v.to_string()).collect();
                let used: BTreeSet<String> =
                    variables(text).into_iter().map(String::from).collect();
                assert!(used.is_subset(&given), "{lang} {}: {text}", m.key());
                // Every value is written; a side may be named in either of its grammatical
                // forms, as the language needs.
                for v in &given {
                    let side = v == "side" || v == "side_of";
                    let named = used.contains(v)
                        || (side && (used.contains("side") || used.contains("side_of")));
                    assert!(named, "{lang} {}: no {v} in {text}", m.key());
                }
                assert!(
                    seen.insert(text.as_str()),
                    "{lang}: two messages read the same"
                );
                uses.entry(m.key())
                    .or_insert_with(BTreeSet::new)
                    .extend(used);
            }
            for field in [Field::Houses, Field::Kazans, Field::Tuz] {
                let name = texts.get(field.key()).map(String::as_str).unwrap_or("");
                assert!(!name.trim().is_empty(), "{lang}: {}", field.key());
            }
        }
        // No value is given that no language writes.
        for m in &messages {
            let given: BTreeSet<String> = m.variables().iter().map(|v| v.to_string()).collect();
            assert_eq!(uses[m.key()], given, "{}", m.key());
        }
    }
}
