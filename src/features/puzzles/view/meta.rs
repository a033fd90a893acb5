//! What is known of the puzzle: its rating, its themes (once over), the analysis
//! board, and the game it comes from.

use leptos::prelude::*;
use toguz_coach::puzzle::Puzzle;

use super::{flag, theme_name};
use crate::features::puzzles::PuzzleTrainer;
use crate::i18n::*;
use crate::services::words::{self, text};
use crate::ui::{Button, Look};
use toguz_app_core::puzzle::source::playok_game;
use toguz_app_core::puzzle::{Origin, SourceState};

/// The puzzle's rating, its themes (hidden until it is solved or shown), the button to
/// the analysis board, and its source, with the button that opens a PlayOK game in the replay.
#[component]
pub fn Meta() -> impl IntoView {
    let trainer = PuzzleTrainer::get();
    let i18n = use_i18n();
    let puzzle = Memo::new(move |_| trainer.with(|t| t.puzzle().cloned()));
    let finished = Memo::new(move |_| trainer.with(|t| t.finished()));
    move || {
        let p = puzzle.get()?;
        let themes = {
            let names = p.themes.clone();
            text(move || {
                if finished.get() {
                    let names: Vec<String> = names.iter().map(|&t| theme_name(i18n, t)).collect();
                    t_string!(i18n, puzzles.themes_of, themes = names.join(", ")).to_string()
                } else {
                    t_string!(i18n, puzzles.theme_hidden).to_string()
                }
            })
        };
        let id = p.id.clone();
        Some(view! {
            <dl class="puzzles__meta" data-testid="puzzle-meta" data-id=p.id.clone()>
                <div>
                    // The puzzle's rating; its id (a hash) is for the address only.
                    <dt>{text(move || t_string!(i18n, puzzles.rating))}</dt>
                    <dd data-testid="puzzle-own-rating">{p.rating}</dd>
                </div>
                <div data-testid="puzzle-theme">
                    <dt>{text(move || t_string!(i18n, puzzles.theme))}</dt>
                    <dd>{themes}</dd>
                </div>
                // The analysis board on the position shown, once the puzzle is over (its
                // lines would give the answer away); its "back to the game" returns here.
                <div hidden=move || !trainer.with(|t| t.can_analyse())>
                    <dt class="visually-hidden">{text(move || t_string!(i18n, review.analyse))}</dt>
                    <dd>
                        <Button
                            look=Look::Quiet
                            testid="btn-puzzle-analyse"
                            on_click=move |_| trainer.analyse(&id)
                        >
                            {text(move || t_string!(i18n, review.analyse))}
                        </Button>
                    </dd>
                </div>
                <div>
                    <dt>{text(move || t_string!(i18n, puzzles.source))}</dt>
                    <dd data-testid="puzzle-source"><Source puzzle=p.clone() /></dd>
                </div>
            </dl>
        })
    }
}

/// Where the puzzle comes from in words, and for a PlayOK game the button that opens it.
#[component]
fn Source(
    /// The puzzle.
    puzzle: Puzzle,
) -> impl IntoView {
    let trainer = PuzzleTrainer::get();
    let i18n = use_i18n();
    let state = Memo::new(move |_| trainer.with(|t| t.source()));
    let origin = Origin::of(&puzzle.source);
    let said = text(move || origin_text(i18n, &origin));
    let button = playok_game(&puzzle.source).map(|_| {
        view! {
            " "
            <Button
                class="puzzles__source"
                look=Look::Quiet
                testid="btn-puzzle-source"
                disabled=flag(move || state.get() == SourceState::Opening)
                on_click=move |_| trainer.open_source()
            >
                {text(move || t_string!(i18n, puzzles.source_game))}
            </Button>
        }
    });
    let failed = move || {
        (state.get() == SourceState::Failed).then(|| {
            view! {
                <span role="alert" class="puzzles__source-failed">
                    {text(move || t_string!(i18n, puzzles.source_failed))}
                </span>
            }
        })
    };
    view! { {said} {button} {failed} }
}

/// A puzzle's origin in words: "a PlayOK game (game 62, move 37)" (not the file it is kept
/// in, a name for the app), or a self-play game's levels.
fn origin_text(i18n: leptos_i18n::I18nContext<Locale>, origin: &Origin) -> String {
    match origin {
        Origin::PlayOk {
            game, move_number, ..
        } => t_string!(
            i18n,
            puzzles.source_playok,
            game = game.clone(),
            n = *move_number
        )
        .to_string(),
        Origin::SelfPlay { white, black } => {
            let locale = i18n.get_locale();
            let white = words::level(locale, *white);
            let black = words::level(locale, *black);
            t_string!(i18n, puzzles.source_selfplay, white = white, black = black).to_string()
        }
        Origin::Other(s) => s.clone(),
    }
}
