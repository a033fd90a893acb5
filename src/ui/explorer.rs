//! The opening explorer beside a board: for the position shown, the moves played from it in
//! real players' games, the engine's games or the player's own, each with its games and how
//! they ended (a bar of White's wins, draws and Black's wins). A press plays the move; under
//! the moves, their lines can be made into a study to train (`explorer_study`).
//!
//! A tab's book is fetched the first time the tab is shown (`toguz_app_core::explorer::Source::file`)
//! and kept for the rest of the visit; the player's own book is counted from the library and
//! counted again when the library changes (a game has ended).

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use leptos::prelude::*;
use toguz_coach::explorer::Book;
use toguz_engine::{House, Position};

use crate::i18n::*;
use crate::platform::fetch;
use crate::services::saves::Saves;
use crate::services::words::text;
use crate::ui::explorer_study::MakeStudy;
use crate::ui::ToggleChip;
use toguz_app_core::explorer::{mine_lines, rows, Row, Source};

/// A tab's book as far as it has come.
#[derive(Clone)]
enum Loaded {
    Loading,
    Ready(Arc<Book>),
    Failed(String),
}

thread_local! {
    /// The books fetched in this visit.
    static BOOKS: RefCell<HashMap<Source, Arc<Book>>> = RefCell::new(HashMap::new());
}

/// The book of a tab that has a file, fetched once a visit (an error in words if it could
/// not be had).
pub async fn load_book(source: Source) -> Result<Arc<Book>, String> {
    if let Some(book) = BOOKS.with(|b| b.borrow().get(&source).cloned()) {
        return Ok(book);
    }
    let file = source.file().ok_or_else(|| "no file".to_string())?;
    let bytes = fetch::bytes(file).await?;
    let book = Arc::new(Book::decode(&bytes).map_err(|e| e.to_string())?);
    BOOKS.with(|b| b.borrow_mut().insert(source, book.clone()));
    Ok(book)
}

/// The explorer for `position`; `on_move` plays a house; `evals` gives, in the engine's tab,
/// the engine's evaluation of the moves it has one for.
#[component]
pub fn Explorer(
    /// The position shown on the board.
    #[prop(into)]
    position: Signal<Position>,
    /// Plays a move of the list.
    #[prop(into)]
    on_move: Callback<House>,
    /// The engine's evaluations of moves, as shown (the analysis board's lines).
    #[prop(into, optional)]
    evals: Option<Signal<Vec<(House, String)>>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let saves = expect_context::<Saves>();
    let tab = RwSignal::new(Source::Players);
    let loaded = RwSignal::new(Loaded::Loading);
    let lookup_ms = RwSignal::new(0.0);
    Effect::new(move |_| {
        let source = tab.get();
        if source == Source::Mine {
            // Counted again whenever the library changes.
            saves.index.track();
            loaded.set(Loaded::Ready(Arc::new(mine_lines(&saves.finished_lines()))));
            return;
        }
        if let Some(book) = BOOKS.with(|b| b.borrow().get(&source).cloned()) {
            loaded.set(Loaded::Ready(book));
            return;
        }
        loaded.set(Loaded::Loading);
        leptos::task::spawn_local(async move {
            // The player may have changed tabs meanwhile, or left the explorer (another
            // screen, or a game against the computer on the play screen): keep the book, show
            // it only if still due.
            let due = || tab.try_get_untracked() == Some(source);
            match load_book(source).await {
                Ok(book) if due() => {
                    let _ = loaded.try_set(Loaded::Ready(book));
                }
                Err(e) if due() => {
                    let _ = loaded.try_set(Loaded::Failed(e));
                }
                _ => {}
            }
        });
    });
    let tabs = Source::ALL
        .into_iter()
        .map(|s| {
            view! {
                <ToggleChip
                    testid=format!("explorer-tab-{}", s.name())
                    pressed=Signal::derive(move || tab.get() == s)
                    on_press=move |_| tab.set(s)
                >
                    {text(move || match s {
                        Source::Players => t_string!(i18n, review.explorer_players),
                        Source::Engine => t_string!(i18n, review.explorer_engine),
                        Source::Mine => t_string!(i18n, review.explorer_mine),
                    })}
                </ToggleChip>
            }
        })
        .collect_view();
    let book_name = Signal::derive(move || {
        match tab.get() {
            Source::Players => t_string!(i18n, review.explorer_players),
            Source::Engine => t_string!(i18n, review.explorer_engine),
            Source::Mine => t_string!(i18n, review.explorer_mine),
        }
        .to_string()
    });
    let body = move || {
        match loaded.get() {
        Loaded::Loading => view! {
            <p class="explorer__note" data-testid="explorer-loading">{text(move || t_string!(i18n, review.explorer_loading))}</p>
        }
        .into_any(),
        Loaded::Failed(why) => view! {
            <p class="explorer__note" role="alert" data-testid="explorer-error">
                {text(move || t_string!(i18n, review.explorer_failed))} " (" {why} ")"
            </p>
        }
        .into_any(),
        Loaded::Ready(book) => {
            let t0 = crate::platform::time::now();
            let lines = rows(&book, &position.get());
            // The lookup's time, for the measure of the explorer's speed (docs/BENCHMARKS.md).
            lookup_ms.set(crate::platform::time::now() - t0);
            if lines.is_empty() {
                return view! {
                    <p class="explorer__note" data-testid="explorer-empty">{text(move || t_string!(i18n, review.explorer_none))}</p>
                }
                .into_any();
            }
            let evals = match (tab.get(), evals) {
                (Source::Engine, Some(e)) => e.get(),
                _ => Vec::new(),
            };
            view! {
                <Lines lines=lines evals=evals on_move=on_move />
                <MakeStudy book=book position=position.get_untracked() book_name=book_name />
            }
            .into_any()
        }
    }
    };
    view! {
        <section class="explorer" data-testid="explorer" aria-labelledby="explorer-title"
            data-lookup-ms=move || format!("{:.3}", lookup_ms.get())>
            <h2 class="explorer__title" id="explorer-title">{text(move || t_string!(i18n, review.explorer_title))}</h2>
            <div class="explorer__tabs" role="group">{tabs}</div>
            {body}
        </section>
    }
}

/// The table of moves.
#[component]
fn Lines(lines: Vec<Row>, evals: Vec<(House, String)>, on_move: Callback<House>) -> impl IntoView {
    let i18n = use_i18n();
    let show_eval = !evals.is_empty();
    let rows = lines
        .into_iter()
        .map(|r| {
            let [w, d, b] = r.percents;
            let eval = evals
                .iter()
                .find(|(h, _)| *h == r.house)
                .map(|(_, e)| e.clone())
                .unwrap_or_default();
            let house = r.house;
            view! {
                <li class="explorer__row">
                    <button
                        type="button"
                        class="explorer__move"
                        data-testid=format!("explorer-move-{}", r.house.get())
                        data-games=r.games
                        data-white=w
                        data-draw=d
                        data-black=b
                        on:click=move |_| on_move.run(house)
                    >
                        <strong class="explorer__house">{r.house.get()}</strong>
                        <span class="explorer__games">{r.games} <small>{format!(" {}%", r.share)}</small></span>
                        <span class="explorer__bar" aria-label=format!("{w}% / {d}% / {b}%")>
                            <span class="explorer__w" style=format!("width: {w}%")>{(w >= 15).then(|| format!("{w}%"))}</span>
                            <span class="explorer__d" style=format!("width: {d}%")>{(d >= 15).then(|| format!("{d}%"))}</span>
                            <span class="explorer__b" style=format!("width: {b}%")>{(b >= 15).then(|| format!("{b}%"))}</span>
                        </span>
                        {show_eval.then(|| view! { <span class="explorer__eval">{eval}</span> })}
                    </button>
                </li>
            }
        })
        .collect_view();
    view! {
        <ol class="explorer__rows" aria-label=text(move || t_string!(i18n, review.explorer_title))>
            {rows}
        </ol>
    }
}
