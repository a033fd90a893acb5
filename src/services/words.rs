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
use toguz_app_core::outcome::{self, Outcome};
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

/// The result in the player's terms ([`Outcome`]): against the computer "You won" or "You
/// lost", else "White wins" or "Draw".
pub fn result_for(locale: Locale, res: GameResult, mode: Mode) -> String {
    match Outcome::of(res, mode) {
        Outcome::YouWon => td_string!(locale, common.you_won).to_string(),
        Outcome::YouLost => td_string!(locale, common.you_lost).to_string(),
        Outcome::Wins(_) | Outcome::Draw => result(locale, res),
    }
}

/// The result with the score in the player's terms, for the turn indicator: "You won
/// 85:77" against the computer, else "Black wins 85:77" (the winner's count first).
pub fn result_score_for(locale: Locale, end: &GameEnd, mode: Mode) -> String {
    match mode {
        Mode::Computer { .. } | Mode::Link { .. } => {
            format!(
                "{} {}",
                result_for(locale, end.result, mode),
                outcome::score(end, mode)
            )
        }
        _ => result_score(locale, end),
    }
}

/// The result with the score, the winner's count first: "White wins 82:70".
pub fn result_score(locale: Locale, end: &GameEnd) -> String {
    let score = outcome::score(end, Mode::TwoPlayers);
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
    let score = outcome::score(end, Mode::TwoPlayers);
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
            return toguz_app_core::decimal::with_separator(
                &text,
                leptos_i18n::Locale::as_str(locale),
            );
        }
    }
    toguz_app_core::decimal::one_decimal(hundredths, signed, leptos_i18n::Locale::as_str(locale))
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
