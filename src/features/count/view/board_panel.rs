//! The question on the shared board.

use leptos::prelude::*;
use toguz_engine::{Position, Square};

use crate::features::count::CountTrainer;
use crate::ui::{Board, Highlights, SquareSet};
use toguz_app_core::count::Step;

/// The question's position, the mover at the bottom, the marked house, every house tappable
/// while the landing is asked, the landing shown once answered, and the sowing's frames.
#[component]
pub fn BoardPanel() -> impl IntoView {
    let trainer = CountTrainer::get();
    let sowing = trainer.sowing();
    let playing = sowing.playing();
    let sown = sowing.frame();
    let position = Signal::derive(move || {
        trainer.with(|t| t.question().map_or_else(Position::start, |q| q.position))
    });
    let flipped = Signal::derive(move || {
        trainer.with(|t| {
            t.question()
                .is_some_and(|q| q.side() == toguz_engine::Side::Black)
        })
    });
    let marked = Signal::derive(move || {
        trainer.with(|t| {
            t.question()
                .map(|q| SquareSet::from_iter([Square::new(q.side(), q.house)]))
                .unwrap_or_default()
        })
    });
    let highlights = Signal::derive(move || {
        trainer.with(|t| {
            let mut h = Highlights::default();
            if t.tappable() {
                h.playable = Square::ALL.into_iter().collect();
            }
            if let (Some(run), Some(q)) = (t.run(), t.question()) {
                if run.step() != Step::Landing {
                    h.last_to = Some(q.landing());
                }
            }
            h
        })
    });
    let frame = Signal::derive(move || {
        if playing.get() {
            sown.get()
        } else {
            trainer.with(|t| t.held())
        }
    });
    view! {
        <div class="count__board">
            <Board
                position=position
                flipped=flipped
                highlights=highlights
                marked=marked
                on_house=Callback::new(move |square| trainer.tap(square))
                frame=frame
                animating=playing
                on_skip=move |()| trainer.skip()
            />
        </div>
    }
}
