//! The session on the shared board.

use leptos::prelude::*;
use toguz_engine::{Position, Side, Square};

use crate::features::train::Trainer;
use crate::ui::{Board, Highlights};
use toguz_app_core::train::session::Phase;

/// The position shown, the side trained at the bottom, the player's houses playable while a
/// move is to be found, the last move marked, and the sowings' frames.
#[component]
pub fn BoardPanel() -> impl IntoView {
    let trainer = Trainer::get();
    let sowing = trainer.sowing();
    let playing = sowing.playing();
    let sown = sowing.frame();
    let position =
        Signal::derive(move || trainer.with(|s| s.map_or_else(Position::start, |s| s.position())));
    let flipped =
        Signal::derive(move || trainer.with(|s| s.is_some_and(|s| s.side() == Side::Black)));
    let highlights = Signal::derive(move || {
        trainer.with(|s| {
            let mut h = Highlights::default();
            let Some(s) = s else { return h };
            if *s.phase() == Phase::Find {
                h.playable = Highlights::playable_in(&s.position());
            }
            if let Some((before, house)) = s.last_move() {
                h.last_from = Some(Square::new(before.turn(), house));
                h.last_to = Some(before.landing(house));
            }
            h
        })
    });
    let frame = Signal::derive(move || if playing.get() { sown.get() } else { None });
    view! {
        <div class="train__board">
            <Board
                position=position
                flipped=flipped
                highlights=highlights
                on_house=Callback::new(move |square| trainer.tap(square))
                frame=frame
                animating=playing
                on_skip=move |()| trainer.skip()
            />
        </div>
    }
}
