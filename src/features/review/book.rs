//! The opening books beside a review: where the game left the real players' games and the
//! engine's (`toguz_app_core::explorer::left_book`), with a press to go there, and the opening explorer
//! for the position shown. A move of the explorer that is the game's next move steps to it;
//! another opens the analysis board there, with the game's moves, to try it.

use leptos::prelude::*;
use toguz_engine::record::number_text;
use toguz_engine::{House, Position};

use crate::i18n::*;
use crate::services::routes::{Route, Routes};
use crate::services::words::text;
use crate::ui::explorer::load_book;
use crate::ui::{Button, Explorer};
use toguz_app_core::explorer::{left_book, Source};

/// Where the game left each book: `None` while not known yet, then the ply (`None` inside).
type Left = Option<Option<usize>>;

#[component]
pub(super) fn ReviewBook(
    /// The game's id (for the way back from the analysis board).
    id: StoredValue<String>,
    /// The position before each move, and after the last.
    positions: StoredValue<Vec<Position>>,
    /// The houses played.
    moves: StoredValue<Vec<House>>,
    /// The ply shown.
    #[prop(into)]
    ply: Signal<usize>,
    /// Goes to a ply.
    on_pick: Callback<usize>,
) -> impl IntoView {
    let routes = Routes::get();
    let players = RwSignal::new(None::<Option<usize>>);
    let engine = RwSignal::new(None::<Option<usize>>);
    for (source, out) in [(Source::Players, players), (Source::Engine, engine)] {
        leptos::task::spawn_local(async move {
            if let Ok(book) = load_book(source).await {
                // The player may have left the review while the book came: its values are
                // gone then, and there is nothing to show.
                let left = positions
                    .try_with_value(|p| moves.try_with_value(|m| left_book(&book, p, m)))
                    .flatten();
                if let Some(left) = left {
                    let _ = out.try_set(Some(left));
                }
            }
        });
    }
    let position = Signal::derive(move || {
        positions.with_value(|p| p.get(ply.get()).or(p.last()).copied().unwrap_or_default())
    });
    let on_move = Callback::new(move |house: House| {
        let at = ply.get_untracked();
        if moves.with_value(|m| m.get(at) == Some(&house)) {
            on_pick.run(at + 1);
            return;
        }
        routes.go(Route::Analysis {
            position: position.get_untracked().to_string(),
            back: format!("{}?ply={at}", Route::Review(id.get_value()).to_hash()),
        });
    });
    let first = positions.with_value(|p| p.first().map(|p| p.turn()));
    view! {
        <section class="review__book" data-testid="review-left-book"
            data-players=move || left_attr(players.get())
            data-engine=move || left_attr(engine.get())>
            <LeftNote source=Source::Players left=players first=first on_pick=on_pick />
            <LeftNote source=Source::Engine left=engine first=first on_pick=on_pick />
        </section>
        <Explorer position=position on_move=on_move />
    }
}

/// `data-*` of a book: the ply left at, `in` when the game stays in it, empty until known.
fn left_attr(left: Left) -> String {
    match left {
        None => String::new(),
        Some(None) => "in".into(),
        Some(Some(p)) => p.to_string(),
    }
}

/// "Left the players' games at move 5..." with a press to go there, or "follows them".
#[component]
fn LeftNote(
    source: Source,
    left: RwSignal<Left>,
    first: Option<toguz_engine::Side>,
    on_pick: Callback<usize>,
) -> impl IntoView {
    let i18n = use_i18n();
    move || {
        let first = first?;
        let players = source == Source::Players;
        match left.get()? {
            Some(ply) => {
                let number = number_text(first, ply - 1);
                let said = if players {
                    t_string!(i18n, review.left_players, number = number).to_string()
                } else {
                    t_string!(i18n, review.left_engine, number = number).to_string()
                };
                Some(
                    view! {
                        <p class="review__book-line">
                            <span>{said}</span>
                            " "
                            <Button
                                testid=format!("review-left-{}", source.name())
                                on_click=move |_| on_pick.run(ply)
                            >
                                {text(move || t_string!(i18n, review.left_go))}
                            </Button>
                        </p>
                    }
                    .into_any(),
                )
            }
            None => Some(
                view! {
                    <p class="review__book-line">
                        {move || {
                            if players {
                                t_string!(i18n, review.in_players).to_string()
                            } else {
                                t_string!(i18n, review.in_engine).to_string()
                            }
                        }}
                    </p>
                }
                .into_any(),
            ),
        }
    }
}
