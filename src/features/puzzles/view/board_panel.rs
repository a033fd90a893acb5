//! The puzzle on the shared board.

use leptos::prelude::*;

use crate::features::puzzles::PuzzleTrainer;
use crate::ui::{Board, Highlights};
use toguz_app_core::anim;

/// The puzzle on the board, the player's side at the bottom: the houses the player can play
/// (once the sowing has ended), the last move, the hint, and the sowing's frames.
#[component]
pub fn BoardPanel() -> impl IntoView {
    let trainer = PuzzleTrainer::get();
    let sowing = trainer.sowing();
    let playing = sowing.playing();
    let sown = sowing.frame();
    let position = Signal::derive(move || trainer.with(|t| t.position()));
    let flipped = Signal::derive(move || trainer.with(|t| t.flipped()));
    let highlights = Signal::derive(move || {
        let sowing_runs = playing.get();
        trainer.with(|t| {
            let mut h = Highlights::default();
            if t.playing() && !sowing_runs {
                h.playable = Highlights::playable_in(&t.position());
            }
            if let Some((from, to)) = t.last_move() {
                h.last_from = Some(from);
                h.last_to = Some(to);
            }
            h.hint = t.hint_square();
            h
        })
    });
    // The sowing's frame while it plays; after it, the end-of-game collection when the move
    // ended the game by an empty row (the driver keeps its last frame, which has none).
    let frame = Signal::derive(move || {
        if playing.get() {
            sown.get()
        } else {
            trainer.with(|t| anim::collection(&t.position()))
        }
    });
    view! {
        <div class="puzzles__board">
            <Board
                testid="puzzle-board"
                position=position
                flipped=flipped
                highlights=highlights
                on_house=Callback::new(move |square| trainer.play(square))
                frame=frame
                animating=playing
                on_skip=move |()| trainer.skip()
            />
        </div>
    }
}
