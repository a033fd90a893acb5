//! The root component: the game state in context and the first screen around the board.

use leptos::prelude::*;
use toguz_engine::{GameResult, Position, Square};

use crate::components::{Board, Controls, Highlights, MoveList};
use crate::state::GameState;

/// The state shared by the screen, provided by [`App`] through context.
#[derive(Clone, Copy)]
pub struct GameContext {
    /// The game being played.
    pub game: RwSignal<GameState>,
    /// Black's row at the bottom.
    pub flipped: RwSignal<bool>,
    /// Why the last click did not play, shown until the next move.
    pub message: RwSignal<Option<String>>,
}

impl GameContext {
    /// A context for a new game from the start.
    pub fn new() -> GameContext {
        GameContext {
            game: RwSignal::new(GameState::default()),
            flipped: RwSignal::new(false),
            message: RwSignal::new(None),
        }
    }

    /// The current position, as a memo.
    pub fn position(self) -> Memo<Position> {
        let game = self.game;
        Memo::new(move |_| game.with(GameState::position))
    }

    /// Plays the clicked house through the engine, or says why it cannot be played.
    pub fn click(self, square: Square) {
        let mut error = None;
        self.game.update(|g| {
            if let Err(e) = g.play_square(square) {
                error = Some(e.to_string());
            }
        });
        self.message.set(error);
    }
}

impl Default for GameContext {
    fn default() -> Self {
        GameContext::new()
    }
}

/// The whole app: provides a [`GameContext`] and shows the game screen.
#[component]
pub fn App() -> impl IntoView {
    provide_context(GameContext::new());
    view! {
        <GameScreen />
        <crate::pwa::PwaPrompts />
    }
}

/// The first screen: whose turn, the board, the controls and the moves.
#[component]
pub fn GameScreen() -> impl IntoView {
    let ctx = expect_context::<GameContext>();
    let position = ctx.position();
    let highlights = Memo::new(move |_| {
        ctx.game.with(|g| {
            let last = g.last_move();
            Highlights {
                playable: Highlights::playable_in(&g.position()),
                preview: None,
                last_from: last.map(|m| Square::new(m.side, m.from)),
                last_to: last.map(|m| m.last),
            }
        })
    });
    let on_house = Callback::new(move |square: Square| ctx.click(square));
    view! {
        <main class="app">
            <header class="app__header">
                <h1 class="app__title">"Toguz Korgool"</h1>
                <TurnIndicator position=position />
            </header>
            <section class="app__table">
                <Board
                    position=position
                    flipped=ctx.flipped
                    highlights=highlights
                    on_house=on_house
                />
            </section>
            <p class="app__message" data-testid="message" role="status">
                {move || ctx.message.get()}
            </p>
            <Controls />
            <MoveList />
        </main>
    }
}

/// Whose turn it is, or the result when the game is over.
#[component]
pub fn TurnIndicator(
    /// The position shown on the board.
    #[prop(into)]
    position: Signal<Position>,
) -> impl IntoView {
    let text = move || {
        let p = position.get();
        match p.end() {
            None => format!("{} to move", p.turn()),
            Some(end) => {
                let score = format!("{}:{}", end.kazans.white, end.kazans.black);
                match end.result {
                    GameResult::Win(side) => format!("{side} wins {score}"),
                    GameResult::Draw => format!("Draw {score}"),
                }
            }
        }
    };
    let side = move || position.get().turn().letter();
    view! {
        <p class="turn" data-testid="turn" data-side=side>
            <span class="turn__dot" aria-hidden="true"></span>
            <span class="turn__text">{text}</span>
        </p>
    }
}
