//! Entry point of the web app (built and split by the Trunk hook scripts/hooks/app.mjs).
//!
//! The screens other than play are loaded on demand: each `#[wasm_split(<part>)]`
//! function below, with everything only it reaches, goes into its part's file (wasm-split,
//! scripts/hooks/app.mjs), which `toguz_app::app::on_demand` fetches when one of its screens
//! opens. Functions naming the same part share its file. They are here, not in the library:
//! a split function is exported (`no_mangle`), and an export of the library would be carried
//! by every binary that links it, the search worker too.

use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use toguz_app::app::on_demand::{now, Part, PartLoad, Parts};
use toguz_app::app::pwa_prompts::PwaCards;
use toguz_app::features::editor::EditorScreen;
use toguz_app::features::library::{LibraryScreen, ReplayScreen, SharedGameScreen, StorageNotices};
use toguz_app::features::play::dialogs::PlayDialogs;
use toguz_app::features::play::explorer::PlayExplorer;
use toguz_app::features::play::link::{LinkOpener, LinkPanel, QrFuture};
use toguz_app::features::play::settings_panel::SettingsPanel;
use toguz_app::features::play::welcome::Welcome;
use toguz_app::features::play::EndRatingEstimate;
use toguz_app::features::puzzles::PuzzlesScreen;
use toguz_app::features::review::{AnalysisScreen, Opened, ReviewScreen};
use toguz_app::features::tutorial::{is_lesson, LessonScreen, NoSuchLesson, TutorialScreen};
use toguz_app::i18n::Locale;
use toguz_app::platform::ai::AiWorker;
use toguz_app::platform::pwa::PwaSignals;
use toguz_app::services::pictures::Request;
use toguz_app::services::routes::Route;
use toguz_app_core::announce::Announcement;

/// The app's allocator: talc, smaller than the standard library's dlmalloc (7.5 KB of code
/// before wasm-opt): the first visit's download 1.1 KB less. Only the app's
/// binary: the search worker keeps dlmalloc.
#[cfg(all(target_family = "wasm", not(target_feature = "atomics")))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

fn main() {
    // The search worker's creation and the reader of its replies, in a part of their own, out
    // of the first visit's download: fetched when the first worker starts (at the player's
    // first pointer, key, scroll or click, or at the first request), from the service worker's
    // cache once it has it.
    toguz_app::platform::ai::client::set_starter(|worker, generation| {
        leptos::task::spawn_local(async move {
            let started = preload_ai_start().await.is_ok()
                && now(ai_start(worker.clone(), generation)).is_some();
            if !started {
                worker.start_failed(generation);
            }
        });
    });
    // Share image and Share as GIF: the rasteriser and the GIF encoder in a part of their own,
    // fetched at the first click on either (from the service worker's cache once it has it).
    toguz_app::services::pictures::set_maker(|request| {
        leptos::task::spawn_local(async move {
            let (busy, failed) = (request.busy, request.failed);
            if make_picture(request).await.is_err() {
                let _ = busy.try_set(false);
                let _ = failed.try_set(true);
            }
        });
    });
    toguz_app::mount(Parts {
        load,
        screen,
        dialogs: || now(play_dialogs()),
        estimate: || now(end_estimate()),
        settings: || now(settings_panel()),
        announcement: |locale, what| now(announcement(locale, what)),
        pwa_cards: |signals| now(pwa_cards(signals)),
        storage_notices: || now(storage_notices()),
        link_panel: || now(link_panel()),
        link_opener: || now(link_opener()),
        play_explorer: || now(play_explorer()),
        welcome: || now(welcome_dialog()),
    });
}

/// Loads a part: every split function's loader of the part (each has its own, all fetching
/// the same file once), so that `screen` finds each of them ready.
fn load(part: Part) -> PartLoad {
    Box::pin(async move {
        match part {
            Part::Library => {
                preload_library().await?;
                preload_replay().await?;
                preload_share().await
            }
            Part::Tutorial => {
                preload_tutorial().await?;
                preload_lesson().await
            }
            Part::Editor => preload_editor().await,
            Part::Review => {
                preload_review().await?;
                preload_analysis().await
            }
            Part::Puzzles => preload_puzzles().await,
            Part::Dialogs => {
                preload_dialogs().await?;
                preload_announcement().await
            }
            Part::Estimate => preload_estimate().await,
            Part::Welcome => preload_welcome().await,
            Part::Link => {
                preload_link_panel().await?;
                preload_link_opener().await
            }
            Part::Settings => preload_settings().await,
            Part::Openings => preload_play_explorer().await,
            Part::Prompts => {
                preload_pwa_cards().await?;
                preload_storage_notices().await
            }
        }
    })
}

fn screen(route: Route) -> Option<AnyView> {
    match route {
        Route::Play => None,
        Route::Library => now(library_screen()),
        Route::Replay(id) => now(replay_screen(id)),
        Route::SharedGame(payload) => now(shared_game_screen(payload)),
        Route::Tutorial => now(tutorial_screen()),
        Route::Lesson(n) => now(lesson_screen(n)),
        Route::Editor(open) => now(editor_screen(open)),
        Route::Review(id) => now(review_screen(id)),
        // One call for the three: the route is read in the part, not here on the first visit.
        route @ (Route::Analysis { .. } | Route::Study { .. } | Route::SharedStudy(_)) => {
            now(analysis_screen(route))
        }
        Route::Puzzles(id) => now(puzzles_screen(id)),
    }
}

// The first argument names the part (its file); `preload` names the function that makes the
// split function ready (`load` calls them all). `fallible`: a failed load is an
// error, shown with a Retry button, not a panic.

#[wasm_split(library, wasm_split_path = ::leptos::wasm_split, preload(preload_library), fallible)]
fn library_screen() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <LibraryScreen /> }.into_any())
}

#[wasm_split(library, wasm_split_path = ::leptos::wasm_split, preload(preload_replay), fallible)]
fn replay_screen(id: String) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <ReplayScreen id=id /> }.into_any())
}

/// A game opened from a share link, replayed to watch before it is added to the library.
#[wasm_split(library, wasm_split_path = ::leptos::wasm_split, preload(preload_share), fallible)]
fn shared_game_screen(payload: String) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <SharedGameScreen payload=payload /> }.into_any())
}

#[wasm_split(tutorial, wasm_split_path = ::leptos::wasm_split, preload(preload_tutorial), fallible)]
fn tutorial_screen() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <TutorialScreen /> }.into_any())
}

#[wasm_split(tutorial, wasm_split_path = ::leptos::wasm_split, preload(preload_lesson), fallible)]
fn lesson_screen(number: u8) -> Result<AnyView, SplitLoaderError> {
    Ok(if is_lesson(number) {
        view! { <LessonScreen number=number /> }.into_any()
    } else {
        view! { <NoSuchLesson number=number /> }.into_any()
    })
}

#[wasm_split(editor, wasm_split_path = ::leptos::wasm_split, preload(preload_editor), fallible)]
fn editor_screen(open: Option<String>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <EditorScreen open=open /> }.into_any())
}

#[wasm_split(review, wasm_split_path = ::leptos::wasm_split, preload(preload_review), fallible)]
fn review_screen(id: String) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <ReviewScreen id=id /> }.into_any())
}

#[wasm_split(review, wasm_split_path = ::leptos::wasm_split, preload(preload_analysis), fallible)]
fn analysis_screen(route: Route) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <AnalysisScreen opened=Opened::of(route) /> }.into_any())
}

#[wasm_split(puzzles, wasm_split_path = ::leptos::wasm_split, preload(preload_puzzles), fallible)]
fn puzzles_screen(id: Option<String>) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <PuzzlesScreen id=id /> }.into_any())
}

/// The play screen's dialogs (not a screen: over the play screen).
#[wasm_split(dialogs, wasm_split_path = ::leptos::wasm_split, preload(preload_dialogs), fallible)]
fn play_dialogs() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <PlayDialogs /> }.into_any())
}

/// The end dialog's rating estimate: the game's review and its sums, as a game ends.
#[wasm_split(estimate, wasm_split_path = ::leptos::wasm_split, preload(preload_estimate), fallible)]
fn end_estimate() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <EndRatingEstimate /> }.into_any())
}

/// The play screen's settings panel (under the board on a phone, at the foot of the side panel
/// on a desktop).
#[wasm_split(settings, wasm_split_path = ::leptos::wasm_split, preload(preload_settings), fallible)]
fn settings_panel() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <SettingsPanel /> }.into_any())
}

/// The words of an announcement of the play screen's live region, in the dialogs' part: the
/// first move's announcement comes after the player's first touch, which fetches that part.
#[wasm_split(dialogs, wasm_split_path = ::leptos::wasm_split, preload(preload_announcement), fallible)]
fn announcement(locale: Locale, what: Announcement) -> Result<String, SplitLoaderError> {
    Ok(toguz_app::services::words::announcement(locale, &what))
}

/// The service worker's prompts (update, install, the iOS hint), in their own part with the
/// storage notices: fetched a few seconds after one is due (`on_demand::pwa_cards`).
#[wasm_split(prompts, wasm_split_path = ::leptos::wasm_split, preload(preload_pwa_cards), fallible)]
fn pwa_cards(signals: PwaSignals) -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <PwaCards signals=signals /> }.into_any())
}

/// The saved games' notices, in the prompts' part: fetched when there is one.
#[wasm_split(prompts, wasm_split_path = ::leptos::wasm_split, preload(preload_storage_notices), fallible)]
fn storage_notices() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <StorageNotices /> }.into_any())
}

/// The share panel of a game by link (under the board).
#[wasm_split(link, wasm_split_path = ::leptos::wasm_split, preload(preload_link_panel), fallible)]
fn link_panel() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <LinkPanel make_qr=make_qr /> }.into_any())
}

/// Opens a friend's link (over the play screen: a message if it is refused).
#[wasm_split(link, wasm_split_path = ::leptos::wasm_split, preload(preload_link_opener), fallible)]
fn link_opener() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <LinkOpener /> }.into_any())
}

/// The first visit's welcome, in a part of its own: small, so that a first visit's board is
/// not held up by the dialogs' code.
#[wasm_split(welcome, wasm_split_path = ::leptos::wasm_split, preload(preload_welcome), fallible)]
fn welcome_dialog() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <Welcome /> }.into_any())
}

/// The opening explorer beside the board in a game of two players.
#[wasm_split(openings, wasm_split_path = ::leptos::wasm_split, preload(preload_play_explorer), fallible)]
fn play_explorer() -> Result<AnyView, SplitLoaderError> {
    Ok(view! { <PlayExplorer /> }.into_any())
}

/// The QR code of a link, fetching the QR encoder's part first (`None` if it cannot be).
fn make_qr(text: String) -> QrFuture {
    Box::pin(async move {
        preload_qr().await.ok()?;
        now(qr_svg(text))
    })
}

/// The QR encoder, in a part of its own: only a player who asks for a QR code fetches it.
#[wasm_split(qr, wasm_split_path = ::leptos::wasm_split, preload(preload_qr), fallible)]
fn qr_svg(text: String) -> Result<String, SplitLoaderError> {
    Ok(toguz_app::features::play::link::qr_svg(&text))
}

/// Creates a search worker (`AiWorker::start`: the worker, its listeners and the reader of its
/// replies), in a part of its own, fetched when the first worker starts.
#[wasm_split(ai, wasm_split_path = ::leptos::wasm_split, preload(preload_ai_start), fallible)]
fn ai_start(worker: AiWorker, generation: u64) -> Result<(), SplitLoaderError> {
    worker.start(generation);
    Ok(())
}

/// Makes a picture of the board (Share image, Share as GIF) and offers it, in a part of its
/// own, fetched at the first click: the rasteriser, the GIF encoder and its colour quantiser.
#[wasm_split(pictures, wasm_split_path = ::leptos::wasm_split, preload(preload_pictures), fallible)]
fn make_picture(request: Request) -> Result<(), SplitLoaderError> {
    leptos::task::spawn_local(toguz_app::services::pictures::carry_out(request));
    Ok(())
}
