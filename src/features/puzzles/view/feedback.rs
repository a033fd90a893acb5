//! What the player is asked, and what the trainer says of the moves.

use leptos::prelude::*;
use toguz_coach::puzzle::Theme;

use super::flag;
use crate::features::puzzles::PuzzleTrainer;
use crate::i18n::*;
use crate::services::words::{self, text};
use toguz_app_core::announce::MoveSummary;
use toguz_app_core::puzzle::{Mark, Said};

/// The prompt ("White to move: find the best move", "move 1 of 2") and the result line,
/// marked right or wrong, with the try's status in `data-status`.
#[component]
pub fn Feedback() -> impl IntoView {
    let trainer = PuzzleTrainer::get();
    let i18n = use_i18n();
    let prompt = text(move || {
        let Some((side, n, total)) = trainer.with(|t| t.prompt()) else {
            return String::new();
        };
        let side = words::to_move(i18n.get_locale(), side);
        if total > 1 {
            t_string!(i18n, puzzles.find_line, side = side, n = n, total = total).to_string()
        } else {
            t_string!(i18n, puzzles.find_move, side = side).to_string()
        }
    });
    let mark = Memo::new(move |_| trainer.with(|t| t.mark()));
    let said = text(move || {
        let parts: Vec<String> = trainer
            .with(|t| t.feedback())
            .into_iter()
            .map(|s| said_text(i18n, s))
            .collect();
        parts.join(" ")
    });
    let status = move || trainer.with(|t| t.status()).map_or("playing", |s| s.name());
    view! {
        <p class="puzzles__prompt" id="puzzle-prompt" data-testid="puzzle-prompt">{prompt}</p>
        <p
            class="puzzles__result"
            class:puzzles__result--right=flag(move || mark.get() == Mark::Right)
            class:puzzles__result--wrong=flag(move || mark.get() == Mark::Wrong)
            data-testid="puzzle-result"
            data-result=text(move || mark.get().name())
            data-status=text(status)
            role="status"
        >
            {said}
        </p>
    }
}

/// One part of the result line in words.
fn said_text(i18n: leptos_i18n::I18nContext<Locale>, said: Said) -> String {
    match said {
        Said::Wrong(house) => t_string!(i18n, puzzles.wrong, house = house.get()).to_string(),
        Said::Thinking => t_string!(i18n, puzzles.reply_thinking).to_string(),
        Said::Reply(r) => reply_text(i18n, r),
        Said::WrongThen => t_string!(i18n, puzzles.wrong_then).to_string(),
        Said::Solved => t_string!(i18n, puzzles.solved).to_string(),
        Said::SolvedWithHint => t_string!(i18n, puzzles.solved_hint).to_string(),
        Said::Shown {
            first: Some(first),
            theme,
        } => {
            // In words, not the notation ("12"): the house played and where it lands.
            let from = first.from.get();
            let named = match first.landing {
                Some(to) => {
                    t_string!(i18n, puzzles.shown_move, from = from, to = to.get()).to_string()
                }
                None => t_string!(i18n, puzzles.shown_house, from = from).to_string(),
            };
            match theme.map(|t| why_text(i18n, t)) {
                Some(why) => format!("{named} {why}"),
                None => named,
            }
        }
        Said::Shown { first: None, .. } => t_string!(i18n, puzzles.shown).to_string(),
        Said::Right => t_string!(i18n, puzzles.right).to_string(),
        Said::FindNext => t_string!(i18n, puzzles.find_next).to_string(),
        Said::HintGiven => t_string!(i18n, puzzles.hint_given).to_string(),
        Said::NotRated => t_string!(i18n, puzzles.not_rated).to_string(),
    }
}

/// The opponent's reply in words: the house, and what it took (a tuz, or korgools).
fn reply_text(i18n: leptos_i18n::I18nContext<Locale>, r: MoveSummary) -> String {
    let house = r.from.get();
    let capture = r.capture.map_or(0, |c| c.count);
    if r.capture.is_some_and(|c| c.tuz) {
        t_string!(i18n, puzzles.reply_tuz, house = house).to_string()
    } else if capture > 0 {
        t_string!(i18n, puzzles.reply_capture, house = house, n = capture).to_string()
    } else {
        t_string!(i18n, puzzles.reply_plain, house = house).to_string()
    }
}

/// Why a solution works, in one line, from the puzzle's theme.
fn why_text(i18n: leptos_i18n::I18nContext<Locale>, theme: Theme) -> String {
    match theme {
        Theme::Capture => t_string!(i18n, puzzles.why_capture),
        Theme::Tuz => t_string!(i18n, puzzles.why_tuz),
        Theme::DoubleThreat => t_string!(i18n, puzzles.why_double_threat),
        Theme::Defence => t_string!(i18n, puzzles.why_defence),
        Theme::Endgame => t_string!(i18n, puzzles.why_endgame),
        Theme::LongSowing => t_string!(i18n, puzzles.why_long_sowing),
    }
    .to_string()
}
