//! The trainer's screen (`#/puzzles`, `#/puzzles/<id>`): the parts of `view`, laid out, over
//! the trainer in context, and the trainer's keys.

use leptos::prelude::*;

use super::view::board_panel::BoardPanel;
use super::view::controls::Controls;
use super::view::feedback::Feedback;
use super::view::flag;
use super::view::history::History;
use super::view::meta::Meta;
use super::view::notice::PuzzleNotice;
use super::view::stats::Stats;
use super::view::themes::ThemeChips;
use super::PuzzleTrainer;
use crate::i18n::*;
use crate::services::words::text;

/// The puzzle trainer.
#[component]
pub fn PuzzlesScreen(
    /// The puzzle to open (from `#/puzzles/<id>`); otherwise one near the player's rating.
    id: Option<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    let trainer = PuzzleTrainer::start(id);
    listen_to_keys(trainer);
    let no_puzzle = flag(move || trainer.with(|t| t.puzzle().is_none()));
    view! {
        <main class="screen puzzles" data-testid="puzzles-screen">
            <header class="puzzles__top">
                <h1 class="screen__title puzzles__title">{text(move || t_string!(i18n, puzzles.title))}</h1>
                <Stats />
            </header>
            <PuzzleNotice />
            <div class="puzzles__main" class:puzzles__main--hidden=no_puzzle>
                <BoardPanel />
                <section class="puzzles__panel" aria-labelledby="puzzle-prompt">
                    <Feedback />
                    <Controls />
                    <p class="puzzles__note">
                        {text(move || t_string!(i18n, puzzles.note))}
                        " "
                        <span class="puzzles__keys" data-testid="puzzle-keys">
                            {text(move || t_string!(i18n, puzzles.keys))}
                        </span>
                    </p>
                    <Meta />
                </section>
            </div>
            <section class="puzzles__more">
                <div class="puzzles__filters">
                    <h2 class="puzzles__heading" id="puzzle-themes">{text(move || t_string!(i18n, puzzles.themes))}</h2>
                    <div class="puzzles__chips" role="group" aria-labelledby="puzzle-themes">
                        <ThemeChips />
                    </div>
                </div>
                <div class="puzzles__past">
                    <h2 class="puzzles__heading">{text(move || t_string!(i18n, puzzles.history))}</h2>
                    <History />
                </div>
            </section>
        </main>
    }
}

/// The trainer's keys while the screen is open: 1-9 play a house of the side to move, H the
/// hint, R retry, S the solution, N the next puzzle (not with a modifier, nor while typing).
fn listen_to_keys(trainer: PuzzleTrainer) {
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.default_prevented()
            || ev.ctrl_key()
            || ev.meta_key()
            || ev.alt_key()
            || crate::platform::dom::typing_in_field(&ev)
        {
            return;
        }
        trainer.key(&ev.key());
    });
    on_cleanup(move || keys.remove());
}
