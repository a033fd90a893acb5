//! The game library (`#/library`): every saved game with its date, players, mode, result and
//! number of moves; continue, replay, rename, export, share, delete (with an undo); filter
//! finished / in progress, search, sort, a page at a time; import PlayOK records (paste or
//! file) and export them all; back up everything and restore it (`backup`).
//! [`ReplayScreen`] (`#/replay/<id>`) steps through a saved game, and [`SharedGameScreen`]
//! (`#/shared-game/<payload>`) through one sent as a link, before it is added.
//!
//! Player names and imported text are only ever set as text (Leptos escapes it), never as HTML.

mod backup;
mod finder;
mod notices;
pub mod part;
mod replay;
mod shared;
mod studies;
mod text;
mod toast;

use leptos::prelude::*;
use toguz_store::{GameEntry, Players, Summary};
use wasm_bindgen::JsCast;

use crate::i18n::*;
use crate::platform::files::{copy_text, download};
use crate::platform::time::now_ms;
use crate::services::launch::{Launch, Launcher};
use crate::services::routes::Route;
use crate::services::saves::{ImportProblem, Saves};
use crate::services::words::text;
use crate::ui::{Button, FoldMenu, Look, Modal, ToggleChip};
use leptos_i18n::I18nContext;
use toguz_app_core::card_end;
use toguz_app_core::library::{
    self, CardAction, CardActions, Filter, ImportReport, Query, UndoDelete,
};
use toguz_app_core::replay::ReviewFrom;

pub use notices::{share_link, StorageNotices};
pub use replay::ReplayScreen;
pub use shared::SharedGameScreen;

/// The open dialog of the library screen.
#[derive(Clone, Debug, PartialEq)]
enum LibDialog {
    None,
    Import,
    Rename(String, Players),
    Link(String),
    Backup,
}

/// The library screen's state, shared by its parts: `Copy`, for the event handlers.
#[derive(Clone, Copy)]
struct Lib {
    saves: Saves,
    /// The filter, the search, the order and the page.
    query: RwSignal<Query>,
    dialog: RwSignal<LibDialog>,
    /// "Game deleted" and its undo.
    undo: RwSignal<UndoDelete>,
    /// The line about the last import, or why a game could not be continued.
    status: RwSignal<Option<String>>,
}

impl Lib {
    fn count(self) -> usize {
        self.saves.index.with(Vec::len)
    }
}

/// Today's date for file names, `YYYY-MM-DD`.
fn file_date() -> String {
    toguz_store::records::date_tag(now_ms())
        .unwrap_or_default()
        .replace('.', "-")
}

/// Offers games as a `.pgn` download.
fn export_games(i18n: I18nContext<Locale>, saves: Saves, games: &[GameEntry], name: &str) {
    // With the evaluations of each reviewed game as `[%eval ...]` comments.
    let text = toguz_store::export_with_evals(
        games,
        |e| text::names(i18n, &e.players, e.mode),
        |e| saves.review(&e.id),
    );
    let _ = download(name, &text, "application/x-chess-pgn;charset=utf-8");
}

/// The library screen.
#[component]
pub fn LibraryScreen() -> impl IntoView {
    let saves = expect_context::<Saves>();
    let i18n = use_i18n();
    // With the openings the search looks in.
    saves.refresh_with_openings();
    let lib = Lib {
        saves,
        query: RwSignal::new(Query::default()),
        dialog: RwSignal::new(LibDialog::None),
        undo: RwSignal::new(UndoDelete::default()),
        status: RwSignal::new(None),
    };
    // Bumped when a backup is written or the reminder put off (both read the stored memo).
    let memo_changed = RwSignal::new(0u32);
    let Lib {
        query,
        dialog,
        undo,
        status,
        ..
    } = lib;
    // What the search looks in, made once for the index and the language (the card's words
    // depend on it), not at each keystroke; only read, so only made, once the search field
    // takes the focus.
    let haystacks = Memo::new(move |_| {
        i18n.get_locale();
        saves
            .index
            .with(|list| library::haystacks(list, |s| finder::card_words(i18n, s)))
    });
    let page = Memo::new(move |_| {
        query.with(|q| {
            let searching = !library::Search::new(&q.typed).is_empty();
            saves.index.with(|list| {
                if searching {
                    haystacks.with(|hays| library::list_in(list, hays, q))
                } else {
                    library::list_in(list, &[], q)
                }
            })
        })
    });
    let top = NodeRef::<leptos::html::Div>::new();
    // The line about the last import is about that import: a later action clears it (a
    // filter, a search, a delete, another dialog).
    let dialog_open = Memo::new(move |_| dialog.with(|d| *d != LibDialog::None));
    Effect::watch(
        move || query.with(|q| (q.filter, q.typed.clone())),
        move |_, _, _| status.set(None),
        false,
    );
    Effect::watch(
        move || undo.with(UndoDelete::shown) || dialog_open.get(),
        move |busy, _, _| {
            if *busy {
                status.set(None);
            }
        },
        false,
    );
    view! {
        <main class="screen library" data-testid="library-screen">
            <header class="library__header">
                <h1 class="library__title">{text(move || t_string!(i18n, library.title))}</h1>
                // While a search or a filter narrows the list: how many games it keeps, of all.
                <p class="library__count" data-testid="library-count">
                    {move || {
                        let all = t_string!(i18n, library.games, count = lib.count()).to_string();
                        if query.with(card_end::narrowed) {
                            let matched = page.with(|p| p.matched);
                            let games = t_string!(i18n, library.games, count = matched).to_string();
                            t_string!(i18n, library.found, games = games, total = lib.count()).to_string()
                        } else {
                            all
                        }
                    }}
                </p>
            </header>
            <backup::BackupReminder lib=lib memo_changed=memo_changed />
            <Toolbar lib=lib />
            <p class="library__status" role="status" data-testid="library-status">
                {move || status.get()}
            </p>
            <studies::StudyList lib=lib />
            <div node_ref=top class="library__top">
                <finder::Finder
                    lib=lib
                    on_focus=Callback::new(move |()| haystacks.with(|_| ()))
                />
            </div>
            <Show
                when=move || page.with(|p| !p.games.is_empty())
                fallback=move || view! { <EmptyList lib=lib /> }
            >
                <finder::Pager lib=lib page=page top=top testid="library-pager-top" />
                <ul
                    class="library__list"
                    data-testid="library-list"
                    data-searched=move || page.with(|p| p.searched.clone())
                >
                    <For
                        each=move || page.get().games
                        key=|s| (s.id.clone(), s.updated, s.players.clone())
                        children=move |s| view! { <GameCard lib=lib summary=s /> }
                    />
                </ul>
                <finder::Pager lib=lib page=page top=top testid="library-pager" />
            </Show>
            <toast::UndoToast lib=lib />
            <ImportDialog dialog=dialog status=status />
            <RenameDialog dialog=dialog />
            <LinkDialog dialog=dialog />
            <backup::BackupDialog lib=lib memo_changed=memo_changed />
        </main>
    }
}

/// The filters, import, and (folded on a phone) the backup and export all.
#[component]
fn Toolbar(lib: Lib) -> impl IntoView {
    let i18n = use_i18n();
    let filter_button = move |f: Filter, id: &'static str| {
        let label = move || match f {
            Filter::All => t_string!(i18n, library.filter_all).to_string(),
            Filter::InProgress => t_string!(i18n, library.filter_in_progress).to_string(),
            Filter::Finished => t_string!(i18n, library.filter_finished).to_string(),
        };
        view! {
            <ToggleChip
                testid=id
                pressed=Signal::derive(move || lib.query.with(|q| q.filter == f))
                on_press=move |()| lib.query.update(|q| q.filtered(f))
            >
                {label}
            </ToggleChip>
        }
    };
    let export_all = move |_| {
        let games = lib.saves.all_games();
        let name = format!("toguz-games-{}.pgn", file_date());
        export_games(i18n, lib.saves, &games, &name);
    };
    view! {
        <div class="library__toolbar">
            <div class="library__filters" role="group">
                {filter_button(Filter::All, "filter-all")}
                {filter_button(Filter::InProgress, "filter-in-progress")}
                {filter_button(Filter::Finished, "filter-finished")}
            </div>
            <div class="library__tools">
                <Button testid="btn-import" on_click=move |_| lib.dialog.set(LibDialog::Import)>
                    {text(move || t_string!(i18n, library.import))}
                </Button>
                // On a phone, behind "More": the list's first card stays in the first screen.
                <FoldMenu
                    label=text(move || t_string!(i18n, library.more_actions))
                    testid="library-more"
                    id="library-tools-menu".to_string()
                >
                    <Button
                        testid="btn-backup-dialog"
                        on_click=move |_| lib.dialog.set(LibDialog::Backup)
                    >
                        {text(move || t_string!(i18n, library.backup))}
                    </Button>
                    <Button
                        testid="btn-export-all"
                        disabled=move || lib.count() == 0
                        on_click=export_all
                    >
                        {text(move || t_string!(i18n, library.export_all))}
                    </Button>
                </FoldMenu>
            </div>
        </div>
    }
}

/// The line in place of an empty list: no games at all, or none under the filter.
#[component]
fn EmptyList(lib: Lib) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <p class="library__empty" data-testid="library-empty">
            {move || {
                if lib.count() == 0 {
                    t_string!(i18n, library.empty).to_string()
                } else if lib.query.with(|q| !q.typed.trim().is_empty()) {
                    t_string!(i18n, library.empty_search).to_string()
                } else {
                    t_string!(i18n, library.empty_filter).to_string()
                }
            }}
        </p>
    }
}

/// One game of the list: its players, date, mode, moves and result, and what to do with it.
#[component]
fn GameCard(lib: Lib, summary: Summary) -> impl IntoView {
    let i18n = use_i18n();
    let s = summary;
    let id = StoredValue::new(s.id.clone());
    let (white, black) = text::names(i18n, &s.players, s.mode);
    let current = move || lib.saves.current_id() == id.get_value();
    let (score, shown_score) = (library::score(&s), library::score_as_read(&s));
    let (moves, finished, result, reason) = (library::length(&s), s.finished(), s.result, s.reason);
    let told = card_end::told(result, reason.is_some(), (s.kazans.white, s.kazans.black));
    let s2 = s.clone();
    view! {
        <li
            class="game-card"
            class:game-card--current=current
            data-testid="library-game"
            data-id=s.id.clone()
            data-finished=finished.to_string()
        >
            <div class="game-card__main">
                <p class="game-card__players" data-testid="game-players">
                    <span class="game-card__name">{white}</span>
                    <span class="game-card__vs">" – "</span>
                    <span class="game-card__name">{black}</span>
                </p>
                <p class="game-card__meta">
                    <span data-testid="game-date">{move || text::date(i18n, s2.created)}</span>
                    " · "
                    <span>{move || text::mode(i18n, &s2)}</span>
                    " · "
                    <span data-testid="game-moves">
                        {move || t_string!(i18n, library.moves, count = moves).to_string()}
                    </span>
                </p>
                <p class="game-card__result" data-testid="game-result" data-score=score>
                    {move || text::result(i18n, result)}
                    // Why it ended: as known, or as far as the kazans tell where an imported
                    // record does not say ("White won · 62:71" alone reads like a mistake).
                    {reason
                        .map(|r| {
                            view! {
                                " · "
                                <span data-testid="game-reason">
                                    {move || crate::services::words::reason(i18n.get_locale(), r)}
                                </span>
                            }
                        })}
                    {told
                        .map(|t| {
                            view! {
                                " · "
                                <span data-testid="game-reason" data-told=format!("{t:?}")>
                                    {move || crate::services::words::told(i18n.get_locale(), t)}
                                </span>
                            }
                        })}
                    " · "
                    <strong>{shown_score}</strong>
                </p>
            </div>
            <GameActions lib=lib id=id finished=finished />
        </li>
    }
}

/// A game's buttons (`library::CardActions`): those always in sight, then those a phone
/// folds into the card's menu.
#[component]
fn GameActions(lib: Lib, id: StoredValue<String>, finished: bool) -> impl IntoView {
    let i18n = use_i18n();
    let actions = CardActions::of(finished);
    let main = actions.main();
    let action = move |a: CardAction| game_action(lib, id, a, a == main);
    view! {
        <div class="game-card__actions">
            {actions.first.into_iter().map(action).collect_view()}
            <FoldMenu
                label=text(move || t_string!(i18n, library.more_actions))
                testid="game-more"
                id=format!("game-menu-{}", id.get_value())
            >
                {actions.folded.into_iter().map(action).collect_view()}
            </FoldMenu>
        </div>
    }
}

/// One of a game's buttons; `main`: drawn as the card's main action.
fn game_action(lib: Lib, id: StoredValue<String>, action: CardAction, main: bool) -> AnyView {
    let i18n = use_i18n();
    let saves = lib.saves;
    let entry = move || saves.game(&id.get_value()).ok().flatten();
    let look = if main { Look::Primary } else { Look::Plain };
    match action {
        CardAction::Continue => {
            let launcher = Launcher::get();
            let on_continue = move |_| {
                if let Err(e) = launcher.launch(Launch::Continue(id.get_value())) {
                    lib.status.set(Some(e.to_string()));
                }
            };
            view! {
                <Button look=look testid="game-continue" on_click=on_continue>
                    {text(move || t_string!(i18n, library.continue_game))}
                </Button>
            }
            .into_any()
        }
        CardAction::Replay => view! {
            <a
                class="btn"
                class:btn--primary=main
                data-testid="game-replay"
                href=move || Route::Replay(id.get_value()).to_hash()
            >
                {text(move || t_string!(i18n, library.replay))}
            </a>
        }
        .into_any(),
        CardAction::Review => view! {
            <a
                class="btn"
                class:btn--primary=main
                data-testid="btn-review"
                href=move || ReviewFrom::Library.review_hash(&Route::Review(id.get_value()).to_hash(), None)
            >
                {text(move || t_string!(i18n, review.review))}
            </a>
        }
        .into_any(),
        CardAction::Rename => {
            let on_rename = move |_| {
                if let Some(e) = entry() {
                    lib.dialog
                        .set(LibDialog::Rename(e.id.clone(), e.players.clone()));
                }
            };
            view! {
                <Button look=look testid="game-rename" on_click=on_rename>
                    {text(move || t_string!(i18n, library.rename))}
                </Button>
            }
            .into_any()
        }
        CardAction::Export => {
            let on_export = move |_| {
                if let Some(e) = entry() {
                    let (white, black) = text::names(i18n, &e.players, e.mode);
                    let name = library::export_file_name(&white, &black, &file_date());
                    export_games(i18n, saves, &[e], &name);
                }
            };
            view! {
                <Button look=look testid="game-export" on_click=on_export>
                    {text(move || t_string!(i18n, library.export))}
                </Button>
            }
            .into_any()
        }
        CardAction::Share => {
            let on_share = move |_| {
                if let Some(e) = entry() {
                    let (w, b) = text::names(i18n, &e.players, e.mode);
                    let link = share_link(&toguz_store::share_payload(&e, (&w, &b)));
                    copy_text(&link);
                    lib.dialog.set(LibDialog::Link(link));
                }
            };
            view! {
                <Button look=look testid="game-share" on_click=on_share>
                    {text(move || t_string!(i18n, library.share))}
                </Button>
            }
            .into_any()
        }
        CardAction::Delete => view! {
            <Button look=Look::Danger testid="game-delete" on_click=move |_| toast::delete(lib, &id.get_value())>
                {text(move || t_string!(i18n, library.delete))}
            </Button>
        }
        .into_any(),
    }
}

/// The line after an import.
fn import_line(i18n: I18nContext<Locale>, report: ImportReport) -> String {
    match report {
        ImportReport::NothingNew { skipped } => {
            t_string!(i18n, library.nothing_new, count = skipped).to_string()
        }
        ImportReport::Added { added, skipped: 0 } => {
            t_string!(i18n, library.imported, count = added).to_string()
        }
        ImportReport::Added { added, skipped } => format!(
            "{} {}",
            t_string!(i18n, library.imported, count = added),
            t_string!(i18n, library.skipped, count = skipped)
        ),
        ImportReport::Studies { added: 0, skipped } => {
            t_string!(i18n, library.studies_known, count = skipped).to_string()
        }
        ImportReport::Studies { added, skipped: 0 } => {
            t_string!(i18n, library.studies_imported, count = added).to_string()
        }
        ImportReport::Studies { added, skipped } => format!(
            "{} {}",
            t_string!(i18n, library.studies_imported, count = added),
            t_string!(i18n, library.studies_known, count = skipped)
        ),
    }
}

/// Paste records or pick a file; all games or none are imported.
#[component]
fn ImportDialog(dialog: RwSignal<LibDialog>, status: RwSignal<Option<String>>) -> impl IntoView {
    let saves = expect_context::<Saves>();
    let i18n = use_i18n();
    let text_value = RwSignal::new(String::new());
    let error = RwSignal::new(None::<ImportProblem>);
    let open = move || dialog.with(|d| *d == LibDialog::Import);
    let close = move || {
        dialog.set(LibDialog::None);
        error.set(None);
    };
    let run = move |text: String| {
        let report = library::import(&text, |t| saves.import(t), |t| saves.import_studies(t));
        match report {
            Ok(report) => {
                status.set(Some(import_line(i18n, report)));
                text_value.set(String::new());
                close();
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let on_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        let promise = file.text();
        leptos::task::spawn_local(async move {
            if let Ok(v) = wasm_bindgen_futures::JsFuture::from(promise).await {
                let text = v.as_string().unwrap_or_default();
                // The file is read after an await: once the library is left, its dialog's
                // values are gone and nothing is imported (the file itself is untouched).
                if text_value.try_set(text.clone()).is_none() {
                    run(text);
                }
            }
        });
        input.set_value("");
    };
    view! {
        <Modal
            open=Signal::derive(open)
            on_close=move |()| close()
            testid="import-dialog"
            labelled_by="import-title"
            class="library-dialog"
        >
                    <h2 id="import-title" class="dialog__title">
                        {text(move || t_string!(i18n, library.import_title))}
                    </h2>
                    <p class="dialog__reason">{text(move || t_string!(i18n, library.import_hint))}</p>
                    <textarea
                        class="library-dialog__text-input"
                        data-testid="import-text"
                        autofocus
                        rows="8"
                        spellcheck="false"
                        prop:value=move || text_value.get()
                        on:input=move |ev| text_value.set(event_target_value(&ev))
                    ></textarea>
                    <label class="btn library-dialog__file">
                        {text(move || t_string!(i18n, library.choose_file))}
                        <input
                            type="file"
                            accept=".pgn,.txt,text/plain"
                            data-testid="import-file"
                            on:change=on_file
                        />
                    </label>
                    <Show when=move || error.with(Option::is_some)>
                        <p class="library-dialog__error" role="alert" data-testid="import-error">
                            {move || error.with(|e| e.as_ref().map(|e| text::import_problem(i18n, e)))}
                        </p>
                    </Show>
                    <div class="dialog__actions">
                        <Button on_click=move |_| close()>
                            {text(move || t_string!(i18n, common.cancel))}
                        </Button>
                        <Button
                            look=Look::Primary
                            testid="import-do"
                            on_click=move |_| run(text_value.get_untracked())
                        >
                            {text(move || t_string!(i18n, library.import_do))}
                        </Button>
                    </div>
        </Modal>
    }
}

/// The players' names of one game.
#[component]
fn RenameDialog(dialog: RwSignal<LibDialog>) -> impl IntoView {
    let saves = expect_context::<Saves>();
    let i18n = use_i18n();
    let white = RwSignal::new(String::new());
    let black = RwSignal::new(String::new());
    let id = RwSignal::new(String::new());
    Effect::new(move |_| {
        if let LibDialog::Rename(i, p) = dialog.get() {
            id.set(i);
            white.set(p.white);
            black.set(p.black);
        }
    });
    let open = move || dialog.with(|d| matches!(d, LibDialog::Rename(..)));
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        saves.rename(
            &id.get_untracked(),
            Players {
                white: white.with_untracked(|w| library::clean_name(w)),
                black: black.with_untracked(|b| library::clean_name(b)),
            },
        );
        dialog.set(LibDialog::None);
    };
    view! {
        <Modal
            open=Signal::derive(open)
            on_close=move |()| dialog.set(LibDialog::None)
            testid="rename-dialog"
            labelled_by="rename-title"
            class="library-dialog"
        >
                <form class="library-dialog__form" on:submit=save>
                    <h2 id="rename-title" class="dialog__title">
                        {text(move || t_string!(i18n, library.rename_title))}
                    </h2>
                    <label class="library-dialog__field">
                        <span>{text(move || t_string!(i18n, library.white))}</span>
                        <input
                            type="text"
                            maxlength="80"
                            data-testid="rename-white"
                            autofocus
                            prop:value=move || white.get()
                            on:input=move |ev| white.set(event_target_value(&ev))
                        />
                    </label>
                    <label class="library-dialog__field">
                        <span>{text(move || t_string!(i18n, library.black))}</span>
                        <input
                            type="text"
                            maxlength="80"
                            data-testid="rename-black"
                            prop:value=move || black.get()
                            on:input=move |ev| black.set(event_target_value(&ev))
                        />
                    </label>
                    <div class="dialog__actions">
                        <Button
                            on_click=move |_| dialog.set(LibDialog::None)
                        >
                            {text(move || t_string!(i18n, common.cancel))}
                        </Button>
                        <Button submit=true look=Look::Primary testid="rename-save">
                            {text(move || t_string!(i18n, library.save))}
                        </Button>
                    </div>
                </form>
        </Modal>
    }
}

/// The share link, copied to the clipboard and shown to copy by hand.
#[component]
fn LinkDialog(dialog: RwSignal<LibDialog>) -> impl IntoView {
    let i18n = use_i18n();
    let link = move || match dialog.get() {
        LibDialog::Link(l) => Some(l),
        _ => None,
    };
    view! {
        <Modal
            open=Signal::derive(move || link().is_some())
            on_close=move |()| dialog.set(LibDialog::None)
            testid="link-dialog"
            labelled_by="link-title"
            class="library-dialog"
        >
                    <h2 id="link-title" class="dialog__title">{text(move || t_string!(i18n, library.share))}</h2>
                    <p class="dialog__reason">{text(move || t_string!(i18n, library.link_hint))}</p>
                    <input
                        type="text"
                        readonly
                        class="library-dialog__link"
                        data-testid="share-link"
                        prop:value=move || link().unwrap_or_default()
                        on:focus=move |ev| {
                            if let Some(input) = ev
                                .target()
                                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                            {
                                input.select();
                            }
                        }
                    />
                    <div class="dialog__actions">
                        <Button
                            look=Look::Primary
                            testid="link-close"
                            on_click=move |_| dialog.set(LibDialog::None)
                        >
                            {text(move || t_string!(i18n, common.close))}
                        </Button>
                    </div>
        </Modal>
    }
}
