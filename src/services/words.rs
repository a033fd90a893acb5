//! The words of the play screen in the player's language: sides, levels, reasons, messages,
//! names of houses and kazans, the preview, and what the live region says. Each function takes
//! the [`Locale`]; components pass `use_i18n().get_locale()`, which tracks a change of language.
//!
//! The texts are in `locales/<lang>/common.json`; the rules' facts come from the engine.

use toguz_app_core::card_end::{self, Told};
use toguz_engine::search::{Level, Score};
use toguz_engine::{EndReason, GameEnd, GameError, GameResult, MoveError, Side, Square};

use crate::i18n::*;
use leptos::prelude::Signal;
use toguz_app_core::announce::Announcement;
use toguz_app_core::clock::TimeControl;
use toguz_app_core::game::{Blocked, Effect, Mode, Preview};
use toguz_app_core::session::Message;

/// A side's name: "White".
pub fn side(locale: Locale, side: Side) -> &'static str {
    match side {
        Side::White => td_string!(locale, common.white),
        Side::Black => td_string!(locale, common.black),
    }
}

/// A side's name as an owner, inside a sentence: "White's" (Russian "белых").
pub fn side_of(locale: Locale, side: Side) -> &'static str {
    match side {
        Side::White => td_string!(locale, common.white_of),
        Side::Black => td_string!(locale, common.black_of),
    }
}

/// "White to move".
pub fn to_move(locale: Locale, turn: Side) -> String {
    td_string!(
        locale,
        common.to_move,
        side = side(locale, turn),
        side_of = side_of(locale, turn)
    )
}

/// A level's name: "Level 3".
pub fn level(locale: Locale, level: Level) -> String {
    td_string!(locale, common.level_n, n = level.number())
}

/// A level's name inside a sentence ("against the computer (easy)"): the chips' name, in
/// lower case where the language writes it so (not English, where a level is a name).
pub fn level_in_sentence(locale: Locale, l: Level) -> String {
    let name = level(locale, l);
    if locale == Locale::en {
        name
    } else {
        name.to_lowercase()
    }
}

/// Who plays which side: "You (White) vs computer (Easy)".
pub fn mode(locale: Locale, mode: Mode) -> String {
    match mode {
        Mode::Computer { human, level: l } => td_string!(
            locale,
            common.mode_computer,
            side = side(locale, human),
            level = level(locale, l)
        ),
        Mode::TwoPlayers => td_string!(locale, common.mode_two_players).to_string(),
        Mode::Watch { level: l } => {
            td_string!(locale, common.mode_watch, level = level(locale, l))
        }
        Mode::Link { me } => td_string!(locale, common.mode_link, side = side(locale, me)),
    }
}

/// The result alone: "White wins", "Draw".
pub fn result(locale: Locale, result: GameResult) -> String {
    match result {
        GameResult::Win(s) => td_string!(
            locale,
            common.result_win,
            side = side(locale, s),
            side_of = side_of(locale, s)
        ),
        GameResult::Draw => td_string!(locale, common.result_draw).to_string(),
    }
}

/// The result in the player's terms: against the computer "You won" or "You lost", else
/// "White wins" or "Draw".
pub fn result_for(locale: Locale, res: GameResult, mode: Mode) -> String {
    match (mode, res) {
        (Mode::Computer { human, .. } | Mode::Link { me: human }, GameResult::Win(w))
            if w == human =>
        {
            td_string!(locale, common.you_won).to_string()
        }
        (Mode::Computer { .. } | Mode::Link { .. }, GameResult::Win(_)) => {
            td_string!(locale, common.you_lost).to_string()
        }
        _ => result(locale, res),
    }
}

/// The score the way the result reads: the winner's count first ("Black wins 82:70"), the
/// person's first against the computer ("You lost 70:82"), White's first in a draw.
pub fn score_for(end: &GameEnd, mode: Mode) -> String {
    let first = match (mode, end.result) {
        (Mode::Computer { human, .. } | Mode::Link { me: human }, _) => human,
        (_, GameResult::Win(w)) => w,
        (_, GameResult::Draw) => Side::White,
    };
    format!("{}:{}", end.kazans[first], end.kazans[first.opponent()])
}

/// The result with the score in the player's terms, for the turn indicator: "You won
/// 85:77" against the computer, else "Black wins 85:77" (the winner's count first).
pub fn result_score_for(locale: Locale, end: &GameEnd, mode: Mode) -> String {
    match mode {
        Mode::Computer { .. } | Mode::Link { .. } => {
            format!(
                "{} {}",
                result_for(locale, end.result, mode),
                score_for(end, mode)
            )
        }
        _ => result_score(locale, end),
    }
}

/// The result with the score, the winner's count first: "White wins 82:70".
pub fn result_score(locale: Locale, end: &GameEnd) -> String {
    let score = score_for(end, Mode::TwoPlayers);
    match end.result {
        GameResult::Win(s) => td_string!(
            locale,
            common.wins_score,
            side = side(locale, s),
            side_of = side_of(locale, s),
            score = score
        ),
        GameResult::Draw => td_string!(locale, common.draw_score, score = score),
    }
}

/// A finished game's line in the replay and the review: "White won · resignation · 60:58"
/// (the winner's count first), with why it ended (`reason`), or where an imported record does
/// not say, as far as the kazans tell ([`told`]).
pub fn ended(locale: Locale, end: &GameEnd, reason: Option<EndReason>) -> String {
    let score = score_for(end, Mode::TwoPlayers);
    let result = match end.result {
        GameResult::Win(Side::White) => td_string!(locale, library.result_white),
        GameResult::Win(Side::Black) => td_string!(locale, library.result_black),
        GameResult::Draw => td_string!(locale, library.result_draw),
    };
    let kazans = (end.kazans.white, end.kazans.black);
    match (
        reason,
        card_end::told(Some(end.result), reason.is_some(), kazans),
    ) {
        (Some(r), _) => format!("{result} · {} · {score}", self::reason(locale, r)),
        (None, Some(t)) => format!("{result} · {} · {score}", told(locale, t)),
        (None, None) => format!("{result} · {score}"),
    }
}

/// How a game ended as far as its kazans tell, where its record does not say why.
pub fn told(locale: Locale, told: Told) -> &'static str {
    match told {
        Told::OnTheKazans => td_string!(locale, library.ended_kazans),
        Told::BeforeTheEnd => td_string!(locale, library.ended_early),
    }
}

/// Why the game ended: "82 korgools reached".
pub fn reason(locale: Locale, reason: EndReason) -> &'static str {
    match reason {
        EndReason::Reached82 => td_string!(locale, common.reason_82),
        EndReason::NoMoves => td_string!(locale, common.reason_no_moves),
        EndReason::Resignation => td_string!(locale, common.reason_resignation),
        EndReason::AgreedDraw => td_string!(locale, common.reason_agreed_draw),
        EndReason::Repetition => td_string!(locale, common.reason_repetition),
        EndReason::Time => td_string!(locale, common.reason_time),
        EndReason::TimeCounted => td_string!(locale, common.reason_time_counted),
    }
}

/// Why a house cannot be played now.
pub fn blocked(locale: Locale, why: Blocked) -> String {
    match why {
        Blocked::GameOver => td_string!(locale, common.err_game_over).to_string(),
        Blocked::NotYourTurn(s) => {
            td_string!(
                locale,
                common.err_not_your_turn,
                side_of = side_of(locale, s)
            )
        }
        Blocked::ComputerToMove => td_string!(locale, common.err_computer_to_move).to_string(),
        Blocked::FriendToMove => td_string!(locale, common.err_friend_to_move).to_string(),
        Blocked::Empty => td_string!(locale, common.err_empty).to_string(),
        Blocked::OpponentTuz => td_string!(locale, common.err_opponent_tuz).to_string(),
    }
}

/// Why the engine refused a move or an action.
pub fn game_error(locale: Locale, error: GameError) -> String {
    match error {
        GameError::Move(MoveError::GameOver) | GameError::Finished => {
            td_string!(locale, common.err_game_over).to_string()
        }
        GameError::Move(MoveError::EmptyHouse(_)) => blocked(locale, Blocked::Empty),
        GameError::Move(MoveError::OpponentTuz(_)) => blocked(locale, Blocked::OpponentTuz),
        GameError::FirstMoveFromHouse1 => td_string!(locale, common.err_first_move).to_string(),
        // Not reached from the play screen (claims and jumps are not offered there).
        other => other.to_string(),
    }
}

/// The preview line: "House 7 → Black 6: captures 10".
pub fn preview(locale: Locale, pv: &Preview) -> String {
    let effect = match pv.effect {
        Effect::Capture(n) => td_string!(locale, common.effect_capture, n = n),
        Effect::Tuz => td_string!(locale, common.effect_tuz).to_string(),
        Effect::Nothing => td_string!(locale, common.effect_nothing).to_string(),
    };
    let to = pv.landing;
    td_string!(
        locale,
        common.preview,
        from = pv.from.house().get(),
        side = side(locale, to.side()),
        side_of = side_of(locale, to.side()),
        to = to.house().get(),
        effect = effect
    )
}

/// A time control: "10 min", "5 min + 3 s", "1.5 min + 2 s, delay 2 s".
pub fn time_control(locale: Locale, tc: TimeControl) -> String {
    let min = decimal(tc.base_ms, 60_000);
    let sec = decimal(tc.increment_ms, 1_000);
    let time = if tc.increment_ms == 0 {
        td_string!(locale, common.clock_minutes, min = min)
    } else {
        td_string!(locale, common.clock_increment, min = min, sec = sec)
    };
    if tc.delay_ms == 0 {
        time
    } else {
        let sec = decimal(tc.delay_ms, 1_000);
        format!(
            "{time}, {}",
            td_string!(locale, common.clock_delay, sec = sec)
        )
    }
}

/// `ms` in units of `per` milliseconds, with at most two decimals: "10", "1.5".
fn decimal(ms: u64, per: u64) -> String {
    let hundredths = (ms * 100).div_ceil(per);
    let text = format!("{}.{:02}", hundredths / 100, hundredths % 100);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A house's name for screen readers: "White house 3: 9 korgools, Black's tuz".
pub fn house_name(locale: Locale, square: Square, count: u8, tuz_owner: Option<Side>) -> String {
    let owner = square.side();
    let mut name = td_string!(
        locale,
        common.house_name,
        side = side(locale, owner),
        side_of = side_of(locale, owner),
        n = square.house().get(),
        count = count
    );
    if let Some(tuz) = tuz_owner {
        name.push_str(&td_string!(
            locale,
            common.house_tuz,
            side_of = side_of(locale, tuz)
        ));
    }
    name
}

/// A kazan's name for screen readers: "White's kazan: 10 korgools of the 82 that win".
pub fn kazan_name(locale: Locale, owner: Side, count: u8) -> String {
    td_string!(
        locale,
        common.kazan_name,
        side_of = side_of(locale, owner),
        count = count
    )
}

/// An evaluation for display: "+2.5", "−12.0" (see [`eval_number`]), or "#7" / "#-4" for a
/// proven result (plies).
pub fn eval(locale: Locale, s: Score) -> String {
    match s.plies_to_end() {
        Some(p) => format!("#{p}"),
        None => eval_number(locale, s.get()),
    }
}

/// The evaluation in korgools with one decimal and its sign, written the language's way
/// ("+7.6"; Russian, Kyrgyz and Kazakh "+7,6"), by the browser's `Intl.NumberFormat`; where
/// it fails, "+7.6" by hand, in integers: formatting an `f64` (`{}` or `{:.1}`) brings Rust's
/// float printing into the page's code, 8 KB gzip of the first visit.
pub fn eval_number(locale: Locale, hundredths: i32) -> String {
    one_decimal(locale, hundredths, true)
}

/// A number given in hundredths, with one decimal and no sign, written the language's way
/// ("89.6"; Russian, Kyrgyz and Kazakh "89,6"): an accuracy.
pub fn decimal_number(locale: Locale, hundredths: i32) -> String {
    one_decimal(locale, hundredths, false)
}

/// A number given in hundredths, with one decimal and, when `signed`, its sign (but for
/// zero): by the browser's `Intl.NumberFormat`, and where it fails by hand.
fn one_decimal(locale: Locale, hundredths: i32, signed: bool) -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let value = f64::from(hundredths) / 100.0;
        use wasm_bindgen::JsValue;
        let options = js_sys::Object::new();
        let set = |k: &str, v: JsValue| js_sys::Reflect::set(&options, &k.into(), &v).is_ok();
        let ok = set("minimumFractionDigits", 1.into())
            && set("maximumFractionDigits", 1.into())
            && set(
                "signDisplay",
                if signed { "exceptZero" } else { "auto" }.into(),
            );
        let locales = js_sys::Array::of1(&leptos_i18n::Locale::as_str(locale).into());
        let format = js_sys::Intl::NumberFormat::new(&locales, &options).format();
        if let Some(text) = ok
            .then(|| format.call1(&JsValue::NULL, &value.into()).ok())
            .flatten()
            .and_then(|v| v.as_string())
        {
            // A browser without the language's data (Chromium's trimmed ICU has no Kyrgyz)
            // writes English; these numbers stay under a thousand, so a point is the decimal.
            return if locale == Locale::en {
                text
            } else {
                text.replace('.', ",")
            };
        }
    }
    let mut plain = plain_eval_number(hundredths);
    if !signed {
        plain = plain.trim_start_matches('+').to_string();
    }
    if locale == Locale::en {
        plain
    } else {
        // Russian, Kyrgyz and Kazakh write a decimal comma.
        plain.replace('.', ",")
    }
}

/// [`eval_number`] without the browser: "+7.6", "-0.3", "0.0" (tenths rounded half away from
/// zero, as `Intl.NumberFormat` rounds; no sign for zero, as its "exceptZero").
fn plain_eval_number(hundredths: i32) -> String {
    let h = i64::from(hundredths);
    let tenths = (h + 5 * h.signum()) / 10;
    let sign = match tenths.signum() {
        1 => "+",
        -1 => "-",
        _ => "",
    };
    let abs = tenths.unsigned_abs();
    format!("{sign}{}.{}", abs / 10, abs % 10)
}

/// What the live region says.
pub fn announcement(locale: Locale, what: &Announcement) -> String {
    let mut text = String::new();
    let mut say = |s: &str| {
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(s);
    };
    match what {
        Announcement::Move(m) => {
            say(&td_string!(
                locale,
                common.ann_move,
                side = side(locale, m.side),
                from = m.from.get(),
                count = m.lifted,
                to_side_of = side_of(locale, m.last.side()),
                to = m.last.house().get()
            ));
            for owner in Side::ALL {
                let n = m.via_tuz[owner];
                if n > 0 {
                    say(&td_string!(
                        locale,
                        common.ann_via_tuz,
                        n = n,
                        side_of = side_of(locale, owner)
                    ));
                }
            }
            match m.capture {
                Some(c) if c.tuz => say(&td_string!(
                    locale,
                    common.ann_tuz,
                    owner_of = side_of(locale, c.square.side()),
                    n = c.square.house().get(),
                    side_of = side_of(locale, m.side)
                )),
                Some(c) => say(&td_string!(locale, common.ann_capture, n = c.count)),
                None => {}
            }
            say(&td_string!(
                locale,
                common.ann_kazans,
                white = m.kazans.white,
                black = m.kazans.black
            ));
            match m.end {
                Some(end) => say(&game_over(locale, &end)),
                None => say(&format!("{}.", to_move(locale, m.side.opponent()))),
            }
        }
        Announcement::Ended(end) => say(&game_over(locale, end)),
        Announcement::Undone { turn } => {
            say(td_string!(locale, common.ann_undone));
            say(&format!("{}.", to_move(locale, *turn)));
        }
        Announcement::Redone { turn } => {
            say(td_string!(locale, common.ann_redone));
            say(&format!("{}.", to_move(locale, *turn)));
        }
        Announcement::NewGame => {
            say(&format!("{}.", td_string!(locale, common.new_game)));
            say(&format!("{}.", to_move(locale, Side::White)));
        }
    }
    text
}

/// "Game over: White wins, 82 to 70 (82 korgools reached)."
pub fn game_over(locale: Locale, end: &GameEnd) -> String {
    td_string!(
        locale,
        common.ann_game_over,
        result = result(locale, end.result),
        white = end.kazans.white,
        black = end.kazans.black,
        reason = reason(locale, end.reason)
    )
}

/// The words of a message.
pub fn message(locale: Locale, message: &Message) -> String {
    match message {
        Message::Blocked(why) => blocked(locale, *why),
        Message::Game(e) => game_error(locale, *e),
        Message::Thinking => td_string!(locale, common.err_thinking).to_string(),
        Message::NoMove => td_string!(locale, common.err_no_move).to_string(),
        Message::ComputerFailed(why) => {
            td_string!(
                locale,
                common.err_computer_failed,
                message = why.to_string()
            )
        }
    }
}

/// An animation speed's name: "slow".
pub fn speed(locale: Locale, speed: toguz_app_core::anim::Speed) -> &'static str {
    use toguz_app_core::anim::Speed;
    match speed {
        Speed::Slow => td_string!(locale, common.speed_slow),
        Speed::Normal => td_string!(locale, common.speed_normal),
        Speed::Fast => td_string!(locale, common.speed_fast),
        Speed::Instant => td_string!(locale, common.speed_instant),
    }
}

/// A text that follows the language, as one type for every key: `{words::text(move ||
/// t_string!(i18n, common.undo))}`. A closure in a view is a type of its own, and Leptos
/// builds the code to render each one; a `Signal` is rendered by one piece of code for all.
pub fn text<T: Into<String>>(f: impl Fn() -> T + Send + Sync + 'static) -> Signal<String> {
    Signal::derive(move || f().into())
}

/// What a game says of the rating of the person playing `side`: "You played like a player
/// rated about 1700 (1580–1810)." `named` names the side (two people on one device) instead of
/// "you".
pub fn rating_shown(
    locale: Locale,
    side: Side,
    shown: toguz_app_core::estimate::RatingShown,
    moves: usize,
    named: bool,
) -> String {
    use toguz_app_core::estimate::{typical_rating, RatingShown};
    match shown {
        RatingShown::TooShort => {
            let least = toguz_coach::estimate::MIN_MOVES;
            let short = td_string!(
                locale,
                review.rating_too_short,
                count = moves,
                least = least
            );
            if named {
                format!("{}: {short}", self::side(locale, side))
            } else {
                short
            }
        }
        RatingShown::About {
            estimate: e,
            typical_opponent,
        } => {
            let (n, low, high, opp) = (e.rating, e.low, e.high, typical_rating());
            match (named, typical_opponent) {
                (false, false) => {
                    td_string!(locale, review.rating_you, n = n, low = low, high = high)
                }
                (false, true) => td_string!(
                    locale,
                    review.rating_you_typical,
                    n = n,
                    low = low,
                    high = high,
                    opp = opp
                ),
                (true, _) => td_string!(
                    locale,
                    review.rating_side_typical,
                    side = self::side(locale, side),
                    n = n,
                    low = low,
                    high = high,
                    opp = opp
                ),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_app_core::announce::MoveSummary;
    use toguz_engine::{House, Position};
    use wasm_bindgen_test::wasm_bindgen_test;

    const ALL: [Locale; 4] = [Locale::en, Locale::ru, Locale::ky, Locale::kk];

    #[wasm_bindgen_test]
    fn the_plain_eval_number() {
        for (h, text) in [
            (760, "+7.6"),
            (-760, "-7.6"),
            (0, "0.0"),
            (4, "0.0"),
            (-4, "0.0"),
            (5, "+0.1"),
            (-5, "-0.1"),
            (-35, "-0.4"),
            (1999, "+20.0"),
            (31_000, "+310.0"),
            (i32::MIN, "-21474836.5"),
            (i32::MAX, "+21474836.5"),
        ] {
            assert_eq!(plain_eval_number(h), text);
        }
        // The browser's, in English, agrees where it does not round a tie.
        for h in (-3000i32..3000).filter(|&h| h % 10 != 5 && h.abs() > 4) {
            assert_eq!(eval_number(Locale::en, h), plain_eval_number(h), "{h}");
        }
    }

    #[wasm_bindgen_test]
    fn an_accuracy_is_written_with_the_languages_decimal_separator_and_no_sign() {
        assert_eq!(decimal_number(Locale::en, 8960), "89.6");
        assert_eq!(decimal_number(Locale::ru, 8960), "89,6");
        assert_eq!(decimal_number(Locale::ky, 10000), "100,0");
        assert_eq!(decimal_number(Locale::kk, 4), "0,0");
        // As the evaluation beside it.
        assert_eq!(eval_number(Locale::ru, 500), "+5,0");
    }

    fn first_move() -> Announcement {
        let mut p = Position::start();
        let out = p.try_play(House::new(9).unwrap()).unwrap();
        Announcement::Move(MoveSummary::of(&out))
    }

    #[wasm_bindgen_test]
    fn a_move_is_told_in_each_language() {
        let said = ALL.map(|l| announcement(l, &first_move()));
        assert_eq!(
            said[0],
            "White played house 9: 9 korgools, the last into Black's house 8. Captures 10. \
             Kazans: White 10, Black 0. Black to move."
        );
        assert_eq!(
            said[1],
            "Белые: ход из дома 9, 9 коргоолов, последний — в дом 8 чёрных. Взято 10. \
             В казанах: белые 10, чёрные 0. Ход чёрных."
        );
        assert!(said[2].starts_with("Ак 9-үйдөн жүрдү: 9 коргоол, акыркысы Каранын 8-үйүнө"));
        assert!(said[3].starts_with("Ақ 9-отаудан жүрді: 9 құмалақ, соңғысы Қараның 8-отауына"));
        // No language falls back to another's words.
        for (i, a) in said.iter().enumerate() {
            for b in &said[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[wasm_bindgen_test]
    fn russian_plurals_of_korgools() {
        let sq = Square::new(Side::White, House::new(3).unwrap());
        let name = |n| house_name(Locale::ru, sq, n, None);
        assert_eq!(name(1), "Дом 3 белых: 1 коргоол");
        assert_eq!(name(3), "Дом 3 белых: 3 коргоола");
        assert_eq!(name(11), "Дом 3 белых: 11 коргоолов");
        assert_eq!(name(21), "Дом 3 белых: 21 коргоол");
        assert_eq!(name(0), "Дом 3 белых: 0 коргоолов");
        assert_eq!(
            house_name(Locale::en, sq, 1, None),
            "White house 3: 1 korgool"
        );
        assert_eq!(
            house_name(Locale::en, sq, 0, Some(Side::Black)),
            "White house 3: 0 korgools, Black's tuz"
        );
        assert_eq!(
            house_name(Locale::kk, sq, 0, Some(Side::Black)),
            "Ақтың 3-отауы: 0 құмалақ, Қараның тұздығы"
        );
    }

    #[wasm_bindgen_test]
    fn the_rating_estimate_in_words_with_russian_plurals_and_the_typical_opponent_named() {
        use toguz_app_core::estimate::RatingShown;
        use toguz_coach::estimate::RatingEstimate;
        let short =
            |locale, moves| rating_shown(locale, Side::White, RatingShown::TooShort, moves, false);
        assert!(short(Locale::ru, 1).contains(": 1 ход, а нужно"));
        assert!(short(Locale::ru, 3).contains(": 3 хода, а нужно"));
        assert!(short(Locale::ru, 25).contains(": 25 ходов, а нужно не меньше 30."));
        assert!(short(Locale::en, 1).contains(": 1 move, at least 30"));
        assert!(short(Locale::kk, 12).contains("12 жүріс"));
        let about = |typical_opponent| RatingShown::About {
            estimate: RatingEstimate {
                rating: 1640,
                low: 1520,
                high: 1760,
            },
            typical_opponent,
        };
        assert_eq!(
            rating_shown(Locale::en, Side::White, about(false), 40, false),
            "You played like a player rated about 1640 (1520\u{2060}–\u{2060}1760)."
        );
        let named = rating_shown(Locale::ru, Side::Black, about(true), 40, true);
        assert!(named.starts_with("Чёрные: "), "{named}");
        assert!(
            named.ends_with("соперника игроком с рейтингом около 1700."),
            "{named}"
        );
        let ky = rating_shown(Locale::ky, Side::White, about(true), 40, false);
        assert!(ky.contains("1640") && ky.contains("1700"), "{ky}");
    }

    #[wasm_bindgen_test]
    fn ends_reasons_and_messages() {
        let end = GameEnd {
            result: GameResult::Win(Side::Black),
            reason: EndReason::Time,
            kazans: toguz_engine::BySide::new(70, 60),
            collected: toguz_engine::BySide::new(0, 0),
        };
        assert_eq!(
            game_over(Locale::en, &end),
            "Game over: Black wins, 70 to 60 (out of time)."
        );
        assert_eq!(
            game_over(Locale::ru, &end),
            "Партия окончена: Победа чёрных, 70:60 (время вышло)."
        );
        // The winner's count first, whatever the side.
        assert_eq!(result_score(Locale::ky, &end), "Кара утту 60:70");
        assert_eq!(result_score(Locale::en, &end), "Black wins 60:70");
        let vs = |human| Mode::Computer {
            human,
            level: Level::of(4),
        };
        assert_eq!(
            result_score_for(Locale::en, &end, vs(Side::White)),
            "You lost 70:60"
        );
        assert_eq!(
            result_score_for(Locale::en, &end, vs(Side::Black)),
            "You won 60:70"
        );
        assert_eq!(
            result_score_for(Locale::ru, &end, vs(Side::White)),
            "Вы проиграли 70:60"
        );
        assert_eq!(
            result_score_for(Locale::en, &end, Mode::TwoPlayers),
            "Black wins 60:70"
        );
        assert_eq!(
            result_for(Locale::kk, end.result, vs(Side::Black)),
            "Сіз жеңдіңіз"
        );
        assert_eq!(
            message(
                Locale::ru,
                &Message::Blocked(Blocked::NotYourTurn(Side::White))
            ),
            "Сейчас ход белых."
        );
        assert_eq!(
            message(
                Locale::kk,
                &Message::Game(GameError::Move(MoveError::GameOver))
            ),
            "Ойын аяқталды."
        );
        assert_eq!(to_move(Locale::ky, Side::White), "Актын жүрүшү");
        assert_eq!(
            mode(
                Locale::en,
                Mode::Computer {
                    human: Side::White,
                    level: Level::of(1)
                }
            ),
            "You (White) vs computer (Level 1)"
        );
    }
}
