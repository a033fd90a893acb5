//! The library's studies: the analysis board's trees kept by the player (or imported), each
//! with its title, date and size; open, export, delete (with an undo).

use std::time::Duration;

use leptos::prelude::*;
use toguz_store::study::{SavedStudy, StudySummary};

use super::{
    text::{self},
    Lib,
};
use crate::i18n::*;
use crate::platform::files::download;
use crate::services::routes::Route;
use crate::services::words::text;
use crate::ui::{Button, Look};
use toguz_app_core::library::{UndoDelete, UNDO_MS};
use toguz_app_core::study_keep::file_name;

/// The studies, last changed first, above the games; nothing when there is none.
#[component]
pub fn StudyList(lib: Lib) -> impl IntoView {
    let i18n = use_i18n();
    let saves = lib.saves;
    let undo = RwSignal::new(UndoDelete::<SavedStudy>::default());
    let studies = Memo::new(move |_| {
        saves.studies_changed.track();
        saves
            .studies()
            .into_iter()
            .filter_map(|s| s.summary())
            .collect::<Vec<_>>()
    });
    view! {
        <Show when=move || studies.with(|s| !s.is_empty())>
            <section class="library__studies" data-testid="study-list" aria-labelledby="studies-title">
                <h2 id="studies-title" class="library__subtitle">
                    {text(move || t_string!(i18n, library.studies_title))}
                </h2>
                <ul class="library__list">
                    <For
                        each=move || studies.get()
                        key=|s| (s.id.clone(), s.updated)
                        children=move |s| view! { <StudyCard lib=lib summary=s undo=undo /> }
                    />
                </ul>
            </section>
        </Show>
        <Show when=move || undo.with(UndoDelete::shown)>
            <div class="library__toast" role="status" data-testid="study-deleted">
                <span>{text(move || t_string!(i18n, library.study_deleted))}</span>
                <Button
                    look=Look::Primary
                    testid="undo-study-delete"
                    on_click=move |_| {
                        if let Some(s) = undo.try_update(UndoDelete::undo).flatten() {
                            saves.restore_study(&s);
                        }
                    }
                >
                    {text(move || t_string!(i18n, library.undo))}
                </Button>
            </div>
        </Show>
    }
}

/// One study: its title, date and size, and what to do with it.
#[component]
fn StudyCard(
    lib: Lib,
    summary: StudySummary,
    undo: RwSignal<UndoDelete<SavedStudy>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let saves = lib.saves;
    let id = StoredValue::new(summary.id.clone());
    let (moves, off) = (summary.moves, summary.variation_moves);
    let updated = summary.updated;
    let href = Route::Study {
        id: summary.id.clone(),
        back: Route::Library.to_hash(),
    }
    .to_hash();
    let train_href = Route::Train(Some(summary.id.clone())).to_hash();
    let export = move |_| {
        if let Ok(Some(s)) = saves.study(&id.get_value()) {
            let _ = download(
                &file_name(&s.title),
                &s.text,
                "application/x-chess-pgn;charset=utf-8",
            );
        }
    };
    // Renamed in place: the title becomes a field with its save button.
    let renaming = RwSignal::new(false);
    let name = RwSignal::new(summary.title.clone());
    let rename = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        saves.rename_study(&id.get_value(), &name.get_untracked());
        renaming.set(false);
    };
    let delete = move |_| {
        let Some(gone) = saves.delete_study(&id.get_value()) else {
            return;
        };
        let token = undo.try_update(|u| u.deleted(gone)).unwrap_or_default();
        // This card is gone with its study: the timer keeps its own copy of the id.
        let gone_id = id.get_value();
        set_timeout(
            move || {
                // The library may have been left before the undo's time ran out.
                undo.try_update(|u| u.expired(token));
                saves.forget_training_of(&gone_id);
            },
            Duration::from_millis(UNDO_MS.into()),
        );
    };
    view! {
        <li class="game-card" data-testid="library-study" data-id=summary.id.clone()>
            <div class="game-card__main">
                <Show
                    when=move || renaming.get()
                    fallback={
                        let title = summary.title.clone();
                        move || view! { <p class="game-card__players" data-testid="study-title">{title.clone()}</p> }
                    }
                >
                    <form class="study-rename" on:submit=rename>
                        <input
                            class="study-rename__input"
                            data-testid="study-rename-input"
                            maxlength="80"
                            aria-label=text(move || t_string!(i18n, library.rename))
                            prop:value=move || name.get()
                            on:input=move |ev| name.set(event_target_value(&ev))
                        />
                        <Button submit=true look=Look::Primary testid="study-rename-save">
                            {text(move || t_string!(i18n, library.save))}
                        </Button>
                    </form>
                </Show>
                <p class="game-card__meta">
                    <span>{move || text::date(i18n, updated)}</span>
                    " · "
                    <span data-testid="study-size">
                        {move || t_string!(i18n, library.study_moves, count = moves).to_string()}
                        {move || (off > 0).then(|| format!(", {}", t_string!(i18n, library.study_variations, count = off)))}
                    </span>
                </p>
            </div>
            <div class="game-card__actions">
                <a class="btn btn--primary" href=href data-testid="study-open">
                    {text(move || t_string!(i18n, library.study_open))}
                </a>
                <a class="btn" href=train_href data-testid="btn-train-study">
                    {text(move || t_string!(i18n, train.rep_train))}
                </a>
                <Button testid="study-rename" on_click=move |_| renaming.set(true)>
                    {text(move || t_string!(i18n, library.rename))}
                </Button>
                <Button testid="study-export" on_click=export>
                    {text(move || t_string!(i18n, library.export))}
                </Button>
                <Button testid="study-delete" on_click=delete>
                    {text(move || t_string!(i18n, library.delete))}
                </Button>
            </div>
        </li>
    }
}
