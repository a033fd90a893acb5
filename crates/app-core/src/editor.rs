//! The position editor as a plain value (no Leptos, no browser): a raw engine [`Setup`] being
//! edited, the selected house or kazan, undo and redo, the position string typed by the
//! player, and the check of the setup by the engine.
//!
//! The editor never judges a setup itself: [`Editor::problem`] is the engine's
//! `Setup -> Position` check ([`SetupError`]), plus the end of the game the engine's
//! [`Position::end`] finds (a position already over cannot be played from). Each problem
//! names what causes it ([`Problem::cause`]), so the screen shows it there.
//!
//! The position string is read by the engine's parser. A string that does not read leaves the
//! board as it was and keeps the parser's exact [`ParsePositionError`]; a string that reads but
//! is not a legal position is put on the board, where the check says what is wrong (the
//! player can then fix it).
//!
//! What the screen's keys and fields do is decided here too ([`Key`], [`Editor::type_count`]), and a pointer on the board is followed
//! by a [`Drag`] that ends in a [`Gesture`]: `features::editor` only reads the browser's
//! events and draws.

pub mod message;

use toguz_engine::{GameEnd, House, ParsePositionError, Position, Setup, SetupError, Side, Square};
use toguz_store::EditorDraft;

use crate::anim::{Frame, Step};

/// The most korgools a house or a kazan can be given: all of them.
pub const MAX_COUNT: u8 = 162;
/// Edits kept for undo (and for redo).
pub const HISTORY: usize = 100;

/// A place holding korgools: a house or a kazan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Spot {
    /// A house of the board.
    House(Square),
    /// A side's kazan.
    Kazan(Side),
}

/// Why the setup on the board cannot be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The engine refuses the setup.
    Setup(SetupError),
    /// A legal position, but the game is already over in it (a kazan holds 82, or the side to
    /// move has no korgool).
    GameOver(GameEnd),
}

/// The part of the editor a problem comes from, where the screen shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cause {
    /// The count of all korgools (houses and kazans).
    Total,
    /// The tuz of this owner.
    Tuz(Side),
    /// Both tuzes together.
    Tuzes,
    /// The korgools in a house.
    House(Square),
    /// The korgools in a kazan.
    Kazan(Side),
    /// The side to move (and the korgools on its row).
    Turn,
}

impl Problem {
    /// What causes the problem.
    pub fn cause(&self) -> Cause {
        match *self {
            Problem::Setup(SetupError::BadTotal { .. }) => Cause::Total,
            Problem::Setup(SetupError::BadTuzHouse { owner, .. })
            | Problem::Setup(SetupError::TuzOnHouse9 { owner }) => Cause::Tuz(owner),
            Problem::Setup(SetupError::SameTuzNumber { .. }) => Cause::Tuzes,
            Problem::Setup(SetupError::TuzNotEmpty { owner, house, .. }) => {
                Cause::House(Square::new(owner.opponent(), house))
            }
            Problem::Setup(SetupError::TuzKazanTooSmall { owner, .. }) => Cause::Kazan(owner),
            Problem::GameOver(end) => match end.reason {
                toguz_engine::EndReason::Reached82 => Cause::Total,
                _ => Cause::Turn,
            },
        }
    }

    /// A short name of the kind of problem (for tests and styles).
    pub fn kind(&self) -> &'static str {
        match self {
            Problem::Setup(SetupError::BadTotal { .. }) => "bad-total",
            Problem::Setup(SetupError::BadTuzHouse { .. }) => "bad-tuz-house",
            Problem::Setup(SetupError::TuzOnHouse9 { .. }) => "tuz-on-house-9",
            Problem::Setup(SetupError::SameTuzNumber { .. }) => "same-tuz-number",
            Problem::Setup(SetupError::TuzNotEmpty { .. }) => "tuz-not-empty",
            Problem::Setup(SetupError::TuzKazanTooSmall { .. }) => "tuz-kazan-too-small",
            Problem::GameOver(_) => "game-over",
        }
    }
}

/// An edit that merges with the one before it into one undo step: typing a number digit by
/// digit, or a position string character by character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Merge {
    Typed(Spot),
    Text,
}

/// The editor: the setup, the selection, the history and the position string being typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    setup: Setup,
    selected: Option<Spot>,
    undo: Vec<Setup>,
    redo: Vec<Setup>,
    merge: Option<Merge>,
    /// The position string as the player typed it, while it differs from the board's.
    draft: Option<String>,
    /// Why the typed string does not read.
    text_error: Option<ParsePositionError>,
}

impl Default for Editor {
    fn default() -> Self {
        Editor::new(Setup::start())
    }
}

impl Editor {
    /// An editor holding `setup`, with no history.
    pub fn new(setup: Setup) -> Editor {
        Editor {
            setup,
            selected: None,
            undo: Vec::new(),
            redo: Vec::new(),
            merge: None,
            draft: None,
            text_error: None,
        }
    }

    /// An editor holding `setup` with an undo and a redo history (each oldest first), as
    /// stored; histories longer than [`HISTORY`] keep their most recent edits.
    pub fn with_history(setup: Setup, mut undo: Vec<Setup>, mut redo: Vec<Setup>) -> Editor {
        trim(&mut undo);
        trim(&mut redo);
        Editor {
            undo,
            redo,
            ..Editor::new(setup)
        }
    }

    /// The editor as a draft kept across reloads left it.
    pub fn from_draft(draft: EditorDraft) -> Editor {
        Editor::with_history(draft.setup, draft.undo, draft.redo)
    }

    /// What is kept across reloads: the setup and both histories (not the selection, nor a
    /// string being typed).
    pub fn draft(&self) -> EditorDraft {
        EditorDraft {
            setup: self.setup,
            undo: self.undo.clone(),
            redo: self.redo.clone(),
        }
    }

    /// The frame the board draws for the setup, even an illegal one (see [`frame_of`]).
    pub fn frame(&self) -> Frame {
        frame_of(&self.setup)
    }

    /// The setup on the board (it may be illegal).
    pub fn setup(&self) -> Setup {
        self.setup
    }

    /// The undo history, oldest first.
    pub fn undo_history(&self) -> &[Setup] {
        &self.undo
    }

    /// The redo history, the next redo last.
    pub fn redo_history(&self) -> &[Setup] {
        &self.redo
    }

    /// The selected house or kazan.
    pub fn selected(&self) -> Option<Spot> {
        self.selected
    }

    /// Selects a house or a kazan (or nothing).
    pub fn select(&mut self, spot: Option<Spot>) {
        self.selected = spot;
        self.merge = None;
    }

    /// Korgools in a house or a kazan.
    pub fn count(&self, spot: Spot) -> u8 {
        match spot {
            Spot::House(sq) => self.setup.houses[sq.side()][sq.house().index()],
            Spot::Kazan(side) => self.setup.kazans[side],
        }
    }

    /// All korgools on the board and in the kazans.
    pub fn total(&self) -> u32 {
        total(&self.setup)
    }

    /// Korgools still missing from the 162 (negative: too many).
    pub fn missing(&self) -> i32 {
        toguz_engine::TOTAL as i32 - self.total() as i32
    }

    /// The engine's position, or why the setup cannot be played.
    pub fn position(&self) -> Result<Position, Problem> {
        let position = Position::try_from(self.setup).map_err(Problem::Setup)?;
        match position.end() {
            Some(end) => Err(Problem::GameOver(end)),
            None => Ok(position),
        }
    }

    /// Why the setup cannot be played, if it cannot.
    pub fn problem(&self) -> Option<Problem> {
        self.position().err()
    }

    /// The position string of the board (written even for an illegal setup).
    pub fn position_string(&self) -> String {
        self.setup.to_string()
    }

    /// The text the position field shows: what the player typed, or the board's string.
    pub fn text(&self) -> String {
        self.draft.clone().unwrap_or_else(|| self.position_string())
    }

    /// Why the typed position string does not read.
    pub fn text_error(&self) -> Option<&ParsePositionError> {
        self.text_error.as_ref()
    }

    // -- edits --

    /// Applies an edit; records it for undo when it changed something. Returns whether it did.
    fn edit(&mut self, merge: Option<Merge>, f: impl FnOnce(&mut Setup)) -> bool {
        let before = self.setup;
        f(&mut self.setup);
        if merge != Some(Merge::Text) {
            self.draft = None;
            self.text_error = None;
        }
        if self.setup == before {
            return false;
        }
        if merge.is_none() || merge != self.merge {
            self.undo.push(before);
            trim(&mut self.undo);
        }
        self.redo.clear();
        self.merge = merge;
        true
    }

    /// Sets the korgools of a house or a kazan (at most [`MAX_COUNT`]). Typing a number digit
    /// by digit into the same place is one undo step.
    pub fn set_count(&mut self, spot: Spot, n: u8) -> bool {
        let n = n.min(MAX_COUNT);
        self.edit(Some(Merge::Typed(spot)), |s| *slot(s, spot) = n)
    }

    /// Adds `delta` korgools (negative: takes away), staying within 0..=[`MAX_COUNT`].
    pub fn step(&mut self, spot: Spot, delta: i16) -> bool {
        self.edit(None, |s| {
            let c = slot(s, spot);
            *c = (i16::from(*c) + delta).clamp(0, i16::from(MAX_COUNT)) as u8;
        })
    }

    /// One more korgool in the selected place.
    pub fn plus(&mut self) -> bool {
        self.selected.is_some_and(|spot| self.step(spot, 1))
    }

    /// One korgool fewer in the selected place.
    pub fn minus(&mut self) -> bool {
        self.selected.is_some_and(|spot| self.step(spot, -1))
    }

    /// Moves up to `n` korgools from one place to another (a drag), keeping the total; selects
    /// the place they went to. Returns how many moved.
    pub fn move_korgools(&mut self, from: Spot, to: Spot, n: u8) -> u8 {
        if from == to {
            return 0;
        }
        let moved = n
            .min(self.count(from))
            .min(MAX_COUNT.saturating_sub(self.count(to)));
        self.edit(None, |s| {
            *slot(s, from) -= moved;
            *slot(s, to) += moved;
        });
        self.selected = Some(to);
        moved
    }

    /// Puts the korgools missing from the 162 into the kazans: `to_white` of them into
    /// White's, the rest into Black's. Does nothing when none are missing or `to_white` is
    /// more than are missing.
    pub fn fill_kazans(&mut self, to_white: u8) -> bool {
        let missing = self.missing();
        if missing <= 0 || i32::from(to_white) > missing {
            return false;
        }
        let to_black = (missing - i32::from(to_white)) as u8;
        self.edit(None, |s| {
            s.kazans.white += to_white;
            s.kazans.black += to_black;
        })
    }

    /// Sets `owner`'s tuz: the number of the opponent's house, or none.
    pub fn set_tuz(&mut self, owner: Side, house: Option<u8>) -> bool {
        self.edit(None, |s| s.tuz[owner] = house)
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, side: Side) -> bool {
        self.edit(None, |s| s.turn = side)
    }

    /// The start position.
    pub fn reset_to_start(&mut self) -> bool {
        self.edit(None, |s| *s = Setup::start())
    }

    /// An empty board: no korgool anywhere, no tuz (the side to move stays).
    pub fn clear(&mut self) -> bool {
        self.edit(None, |s| {
            *s = Setup {
                turn: s.turn,
                ..empty()
            }
        })
    }

    /// Swaps the sides: each side gets the other's houses, kazan and tuz, and the other side
    /// moves (the same game with the colours swapped). The selection follows.
    pub fn mirror(&mut self) -> bool {
        self.selected = self.selected.map(|spot| match spot {
            Spot::House(sq) => Spot::House(Square::new(sq.side().opponent(), sq.house())),
            Spot::Kazan(side) => Spot::Kazan(side.opponent()),
        });
        self.edit(None, |s| *s = mirrored(s))
    }

    /// Puts a whole setup on the board (one undo step).
    pub fn set_setup(&mut self, setup: Setup) -> bool {
        self.edit(None, |s| *s = setup)
    }

    /// The player typed or pasted `text` into the position field. A string that reads is put
    /// on the board at once (the typing of one string is one undo step); one that does not
    /// read is kept with the parser's error, and the board stays as it was.
    pub fn type_text(&mut self, text: &str) -> Result<(), ParsePositionError> {
        self.draft = Some(text.to_string());
        match text.parse::<Setup>() {
            Ok(setup) => {
                self.text_error = None;
                self.edit(Some(Merge::Text), |s| *s = setup);
                Ok(())
            }
            Err(e) => {
                self.text_error = Some(e.clone());
                Err(e)
            }
        }
    }

    /// The player left the position field: a string that read is shown as the board's
    /// string again; one that did not stays, with its error, until the next edit.
    pub fn leave_text(&mut self) {
        if self.text_error.is_none() {
            self.draft = None;
        }
        if self.merge == Some(Merge::Text) {
            self.merge = None;
        }
    }

    /// Opens a position string from elsewhere (a link): like pasting it, as its own undo step.
    pub fn open_text(&mut self, text: &str) -> Result<(), ParsePositionError> {
        self.merge = None;
        let r = self.type_text(text);
        self.leave_text();
        r
    }

    /// True when there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// True when there is an undone edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes the last edit back.
    pub fn undo(&mut self) -> bool {
        let Some(before) = self.undo.pop() else {
            return false;
        };
        self.redo.push(self.setup);
        self.setup = before;
        self.after_history();
        true
    }

    /// Makes the last undone edit again.
    pub fn redo(&mut self) -> bool {
        let Some(after) = self.redo.pop() else {
            return false;
        };
        self.undo.push(self.setup);
        self.setup = after;
        self.after_history();
        true
    }

    fn after_history(&mut self) {
        self.merge = None;
        self.draft = None;
        self.text_error = None;
    }

    // -- what the screen shows --

    /// The owner of the tuz in `square`, if it is one.
    pub fn tuz_owner(&self, square: Square) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&owner| tuz_square(&self.setup, owner) == Some(square))
    }

    /// The house or kazan the setup's problem is about, if it is about one (the board marks
    /// it).
    pub fn error_at(&self) -> Option<Spot> {
        match self.problem()?.cause() {
            Cause::House(square) => Some(Spot::House(square)),
            Cause::Kazan(side) => Some(Spot::Kazan(side)),
            _ => None,
        }
    }

    /// How "fill the kazans" shares the missing korgools, `(to White, to Black)`: what the
    /// player chose for White (at most all of them), or half each with Black's the larger.
    /// `(0, 0)` when none are missing.
    pub fn fill_split(&self, to_white: Option<u8>) -> (u8, u8) {
        let missing = self.missing().clamp(0, i32::from(MAX_COUNT)) as u8;
        let white = to_white.map_or(missing / 2, |w| w.min(missing));
        (white, missing - white)
    }

    // -- what the screen's keys and fields do --

    /// Carries out what a key does. Returns whether the setup changed.
    pub fn key(&mut self, key: Key) -> bool {
        match key {
            Key::Plus => self.plus(),
            Key::Minus => self.minus(),
            Key::Undo => self.undo(),
            Key::Redo => self.redo(),
        }
    }

    /// The player typed `text` as the count of `spot`: a number sets it (at most
    /// [`MAX_COUNT`]); anything else, such as a field emptied to type anew, changes nothing.
    pub fn type_count(&mut self, spot: Spot, text: &str) -> bool {
        match text.trim().parse::<u32>() {
            Ok(n) => self.set_count(spot, n.min(u32::from(MAX_COUNT)) as u8),
            Err(_) => false,
        }
    }

    /// [`Editor::type_count`] for the selected place (nothing when none is).
    pub fn type_selected_count(&mut self, text: &str) -> bool {
        self.selected
            .is_some_and(|spot| self.type_count(spot, text))
    }

    /// The player chose `owner`'s tuz in its list: a house's number, or `""` for none.
    pub fn choose_tuz(&mut self, owner: Side, value: &str) -> bool {
        self.set_tuz(owner, value.parse().ok())
    }

    /// The player chose the side to move in its list: `"b"` for Black, White otherwise.
    pub fn choose_turn(&mut self, value: &str) -> bool {
        let side = if value == "b" {
            Side::Black
        } else {
            Side::White
        };
        self.set_turn(side)
    }

    /// Carries out what a pointer did on the board: a tap on a kazan selects it (the board
    /// reports a tap on a house as a click, which selects it), a drop moves all the korgools
    /// of the place the drag started from and selects where they went. Returns whether the
    /// setup or the selection changed.
    pub fn gesture(&mut self, gesture: Gesture) -> bool {
        match gesture {
            Gesture::Tap(spot @ Spot::Kazan(_)) => {
                let changed = self.selected != Some(spot);
                self.select(Some(spot));
                changed
            }
            Gesture::Tap(Spot::House(_)) | Gesture::Drop { to: None, .. } => false,
            Gesture::Drop { from, to: Some(to) } => {
                let before = (self.setup, self.selected);
                self.move_korgools(from, to, self.count(from));
                (self.setup, self.selected) != before
            }
        }
    }
}

/// What a key does in the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// One more korgool in the selected place.
    Plus,
    /// One korgool fewer in the selected place.
    Minus,
    /// Takes the last edit back.
    Undo,
    /// Makes the last undone edit again.
    Redo,
}

impl Key {
    /// A key pressed on the board: `+` (or `=`, the same key unshifted) and `-` (or `_`).
    /// A key that is the board's is its own whether or not it changes anything (the page then
    /// does nothing else with it).
    pub fn on_board(key: &str) -> Option<Key> {
        match key {
            "+" | "=" => Some(Key::Plus),
            "-" | "_" => Some(Key::Minus),
            _ => None,
        }
    }

    /// A key pressed outside the text fields: Ctrl+Z (Cmd+Z on a Mac) undoes, Ctrl+Y and
    /// Ctrl+Shift+Z redo.
    pub fn anywhere(key: &str, ctrl: bool, shift: bool) -> Option<Key> {
        if !ctrl {
            return None;
        }
        match key.to_lowercase().as_str() {
            "z" if !shift => Some(Key::Undo),
            "y" | "z" => Some(Key::Redo),
            _ => None,
        }
    }
}

/// How far a pressed pointer moves (in CSS pixels, across plus down) before it drags.
pub const DRAG_SLOP: i32 = 8;

/// A pointer as its events give it: its id and where it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pointer {
    /// The pointer's id (one per finger on a touch screen).
    pub id: i32,
    /// Across, in CSS pixels.
    pub x: i32,
    /// Down, in CSS pixels.
    pub y: i32,
}

/// What a pointer pressed on the board did, once released.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gesture {
    /// Pressed and released in place.
    Tap(Spot),
    /// Dragged from a place and dropped on another, or off the board (`None`).
    Drop {
        /// Where the drag started.
        from: Spot,
        /// Where it was dropped.
        to: Option<Spot>,
    },
}

/// A pointer (mouse, pen or touch) pressed on a house or a kazan, followed until it is
/// released: a tap, or a drag of the place's korgools to another place. The host gives it the
/// pointer's events and what is under the pointer; it answers what to do.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Drag {
    /// The place pressed, the pointer as it was pressed, and whether it has moved enough to
    /// drag.
    press: Option<(Spot, Pointer, bool)>,
    /// The place under the dragging pointer, other than the one it started from.
    over: Option<Spot>,
    /// A drag just ended: the click the browser sends after it is no click on a house.
    swallow_click: bool,
}

impl Drag {
    /// The main button (or a touch) pressed on `on`, a house or a kazan (`None`: elsewhere,
    /// which starts nothing). Other buttons start nothing.
    pub fn press(&mut self, on: Option<Spot>, main_button: bool, pointer: Pointer) {
        if let (Some(from), true) = (on, main_button) {
            self.press = Some((from, pointer, false));
        }
    }

    /// The pointer moved. Returns whether it drags (then the page must not scroll, and
    /// [`Drag::over`] is told what is under it).
    pub fn moved(&mut self, pointer: Pointer) -> bool {
        let Some((_, at, moving)) = self.press.as_mut() else {
            return false;
        };
        if at.id != pointer.id {
            return false;
        }
        if !*moving && (pointer.x - at.x).abs() + (pointer.y - at.y).abs() > DRAG_SLOP {
            *moving = true;
        }
        *moving
    }

    /// The place under the dragging pointer. Returns the drop target now shown, if it changed:
    /// `Some(target)`, where the target is `None` over the place the drag started from or off
    /// the board.
    pub fn over(&mut self, under: Option<Spot>) -> Option<Option<Spot>> {
        let (from, _, _) = self.press?;
        let target = under.filter(|&s| s != from);
        (self.over != target).then(|| {
            self.over = target;
            target
        })
    }

    /// The drop target shown, while a drag is over one.
    pub fn target(&self) -> Option<Spot> {
        self.over
    }

    /// The pointer was released, over `under` (asked only for a drag). Ends the press,
    /// whichever pointer it was; returns what the press did when it was this pointer's.
    pub fn release(
        &mut self,
        pointer: Pointer,
        under: impl FnOnce() -> Option<Spot>,
    ) -> Option<Gesture> {
        let (from, at, moving) = self.press.take()?;
        self.over = None;
        if at.id != pointer.id {
            return None;
        }
        if !moving {
            return Some(Gesture::Tap(from));
        }
        self.swallow_click = true;
        Some(Gesture::Drop { from, to: under() })
    }

    /// The browser took the pointer back (a scroll, a system gesture): nothing happens.
    pub fn cancel(&mut self) {
        self.press = None;
        self.over = None;
    }

    /// A click on the board: returns true when it only ends a drag, and must reach no house.
    pub fn take_click(&mut self) -> bool {
        std::mem::take(&mut self.swallow_click)
    }
}

fn trim(history: &mut Vec<Setup>) {
    if history.len() > HISTORY {
        history.drain(..history.len() - HISTORY);
    }
}

fn total(s: &Setup) -> u32 {
    s.houses
        .white
        .iter()
        .chain(s.houses.black.iter())
        .map(|&n| u32::from(n))
        .sum::<u32>()
        + u32::from(s.kazans.white)
        + u32::from(s.kazans.black)
}

fn slot(s: &mut Setup, spot: Spot) -> &mut u8 {
    match spot {
        Spot::House(sq) => &mut s.houses[sq.side()][sq.house().index()],
        Spot::Kazan(side) => &mut s.kazans[side],
    }
}

/// A board with no korgool and no tuz, White to move.
pub fn empty() -> Setup {
    Setup {
        houses: toguz_engine::BySide::new([0; 9], [0; 9]),
        kazans: toguz_engine::BySide::new(0, 0),
        tuz: toguz_engine::BySide::new(None, None),
        turn: Side::White,
    }
}

/// The setup with the sides swapped.
pub fn mirrored(s: &Setup) -> Setup {
    Setup {
        houses: toguz_engine::BySide::new(s.houses.black, s.houses.white),
        kazans: toguz_engine::BySide::new(s.kazans.black, s.kazans.white),
        tuz: toguz_engine::BySide::new(s.tuz.black, s.tuz.white),
        turn: s.turn.opponent(),
    }
}

/// The houses the tuz list offers: 1 to 8 (house 9 can never be a tuz).
pub fn tuz_houses() -> impl Iterator<Item = House> {
    House::ALL.into_iter().filter(|h| h.get() != 9)
}

/// The square of `owner`'s tuz, when its number is a house number.
pub fn tuz_square(s: &Setup, owner: Side) -> Option<Square> {
    s.tuz[owner]
        .and_then(House::new)
        .map(|h| Square::new(owner.opponent(), h))
}

/// The frame the board draws for a setup, which may be illegal: the board's own frame
/// ([`Frame::of`]) is built from a legal position only.
pub fn frame_of(setup: &Setup) -> Frame {
    let mut houses = [0; 18];
    houses[..9].copy_from_slice(&setup.houses.white);
    houses[9..].copy_from_slice(&setup.houses.black);
    Frame {
        houses,
        kazans: [setup.kazans.white, setup.kazans.black],
        tuz: [
            tuz_square(setup, Side::White),
            tuz_square(setup, Side::Black),
        ],
        hand: 0,
        step: Step::Still,
    }
}

#[cfg(test)]
mod tuz_tests {
    use super::*;

    #[test]
    fn the_tuz_list_offers_houses_1_to_8_and_never_house_9() {
        let offered: Vec<u8> = tuz_houses().map(House::get).collect();
        assert_eq!(offered, [1, 2, 3, 4, 5, 6, 7, 8]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::{BySide, EndReason, GameResult};

    #[test]
    fn the_board_draws_any_setup_even_an_illegal_one() {
        let s = setup("0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 5/70 -/1 b");
        let f = frame_of(&s);
        assert_eq!(f.houses[0], 0);
        assert_eq!(f.houses[17], 9);
        assert_eq!(f.kazans, [5, 70]);
        assert_eq!(f.tuz, [None, Some(sq(Side::White, 1))]);
        assert_eq!(
            editor("0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 5/70 -/1 b").frame(),
            f
        );
    }

    #[test]
    fn a_legal_setup_is_drawn_as_its_position_is() {
        let p: Position = "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/9 -/1 b"
            .parse()
            .unwrap();
        assert_eq!(frame_of(&p.into()), Frame::of(&p));
    }

    #[test]
    fn the_draft_keeps_the_setup_and_both_histories_across_a_reload() {
        let mut e = editor(START);
        e.set_turn(Side::Black);
        e.clear();
        e.undo();
        e.select(Some(house(Side::White, 1)));
        let back = Editor::from_draft(e.draft());
        assert_eq!(back.setup(), e.setup());
        assert_eq!(back.undo_history(), e.undo_history());
        assert_eq!(back.redo_history(), e.redo_history());
        assert!(back.can_undo() && back.can_redo());
        // The selection is the player's pointer, not the position: it is not kept.
        assert_eq!(back.selected(), None);
    }

    #[test]
    fn a_missing_draft_opens_the_start_position() {
        let e = Editor::from_draft(EditorDraft::default());
        assert_eq!(e.setup(), Setup::default());
        assert!(!e.can_undo() && !e.can_redo());
    }

    fn sq(side: Side, n: u8) -> Square {
        Square::new(side, House::new(n).unwrap())
    }

    fn house(side: Side, n: u8) -> Spot {
        Spot::House(sq(side, n))
    }

    fn setup(s: &str) -> Setup {
        s.parse().unwrap()
    }

    fn editor(s: &str) -> Editor {
        Editor::new(setup(s))
    }

    const START: &str = "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w";

    #[test]
    fn starts_at_the_start_position_and_it_is_playable() {
        let e = Editor::default();
        assert_eq!(e.position_string(), START);
        assert_eq!(e.position(), Ok(Position::start()));
        assert_eq!(e.total(), 162);
        assert_eq!(e.missing(), 0);
        assert!(!e.can_undo() && !e.can_redo());
    }

    #[test]
    fn plus_and_minus_change_the_selected_place_only() {
        let mut e = Editor::default();
        assert!(!e.plus(), "nothing selected");
        e.select(Some(house(Side::Black, 3)));
        assert!(e.plus());
        assert!(e.plus());
        assert_eq!(e.count(house(Side::Black, 3)), 11);
        e.select(Some(Spot::Kazan(Side::White)));
        assert!(e.plus());
        assert!(e.plus());
        assert!(e.minus());
        assert!(e.minus());
        assert!(!e.minus(), "a kazan never goes below 0");
        assert_eq!(e.count(Spot::Kazan(Side::White)), 0);
        assert_eq!(
            e.position_string(),
            "9,9,9,9,9,9,9,9,9/9,9,11,9,9,9,9,9,9 0/0 -/- w"
        );
    }

    #[test]
    fn counts_stay_within_the_162() {
        let mut e = Editor::default();
        e.set_count(Spot::Kazan(Side::Black), 250);
        assert_eq!(e.count(Spot::Kazan(Side::Black)), MAX_COUNT);
        assert!(!e.step(Spot::Kazan(Side::Black), 1));
        assert!(e.step(Spot::Kazan(Side::Black), -200));
        assert_eq!(e.count(Spot::Kazan(Side::Black)), 0);
    }

    #[test]
    fn typing_a_number_is_one_undo_step_per_place() {
        let mut e = Editor::default();
        let a = house(Side::White, 1);
        e.set_count(a, 1);
        e.set_count(a, 12);
        assert_eq!(e.count(a), 12);
        e.set_count(house(Side::White, 2), 0);
        assert_eq!(e.undo_history().len(), 2);
        assert!(e.undo());
        assert!(e.undo());
        assert_eq!(e.position_string(), START);
        assert!(!e.undo());
        assert!(e.redo());
        assert_eq!(e.count(a), 12);
    }

    #[test]
    fn an_edit_that_changes_nothing_is_not_an_undo_step() {
        let mut e = Editor::default();
        assert!(!e.set_count(house(Side::White, 1), 9));
        assert!(!e.set_turn(Side::White));
        assert!(!e.reset_to_start());
        assert!(!e.can_undo());
    }

    #[test]
    fn undo_and_redo_walk_the_history_and_a_new_edit_drops_the_redo() {
        let mut e = Editor::default();
        e.set_turn(Side::Black);
        e.clear();
        e.step(Spot::Kazan(Side::White), 5);
        let after = e.setup();
        assert!(e.undo());
        assert!(e.undo());
        assert_eq!(e.setup().turn, Side::Black);
        assert_eq!(e.total(), 162);
        assert!(e.redo());
        assert!(e.redo());
        assert_eq!(e.setup(), after);
        assert!(!e.redo());
        e.undo();
        assert!(e.can_redo());
        e.set_turn(Side::White);
        assert!(!e.can_redo(), "a new edit forgets what was undone");
    }

    #[test]
    fn the_history_is_bounded() {
        let mut e = Editor::default();
        for i in 0..(HISTORY + 20) {
            e.step(Spot::Kazan(Side::White), if i % 2 == 0 { 1 } else { -1 });
        }
        assert_eq!(e.undo_history().len(), HISTORY);
        let stored = Editor::with_history(e.setup(), vec![Setup::start(); 300], vec![]);
        assert_eq!(stored.undo_history().len(), HISTORY);
    }

    #[test]
    fn a_drag_moves_korgools_and_keeps_the_total() {
        let mut e = Editor::default();
        let from = house(Side::White, 1);
        let to = house(Side::Black, 9);
        assert_eq!(e.move_korgools(from, to, 4), 4);
        assert_eq!((e.count(from), e.count(to)), (5, 13));
        assert_eq!(e.selected(), Some(to));
        // More than the house holds: all of it.
        assert_eq!(e.move_korgools(from, Spot::Kazan(Side::Black), 50), 5);
        assert_eq!(e.count(Spot::Kazan(Side::Black)), 5);
        assert_eq!(e.total(), 162);
        assert!(e.position().is_ok());
        assert_eq!(
            e.move_korgools(from, to, 3),
            0,
            "an empty house gives nothing"
        );
        assert_eq!(e.move_korgools(to, to, 3), 0);
        assert_eq!(e.undo_history().len(), 2);
        assert_eq!(
            e.position_string(),
            "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,13 0/5 -/- w"
        );
    }

    #[test]
    fn fill_the_kazans_puts_the_missing_korgools_in_them_as_split() {
        let mut e = Editor::default();
        e.clear();
        e.set_count(house(Side::White, 1), 10);
        e.set_count(house(Side::Black, 5), 2);
        assert_eq!(e.missing(), 150);
        assert!(!e.fill_kazans(151), "more than are missing");
        assert!(e.fill_kazans(70));
        assert_eq!(e.setup().kazans, BySide::new(70, 80));
        assert_eq!(e.missing(), 0);
        assert!(e.position().is_ok());
        assert!(!e.fill_kazans(0), "nothing is missing");
        // Too many korgools: filling cannot help.
        e.step(house(Side::White, 2), 3);
        assert_eq!(e.missing(), -3);
        assert!(!e.fill_kazans(0));
        // Everything to one side.
        let mut e = Editor::default();
        e.set_count(house(Side::White, 9), 0);
        assert!(e.fill_kazans(0));
        assert_eq!(e.setup().kazans, BySide::new(0, 9));
    }

    #[test]
    fn quick_setups() {
        let mut e = editor("0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/9 -/1 b");
        assert!(e.clear());
        assert_eq!(
            e.position_string(),
            "0,0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0,0 0/0 -/- b"
        );
        assert!(e.reset_to_start());
        assert_eq!(e.position_string(), START);
    }

    #[test]
    fn mirror_swaps_the_sides_and_the_turn() {
        let mut e = editor("0,2,3,4,5,6,7,8,9/9,9,9,9,0,9,9,9,10 20/25 5/1 b");
        assert!(e.position().is_ok());
        e.select(Some(house(Side::White, 2)));
        assert!(e.mirror());
        assert_eq!(
            e.position_string(),
            "9,9,9,9,0,9,9,9,10/0,2,3,4,5,6,7,8,9 25/20 1/5 w"
        );
        assert_eq!(e.selected(), Some(house(Side::Black, 2)));
        // The mirrored position is legal, and the same moves make the same captures.
        let before: Position = "0,2,3,4,5,6,7,8,9/9,9,9,9,0,9,9,9,10 20/25 5/1 b"
            .parse()
            .unwrap();
        let after = e.position().unwrap();
        let h = House::new(9).unwrap();
        let (_, a) = before.play(h).unwrap();
        let (_, b) = after.play(h).unwrap();
        assert_eq!(a.capture.map(|c| c.count), b.capture.map(|c| c.count));
        assert!(e.mirror());
        assert_eq!(e.setup(), before.into());
    }

    #[test]
    fn every_setup_error_names_its_cause() {
        let cases: [(&str, SetupError, Cause); 6] = [
            (
                "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 1/0 -/- w",
                SetupError::BadTotal { total: 163 },
                Cause::Total,
            ),
            (
                "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 10/- w",
                SetupError::BadTuzHouse {
                    owner: Side::White,
                    number: 10,
                },
                Cause::Tuz(Side::White),
            ),
            (
                "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,0 0/9 -/9 w",
                SetupError::TuzOnHouse9 { owner: Side::Black },
                Cause::Tuz(Side::Black),
            ),
            (
                "9,9,0,9,9,9,9,9,9/9,9,0,9,9,9,9,9,9 9/9 3/3 w",
                SetupError::SameTuzNumber { number: 3 },
                Cause::Tuzes,
            ),
            (
                "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 4/- w",
                SetupError::TuzNotEmpty {
                    owner: Side::White,
                    house: House::new(4).unwrap(),
                    count: 9,
                },
                Cause::House(sq(Side::Black, 4)),
            ),
            (
                "9,9,9,9,9,9,9,9,9/9,9,9,0,9,9,9,9,9 2/7 4/- w",
                SetupError::TuzKazanTooSmall {
                    owner: Side::White,
                    kazan: 2,
                },
                Cause::Kazan(Side::White),
            ),
        ];
        let mut kinds = Vec::new();
        for (s, error, cause) in cases {
            let e = editor(s);
            let p = e.problem().unwrap_or_else(|| panic!("{s} should fail"));
            assert_eq!(p, Problem::Setup(error), "{s}");
            assert_eq!(p.cause(), cause, "{s}");
            // The engine's own parser agrees (the editor adds nothing of its own).
            assert_eq!(
                s.parse::<Position>(),
                Err(ParsePositionError::Setup(error)),
                "{s}"
            );
            kinds.push(p.kind());
        }
        kinds.sort();
        kinds.dedup();
        assert_eq!(kinds.len(), 6, "one kind per error");
    }

    #[test]
    fn a_game_already_over_cannot_be_played() {
        // 82 in a kazan.
        let e = editor("9,9,9,9,9,9,9,0,0/0,0,0,0,0,0,0,0,17 82/0 -/- b");
        match e.problem() {
            Some(Problem::GameOver(end)) => {
                assert_eq!(end.reason, EndReason::Reached82);
                assert_eq!(end.result, GameResult::Win(Side::White));
            }
            p => panic!("{p:?}"),
        }
        assert_eq!(e.problem().unwrap().cause(), Cause::Total);
        // The side to move has no korgool.
        let mut e = editor("0,0,0,0,0,0,0,0,0/1,1,1,1,1,1,1,1,2 81/71 -/- w");
        let p = e.problem().unwrap();
        assert_eq!(p.kind(), "game-over");
        assert_eq!(p.cause(), Cause::Turn);
        // The other side to move: playable.
        e.set_turn(Side::Black);
        assert!(e.position().is_ok());
    }

    #[test]
    fn fixing_a_tuz_error_step_by_step() {
        let mut e = Editor::default();
        e.set_tuz(Side::White, Some(4));
        assert_eq!(e.problem().unwrap().kind(), "tuz-not-empty");
        // Its korgools go to the owner's kazan: the tuz took them.
        e.move_korgools(house(Side::Black, 4), Spot::Kazan(Side::White), 9);
        assert!(e.position().is_ok());
        e.set_tuz(Side::Black, Some(4));
        assert_eq!(e.problem().unwrap().kind(), "tuz-not-empty");
        e.set_count(house(Side::White, 4), 0);
        assert_eq!(e.problem().unwrap().kind(), "bad-total");
        e.step(Spot::Kazan(Side::Black), 9);
        assert_eq!(
            e.problem(),
            Some(Problem::Setup(SetupError::SameTuzNumber { number: 4 }))
        );
        e.set_tuz(Side::Black, Some(9));
        assert_eq!(e.problem().unwrap().kind(), "tuz-on-house-9");
        e.set_tuz(Side::Black, None);
        assert!(e.position().is_ok());
        assert_eq!(
            tuz_square(&e.setup(), Side::White),
            Some(sq(Side::Black, 4))
        );
        assert_eq!(tuz_square(&e.setup(), Side::Black), None);
    }

    #[test]
    fn a_typed_string_that_reads_sets_up_the_board() {
        let mut e = Editor::default();
        let s = "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/9 -/1 b";
        assert_eq!(e.type_text(s), Ok(()));
        assert_eq!(e.position_string(), s);
        assert_eq!(e.text(), s);
        assert!(e.position().is_ok());
        // Spaces around it are the player's: the field keeps them until left.
        assert_eq!(e.type_text(&format!("  {s} ")), Ok(()));
        assert_eq!(e.text(), format!("  {s} "));
        e.leave_text();
        assert_eq!(e.text(), s);
        // One undo step for the whole typing.
        assert_eq!(e.undo_history().len(), 1);
        e.undo();
        assert_eq!(e.position_string(), START);
    }

    #[test]
    fn a_bad_string_keeps_the_board_and_the_parsers_exact_error() {
        let mut e = editor("0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/9 -/1 b");
        let board = e.setup();
        for (text, error) in [
            ("", ParsePositionError::FieldCount { found: 0 }),
            (
                "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/-",
                ParsePositionError::FieldCount { found: 3 },
            ),
            (
                "9,9,9,9,9,9,9,9,9 0/0 -/- w",
                ParsePositionError::NoSlash { field: "houses" },
            ),
            (
                "9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w",
                ParsePositionError::HouseCount {
                    side: Side::White,
                    found: 8,
                },
            ),
            (
                "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/x -/- w",
                ParsePositionError::BadNumber {
                    field: "kazans",
                    token: "x".into(),
                },
            ),
            (
                "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- white",
                ParsePositionError::BadSide {
                    token: "white".into(),
                },
            ),
        ] {
            assert_eq!(e.type_text(text), Err(error.clone()), "{text:?}");
            assert_eq!(e.setup(), board, "{text:?} changed the board");
            assert_eq!(e.text_error(), Some(&error));
            assert_eq!(e.text(), text, "the field keeps what was typed");
        }
        e.leave_text();
        assert_eq!(
            e.text(),
            "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- white"
        );
        assert!(!e.can_undo());
        // The next edit of the board replaces the bad string with the board's.
        e.set_turn(Side::White);
        assert_eq!(e.text_error(), None);
        assert_eq!(e.text(), e.position_string());
    }

    #[test]
    fn a_string_that_reads_but_is_illegal_goes_on_the_board_with_its_error() {
        let mut e = Editor::default();
        assert_eq!(
            e.open_text("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 12/- w"),
            Ok(())
        );
        assert_eq!(e.text_error(), None);
        assert_eq!(
            e.problem(),
            Some(Problem::Setup(SetupError::BadTuzHouse {
                owner: Side::White,
                number: 12
            }))
        );
        assert_eq!(tuz_square(&e.setup(), Side::White), None);
        e.set_tuz(Side::White, None);
        assert!(e.position().is_ok());
    }

    #[test]
    fn opening_a_link_is_its_own_undo_step() {
        let mut e = Editor::default();
        e.set_turn(Side::Black);
        e.open_text("0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/9 -/1 b")
            .unwrap();
        e.open_text(START).unwrap();
        assert_eq!(e.undo_history().len(), 3);
        assert_eq!(
            e.open_text("nonsense").unwrap_err(),
            ParsePositionError::FieldCount { found: 1 }
        );
        assert_eq!(e.position_string(), START);
    }

    #[test]
    fn undo_clears_a_bad_string() {
        let mut e = Editor::default();
        e.set_turn(Side::Black);
        let _ = e.type_text("bad");
        assert!(e.text_error().is_some());
        e.undo();
        assert_eq!(e.text_error(), None);
        assert_eq!(e.text(), START);
    }

    #[test]
    fn the_setup_round_trips_through_its_string() {
        let mut e = Editor::default();
        e.clear();
        e.set_count(house(Side::Black, 7), 100);
        e.set_tuz(Side::Black, Some(2));
        let text = e.position_string();
        let mut f = Editor::default();
        f.open_text(&text).unwrap();
        assert_eq!(f.setup(), e.setup());
    }

    fn at(id: i32, x: i32, y: i32) -> Pointer {
        Pointer { id, x, y }
    }

    #[test]
    fn plus_and_minus_keys_change_the_selected_place_and_are_the_boards() {
        let mut e = Editor::default();
        let key = |k: &str| Key::on_board(k).unwrap();
        assert!(
            !e.key(key("+")),
            "the board's key even with nothing selected"
        );
        assert!(!e.can_undo());
        e.select(Some(house(Side::White, 2)));
        assert!(e.key(key("+")));
        assert!(e.key(key("=")));
        assert!(e.key(key("-")));
        assert_eq!(e.count(house(Side::White, 2)), 10);
        assert!(e.key(key("_")));
        assert_eq!(e.count(house(Side::White, 2)), 9);
        assert_eq!(Key::on_board("a"), None);
        assert_eq!(Key::on_board("Enter"), None);
        assert_eq!(e.undo_history().len(), 4);
    }

    #[test]
    fn control_z_undoes_and_control_y_or_control_shift_z_redoes() {
        assert_eq!(
            Key::anywhere("z", false, false),
            None,
            "a plain z is no shortcut"
        );
        assert_eq!(Key::anywhere("z", true, false), Some(Key::Undo));
        assert_eq!(
            Key::anywhere("Z", true, true),
            Some(Key::Redo),
            "Shift makes it a Z"
        );
        assert_eq!(Key::anywhere("y", true, false), Some(Key::Redo));
        assert_eq!(Key::anywhere("x", true, false), None);
        let mut e = Editor::default();
        e.set_turn(Side::Black);
        e.clear();
        assert!(e.key(Key::Undo));
        assert_eq!(e.total(), 162);
        assert!(e.key(Key::Redo));
        assert_eq!(e.total(), 0);
        assert!(!e.key(Key::Redo), "nothing to redo");
    }

    #[test]
    fn a_typed_count_sets_the_place_and_anything_else_changes_nothing() {
        let mut e = Editor::default();
        let a = house(Side::Black, 3);
        assert!(e.type_count(a, " 12 "));
        assert_eq!(e.count(a), 12);
        assert!(!e.type_count(a, ""));
        assert!(!e.type_count(a, "-1"));
        assert!(!e.type_count(a, "x"));
        assert_eq!(e.count(a), 12);
        assert!(e.type_count(a, "100000"));
        assert_eq!(e.count(a), MAX_COUNT);
        assert!(!e.type_selected_count("5"), "nothing selected");
        e.select(Some(Spot::Kazan(Side::White)));
        assert!(e.type_selected_count("5"));
        assert_eq!(e.count(Spot::Kazan(Side::White)), 5);
    }

    #[test]
    fn the_tuz_and_turn_lists_set_the_setup() {
        let mut e = Editor::default();
        assert!(e.choose_tuz(Side::White, "4"));
        assert_eq!(e.setup().tuz[Side::White], Some(4));
        assert_eq!(e.tuz_owner(sq(Side::Black, 4)), Some(Side::White));
        assert_eq!(e.tuz_owner(sq(Side::White, 4)), None);
        assert!(e.choose_tuz(Side::White, ""));
        assert_eq!(e.setup().tuz[Side::White], None);
        assert!(e.choose_turn("b"));
        assert_eq!(e.setup().turn, Side::Black);
        assert!(e.choose_turn("w"));
        assert_eq!(e.setup().turn, Side::White);
    }

    #[test]
    fn the_board_marks_the_house_or_kazan_a_problem_is_about() {
        let mut e = Editor::default();
        assert_eq!(e.error_at(), None);
        e.set_tuz(Side::White, Some(4));
        assert_eq!(e.error_at(), Some(house(Side::Black, 4)));
        let e = editor("9,9,9,9,9,9,9,9,9/9,9,9,0,9,9,9,9,9 2/7 4/- w");
        assert_eq!(e.error_at(), Some(Spot::Kazan(Side::White)));
        let e = editor("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 1/0 -/- w");
        assert_eq!(e.problem().unwrap().cause(), Cause::Total);
        assert_eq!(e.error_at(), None, "the total is no place on the board");
    }

    #[test]
    fn the_missing_korgools_are_split_half_each_unless_the_player_chose() {
        let mut e = Editor::default();
        assert_eq!(e.fill_split(None), (0, 0));
        assert_eq!(e.fill_split(Some(5)), (0, 0));
        e.set_count(house(Side::White, 1), 0);
        assert_eq!(e.fill_split(None), (4, 5));
        assert_eq!(e.fill_split(Some(9)), (9, 0));
        assert_eq!(e.fill_split(Some(200)), (9, 0), "at most all of them");
        e.clear();
        assert_eq!(e.fill_split(None), (81, 81));
        e.set_count(house(Side::White, 1), 170);
        assert_eq!(e.missing(), 0);
        e.step(house(Side::White, 2), 1);
        assert_eq!(e.fill_split(None), (0, 0), "too many: nothing to fill");
    }

    #[test]
    fn a_press_released_in_place_is_a_tap_and_a_tap_selects_a_kazan() {
        let mut d = Drag::default();
        let kazan = Spot::Kazan(Side::Black);
        d.press(Some(kazan), true, at(1, 100, 100));
        assert!(!d.moved(at(1, 104, 103)), "within the slop");
        assert_eq!(
            d.release(at(1, 104, 103), || unreachable!()),
            Some(Gesture::Tap(kazan))
        );
        assert!(!d.take_click(), "the click of a tap is a click");
        let mut e = Editor::default();
        assert!(e.gesture(Gesture::Tap(kazan)));
        assert_eq!(e.selected(), Some(kazan));
        // A house is selected by its click, which the board reports.
        assert!(!e.gesture(Gesture::Tap(house(Side::White, 1))));
        assert_eq!(e.selected(), Some(kazan));
    }

    #[test]
    fn a_drag_moves_the_whole_pile_where_it_is_dropped() {
        let mut d = Drag::default();
        let from = house(Side::Black, 9);
        let to = house(Side::White, 5);
        d.press(Some(from), true, at(7, 0, 0));
        assert!(d.moved(at(7, 6, 3)), "past the slop");
        assert_eq!(
            d.over(Some(from)),
            None,
            "over where it started: no target yet"
        );
        assert_eq!(d.over(Some(to)), Some(Some(to)));
        assert_eq!(d.over(Some(to)), None, "no change");
        assert_eq!(d.target(), Some(to));
        assert!(!d.moved(at(8, 50, 50)), "another finger");
        let gesture = d.release(at(7, 40, 40), || Some(to)).unwrap();
        assert_eq!(gesture, Gesture::Drop { from, to: Some(to) });
        assert_eq!(d.target(), None);
        assert!(
            d.take_click(),
            "the click that ends a drag reaches no house"
        );
        assert!(!d.take_click());
        let mut e = Editor::default();
        assert!(e.gesture(gesture));
        assert_eq!((e.count(from), e.count(to)), (0, 18));
        assert_eq!(e.selected(), Some(to));
        // Dropped off the board or on the place it came from: nothing moves.
        assert!(!e.gesture(Gesture::Drop { from: to, to: None }));
        assert!(!e.gesture(Gesture::Drop {
            from: to,
            to: Some(to)
        }));
        assert_eq!(e.undo_history().len(), 1);
        // An empty house dragged: nothing moves, and where it went is selected.
        let kazan = Spot::Kazan(Side::White);
        assert!(e.gesture(Gesture::Drop {
            from,
            to: Some(kazan)
        }));
        assert_eq!((e.count(kazan), e.selected()), (0, Some(kazan)));
        assert_eq!(e.undo_history().len(), 1);
    }

    #[test]
    fn a_press_elsewhere_with_another_button_or_cancelled_does_nothing() {
        let mut d = Drag::default();
        d.press(None, true, at(1, 0, 0));
        assert!(!d.moved(at(1, 50, 50)));
        d.press(Some(Spot::Kazan(Side::White)), false, at(1, 0, 0));
        assert_eq!(d.release(at(1, 0, 0), || None), None);
        d.press(Some(Spot::Kazan(Side::White)), true, at(1, 0, 0));
        assert!(d.moved(at(1, 20, 0)));
        d.cancel();
        assert_eq!(d.release(at(1, 20, 0), || None), None);
        assert!(!d.take_click());
        // Another pointer's release ends the press, and does nothing.
        d.press(Some(Spot::Kazan(Side::White)), true, at(1, 0, 0));
        assert_eq!(d.release(at(2, 0, 0), || None), None);
        assert_eq!(d.release(at(1, 0, 0), || None), None);
    }
}
