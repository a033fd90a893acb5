//! The one gateway to the browser's storage: `localStorage` (through gloo-storage) under the
//! [`toguz_store`] library, and this tab's `sessionStorage`. Nothing else in the app touches
//! either.
//!
//! - Every value is versioned ([`toguz_store::versioned`]); a value that does not read is kept
//!   raw under a backup key and reported as a [`Notice`] (the app starts anyway).
//! - Without storage (private mode, blocked) or when it is full, the values live in memory
//!   for the tab's life and a notice says so once.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo_storage::{LocalStorage, SessionStorage, Storage as _};
use toguz_app_core::keep::Attempt;
use toguz_store::library::SETTINGS_KEY;
use toguz_store::{Backend, DecodeError, Fault, Library, Memory, ReadError, Schema};

/// `sessionStorage`: this tab's token.
const TAB_KEY: &str = "toguz.tab";

/// The tutorial's progress (a `toguz_store::Schema` value).
pub const TUTORIAL_KEY: &str = "toguz.tutorial";
/// Where versions before the storage gateway kept the tutorial's progress.
pub const LEGACY_TUTORIAL_KEY: &str = "toguz-tutorial";
/// The puzzle trainer's progress: rating, streak, history, theme filter (a
/// `toguz_store::Schema` value).
pub const PUZZLES_KEY: &str = "toguz.puzzles";
/// The counting trainer's best score of each stage (a `toguz_store::Schema` value).
pub const COUNT_KEY: &str = "toguz.count";
/// The practice positions' results, the level chosen and the practice being played (a
/// `toguz_store::Schema` value).
pub const PRACTICE_KEY: &str = "toguz.practice";
/// The repertoire trainer's schedule: when each trained position comes back (a
/// `toguz_store::Schema` value).
pub const TRAIN_KEY: &str = "toguz.train";
/// The app's flags (the iOS install hint dismissed).
pub const PWA_KEY: &str = "toguz.pwa";
/// Where versions before the storage gateway kept the iOS hint's dismissal (`"1"`).
pub const LEGACY_IOS_HINT_KEY: &str = "toguz.pwa.iosHintDismissed";

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
    /// Storage is full: what was tried is kept in memory only, or was not done.
    Full(Attempt),
    /// Another tab took over this game: this tab's moves are saved as a new game.
    Forked,
}

impl Notice {
    /// A write of a setting or a progress that failed.
    pub fn from_fault(f: &Fault) -> Notice {
        Notice::from_fault_in(f, Attempt::Other)
    }

    /// A write that failed while the player tried `attempt`.
    pub fn from_fault_in(f: &Fault, attempt: Attempt) -> Notice {
        match f {
            Fault::Full => Notice::Full(attempt),
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

/// A value decoded by a [`Reader`], boxed: a value of its kind's type, or why it did not read.
pub type Decoded = Result<Box<dyn Any>, DecodeError>;

/// The stored values' decoders, in a part of the app's code fetched before the mount only when
/// a value is stored, and after the first write otherwise (`crate::services::reader`): a
/// newcomer's first download goes without them.
#[derive(Clone, Copy)]
pub struct Reader {
    /// Decodes text as a value of the kind given, in today's version (a boxed value of that
    /// kind's type); `None` while the part is not there.
    pub decode: fn(&'static str, &str) -> Option<Decoded>,
    /// Fetches the part, if it is not there yet.
    pub fetch: fn(),
}

thread_local! {
    static READER: Cell<Option<Reader>> = const { Cell::new(None) };
}

/// Gives the storage its [`Reader`] (at start, before any read).
pub fn set_reader(reader: Reader) {
    READER.set(Some(reader));
}

/// `text` decoded as a `T` of today's version, `None` while the decoders are not there.
pub fn decode_now<T: Schema>(text: &str) -> Option<Result<T, DecodeError>> {
    let reader = READER.get()?;
    match (reader.decode)(T::KIND, text)? {
        Ok(value) => value.downcast::<T>().ok().map(|v| Ok(*v)),
        Err(e) => Some(Err(e)),
    }
}

impl Backend for AppBackend {
    /// The app reads today's version only: older values are upgraded once, before the mount,
    /// by a part fetched only when one is stored (`crate::services::upgrade`).
    const READS_OLDER: bool = false;

    /// Through the [`Reader`]: without its part (a fetch that failed, offline before the
    /// service worker kept it), a read is a fault and the value stays as it is.
    fn decode_current<T: Schema>(&self, text: &str) -> Result<Result<T, DecodeError>, Fault> {
        decode_now(text).ok_or_else(|| Fault::Unavailable("the decoders are not loaded".into()))
    }

    fn get(&self, key: &str) -> Result<Option<String>, Fault> {
        match self {
            AppBackend::Local => LocalStorage::raw().get_item(key).map_err(js_fault),
            AppBackend::Memory(m) => m.get(key),
        }
    }

    /// A value stored is one to read back later: the [`Reader`]'s part is fetched.
    fn set(&self, key: &str, value: &str) -> Result<(), Fault> {
        if let Some(reader) = READER.get() {
            (reader.fetch)();
        }
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

    fn any_key(&self, prefix: &str) -> Result<bool, Fault> {
        match self {
            AppBackend::Local => {
                let raw = LocalStorage::raw();
                let n = raw.length().map_err(js_fault)?;
                Ok((0..n).any(|i| {
                    raw.key(i)
                        .ok()
                        .flatten()
                        .is_some_and(|k| k.starts_with(prefix))
                }))
            }
            AppBackend::Memory(m) => m.any_key(prefix),
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

pub fn session_get(key: &str) -> Option<String> {
    session_works()
        .then(|| SessionStorage::raw().get_item(key).ok().flatten())
        .flatten()
}

pub fn session_set(key: &str, value: &str) {
    if session_works() {
        let _ = SessionStorage::raw().set_item(key, value);
    }
}

pub fn session_remove(key: &str) {
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

/// Keeps this tab's values in memory from now on, with the notice that nothing lasts: for a
/// start that cannot read what is stored (the decoders' part could not be fetched), so that
/// nothing it writes replaces a stored value it could not read. The next start reads them.
pub fn keep_in_memory() {
    let tab = shared().lib.tab().to_string();
    SHARED.with(|s| {
        *s.borrow_mut() = Some(Rc::new(Shared {
            lib: Library::new(AppBackend::Memory(Memory::new()), tab),
            pending: RefCell::new(vec![Notice::Unavailable]),
        }))
    });
}

/// Opens the storage ahead of the app's mount: `localStorage` checked and this tab's name read
/// from `sessionStorage`, whose first access in a page is a synchronous round trip to the
/// browser (1-16 ms of a first visit's mount in CPU profiles). Called while the
/// shell shows, so that the mount's one long task does without it.
pub fn open() {
    let _ = shared();
}

/// Runs `f` with the library.
pub fn with_library<R>(f: impl FnOnce(&Library<AppBackend>) -> R) -> R {
    f(&shared().lib)
}

pub fn note(notice: Notice) {
    let s = shared();
    let mut pending = s.pending.borrow_mut();
    if !pending.contains(&notice) {
        pending.push(notice);
    }
}

pub fn note_read(e: ReadError) {
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

/// Reads the value under `key`, of any version, an older one upgraded (a corrupt value is
/// reported and `None` given): for the screens in parts of their own, whose part carries the
/// upgrades of the values it reads.
pub fn load<T: Schema>(key: &str) -> Option<T> {
    with_library(|lib| lib.read_any::<T>(key)).unwrap_or_else(|e| {
        note_read(e);
        None
    })
}

/// Reads the value under `key` in today's version (what the first screen reads, which
/// `crate::services::upgrade` brought to it; a corrupt value is reported and `None` given).
pub fn load_current<T: Schema>(key: &str) -> Option<T> {
    with_library(|lib| lib.read::<T>(key)).unwrap_or_else(|e| {
        note_read(e);
        None
    })
}

/// Reads the value under `key`; when there is none, the value an older version kept under
/// `legacy` (read as the schema's version 0), moved to `key` once. A value that does not read
/// is kept under a backup key and reported, like a saved game.
pub fn load_or_migrate<T: Schema>(key: &str, legacy: &str) -> Option<T> {
    let read = with_library(|lib| -> Result<Option<T>, ReadError> {
        if let Some(value) = lib.read_any::<T>(key)? {
            return Ok(Some(value));
        }
        let Some(old) = lib.read_any::<T>(legacy)? else {
            return Ok(None);
        };
        if lib.write(key, &old).is_ok() {
            let _ = lib.backend().remove(legacy);
        }
        Ok(Some(old))
    });
    read.unwrap_or_else(|e| {
        note_read(e);
        None
    })
}

/// Writes `value` under `key` (a failure is reported).
pub fn save<T: Schema>(key: &str, value: &T) {
    if let Err(f) = with_library(|lib| lib.write(key, value)) {
        note(Notice::from_fault(&f));
    }
}

/// The UTF-16 code units `localStorage` holds, keys and values together, as the browser
/// counts them against its quota; `None` when the app keeps its values in memory.
pub fn local_used() -> Option<usize> {
    with_library(|lib| match lib.backend() {
        AppBackend::Local => toguz_store::backend::used_units(lib.backend()).ok(),
        AppBackend::Memory(_) => None,
    })
}

/// Takes the notices found since the last call.
pub fn take_notices() -> Vec<Notice> {
    for p in with_library(|lib| lib.take_problems()) {
        note_read(ReadError::Corrupt(p));
    }
    shared().pending.borrow_mut().drain(..).collect()
}

/// The raw text kept under a backup key.
pub fn backup_text(key: &str) -> Option<String> {
    with_library(|lib| lib.backend().get(key)).ok().flatten()
}

fn random_token() -> String {
    let n = (crate::platform::time::random() * 2f64.powi(40)) as u64;
    format!("{n:x}")
}
