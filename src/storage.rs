//! The app's storage: `localStorage` (through gloo-storage) under the [`toguz_store`] library,
//! and the [`Saves`] context that autosaves the game being played.
//!
//! - Every value is versioned ([`toguz_store::versioned`]); a value that does not read is kept
//!   raw under a backup key and reported as a [`Notice`] (the app starts anyway).
//! - Without storage (private mode, blocked) or when it is full, play goes on in memory and a
//!   notice says so once.
//! - Each tab has its own token (in `sessionStorage`) and its own game id: a reload of the tab
//!   resumes its game; a new tab resumes the most recent game in progress and takes it over
//!   (the other tab, if still open, carries on under a new id: no tab overwrites another's
//!   game). A `storage` event from another tab refreshes the library list.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_storage::{LocalStorage, SessionStorage, Storage as _};
use leptos::prelude::*;
use toguz_engine::game::Game;
use toguz_engine::Side;
use toguz_store::library::SETTINGS_KEY;
use toguz_store::{
    Added, Backend, DecodeError, Fault, GameEntry, ImportError, Library, Memory, Players,
    ReadError, Saved, SavedClock, Schema, Summary,
};
use wasm_bindgen::JsCast;

use crate::app::GameContext;
use crate::clock::{Clock, TimeControl};
use crate::state::{GameState, Mode};

/// `sessionStorage`: this tab's token.
const TAB_KEY: &str = "toguz.tab";
/// `sessionStorage`: the id of the game this tab plays.
const TAB_GAME_KEY: &str = "toguz.tab.game";
/// `sessionStorage`: the game an older version kept across an update's reload.
const LEGACY_RESUME_KEY: &str = "toguz.pwa.resume";

/// Something the player should know about storage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A stored value did not read; its raw text is kept under `backup`.
    Corrupt {
        /// The value's key.
        key: String,
        /// Why it did not read.
        error: DecodeError,
        /// The backup key, if the copy could be made.
        backup: Option<String>,
    },
    /// No storage: nothing is saved after the tab closes.
    Unavailable,
    /// Storage is full: the game is kept in memory only.
    Full,
    /// Another tab took over this game: this tab's moves are saved as a new game.
    Forked,
}

impl Notice {
    fn from_fault(f: &Fault) -> Notice {
        match f {
            Fault::Full => Notice::Full,
            _ => Notice::Unavailable,
        }
    }
}

/// `localStorage`, or memory when the browser gives none.
pub enum AppBackend {
    /// The browser's `localStorage`.
    Local,
    /// In memory, for this tab's life.
    Memory(Memory),
}

fn js_fault(e: wasm_bindgen::JsValue) -> Fault {
    match gloo_utils::errors::JsError::try_from(e) {
        Ok(e) if e.name == "QuotaExceededError" || e.name == "NS_ERROR_DOM_QUOTA_REACHED" => {
            Fault::Full
        }
        Ok(e) if e.name == "SecurityError" => Fault::Unavailable(e.message),
        Ok(e) => Fault::Failed(format!("{}: {}", e.name, e.message)),
        Err(e) => Fault::Failed(e.to_string()),
    }
}

impl Backend for AppBackend {
    fn get(&self, key: &str) -> Result<Option<String>, Fault> {
        match self {
            AppBackend::Local => LocalStorage::raw().get_item(key).map_err(js_fault),
            AppBackend::Memory(m) => m.get(key),
        }
    }

    fn set(&self, key: &str, value: &str) -> Result<(), Fault> {
        match self {
            AppBackend::Local => LocalStorage::raw().set_item(key, value).map_err(js_fault),
            AppBackend::Memory(m) => m.set(key, value),
        }
    }

    fn remove(&self, key: &str) -> Result<(), Fault> {
        match self {
            AppBackend::Local => LocalStorage::raw().remove_item(key).map_err(js_fault),
            AppBackend::Memory(m) => m.remove(key),
        }
    }

    fn keys(&self) -> Result<Vec<String>, Fault> {
        match self {
            AppBackend::Local => {
                let raw = LocalStorage::raw();
                let n = raw.length().map_err(js_fault)?;
                Ok((0..n).filter_map(|i| raw.key(i).ok().flatten()).collect())
            }
            AppBackend::Memory(m) => m.keys(),
        }
    }
}

/// True when `localStorage` can be used (gloo-storage's accessors would throw otherwise).
fn local_storage_works() -> bool {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .is_some_and(|s| s.length().is_ok())
}

fn session_works() -> bool {
    web_sys::window()
        .and_then(|w| w.session_storage().ok().flatten())
        .is_some_and(|s| s.length().is_ok())
}

fn session_get(key: &str) -> Option<String> {
    session_works()
        .then(|| SessionStorage::raw().get_item(key).ok().flatten())
        .flatten()
}

fn session_set(key: &str, value: &str) {
    if session_works() {
        let _ = SessionStorage::raw().set_item(key, value);
    }
}

fn session_remove(key: &str) {
    if session_works() {
        let _ = SessionStorage::raw().remove_item(key);
    }
}

struct Shared {
    lib: Library<AppBackend>,
    /// Notices found before the UI could show them.
    pending: RefCell<Vec<Notice>>,
}

thread_local! {
    static SHARED: RefCell<Option<Rc<Shared>>> = const { RefCell::new(None) };
}

fn shared() -> Rc<Shared> {
    SHARED.with(|s| {
        s.borrow_mut()
            .get_or_insert_with(|| {
                let mut pending = Vec::new();
                let backend = if cfg!(target_arch = "wasm32") && local_storage_works() {
                    AppBackend::Local
                } else {
                    pending.push(Notice::Unavailable);
                    AppBackend::Memory(Memory::new())
                };
                let tab = session_get(TAB_KEY).unwrap_or_else(|| {
                    let t = random_token();
                    session_set(TAB_KEY, &t);
                    t
                });
                Rc::new(Shared {
                    lib: Library::new(backend, tab),
                    pending: RefCell::new(pending),
                })
            })
            .clone()
    })
}

/// Runs `f` with the library.
pub fn with_library<R>(f: impl FnOnce(&Library<AppBackend>) -> R) -> R {
    f(&shared().lib)
}

fn note(notice: Notice) {
    let s = shared();
    let mut pending = s.pending.borrow_mut();
    if !pending.contains(&notice) {
        pending.push(notice);
    }
}

fn note_read(e: ReadError) {
    match e {
        ReadError::Fault(f) => note(Notice::from_fault(&f)),
        ReadError::Corrupt(p) => note(Notice::Corrupt {
            key: p.key,
            error: p.error,
            backup: p.backup,
        }),
    }
}

/// Reads the settings (a corrupt value is reported and the defaults used).
pub fn load_settings<T: Schema>() -> Option<T> {
    read_settings().flatten()
}

/// Reads the settings: `Some(None)` when storage works and holds none (a browser that never
/// ran the app), `None` when they could not be read (reported).
pub fn read_settings<T: Schema>() -> Option<Option<T>> {
    // Without localStorage (private mode) nothing lasts: no settings is not a first visit
    // (the welcome would be asked at every visit).
    if with_library(|lib| matches!(lib.backend(), AppBackend::Memory(_))) {
        return None;
    }
    with_library(|lib| lib.settings::<T>())
        .map_err(note_read)
        .ok()
}

/// Saves the settings.
pub fn save_settings<T: Schema>(settings: &T) {
    if let Err(f) = with_library(|lib| lib.write(SETTINGS_KEY, settings)) {
        note(Notice::from_fault(&f));
    }
}

/// Reads the position editor's draft (a corrupt one is reported and the editor starts afresh).
pub fn load_editor() -> Option<toguz_store::EditorDraft> {
    with_library(|lib| lib.read(toguz_store::EDITOR_KEY)).unwrap_or_else(|e| {
        note_read(e);
        None
    })
}

/// Keeps the position editor's draft.
pub fn save_editor(draft: &toguz_store::EditorDraft) {
    if let Err(f) = with_library(|lib| lib.write(toguz_store::EDITOR_KEY, draft)) {
        note(Notice::from_fault(&f));
    }
}

fn random_token() -> String {
    let n = (js_sys::Math::random() * 2f64.powi(40)) as u64;
    format!("{n:x}")
}

/// Milliseconds since 1970.
pub fn now_ms() -> u64 {
    js_sys::Date::now().max(0.0) as u64
}

/// The game of this tab as stored, apart from what the play screen holds.
#[derive(Clone, Debug, Default)]
struct Current {
    /// Empty until first saved.
    id: String,
    created: u64,
    players: Players,
    tags: Vec<(String, String)>,
    imported: bool,
}

/// The saves, provided by [`App`](crate::app::App) through context.
#[derive(Clone, Copy)]
pub struct Saves {
    /// What the player should know (shown by [`StorageNotices`] until dismissed).
    pub notices: RwSignal<Vec<Notice>>,
    /// The library, newest first, kept in step with other tabs.
    pub index: RwSignal<Vec<Summary>>,
    current: StoredValue<Current>,
    /// The last entry saved (to skip saving the same again).
    last: StoredValue<Option<GameEntry>>,
}

/// The mode as stored.
pub fn store_mode(mode: Mode) -> toguz_store::Mode {
    match mode {
        Mode::Computer { human, level } => toguz_store::Mode::Computer { human, level },
        Mode::TwoPlayers => toguz_store::Mode::TwoPlayers,
        Mode::Watch { level } => toguz_store::Mode::Watch { level },
    }
}

/// The mode of a stored game.
pub fn app_mode(mode: toguz_store::Mode) -> Mode {
    match mode {
        toguz_store::Mode::Computer { human, level } => Mode::Computer { human, level },
        toguz_store::Mode::TwoPlayers => Mode::TwoPlayers,
        toguz_store::Mode::Watch { level } => Mode::Watch { level },
    }
}

fn save_clock(clock: &Clock, now: f64) -> SavedClock {
    let control = clock.control();
    SavedClock {
        base_ms: control.base_ms,
        increment_ms: control.increment_ms,
        white_ms: clock.left(Side::White, now),
        black_ms: clock.left(Side::Black, now),
        running: clock.running(),
    }
}

/// A saved clock put back: the side whose time ran starts again now.
fn restore_clock(saved: &SavedClock, now: f64) -> Clock {
    let control = TimeControl {
        base_ms: saved.base_ms,
        increment_ms: saved.increment_ms,
    };
    let mut clock = Clock::with_left(control, [saved.white_ms, saved.black_ms]);
    if let Some(side) = saved.running {
        clock.start(side, now);
    }
    clock
}

impl Saves {
    /// Starts the saves for `ctx`: resumes this tab's game (or the latest in progress),
    /// autosaves after every change, follows other tabs, saves before an update's reload.
    /// Call once, in the root component.
    pub fn start(ctx: GameContext) -> Saves {
        let saves = Saves {
            notices: RwSignal::new(Vec::new()),
            index: RwSignal::new(Vec::new()),
            current: StoredValue::new(Current::default()),
            last: StoredValue::new(None),
        };
        provide_context(saves);
        saves.resume(ctx);
        saves.refresh();
        // Autosave: after every move, undo, redo, new game, end, flip or change of mode.
        Effect::new(move |_| {
            ctx.game.track();
            ctx.mode.track();
            ctx.flipped.track();
            ctx.clock.track();
            saves.save(ctx);
        });
        let storage = window_event_listener(leptos::ev::storage, move |ev| {
            let key = ev.key().unwrap_or_default();
            if key.is_empty() || key.starts_with(toguz_store::library::PREFIX) {
                saves.refresh();
            }
            if key == SETTINGS_KEY || key.is_empty() {
                if let Some(s) = load_settings::<crate::settings::Settings>() {
                    ctx.settings.set(s);
                }
            }
        });
        // Time on the clock since the last move is kept when the page goes away.
        let hide = window_event_listener(leptos::ev::pagehide, move |_| saves.save(ctx));
        crate::pwa::on_before_update(move || saves.save(ctx));
        on_cleanup(move || {
            storage.remove();
            hide.remove();
        });
        saves
    }

    /// Reads the library's index again (and any notice found meanwhile).
    pub fn refresh(self) {
        match with_library(|lib| lib.index()) {
            Ok((index, problems)) => {
                for p in problems {
                    note_read(ReadError::Corrupt(p));
                }
                self.index.set(index.newest_first());
            }
            Err(f) => note(Notice::from_fault(&f)),
        }
        self.flush_notices();
    }

    fn flush_notices(self) {
        for p in with_library(|lib| lib.take_problems()) {
            note_read(ReadError::Corrupt(p));
        }
        let pending: Vec<Notice> = shared().pending.borrow_mut().drain(..).collect();
        if pending.is_empty() {
            return;
        }
        self.notices.update(|n| {
            for p in pending {
                if !n.contains(&p) {
                    n.push(p);
                }
            }
        });
    }

    /// Dismisses notice `i`.
    pub fn dismiss(self, i: usize) {
        self.notices.update(|n| {
            if i < n.len() {
                n.remove(i);
            }
        });
    }

    /// The id of the game being played (empty before its first save).
    pub fn current_id(self) -> String {
        self.current.with_value(|c| c.id.clone())
    }

    fn resume(self, ctx: GameContext) {
        // The game an older version kept across an update's reload.
        if let Some(text) = session_get(LEGACY_RESUME_KEY) {
            session_remove(LEGACY_RESUME_KEY);
            if let Ok(entry) = toguz_store::decode::<GameEntry>(&text) {
                self.put(ctx, entry, false);
                return;
            }
        }
        let id = session_get(TAB_GAME_KEY).or_else(|| {
            let (index, _) = with_library(|lib| lib.index()).ok()?;
            let latest = index.newest_first().into_iter().find(|s| !s.finished())?;
            Some(latest.id)
        });
        let Some(id) = id else { return };
        match with_library(|lib| lib.game(&id)) {
            Ok(Some(entry)) => {
                if let Err(f) = with_library(|lib| lib.claim(&entry.id)) {
                    note(Notice::from_fault(&f));
                }
                self.put(ctx, entry, true);
            }
            Ok(None) => session_remove(TAB_GAME_KEY),
            Err(e) => note_read(e),
        }
    }

    /// Puts `entry` on the board as the game this tab plays. `keep_id`: go on saving it
    /// under its id (otherwise it becomes a new game at the next save).
    fn put(self, ctx: GameContext, entry: GameEntry, keep_id: bool) {
        let now = js_sys::Date::now();
        let clock = entry.clock.as_ref().map(|c| restore_clock(c, now));
        let mode = app_mode(entry.mode);
        let flipped = entry.flipped;
        let game = entry.game.clone();
        self.current.set_value(Current {
            id: if keep_id {
                entry.id.clone()
            } else {
                String::new()
            },
            created: if keep_id { entry.created } else { now_ms() },
            players: entry.players.clone(),
            tags: entry.tags.clone(),
            imported: entry.imported,
        });
        if keep_id {
            session_set(TAB_GAME_KEY, &entry.id);
            self.last.set_value(Some(entry));
        } else {
            self.last.set_value(None);
        }
        ctx.load(mode, GameState::from_game(game), flipped, clock);
    }

    /// Continues game `id` of the library on the play screen (this tab takes it over).
    pub fn open(self, ctx: GameContext, id: &str) -> Result<(), ReadError> {
        self.save(ctx);
        let entry = with_library(|lib| lib.game(id))?;
        let Some(entry) = entry else {
            return Err(ReadError::Fault(Fault::Failed("no such game".into())));
        };
        if let Err(f) = with_library(|lib| lib.claim(&entry.id)) {
            note(Notice::from_fault(&f));
        }
        self.put(ctx, entry, true);
        self.refresh();
        Ok(())
    }

    /// Starts a new game from the first `ply` moves of `entry` (replay's "play from here").
    pub fn play_from(self, ctx: GameContext, entry: &GameEntry, ply: usize) {
        self.save(ctx);
        let mut game = Game::from_position(entry.game.start(), entry.game.rules());
        for m in entry.game.moves().iter().take(ply) {
            if game.play(m.house).is_err() {
                break;
            }
        }
        let mut fresh = GameEntry::new(String::new(), now_ms(), entry.mode, game);
        fresh.players = entry.players.clone();
        fresh.flipped = entry.flipped;
        session_remove(TAB_GAME_KEY);
        self.put(ctx, fresh, false);
    }

    /// Saves the game being played, unless it has no move or nothing changed.
    pub fn save(self, ctx: GameContext) {
        let Some(game) = ctx.game.try_with_untracked(|g| g.game().clone()) else {
            return;
        };
        if game.moves().is_empty() {
            // A new game: it gets its own id at its first move.
            if !self.current.with_value(|c| c.id.is_empty()) {
                self.current.set_value(Current::default());
                self.last.set_value(None);
                session_remove(TAB_GAME_KEY);
            }
            return;
        }
        let now = js_sys::Date::now();
        let current = self.current.get_value();
        let mut entry = GameEntry {
            id: current.id.clone(),
            created: if current.created == 0 {
                now_ms()
            } else {
                current.created
            },
            updated: 0,
            players: current.players.clone(),
            mode: store_mode(ctx.mode.get_untracked()),
            game,
            clock: ctx.clock.get_untracked().map(|c| save_clock(&c, now)),
            flipped: ctx.flipped.get_untracked(),
            tags: current.tags.clone(),
            imported: current.imported,
        };
        let unchanged = self.last.with_value(|last| {
            last.as_ref().is_some_and(|l| {
                l.id == entry.id
                    && l.game == entry.game
                    && l.mode == entry.mode
                    && l.flipped == entry.flipped
                    && l.players == entry.players
                    && l.clock.map(|c| c.running) == entry.clock.map(|c| c.running)
                    && (entry.clock.is_none() || l.clock == entry.clock)
            })
        });
        if unchanged {
            return;
        }
        match with_library(|lib| lib.save(&mut entry, now_ms())) {
            Ok(saved) => {
                if let Saved::Forked { .. } = saved {
                    note(Notice::Forked);
                }
                self.current.update_value(|c| {
                    c.id.clone_from(&entry.id);
                    c.created = entry.created;
                });
                session_set(TAB_GAME_KEY, &entry.id);
                self.index.update(|list| {
                    list.retain(|s| s.id != entry.id);
                    list.insert(0, entry.summary());
                });
                self.last.set_value(Some(entry));
            }
            Err(f) => note(Notice::from_fault(&f)),
        }
        self.flush_notices();
    }

    /// Reads game `id`.
    pub fn game(self, id: &str) -> Result<Option<GameEntry>, ReadError> {
        let r = with_library(|lib| lib.game(id));
        if matches!(r, Err(ReadError::Corrupt(_))) {
            self.refresh();
        }
        r
    }

    /// Deletes game `id` and gives it back, for an undo.
    pub fn delete(self, id: &str) -> Option<GameEntry> {
        let r = with_library(|lib| lib.delete(id));
        if id == self.current_id() {
            // The game on the board stays; it is saved again as a new game if played on.
            self.current.set_value(Current::default());
            self.last.set_value(None);
            session_remove(TAB_GAME_KEY);
        }
        self.refresh();
        match r {
            Ok(e) => e,
            Err(e) => {
                note_read(e);
                self.flush_notices();
                None
            }
        }
    }

    /// Puts back a deleted game.
    pub fn restore(self, entry: &GameEntry) {
        if let Err(f) = with_library(|lib| lib.restore(entry)) {
            note(Notice::from_fault(&f));
        }
        self.refresh();
    }

    /// Renames the players of game `id`.
    pub fn rename(self, id: &str, players: Players) {
        if id == self.current_id() {
            self.current.update_value(|c| c.players = players.clone());
        }
        if let Err(e) = with_library(|lib| lib.rename(id, players)) {
            note_read(e);
        }
        self.refresh();
    }

    /// Imports every game of a record text that is not in the library yet, all or none;
    /// gives how many were added and how many were already there.
    pub fn import(self, text: &str) -> Result<Added, ImportProblem> {
        let entries = toguz_store::import(text, now_ms()).map_err(ImportProblem::Record)?;
        self.add(entries)
    }

    /// Imports the games of a share link's payload (those not in the library yet).
    pub fn import_share(self, payload: &str) -> Result<Added, ImportProblem> {
        let entries = toguz_store::read_share(payload, now_ms()).map_err(ImportProblem::Record)?;
        self.add(entries)
    }

    fn add(self, entries: Vec<GameEntry>) -> Result<Added, ImportProblem> {
        let r = with_library(|lib| lib.add_new(entries, now_ms()));
        self.refresh();
        r.map_err(ImportProblem::Storage)
    }

    /// Every game that reads (newest first).
    pub fn all_games(self) -> Vec<GameEntry> {
        match with_library(|lib| lib.all_games()) {
            Ok((games, problems)) => {
                for p in problems {
                    note_read(ReadError::Corrupt(p));
                }
                self.flush_notices();
                games
            }
            Err(f) => {
                note(Notice::from_fault(&f));
                self.flush_notices();
                Vec::new()
            }
        }
    }
}

/// Why an import did not happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportProblem {
    /// The text does not read.
    Record(ImportError),
    /// Storage refused (nothing was added).
    Storage(Fault),
}

/// The raw text kept under a backup key.
pub fn backup_text(key: &str) -> Option<String> {
    with_library(|lib| lib.backend().get(key)).ok().flatten()
}

/// Offers `text` as a file download named `name`.
pub fn download(name: &str, text: &str, mime: &str) -> Result<(), wasm_bindgen::JsValue> {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let a: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    a.set_href(&url);
    a.set_download(name);
    a.set_attribute("hidden", "")?;
    document.body().ok_or("no body")?.append_child(&a)?;
    a.click();
    a.remove();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}
