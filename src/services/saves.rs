//! The saved games: the [`Saves`] context over the storage gateway (`platform::storage`).
//! The play feature hands it a [`Snapshot`] after every change; the library lists, reads,
//! renames, deletes, imports and exports through it; the review and the position editor keep
//! their own values through it too.
//!
//! - A value that does not read is kept under a backup key and reported as a [`Notice`].
//! - Each tab has its own token (in `sessionStorage`) and its own game id: a reload of the tab
//!   resumes its game; a new tab resumes the most recent game in progress and takes it over
//!   (the other tab, if still open, carries on under a new id: no tab overwrites another's
//!   game). A `storage` event from another tab refreshes the library list.

use leptos::prelude::*;
use toguz_engine::game::Game;
use toguz_engine::search::Score;
use toguz_engine::study::StudyError;
use toguz_engine::Side;
use toguz_store::link::{LinkInfo, Reject, Taken};
use toguz_store::study::SavedStudy;
use toguz_store::versioned::is_older;
use toguz_store::Backend as _;
use toguz_store::{
    Added, EditorDraft, Fault, GameEntry, ImportError, Index, Library, Mode, Players, Problem,
    ReadError, Saved, SavedClock, SavedReview, Summary, EDITOR_KEY,
};

use crate::platform::storage::{
    self, decode_now, note, note_read, session_get, session_remove, session_set, take_notices,
    with_library, AppBackend, TRAIN_KEY,
};
use crate::platform::time::{now, now_ms};
use toguz_app_core::clock::{Clock, TimeControl, TimeOut};
use toguz_app_core::game::GameState;
use toguz_app_core::keep::Attempt;
use toguz_app_core::session::Snapshot;
use toguz_app_core::train::Schedule;

pub use crate::platform::storage::{backup_text, Notice};

/// `sessionStorage`: the id of the game this tab plays.
const TAB_GAME_KEY: &str = "toguz.tab.game";
/// `sessionStorage`: the new game this tab shows before its first move (who plays which
/// side, the clock), put back at a reload: it has no place in the library yet.
const TAB_NEW_KEY: &str = "toguz.tab.new";
/// `sessionStorage`: the game an older version kept across an update's reload.
const LEGACY_RESUME_KEY: &str = "toguz.pwa.resume";

/// Whether this tab's `sessionStorage` holds a game to put back (`crate::services::reader`
/// is fetched for it before the mount).
pub fn session_stored() -> bool {
    session_get(TAB_NEW_KEY).is_some() || session_get(LEGACY_RESUME_KEY).is_some()
}

/// Whether this tab's `sessionStorage` holds a game an older version kept: under its key
/// for an update's reload, or in an older version under today's (see
/// `crate::services::upgrade`).
pub fn session_holds_older() -> bool {
    session_get(LEGACY_RESUME_KEY).is_some()
        || session_get(TAB_NEW_KEY).is_some_and(|text| is_older::<GameEntry>(&text))
}

/// Puts the game [`session_holds_older`] finds where [`Saves::resume`] reads, in today's
/// version (the older key's first). A game that does not read is left out, as `resume`
/// leaves out one of today's.
pub fn upgrade_session() {
    let older = session_get(LEGACY_RESUME_KEY).or_else(|| session_get(TAB_NEW_KEY));
    session_remove(LEGACY_RESUME_KEY);
    let Some(text) = older else { return };
    match toguz_store::decode::<GameEntry>(&text) {
        Ok(entry) => session_set(TAB_NEW_KEY, &toguz_store::encode(&entry)),
        Err(_) => session_remove(TAB_NEW_KEY),
    }
}

/// The game of this tab as stored, apart from what the play screen holds.
#[derive(Clone, Debug, Default)]
struct Current {
    /// Empty until first saved.
    id: String,
    created: u64,
    tags: Vec<(String, String)>,
    evals: Vec<Option<Score>>,
    imported: bool,
    end_stated: bool,
    /// A game with a friend by link: its id and the inviter's side.
    link: Option<LinkInfo>,
}

/// The saves, provided by the root through context.
#[derive(Clone, Copy)]
pub struct Saves {
    /// What the player should know (shown by [`StorageNotices`] until dismissed).
    pub notices: RwSignal<Vec<Notice>>,
    /// The library, newest first, kept in step with other tabs.
    pub index: RwSignal<Vec<Summary>>,
    current: StoredValue<Current>,
    /// The players' names of the game this tab plays, kept with [`Current`]'s other fields
    /// but as a signal, for the board to show them (`Saves::players`).
    players: RwSignal<Players>,
    /// The last entry saved (to skip saving the same again).
    last: StoredValue<Option<GameEntry>>,
    /// Bumped whenever a study is added, changed or deleted (the library lists them again).
    pub studies_changed: RwSignal<u32>,
}

fn save_clock(clock: &Clock, now: f64) -> SavedClock {
    let control = clock.control();
    SavedClock {
        base_ms: control.base_ms,
        increment_ms: control.increment_ms,
        white_ms: clock.left(Side::White, now),
        black_ms: clock.left(Side::Black, now),
        running: clock.running(),
        delay_ms: control.delay_ms,
        counted: control.time_out == TimeOut::Counted,
    }
}

/// A saved clock put back: the side whose time ran starts again now.
fn restore_clock(saved: &SavedClock, now: f64) -> Clock {
    let control = TimeControl {
        base_ms: saved.base_ms,
        increment_ms: saved.increment_ms,
        delay_ms: saved.delay_ms,
        time_out: if saved.counted {
            TimeOut::Counted
        } else {
            TimeOut::Loses
        },
    };
    let mut clock = Clock::with_left(control, [saved.white_ms, saved.black_ms]);
    if let Some(side) = saved.running {
        clock.start(side, now);
    }
    clock
}

impl Saves {
    /// Starts the saves and provides them by context: reads the library's index and follows
    /// other tabs' changes. Call once, in the root component.
    pub fn start() -> Saves {
        let saves = Saves {
            notices: RwSignal::new(Vec::new()),
            index: RwSignal::new(Vec::new()),
            current: StoredValue::new(Current::default()),
            players: RwSignal::new(Players::default()),
            last: StoredValue::new(None),
            studies_changed: RwSignal::new(0),
        };
        provide_context(saves);
        // A library written by an older version was upgraded before the mount
        // (`crate::services::upgrade`).
        let storage = window_event_listener(leptos::ev::storage, move |ev| {
            let key = ev.key().unwrap_or_default();
            if key.is_empty() || key.starts_with(toguz_store::library::PREFIX) {
                saves.refresh();
            }
        });
        on_cleanup(move || storage.remove());
        crate::platform::persist::ask_when_installed();
        saves
    }

    /// Reads the library's index again (and any notice found meanwhile).
    pub fn refresh(self) {
        self.refresh_from(|lib| lib.index());
    }

    /// [`Saves::refresh`] with every game's opening, for the library's search (the play
    /// screen's saves leave it out).
    pub fn refresh_with_openings(self) {
        self.refresh_from(|lib| lib.index_with_openings());
    }

    fn refresh_from(
        self,
        read: impl FnOnce(&Library<AppBackend>) -> Result<(Index, Vec<Problem>), Fault>,
    ) {
        match with_library(read) {
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

    /// Shows the notices found since the last (a value that did not read, storage full).
    pub fn report_notices(self) {
        self.flush_notices();
    }

    fn flush_notices(self) {
        let pending = take_notices();
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

    /// The game this tab played before a reload, or else the latest game in progress (this
    /// tab takes it over), to put on the board at start.
    pub fn resume(self) -> Option<Snapshot> {
        // The game an older version kept across an update's reload is there by now
        // (`upgrade_session`).
        if let Some(text) = session_get(TAB_NEW_KEY) {
            match decode_now::<GameEntry>(&text) {
                Some(Ok(entry)) => return Some(self.put(entry, false)),
                Some(Err(_)) => session_remove(TAB_NEW_KEY),
                // Without the decoders (their part could not be fetched) the game is kept
                // for a start that has them.
                None => {}
            }
        }
        let id = session_get(TAB_GAME_KEY).or_else(|| {
            let (index, _) = with_library(|lib| lib.index()).ok()?;
            let latest = index.newest_first().into_iter().find(|s| !s.finished())?;
            Some(latest.id)
        })?;
        match with_library(|lib| lib.game(&id)) {
            Ok(Some(entry)) => {
                if let Err(f) = with_library(|lib| lib.claim(&entry.id)) {
                    note(Notice::from_fault_in(&f, Attempt::Game));
                }
                Some(self.put(entry, true))
            }
            Ok(None) => {
                session_remove(TAB_GAME_KEY);
                None
            }
            Err(e) => {
                note_read(e);
                None
            }
        }
    }

    /// Makes `entry` the game this tab plays and gives it to put on the board. `keep_id`: go
    /// on saving it under its id (otherwise it becomes a new game at the next save).
    fn put(self, entry: GameEntry, keep_id: bool) -> Snapshot {
        // The new game of the tab is left for this one (which the next save keeps, if new).
        session_remove(TAB_NEW_KEY);
        let now = now();
        let snapshot = Snapshot {
            mode: entry.mode,
            game: GameState::from_game(entry.game.clone()),
            flipped: entry.flipped,
            clock: entry.clock.as_ref().map(|c| restore_clock(c, now)),
        };
        self.current.set_value(Current {
            id: if keep_id {
                entry.id.clone()
            } else {
                String::new()
            },
            created: if keep_id { entry.created } else { now_ms() },
            tags: entry.tags.clone(),
            evals: entry.evals.clone(),
            imported: entry.imported,
            end_stated: entry.end_stated,
            link: entry.link(),
        });
        self.set_players(entry.players.clone());
        if keep_id {
            session_set(TAB_GAME_KEY, &entry.id);
            self.last.set_value(Some(entry));
        } else {
            self.last.set_value(None);
        }
        snapshot
    }

    /// Game `id` of the library, to continue on the play screen (this tab takes it over).
    /// Save the game being played first.
    pub fn open(self, id: &str) -> Result<Snapshot, OpenError> {
        let entry = with_library(|lib| lib.game(id)).map_err(OpenError::Read)?;
        let Some(entry) = entry else {
            return Err(OpenError::Missing(id.to_string()));
        };
        if let Err(f) = with_library(|lib| lib.claim(&entry.id)) {
            note(Notice::from_fault_in(&f, Attempt::Game));
        }
        let snapshot = self.put(entry, true);
        self.refresh();
        Ok(snapshot)
    }

    /// A new game from the first `ply` moves of `entry` (replay's "play from here"). Save the
    /// game being played first.
    pub fn play_from(self, entry: &GameEntry, ply: usize) -> Snapshot {
        let mut game = Game::from_position(entry.game.start(), entry.game.rules());
        for m in entry.game.moves().iter().take(ply) {
            if game.play(m.house).is_err() {
                break;
            }
        }
        let mut fresh = GameEntry::new(String::new(), now_ms(), entry.mode, game);
        fresh.players = entry.players.clone();
        fresh.flipped = entry.flipped;
        // Played on from a replay, a game by link is one's own: the friend has not this copy.
        if let Mode::Link { .. } = entry.mode {
            fresh.mode = Mode::TwoPlayers;
        }
        session_remove(TAB_GAME_KEY);
        self.put(fresh, false)
    }

    /// The game about to start is one with a friend by link (`info`), with these names: it is
    /// saved at once, before any move, so that the friend's first link finds it.
    pub fn begin_link(self, info: LinkInfo, players: Players) {
        self.current.set_value(Current {
            created: now_ms(),
            link: Some(info),
            ..Current::default()
        });
        self.set_players(players);
        self.last.set_value(None);
        session_remove(TAB_GAME_KEY);
    }

    /// Takes a friend's link into the library (`toguz_store::link::take`): joins its game,
    /// adds the friend's move, or finds it unchanged; then gives the game to put on the board
    /// (this tab takes it over). A link refused changes nothing stored. Save the game being
    /// played first.
    pub fn take_link(self, payload: &str) -> Result<(Snapshot, Taken), LinkProblem> {
        let stored = match toguz_store::link::link_id(payload) {
            Some(id) => with_library(|lib| lib.link_game(&id)).map_err(LinkProblem::Read)?,
            None => None,
        };
        let (mut entry, taken) = toguz_store::link::take(stored.as_ref(), payload, now_ms())
            .map_err(LinkProblem::Refused)?;
        if !matches!(taken, Taken::AlreadySeen | Taken::Older) {
            let saved = with_library(|lib| lib.save(&mut entry, now_ms()));
            if let Err(f) = saved {
                note(Notice::from_fault_in(&f, Attempt::Game));
                self.flush_notices();
                return Err(LinkProblem::Read(ReadError::Fault(f)));
            }
        } else if let Err(f) = with_library(|lib| lib.claim(&entry.id)) {
            note(Notice::from_fault_in(&f, Attempt::Game));
        }
        let snapshot = self.put(entry, true);
        self.refresh();
        Ok((snapshot, taken))
    }

    /// The link of the game being played, if it is one with a friend (its moves so far).
    pub fn link_payload(self, playing: &Snapshot) -> Option<String> {
        let link = self.current.with_value(|c| c.link.clone())?;
        let mut entry = GameEntry::new(String::new(), 0, playing.mode, playing.game.game().clone());
        entry.set_link(Some(link));
        entry.players = self.players.get_untracked();
        toguz_store::link::payload_of(&entry)
    }

    /// Saves the game being played, unless nothing changed; a game with no move yet is kept
    /// for this tab only (`sessionStorage`), and goes to the library at its first move, but a
    /// game by link, which is saved at once so that the friend's first link finds it.
    pub fn save(self, playing: &Snapshot) {
        let game = playing.game.game().clone();
        let by_link = matches!(playing.mode, Mode::Link { .. })
            && self.current.with_value(|c| c.link.is_some());
        let fresh = game.moves().is_empty() && !by_link;
        if fresh && !self.current.with_value(|c| c.id.is_empty()) {
            // A new game: it gets its own id at its first move.
            self.current.set_value(Current::default());
            self.set_players(Players::default());
            self.last.set_value(None);
            session_remove(TAB_GAME_KEY);
        }
        let now = now();
        let current = self.current.get_value();
        let mut entry = GameEntry {
            id: current.id.clone(),
            created: if current.created == 0 {
                now_ms()
            } else {
                current.created
            },
            updated: 0,
            players: self.players.get_untracked(),
            mode: playing.mode,
            game,
            clock: playing.clock.map(|c| save_clock(&c, now)),
            flipped: playing.flipped,
            tags: current.tags.clone(),
            imported: current.imported,
            end_stated: current.end_stated,
            evals: current.evals.clone(),
            link_id: current.link.as_ref().map(|l| l.id.clone()),
            inviter: current.link.as_ref().map(|l| l.inviter),
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
        if fresh {
            // Kept for this tab only, until its first move saves it to the library.
            session_set(TAB_NEW_KEY, &toguz_store::encode(&entry));
            return;
        }
        session_remove(TAB_NEW_KEY);
        match with_library(|lib| lib.save(&mut entry, now_ms())) {
            Ok(saved) => {
                if let Saved::Forked { .. } = saved {
                    note(Notice::Forked);
                }
                if current.id.is_empty() {
                    // A game enters the library: worth asking the browser to keep it.
                    crate::platform::persist::ask_once();
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
            Err(f) => note(Notice::from_fault_in(&f, Attempt::Game)),
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

    /// The saved review of game `id`, if any; a damaged one is reported (as any damaged value)
    /// and reads as none, so the review is done again.
    pub fn review(self, id: &str) -> Option<SavedReview> {
        match with_library(|lib| lib.review(id)) {
            Ok(r) => r,
            Err(e) => {
                note_read(e);
                self.flush_notices();
                None
            }
        }
    }

    /// Saves the review of game `id` (a full storage is reported).
    pub fn save_review(self, id: &str, review: &SavedReview) {
        if let Err(f) = with_library(|lib| lib.save_review(id, review)) {
            note(Notice::from_fault_in(&f, Attempt::Review));
            self.flush_notices();
        }
    }

    /// The position editor's draft as a reload left it; a damaged one is reported (as any
    /// damaged value) and reads as none, so the editor opens at the start position.
    pub fn editor_draft(self) -> Option<EditorDraft> {
        match with_library(|lib| lib.read::<EditorDraft>(EDITOR_KEY)) {
            Ok(d) => d,
            Err(e) => {
                note_read(e);
                self.flush_notices();
                None
            }
        }
    }

    /// Keeps the position editor's draft (a full storage is reported).
    pub fn save_editor_draft(self, draft: &EditorDraft) {
        if let Err(f) = with_library(|lib| lib.write(EDITOR_KEY, draft)) {
            note(Notice::from_fault(&f));
            self.flush_notices();
        }
    }

    /// Deletes game `id` and gives it back, for an undo.
    pub fn delete(self, id: &str) -> Option<GameEntry> {
        let r = with_library(|lib| lib.delete(id));
        if id == self.current_id() {
            // The game on the board stays; it is saved again as a new game if played on.
            self.current.set_value(Current::default());
            self.set_players(Players::default());
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
            note(Notice::from_fault_in(&f, Attempt::Game));
        }
        self.refresh();
    }

    /// The players' names of the game this tab plays (tracked: the board shows them).
    pub fn players(self) -> Players {
        self.players.get()
    }

    fn set_players(self, players: Players) {
        if self.players.with_untracked(|p| *p != players) {
            self.players.set(players);
        }
    }

    /// Renames the players of game `id`.
    pub fn rename(self, id: &str, players: Players) {
        if id == self.current_id() {
            self.set_players(players.clone());
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

    /// The game of a share link's `payload` added to the library unless it is there already;
    /// its id either way, so a link opened and added twice keeps one copy.
    pub fn import_share(self, payload: &str) -> Result<String, ImportProblem> {
        let entry = toguz_store::read_share(payload, now_ms())
            .map_err(ImportProblem::Record)?
            .remove(0);
        let added = self.add(vec![entry.clone()])?;
        Ok(match added.ids.into_iter().next() {
            Some(id) => id,
            None => self.saved_copy(&entry).unwrap_or_default(),
        })
    }

    /// Game `game` (1-based) of a record text, added to the library unless it is there
    /// already; its id either way (a puzzle's source game, opened in the replay).
    pub fn import_one(self, text: &str, game: usize) -> Option<String> {
        let entry = toguz_store::import(text, now_ms())
            .ok()?
            .into_iter()
            .nth(game.checked_sub(1)?)?;
        let added = self.add(vec![entry.clone()]).ok()?;
        match added.ids.into_iter().next() {
            Some(id) => Some(id),
            None => self.saved_copy(&entry),
        }
    }

    /// The id of the library's copy of `entry` (the same game: [`GameEntry::same_game`]).
    pub fn saved_copy(self, entry: &GameEntry) -> Option<String> {
        self.all_games()
            .into_iter()
            .find(|g| g.same_game(entry))
            .map(|g| g.id)
    }

    /// Adds the games not in the library yet, all or none: an import that cannot fit is
    /// refused before anything is written (the room known from what the storage holds).
    fn add(self, entries: Vec<GameEntry>) -> Result<Added, ImportProblem> {
        let now = now_ms();
        let r = with_library(|lib| {
            let attempt = toguz_store::Attempt::Import {
                games: entries.len(),
            };
            room(lib, attempt, lib.units_to_add(&entries, now))?;
            lib.add_new(entries, now).map_err(ImportProblem::Storage)
        });
        self.refresh();
        r
    }

    /// Every finished game's start, moves and result (the explorer's "My games"), unpacked
    /// from storage without replaying a game.
    pub fn finished_lines(
        self,
    ) -> Vec<(toguz_store::packed::PlayedLine, toguz_engine::GameResult)> {
        // The index the saves hold (the explorer counts again when it changes).
        let lines = self
            .index
            .with_untracked(|index| with_library(|lib| lib.finished_lines_of(index)));
        lines.unwrap_or_else(|f| {
            note(Notice::from_fault(&f));
            self.flush_notices();
            Vec::new()
        })
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

/// The studies (the analysis board's trees, see `toguz_store::study`).
impl Saves {
    /// A new id for a study.
    pub fn new_study_id(self) -> String {
        with_library(|lib| Ok::<_, Fault>(lib.new_id(now_ms()))).unwrap_or_default()
    }

    /// Study `id`; a damaged one is reported (and backed up) and reads as an error.
    pub fn study(self, id: &str) -> Result<Option<SavedStudy>, ReadError> {
        let r = with_library(|lib| lib.study(id));
        if let Err(e) = &r {
            note_read(e.clone());
            self.flush_notices();
        }
        r
    }

    /// Writes a study (a full storage is reported; the board keeps it in memory).
    pub fn save_study(self, study: &mut SavedStudy) {
        match with_library(|lib| lib.save_study(study, now_ms())) {
            Ok(()) => self.studies_changed.update(|n| *n += 1),
            Err(f) => {
                note(Notice::from_fault_in(&f, Attempt::Study));
                self.flush_notices();
            }
        }
    }

    /// Every study, the last changed first.
    pub fn studies(self) -> Vec<SavedStudy> {
        match with_library(|lib| lib.studies()) {
            Ok((all, problems)) => {
                for p in problems {
                    note_read(ReadError::Corrupt(p));
                }
                self.flush_notices();
                all
            }
            Err(f) => {
                note(Notice::from_fault(&f));
                self.flush_notices();
                Vec::new()
            }
        }
    }

    /// Deletes study `id` and gives it back, for an undo.
    pub fn delete_study(self, id: &str) -> Option<SavedStudy> {
        let r = with_library(|lib| lib.delete_study(id));
        self.studies_changed.update(|n| *n += 1);
        r.unwrap_or_else(|e| {
            note_read(e);
            self.flush_notices();
            None
        })
    }

    /// Forgets the repertoire trainer's cards of study `id` if it is still gone: called when
    /// its delete can no longer be undone, so that a deleted study leaves nothing behind.
    pub fn forget_training_of(self, id: &str) {
        if matches!(self.study(id), Ok(None)) {
            edit_schedule(|s| s.forget(id));
        }
    }

    /// Forgets the trainer's cards of every study no longer in the library: one deleted in a
    /// tab closed before its undo ran out. For the trainer's screen, where no undo is offered.
    /// Nothing is forgotten when the studies cannot be listed.
    pub fn forget_training_of_deleted(self) {
        let Ok(keys) = with_library(|lib| lib.backend().keys()) else {
            return;
        };
        let ids: Vec<&str> = keys
            .iter()
            .filter_map(|k| k.strip_prefix(toguz_store::study::STUDY_PREFIX))
            .collect();
        edit_schedule(|s| s.keep_studies(&ids));
    }

    /// Puts back a deleted study.
    pub fn restore_study(self, study: &SavedStudy) {
        let key = toguz_store::study::study_key(&study.id);
        if let Err(f) = with_library(|lib| lib.write(&key, study)) {
            note(Notice::from_fault_in(&f, Attempt::Study));
            self.flush_notices();
        }
        self.studies_changed.update(|n| *n += 1);
    }

    /// Renames study `id` (a blank name changes nothing).
    pub fn rename_study(self, id: &str, title: &str) {
        if let Ok(Some(mut s)) = self.study(id) {
            if s.rename(title) {
                self.save_study(&mut s);
            }
        }
    }

    /// Imports every study of a text, all or none: the ids added and how many were there
    /// already.
    pub fn import_studies(self, text: &str) -> Result<toguz_store::Added, ImportProblem> {
        let studies = toguz_store::study::read_studies(text).map_err(ImportProblem::Study)?;
        let r = with_library(|lib| lib.add_studies(&studies, now_ms()));
        self.studies_changed.update(|n| *n += 1);
        r.map_err(ImportProblem::Storage)
    }
}

/// Whether `needed` more code units fit in `localStorage` (in memory, anything fits until a
/// write says otherwise).
fn room(
    lib: &Library<AppBackend>,
    attempt: toguz_store::Attempt,
    needed: usize,
) -> Result<(), ImportProblem> {
    if let AppBackend::Memory(_) = lib.backend() {
        return Ok(());
    }
    lib.room_for(attempt, needed, toguz_store::BROWSER_QUOTA)
        .map_err(ImportProblem::Storage)?
        .map_err(ImportProblem::NoRoom)
}

/// Why an import did not happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportProblem {
    /// The text does not read.
    Record(ImportError),
    /// A study's text does not read: where and why (`None`: no game in it).
    Study(Option<StudyError>),
    /// Storage refused (nothing was added).
    Storage(Fault),
    /// It would not fit in the room left (nothing was written).
    NoRoom(toguz_store::NoRoom),
}

/// Why a friend's link was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkProblem {
    /// The link was refused: nothing changed.
    Refused(Reject),
    /// The storage failed (or the stored copy did not read).
    Read(ReadError),
}

/// Why a saved game could not be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenError {
    /// The library has no game of this id (deleted meanwhile, perhaps in another tab).
    Missing(String),
    /// It did not read.
    Read(ReadError),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Missing(id) => write!(f, "no such game: {id}"),
            OpenError::Read(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for OpenError {}

/// Changes the kept training schedule by `change`, written back only if it changed: a schedule
/// that does not read is left as it is (storage has backed it up and reported it).
fn edit_schedule(change: impl FnOnce(&mut Schedule) -> bool) {
    if let Some(mut schedule) = storage::load::<Schedule>(TRAIN_KEY) {
        if change(&mut schedule) {
            storage::save(TRAIN_KEY, &schedule);
        }
    }
}
