//! The screens other than play, loaded on demand: each part's code is cut out of
//! the app's wasm into its own file by wasm-split (`scripts/hooks/app.mjs`) and fetched the
//! first time one of its screens opens (or the pointer rests on its link in the top bar), so
//! the first visit downloads only the play screen. The service worker precaches every part,
//! so they open offline too.
//!
//! A part is a group of functions declared with `crate::platform::split::part_fn`, each beside
//! the screen or view it builds (`features::<screen>::part`): everything only they reach goes
//! into the part's file. This module fetches a part, then calls its functions.
//!
//! A part's screens have their own style sheet too (style/<part>.css; index.html inlines only
//! the play screen's and the shared ones): it is fetched beside the part's file, and the part
//! is loaded once both are, so a screen never shows unstyled; either failing is the part
//! failing (`crate::platform::style_sheets`).

use std::cell::RefCell;

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::pwa_prompts;
use crate::features::{count, editor, library, play, practice, puzzles, review, train, tutorial};
use crate::i18n::*;
use crate::platform::pwa::PwaSignals;
use crate::platform::split::{now, SplitLoaderError};
use crate::platform::style_sheets;
use crate::services::routes::Route;
use crate::services::saves::Saves;
use crate::services::words::text;
use crate::ui::{Button, LiveRegion, Look};
use toguz_app_core::announce::Announcement;

thread_local! {
    /// The parts loaded so far: their screens show at once, with no loading state.
    static LOADED: RefCell<Vec<Part>> = const { RefCell::new(Vec::new()) };
}

/// The parts of the app loaded on demand, one file each.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Part {
    /// The saved games and the replay.
    Library,
    /// The lessons.
    Tutorial,
    /// The position editor.
    Editor,
    /// The review of a game and the analysis board.
    Review,
    /// The puzzle trainer.
    Puzzles,
    /// The trainers: counting and the practice positions.
    Count,
    /// The repertoire trainer.
    Train,
    /// The play screen's dialogs (`features::play::dialogs`) and the words of its live region
    /// (`announcer`): fetched at the player's first pointer, key, scroll or click, or at once
    /// when a dialog is wanted or something is to be said.
    Dialogs,
    /// The play screen's settings panel (`features::play::settings_panel`): fetched at once
    /// where it is in view (a desktop's side panel), else at the player's first pointer, key,
    /// scroll or click (it is under the moves on a phone).
    Settings,
    /// What shows over every screen only when due: the service worker's prompts
    /// (`app::pwa_prompts::PwaCards`) and the saved games' notices
    /// (`features::library::StorageNotices`); fetched when one is.
    Prompts,
    /// The end dialog's rating estimate (`features::play::end_estimate`): the game's review
    /// run and its sums, and a practice game's record (`features::play::practice_end`),
    /// fetched as a game a person played ends (not in the dialogs' part, which every player
    /// fetches at the first touch: they would add about 22 KB to it each).
    Estimate,
    /// A game with a friend by link (`features::play::link`): the share panel, fetched while
    /// such a game is on the board, and the opening of a friend's link, fetched at once when
    /// the page was opened from one. (Not in the dialogs' part, which every player fetches at
    /// the first touch: the link's code would double it. Its QR encoder is a part of its own,
    /// fetched at the first QR code.)
    Link,
    /// The opening explorer beside the board in a game of two players on one device
    /// (`features::play::explorer`), fetched while such a game is on the board.
    Openings,
}

impl Part {
    /// The part a route's screen is in (none for the play screen).
    pub fn of(route: &Route) -> Option<Part> {
        match route {
            Route::Play => None,
            Route::Library | Route::Replay(_) | Route::SharedGame(_) => Some(Part::Library),
            Route::Tutorial | Route::Lesson(_) => Some(Part::Tutorial),
            Route::Editor(_) => Some(Part::Editor),
            Route::Review(_)
            | Route::Analysis { .. }
            | Route::Study { .. }
            | Route::SharedStudy(_) => Some(Part::Review),
            Route::Puzzles(_) => Some(Part::Puzzles),
            Route::Count | Route::Practice => Some(Part::Count),
            Route::Train(_) => Some(Part::Train),
        }
    }

    /// The name of its files: `split_<name>-<hash>.wasm` (its `part_fn!` functions) and `split_<name>-<hash>.css` (style/<name>.css).
    fn name(self) -> &'static str {
        match self {
            Part::Library => "library",
            Part::Tutorial => "tutorial",
            Part::Editor => "editor",
            Part::Review => "review",
            Part::Puzzles => "puzzles",
            Part::Count => "count",
            Part::Train => "train",
            Part::Dialogs => "dialogs",
            Part::Settings => "settings",
            Part::Prompts => "prompts",
            Part::Link => "link",
            Part::Openings => "openings",
            Part::Estimate => "estimate",
        }
    }

    /// The style sheets it needs besides its own, kept once rather than copied into each part's:
    /// the replay's header and move navigation (style/replay.css) for the two parts whose
    /// screens step through a game, and its "Play from here against the computer" for the
    /// puzzles' too; the opening explorer's (style/explorer.css) for the three that show it;
    /// the practice positions' (style/practice.css) for the trainers' part.
    fn shared_sheets(self) -> &'static [&'static str] {
        match self {
            Part::Library | Part::Review => &["replay", "explorer"],
            Part::Puzzles => &["replay"],
            Part::Count => &["practice"],
            Part::Openings => &["explorer"],
            _ => &[],
        }
    }

    fn is_loaded(self) -> bool {
        LOADED.with(|l| l.borrow().contains(&self))
    }

    /// Fetches and instantiates the part's file and links its style sheets, all fetched at
    /// once (at most once each; a failed load is tried anew). An error if any failed.
    async fn load(self) -> Result<(), ()> {
        let sheet = style_sheets::load(self.name());
        let shared: Vec<_> = self
            .shared_sheets()
            .iter()
            .copied()
            .map(style_sheets::load)
            .collect();
        let code = self.load_code().await;
        let mut sheets_ok = sheet.await.is_ok();
        for s in shared {
            sheets_ok &= s.await.is_ok();
        }
        if code.is_err() || !sheets_ok {
            return Err(());
        }
        LOADED.with(|l| {
            if !l.borrow().contains(&self) {
                l.borrow_mut().push(self);
            }
        });
        Ok(())
    }

    /// Fetches and instantiates the part's file: every preload of the part's functions (each
    /// has its own, all fetching the same file once), so that [`now`] finds each of them ready.
    async fn load_code(self) -> Result<(), SplitLoaderError> {
        match self {
            Part::Library => {
                library::part::preload_library().await?;
                library::part::preload_replay().await?;
                library::part::preload_share().await
            }
            Part::Tutorial => {
                tutorial::part::preload_tutorial().await?;
                tutorial::part::preload_lesson().await
            }
            Part::Editor => editor::part::preload_editor().await,
            Part::Review => {
                review::part::preload_review().await?;
                review::part::preload_analysis().await
            }
            Part::Puzzles => puzzles::part::preload_puzzles().await,
            Part::Count => {
                count::part::preload_count().await?;
                practice::part::preload_practice().await
            }
            Part::Train => train::part::preload_train().await,
            Part::Dialogs => {
                play::part::preload_dialogs().await?;
                play::part::preload_announcement().await
            }
            Part::Estimate => play::part::preload_estimate().await,
            Part::Link => {
                play::part::preload_link_panel().await?;
                play::part::preload_link_opener().await
            }
            Part::Settings => play::part::preload_settings().await,
            Part::Openings => play::part::preload_play_explorer().await,
            Part::Prompts => {
                pwa_prompts::preload_pwa_cards().await?;
                library::part::preload_storage_notices().await
            }
        }
    }

    /// Starts loading the part in the background (the pointer is on its link): by the click,
    /// its screen is usually there. A failure here is silent; opening the screen says it.
    pub fn preload(self) {
        if !self.is_loaded() {
            spawn_local(async move {
                let _ = self.load().await;
            });
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Load {
    /// Not started (the play screen's dialogs, until the player's first pointer or key).
    Idle,
    Waiting,
    Ready,
    Failed,
}

/// Where the load of `part` is, and the function that (re)starts it (Retry). If the part is not
/// loaded yet, its load starts now, or with `later` waits (`Idle`) for the caller to start it.
fn loading(part: Part, later: bool) -> (RwSignal<Load>, impl Fn() + Copy + Send + Sync + 'static) {
    let state = RwSignal::new(match (part.is_loaded(), later) {
        (true, _) => Load::Ready,
        (false, false) => Load::Waiting,
        (false, true) => Load::Idle,
    });
    let fetch = move || {
        state.set(Load::Waiting);
        spawn_local(async move {
            let loaded = part.load().await.is_ok();
            // What showed it may be gone (another route) by now.
            let _ = state.try_set(if loaded { Load::Ready } else { Load::Failed });
        });
    };
    if state.get_untracked() == Load::Waiting {
        fetch();
    }
    (state, fetch)
}

impl Load {
    /// Not loaded, and no fetch under way: never started, or failed (asking again tries again).
    fn may_fetch(self) -> bool {
        matches!(self, Load::Idle | Load::Failed)
    }
}

/// Starts `fetch` each time `wanted` turns true while the part may be fetched
/// ([`Load::may_fetch`]): a dialog asked for, something to say, a notice to show.
fn fetch_when(
    wanted: impl Fn() -> bool + 'static,
    state: RwSignal<Load>,
    fetch: impl Fn() + Copy + 'static,
) {
    Effect::new(move |_| {
        if wanted() && state.get_untracked().may_fetch() {
            fetch();
        }
    });
}

/// The notice over the play screen that a part it needs could not be fetched (offline before
/// the service worker had it), with Retry (`fetch`) and, given `close`, Close. Its test ids
/// are `<testid>-load-failed`, `<testid>-retry` and `<testid>-close`.
fn failed_notice(
    testid: &'static str,
    fetch: impl Fn() + Copy + Send + Sync + 'static,
    close: Option<Callback<()>>,
) -> AnyView {
    let i18n = use_i18n();
    view! {
        <aside class="notices notices--over">
            <div class="notice" role="alert" data-testid=format!("{testid}-load-failed")>
                <p class="notice__text">
                    {text(move || t_string!(i18n, common.screen_load_failed))}
                </p>
                <div class="notice__actions">
                    <Button testid=format!("{testid}-retry") on_click=move |_| fetch()>
                        {text(move || t_string!(i18n, common.screen_retry))}
                    </Button>
                    {close
                        .map(|close| {
                            view! {
                                <Button
                                    testid=format!("{testid}-close")
                                    on_click=move |_| close.run(())
                                >
                                    {text(move || t_string!(i18n, common.close))}
                                </Button>
                            }
                        })}
                </div>
            </div>
        </aside>
    }
    .into_any()
}

/// A screen of `part`: `screen` once the part is loaded, a quiet loading state until then
/// (its text fades in only if the load takes a while, style/app.css), or a message with a
/// Retry button if it failed. The top bar stays above it all along.
fn on_demand(route: Route) -> impl IntoView {
    let Some(part) = Part::of(&route) else {
        unreachable!("the play screen is in the main module")
    };
    let i18n = use_i18n();
    let (state, fetch) = loading(part, false);
    let failed = move || {
        view! {
            <main class="screen on-demand on-demand--failed" data-testid="screen-load-failed">
                <p class="on-demand__text" role="alert">
                    {text(move || t_string!(i18n, common.screen_load_failed))}
                </p>
                <Button look=Look::Primary testid="screen-retry" on_click=move |_| fetch()>
                    {text(move || t_string!(i18n, common.screen_retry))}
                </Button>
            </main>
        }
        .into_any()
    };
    move || match state.get() {
        Load::Ready => route_screen(route.clone()).unwrap_or_else(failed),
        Load::Failed => failed(),
        Load::Waiting | Load::Idle => view! {
            <main class="screen on-demand" data-testid="screen-loading" aria-busy="true">
                <p class="on-demand__text on-demand__text--wait" role="status">
                    {text(move || t_string!(i18n, common.screen_loading))}
                </p>
            </main>
        }
        .into_any(),
    }
}

/// The screen of a route other than play, built by its part's function; `None` if the part
/// is not loaded.
fn route_screen(route: Route) -> Option<AnyView> {
    match route {
        Route::Play => None,
        Route::Library => now(library::part::library_screen()),
        Route::Replay(id) => now(library::part::replay_screen(id)),
        Route::SharedGame(payload) => now(library::part::shared_game_screen(payload)),
        Route::Tutorial => now(tutorial::part::tutorial_screen()),
        Route::Lesson(n) => now(tutorial::part::lesson_screen(n)),
        Route::Editor(open) => now(editor::part::editor_screen(open)),
        Route::Review(id) => now(review::part::review_screen(id)),
        // One call for the three: the route is read in the part, not here on the first visit.
        route @ (Route::Analysis { .. } | Route::Study { .. } | Route::SharedStudy(_)) => {
            now(review::part::analysis_screen(route))
        }
        Route::Puzzles(id) => now(puzzles::part::puzzles_screen(id)),
        Route::Count => now(count::part::count_screen()),
        Route::Practice => now(practice::part::practice_screen()),
        Route::Train(id) => now(train::part::train_screen(id)),
    }
}

/// The screen of a route other than play, loaded on demand.
pub fn screen(route: Route) -> AnyView {
    on_demand(route).into_any()
}

/// What a part shows over the play screen as the page opens (`view`, once `part` is loaded,
/// fetched at once): nothing while it loads, or, if it cannot be fetched (offline before the
/// service worker had it), a notice saying so with a Retry button (test ids `<testid>-...`).
/// One function for all of them: one view type for the first visit's code to carry.
fn over_play_screen(
    part: Part,
    testid: &'static str,
    view: fn() -> Option<AnyView>,
) -> impl IntoView {
    let (state, fetch) = loading(part, false);
    move || match state.get() {
        Load::Ready => view(),
        Load::Failed => Some(failed_notice(testid, fetch, None)),
        Load::Waiting | Load::Idle => None,
    }
}

/// The play screen's dialogs, from their part (see `features::play::dialogs`): fetched at the
/// player's first pointer, key, scroll or click on the page (`at_first_input`: by the click,
/// usually, it is there; from the service worker's cache once it has it), or at once while
/// `wanted` (one is open or due). Nothing shows until the part is there; if it cannot be
/// fetched while a dialog is wanted, a notice says so, with Retry and Close (`dismiss` closes
/// what was wanted). A page nobody touches (a first visit measured by Lighthouse, a
/// computer-vs-computer game) fetches nothing more until a dialog is wanted.
pub fn dialogs(wanted: Memo<bool>, dismiss: Callback<()>) -> impl IntoView {
    let (state, fetch) = loading(Part::Dialogs, true);
    // A dialog wanted before the part is there: fetched now. After a failure, asking for a
    // dialog again tries again.
    fetch_when(move || wanted.get(), state, fetch);
    if state.get_untracked() == Load::Idle {
        at_first_input(state, fetch);
    }
    move || match state.get() {
        Load::Ready => now(play::part::play_dialogs()),
        Load::Failed if wanted.get() => Some(failed_notice("dialogs", fetch, Some(dismiss))),
        _ => None,
    }
}

/// The first visit's welcome (`features::play::welcome`), built once the page is shown
/// (`services::startup`) and a frame has painted it, when it is due: in the first visit's file
/// rather than a part of its own, whose 14 files (its code shared with other parts in 13
/// chunks) cost a newcomer more than its code does here, 3.2 KB of them responses' headers.
/// Its build is a task of its own, and its dialog opens at the frame after (`Modal`'s
/// `at_next_frame`): the opening styles the whole page, inert behind the dialog.
pub fn welcome(due: Memo<bool>) -> impl IntoView {
    let shown = RwSignal::new(false);
    let page = crate::services::startup::built(toguz_app_core::startup::Piece::Welcome);
    Effect::new(move |_| {
        if due.get() && page.get() && !shown.get_untracked() {
            request_animation_frame(move || {
                set_timeout(
                    move || {
                        let _ = shown.try_set(true);
                    },
                    std::time::Duration::ZERO,
                );
            });
        }
    });
    move || shown.get().then(|| view! { <play::welcome::Welcome /> })
}

/// The end dialog's rating estimate, from its part, fetched at once (the end dialog shows it
/// only while it is open, as a game a person played ends). Nothing until the part is there; if
/// it cannot be fetched (offline before the service worker had it), the dialog goes without
/// the estimate: the rest of it does not depend on it.
pub fn end_estimate() -> impl IntoView {
    let (state, _) = loading(Part::Estimate, false);
    move || match state.get() {
        Load::Ready => now(play::part::end_estimate()),
        _ => None,
    }
}

/// The play screen's live region, saying `said` (every move, capture, tuz and result) in the
/// player's language. The words are chosen in the dialogs' part (about 3 KB less in the
/// first visit's download), which the player's first pointer, key, scroll or click fetches
/// (`dialogs`), so it is usually there by the first move's end; an announcement made before it
/// has come fetches it (a computer-vs-computer game nobody touches) and is said when it comes.
/// If it cannot be fetched (offline before the service worker had it), nothing is said, and
/// the next announcement tries again.
pub fn announcer(said: Memo<Option<(u32, Announcement)>>) -> impl IntoView {
    let i18n = use_i18n();
    let (state, fetch) = loading(Part::Dialogs, true);
    fetch_when(move || said.with(Option::is_some), state, fetch);
    let words = Signal::derive(move || {
        let locale = i18n.get_locale();
        let (n, what) = said.get()?;
        if state.get() != Load::Ready {
            return None;
        }
        Some((n, now(play::part::announcement(locale, what))?))
    });
    view! { <LiveRegion said=words /> }
}

/// How long after one of the service worker's prompts is due its part is fetched: the browser
/// offers to install (Chromium's `beforeinstallprompt`) and an update is found as a page loads,
/// and the part's fetch, compilation and view would otherwise compete with the page's own
/// start-up (in 2 of 3 Lighthouse runs of a first visit the offer came during the load, and
/// its total blocking time rose from 409-637 to 653-893 ms). None of the prompts is urgent.
const PWA_CARDS_AFTER: std::time::Duration = std::time::Duration::from_secs(3);

/// The service worker's prompts (the update banner, the install button, the iOS hint), from
/// the prompts' part, fetched [`PWA_CARDS_AFTER`] one of them is due (their code cost the
/// first visit about 7 KB; the service worker's registration and its signals stay in
/// the main module). If the part cannot be fetched then, none shows until another is due: an
/// update needs the network anyway.
pub fn pwa_cards(signals: PwaSignals) -> impl IntoView {
    let due = Memo::new(move |_| {
        signals.update_ready.get()
            || signals.install.with(Option::is_some)
            || signals.ios_hint.get()
    });
    let (state, fetch) = loading(Part::Prompts, true);
    let idle = move || state.try_get_untracked().is_some_and(Load::may_fetch);
    Effect::new(move |_| {
        if due.get() && idle() {
            set_timeout(
                move || {
                    if due.try_get_untracked() == Some(true) && idle() {
                        fetch();
                    }
                },
                PWA_CARDS_AFTER,
            );
        }
    });
    move || match state.get() {
        Load::Ready => now(pwa_prompts::pwa_cards(signals)),
        _ => None,
    }
}

/// The saved games' notices over every screen (a value that did not read, storage full or
/// unavailable, a game forked from another tab's), from the prompts' part, fetched when there
/// is one (their code cost the first visit about 6 KB). If the part cannot be
/// fetched then, a notice says so, with Retry, and Close, which dismisses them all.
pub fn storage_notices() -> impl IntoView {
    let saves = expect_context::<Saves>();
    let any = Memo::new(move |_| saves.notices.with(|n| !n.is_empty()));
    let close = Callback::new(move |()| saves.notices.set(Vec::new()));
    when_wanted(Part::Prompts, any, "notices", Some(close), || {
        now(library::part::storage_notices())
    })
}

/// What a part shows once `wanted` (`view`; the part is fetched then): nothing until it is
/// there, and if it cannot be fetched while wanted, a notice saying so, with Retry (and
/// Close, given `close`). One function for all of them: one view type for the first visit.
fn when_wanted(
    part: Part,
    wanted: Memo<bool>,
    testid: &'static str,
    close: Option<Callback<()>>,
    view: fn() -> Option<AnyView>,
) -> impl IntoView {
    let (state, fetch) = loading(part, true);
    fetch_when(move || wanted.get(), state, fetch);
    move || match state.get() {
        Load::Ready => view(),
        Load::Failed if wanted.get() => Some(failed_notice(testid, fetch, close)),
        _ => None,
    }
}

/// The share panel of a game by link, from the link's part: fetched while `wanted` (a game by
/// link is on the board); nothing shows until it is there, and if it cannot be fetched
/// (offline before the service worker had it), a notice says so, with Retry.
pub fn link_panel(wanted: Memo<bool>) -> impl IntoView {
    // The panel hides itself when the game on the board is not one by link.
    when_wanted(Part::Link, wanted, "link", None, || {
        now(play::part::link_panel())
    })
}

/// The opening explorer beside the board in a game of two players, from the openings' part:
/// fetched while `wanted` (such a game is on the board and the setting is on) once the player
/// has shown up (`platform::dom::at_first_input`), as the settings are: a returning player's
/// board is a game of two players more often than not, and the part's files and the book,
/// fetched as the page opens, would compete with its start-up. Until it is there, its empty
/// box holds its place (style/play.css), so that nothing under it moves when it comes; if it
/// cannot be fetched, a notice says so, with Retry.
pub fn play_explorer(wanted: Memo<bool>) -> impl IntoView {
    let (state, fetch) = loading(Part::Openings, true);
    let touched = RwSignal::new(false);
    crate::platform::dom::at_first_input(move || {
        let _ = touched.try_set(true);
    });
    fetch_when(move || wanted.get() && touched.get(), state, fetch);
    // The explorer hides itself when it is no longer wanted.
    move || match state.get() {
        Load::Ready => now(play::part::play_explorer()),
        Load::Failed if wanted.get() => Some(failed_notice("openings", fetch, None)),
        Load::Idle | Load::Waiting if wanted.get() => Some(explorer_box()),
        _ => None,
    }
}

/// The explorer's empty box, in its place, before the part comes (style/play.css).
fn explorer_box() -> AnyView {
    view! { <div class="play-explorer" data-testid="play-explorer-pending" aria-hidden="true"></div> }
        .into_any()
}

/// Opens a friend's link (the page's `?c=`), from the link's part, fetched at once: the play
/// screen shows meanwhile; if the part cannot be fetched, a notice says so, with Retry.
pub fn link_opener() -> impl IntoView {
    over_play_screen(Part::Link, "link-open", || now(play::part::link_opener()))
}

/// Starts `fetch` at the player's first pointer, key, scroll or click on the page
/// (`platform::dom::at_first_input`), if the load is still `Idle` then.
fn at_first_input(state: RwSignal<Load>, fetch: impl Fn() + Copy + Send + Sync + 'static) {
    crate::platform::dom::at_first_input(move || {
        if state.try_get_untracked() == Some(Load::Idle) {
            fetch();
        }
    });
}

/// Where the play screen's settings panel is in view as the page opens: a desktop's side
/// panel (style/play.css lays the screen out in two columns from 1024 px). Elsewhere it is the
/// screen's last block, under the moves.
const SETTINGS_IN_VIEW: &str = "(min-width: 1024px)";

/// The play screen's settings panel, from its part: fetched at once where it is in view as the
/// page opens (a desktop's side panel), else at the player's first pointer, key, scroll or
/// click (`at_first_input`; on a phone it is under the moves), from the service worker's
/// cache once it has it. The board's mount and the first visit's download do without it.
/// Nothing shows until the part is there: the panel is the screen's last block, so nothing
/// moves when it comes. If it cannot be fetched (offline before the service worker had it),
/// its place says so, with Retry.
///
/// Not fetched with the screen on a phone: fetched at once as the screen mounted, the part's
/// files (its own and the chunks it shares) and its mount added about 150-200 ms to
/// Lighthouse's blocking time on a first visit, which never scrolls to it.
pub fn settings() -> impl IntoView {
    let i18n = use_i18n();
    let in_view = crate::platform::media::matches(SETTINGS_IN_VIEW);
    let (state, fetch) = loading(Part::Settings, !in_view);
    if state.get_untracked() == Load::Idle {
        at_first_input(state, fetch);
    }
    move || match state.get() {
        Load::Ready => now(play::part::settings_panel()),
        Load::Failed => Some(
            view! {
                <section class="settings" data-testid="settings-load-failed">
                    <p class="settings__row" role="alert">
                        {text(move || t_string!(i18n, common.screen_load_failed))}
                    </p>
                    <div class="settings__row">
                        <Button testid="settings-retry" on_click=move |_| fetch()>
                            {text(move || t_string!(i18n, common.screen_retry))}
                        </Button>
                    </div>
                </section>
            }
            .into_any(),
        ),
        Load::Waiting | Load::Idle => None,
    }
}
