//! The stored values' decoders (the packed games and index, the settings, the install
//! prompt's flags, the editor's draft, the reviews and studies: their JSON parse and their
//! serde code), in a part of their own, `reader`, that a newcomer's first download goes
//! without: a browser with nothing stored has nothing to read.
//!
//! The part is fetched before the app mounts when a value of the app is stored ([`stored`]),
//! and otherwise at the first write (`crate::platform::storage::Reader`): a newcomer's saves
//! take the index the library wrote without decoding it (`toguz_store::Library`), and what
//! is read back later (a game opened from the library) finds the part there. The service
//! worker keeps every part, so a returning player's start fetches it from the cache. A start
//! that cannot fetch it keeps its values in memory for the tab, and says so: the stored ones
//! stay as they are, for the next start.

use std::any::Any;
use std::cell::Cell;

use toguz_store::review::Stored;
use toguz_store::study::SavedStudy;
use toguz_store::{decode_current, Backend, EditorDraft, GameEntry, Index, Schema};

use crate::platform::pwa::PwaFlags;
use crate::platform::split::{now, part_fn};
use crate::platform::storage::{keep_in_memory, set_reader, with_library, Decoded, Reader};
use crate::services::saves;
use crate::services::settings::Settings;

thread_local! {
    /// Whether the part is there.
    static LOADED: Cell<bool> = const { Cell::new(false) };
    /// Whether its fetch has started (and not failed).
    static FETCHING: Cell<bool> = const { Cell::new(false) };
}

/// Gives the storage its decoders, before any read.
pub fn register() {
    set_reader(Reader { decode, fetch });
}

/// Whether a value of the app is stored: a key of this or an older version in
/// `localStorage`, or this tab's game in `sessionStorage`.
pub fn stored() -> bool {
    // Stops at the first key of the app's: every start of a returning player asks, and a
    // library of thousands of games is as many keys.
    with_library(|lib| lib.backend().any_key("toguz")).unwrap_or(false) || saves::session_stored()
}

/// Fetches the part before the mount of a start with values stored; without it, the tab
/// keeps its values in memory (`crate::platform::storage::keep_in_memory`), so that nothing
/// it writes replaces one it could not read. True once the part is there.
pub async fn load_stored() -> bool {
    let loaded = load().await;
    if !loaded {
        keep_in_memory();
    }
    loaded
}

/// Fetches the part; true once it is there.
async fn load() -> bool {
    FETCHING.set(true);
    let loaded = preload_decode().await.is_ok() && preload_upgrade_due().await.is_ok();
    LOADED.set(loaded);
    FETCHING.set(loaded);
    loaded
}

/// Whether a value of an older version is stored where the first screen reads
/// (`crate::services::upgrade::due`), once the part is there.
pub fn upgrade_due() -> bool {
    LOADED.get() && now(upgrade_due_part()).unwrap_or(false)
}

fn fetch() {
    if !FETCHING.get() {
        wasm_bindgen_futures::spawn_local(async {
            load().await;
        });
    }
}

fn decode(kind: &'static str, text: &str) -> Option<Decoded> {
    if !LOADED.get() {
        return None;
    }
    now(decode_part(kind, text.to_string())).flatten()
}

part_fn! {
    /// Decodes `text` as the value of kind `kind`, of today's version; `None` for a kind no
    /// read of the library's goes through (read with its upgrades, in its screen's part).
    reader, preload preload_decode,
    fn decode_part(kind: &'static str, text: String) -> Option<Decoded> {
        decode_kind(kind, &text)
    }
}

part_fn! {
    /// [`upgrade_due`]'s look at the stored values' versions.
    reader, preload preload_upgrade_due,
    fn upgrade_due_part() -> bool { crate::services::upgrade::due() }
}

fn decode_kind(kind: &str, text: &str) -> Option<Decoded> {
    // Called directly, not through a table of functions: a function whose address is taken
    // stays in the main module.
    fn boxed<T: Schema>(text: &str) -> Option<Decoded> {
        Some(decode_current::<T>(text).map(|v| Box::new(v) as Box<dyn Any>))
    }
    match kind {
        k if k == Index::KIND => boxed::<Index>(text),
        k if k == GameEntry::KIND => boxed::<GameEntry>(text),
        k if k == Settings::KIND => boxed::<Settings>(text),
        k if k == PwaFlags::KIND => boxed::<PwaFlags>(text),
        k if k == EditorDraft::KIND => boxed::<EditorDraft>(text),
        k if k == Stored::KIND => boxed::<Stored>(text),
        k if k == SavedStudy::KIND => boxed::<SavedStudy>(text),
        _ => None,
    }
}
