//! The game library's logic without a browser: which games the filter, the search and the
//! page keep and in which order, how a game's score reads, whether an imported text is studies
//! or games and what the line after its import says, how long "Game deleted" offers its undo,
//! and how a typed name is kept.
//! `features::library` draws the list and chooses the words.

use std::cmp::Reverse;

use toguz_engine::notation::NotatedMove;
use toguz_engine::{GameResult, Side};
use toguz_store::{Added, GameEntry, Summary};

/// The longest player name kept, in characters.
pub const NAME_MAX: usize = 80;

/// Which games the list shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Filter {
    /// Every game.
    #[default]
    All,
    /// The games not over yet.
    InProgress,
    /// The games over.
    Finished,
}

impl Filter {
    /// True when the list shows game `s` under this filter.
    pub fn keeps(self, s: &Summary) -> bool {
        match self {
            Filter::All => true,
            Filter::InProgress => !s.finished(),
            Filter::Finished => s.finished(),
        }
    }
}

/// The order of the list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sort {
    /// The game last played (or imported) first: the index's own order.
    #[default]
    Recent,
    /// The game started last first.
    Newest,
    /// The game started first first.
    Oldest,
    /// The longest game first.
    MostMoves,
    /// The shortest game first.
    FewestMoves,
}

impl Sort {
    /// Every order, as the menu lists them.
    pub const ALL: [Sort; 5] = [
        Sort::Recent,
        Sort::Newest,
        Sort::Oldest,
        Sort::MostMoves,
        Sort::FewestMoves,
    ];

    /// Its name in the menu's markup (not shown).
    pub fn key(self) -> &'static str {
        match self {
            Sort::Recent => "recent",
            Sort::Newest => "newest",
            Sort::Oldest => "oldest",
            Sort::MostMoves => "most-moves",
            Sort::FewestMoves => "fewest-moves",
        }
    }

    /// The order named `key`.
    pub fn from_key(key: &str) -> Option<Sort> {
        Sort::ALL.into_iter().find(|s| s.key() == key)
    }

    /// Puts `games` (in the index's order, the last played first) in this order; games that
    /// tie keep the index's order.
    fn apply(self, games: &mut [&Summary]) {
        match self {
            Sort::Recent => {}
            Sort::Newest => games.sort_by_key(|s| Reverse(s.created)),
            Sort::Oldest => games.sort_by_key(|s| s.created),
            Sort::MostMoves => games.sort_by_key(|s| Reverse(s.moves)),
            Sort::FewestMoves => games.sort_by_key(|s| s.moves),
        }
    }
}

/// What a typed search looks for: every word must be found in a game. A word written as a
/// move (`76`, `91X`, `43(10)`) is looked for among the game's first moves, in the order
/// typed (`76 87` finds the games opened with 76 answered by 87), or as a whole word of the
/// card (a day `22` of a date); any other word in the card's text (names, date, result,
/// mode), whatever its case.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Search {
    /// Each word, and the move it writes if it writes one (read once, not once a game).
    words: Vec<(String, Option<NotatedMove>)>,
}

impl Search {
    /// The search typed in the field.
    pub fn new(typed: &str) -> Search {
        Search {
            words: typed
                .split_whitespace()
                // A move number copied with the moves (`1.`) says nothing more.
                .filter(|w| !(w.ends_with('.') && w.trim_end_matches('.').parse::<u16>().is_ok()))
                .map(str::to_lowercase)
                .map(|w| {
                    let m = written_move(&w);
                    (w, m)
                })
                .collect(),
        }
    }

    /// True when the search has no word: every game matches.
    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// True when game `s`, whose card reads `card`, has every word.
    pub fn matches(&self, s: &Summary, card: &str) -> bool {
        self.is_empty() || self.finds(&Haystack::new(s, card))
    }

    /// True when the game whose search text is `hay` has every word.
    pub fn finds(&self, hay: &Haystack) -> bool {
        let (text, opening) = (&hay.text, &hay.opening);
        let mut nth_move = 0;
        self.words.iter().all(|(w, m)| match m {
            Some(m) => {
                let played = opening.get(nth_move).is_some_and(|g| same_move(m, g));
                nth_move += 1;
                played || text.split(|c: char| !c.is_alphanumeric()).any(|t| t == w)
            }
            None => text.contains(w.as_str()),
        })
    }
}

/// What a search looks in for one game: the card's words, the date and result as a record
/// writes them, lower case ([`haystack`]), and the opening's moves read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Haystack {
    text: String,
    opening: Vec<NotatedMove>,
}

impl Haystack {
    /// Game `s`'s, whose card reads `card`.
    pub fn new(s: &Summary, card: &str) -> Haystack {
        Haystack {
            text: haystack(s, card),
            opening: s
                .opening
                .as_deref()
                .unwrap_or_default()
                .split_whitespace()
                .filter_map(|m| m.parse().ok())
                .collect(),
        }
    }
}

/// Every game's [`Haystack`], in the index's order: made once for an index and a language, so
/// that a keystroke only compares (making them is most of a search's time at 10,000 games).
pub fn haystacks(index: &[Summary], card: impl Fn(&Summary) -> String) -> Vec<Haystack> {
    index.iter().map(|s| Haystack::new(s, &card(s))).collect()
}

/// The text a search looks in: the card's words, and the date and result as a record writes
/// them (`2025.08.22`, `2025-08-22`, `1-0`), lower case.
fn haystack(s: &Summary, card: &str) -> String {
    let date = toguz_store::records::date_tag(s.created).unwrap_or_default();
    let result = match s.result {
        Some(GameResult::Win(Side::White)) => "1-0",
        Some(GameResult::Win(Side::Black)) => "0-1",
        Some(GameResult::Draw) => "1/2-1/2 ½-½",
        None => "*",
    };
    format!("{card} {date} {} {result}", date.replace('.', "-")).to_lowercase()
}

/// A word written as a move with its landing house (`76`, `91x`, `43(10)`).
fn written_move(word: &str) -> Option<NotatedMove> {
    word.parse::<NotatedMove>()
        .ok()
        .filter(|m| m.landing.is_some())
}

/// True when the typed move names the played one: the same houses, and its tuz mark and
/// capture total when typed.
fn same_move(typed: &NotatedMove, played: &NotatedMove) -> bool {
    typed.from == played.from
        && typed.landing == played.landing
        && (!typed.tuz || played.tuz)
        && (typed.total.is_none() || typed.total == played.total)
}

/// How many cards a page of the list shows: few enough for a long library to stay quick.
pub const PAGE_SIZE: usize = 30;

/// What the player asked of the list: the filter, the search, the order and the page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    /// The filter chips.
    pub filter: Filter,
    /// The search as typed.
    pub typed: String,
    /// The order.
    pub sort: Sort,
    /// The page shown, from 0.
    pub page: usize,
}

impl Query {
    /// The list under another filter, from its first page.
    pub fn filtered(&mut self, filter: Filter) {
        self.filter = filter;
        self.page = 0;
    }

    /// The list for another search, from its first page.
    pub fn searched(&mut self, typed: String) {
        self.typed = typed;
        self.page = 0;
    }

    /// The list in another order, from its first page.
    pub fn sorted(&mut self, sort: Sort) {
        self.sort = sort;
        self.page = 0;
    }

    /// One page on (`1`) or back (`-1`); [`list`] keeps it within the pages.
    pub fn turn(&mut self, by: isize) {
        self.page = self.page.saturating_add_signed(by);
    }
}

/// One page of the list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Page {
    /// Its games, in order.
    pub games: Vec<Summary>,
    /// How many games the filter and the search keep, on every page.
    pub matched: usize,
    /// This page, from 0 (the last one when the query asked for a page past it).
    pub page: usize,
    /// How many pages there are (at least 1).
    pub pages: usize,
    /// The search it answers, as typed (the list says so, so that a test waits for the answer
    /// to a key even when the key keeps the same games).
    pub searched: String,
}

impl Page {
    /// The places in the list of its first and last game, from 1 ("31–60 of 284").
    pub fn range(&self) -> (usize, usize) {
        let first = self.page * PAGE_SIZE;
        (first + 1, first + self.games.len())
    }
}

/// The page of `index` (in its order, the last played first) that `query` asks for; `card`
/// gives the words a game's card shows, for the search.
pub fn list(index: &[Summary], query: &Query, card: impl Fn(&Summary) -> String) -> Page {
    if Search::new(&query.typed).is_empty() {
        list_in(index, &[], query)
    } else {
        list_in(index, &haystacks(index, card), query)
    }
}

/// [`list`] with each game's [`Haystack`] made beforehand ([`haystacks`] of the same index);
/// without a search they are not read, and may be left out.
pub fn list_in(index: &[Summary], hays: &[Haystack], query: &Query) -> Page {
    let search = Search::new(&query.typed);
    let mut kept: Vec<&Summary> = if search.is_empty() {
        index.iter().filter(|s| query.filter.keeps(s)).collect()
    } else {
        index
            .iter()
            .zip(hays)
            .filter(|(s, hay)| query.filter.keeps(s) && search.finds(hay))
            .map(|(s, _)| s)
            .collect()
    };
    query.sort.apply(&mut kept);
    let pages = kept.len().div_ceil(PAGE_SIZE).max(1);
    let page = query.page.min(pages - 1);
    Page {
        games: kept
            .iter()
            .skip(page * PAGE_SIZE)
            .take(PAGE_SIZE)
            .map(|s| (*s).clone())
            .collect(),
        matched: kept.len(),
        page,
        pages,
        searched: query.typed.clone(),
    }
}

/// A game's length as its card says it, in moves as the record and the replay number them
/// (161 plies from White's first move make 81 moves; two plies from Black's, 2).
pub fn length(s: &Summary) -> usize {
    crate::moves::length(s.first, s.moves)
}

/// The kazans as stored, White's first (`"60:58"`).
pub fn score(s: &Summary) -> String {
    format!("{}:{}", s.kazans.white, s.kazans.black)
}

/// The kazans as the result reads them: the winner's first ("Black won · 60:58").
pub fn score_as_read(s: &Summary) -> String {
    match s.result {
        Some(GameResult::Win(Side::Black)) => format!("{}:{}", s.kazans.black, s.kazans.white),
        _ => score(s),
    }
}

/// What the line after an import says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportReport {
    /// Every game of the text was in the library already.
    NothingNew {
        /// The games skipped.
        skipped: usize,
    },
    /// Games were added, and `skipped` (maybe none) were in the library already.
    Added {
        /// The games added.
        added: usize,
        /// The games skipped.
        skipped: usize,
    },
    /// Studies were imported: `added` new ones, and `skipped` (maybe none) that were in the
    /// library already (a study exported and imported again).
    Studies {
        /// The studies added.
        added: usize,
        /// The studies already there.
        skipped: usize,
    },
}

impl ImportReport {
    /// The report of an import that succeeded.
    pub fn of(added: &Added) -> ImportReport {
        match added.ids.len() {
            0 => ImportReport::NothingNew {
                skipped: added.skipped,
            },
            n => ImportReport::Added {
                added: n,
                skipped: added.skipped,
            },
        }
    }
}

/// What an imported text holds, and so which import reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImportKind {
    /// Studies: the text has a variation or a study's tag.
    Studies,
    /// Plain game records: anything else.
    Games,
}

impl ImportKind {
    /// Decided from the text alone, before either is read, so that a study whose variation
    /// does not read gets the study parser's exact error, not the record parser's.
    pub fn of(text: &str) -> ImportKind {
        if toguz_store::study::is_study_text(text) {
            ImportKind::Studies
        } else {
            ImportKind::Games
        }
    }
}

/// Imports `text` into the library: as studies through `studies` (which returns the ids
/// added) or as games through `games`, as [`ImportKind::of`] decides; the line to show after
/// it, or the import's own error.
pub fn import<E>(
    text: &str,
    games: impl FnOnce(&str) -> Result<Added, E>,
    studies: impl FnOnce(&str) -> Result<Added, E>,
) -> Result<ImportReport, E> {
    match ImportKind::of(text) {
        ImportKind::Studies => studies(text).map(|a| ImportReport::Studies {
            added: a.ids.len(),
            skipped: a.skipped,
        }),
        ImportKind::Games => games(text).map(|added| ImportReport::of(&added)),
    }
}

/// A player's name as typed, as it is kept: without the spaces around it, at most
/// [`NAME_MAX`] characters.
pub fn clean_name(typed: &str) -> String {
    typed.trim().chars().take(NAME_MAX).collect()
}

/// How long "Game deleted" stays with its undo, in milliseconds.
pub const UNDO_MS: u32 = 6000;

/// "Game deleted", with its undo, for [`UNDO_MS`] after a delete: the game deleted last, and
/// the token of its timer, so a timer set for an earlier delete does not close a later one.
/// (A deleted study is offered back the same way.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UndoDelete<T = GameEntry> {
    deleted: Option<T>,
    token: u32,
}

impl<T> Default for UndoDelete<T> {
    fn default() -> Self {
        UndoDelete {
            deleted: None,
            token: 0,
        }
    }
}

impl<T> UndoDelete<T> {
    /// A game was deleted: the notice offers it back. Answers the token of the timer to set
    /// for [`UNDO_MS`], to hand back to [`UndoDelete::expired`].
    pub fn deleted(&mut self, entry: T) -> u32 {
        self.deleted = Some(entry);
        self.token = self.token.wrapping_add(1);
        self.token
    }

    /// The timer set for `token` ran out: the notice closes if it still shows that delete.
    pub fn expired(&mut self, token: u32) {
        if token == self.token {
            self.deleted = None;
        }
    }

    /// The player closed the notice.
    pub fn dismiss(&mut self) {
        self.deleted = None;
    }

    /// The player asked for the game back: answers it, to restore, and closes the notice.
    pub fn undo(&mut self) -> Option<T> {
        self.deleted.take()
    }

    /// True while the notice shows.
    pub fn shown(&self) -> bool {
        self.deleted.is_some()
    }
}

/// A game's export file: `toguz-<white>-<black>-<date>.pgn`, each name kept to its letters and
/// digits (any script) with a `-` for each run of anything else, so that the player finds
/// the game by its players among the downloads.
pub fn export_file_name(white: &str, black: &str, date: &str) -> String {
    let part = |name: &str| {
        let mut out = String::new();
        for c in name.chars().take(40) {
            if c.is_alphanumeric() {
                out.push(c);
            } else if !out.ends_with('-') {
                out.push('-');
            }
        }
        out.trim_matches('-').to_string()
    };
    let parts: Vec<String> = ["toguz", white, black, date]
        .iter()
        .map(|p| part(p))
        .filter(|p| !p.is_empty())
        .collect();
    format!("{}.pgn", parts.join("-"))
}

/// What a game's card offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardAction {
    /// Play on (a game in progress).
    Continue,
    /// Watch it move by move.
    Replay,
    /// The review: its mistakes and better moves.
    Review,
    /// Change the players' names.
    Rename,
    /// Save its record as a file.
    Export,
    /// Copy a link to it.
    Share,
    /// Delete it (with an undo).
    Delete,
}

/// A card's actions in their order: `first`, always in sight, and `folded`, which a phone
/// folds into the card's menu so that more than one game fits its screen (a wider screen
/// shows them in line after the first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardActions {
    /// The actions always shown; the first is the card's main one.
    pub first: Vec<CardAction>,
    /// The actions of the card's menu on a phone, the destructive one last.
    pub folded: Vec<CardAction>,
}

impl CardActions {
    /// The actions of a game's card: what opens the game (continue it or, once over, replay
    /// it) and the review in sight; the rarer ones (rename, export, share, delete) folded.
    pub fn of(finished: bool) -> CardActions {
        let mut first = Vec::with_capacity(3);
        if !finished {
            first.push(CardAction::Continue);
        }
        first.extend([CardAction::Replay, CardAction::Review]);
        CardActions {
            first,
            folded: vec![
                CardAction::Rename,
                CardAction::Export,
                CardAction::Share,
                CardAction::Delete,
            ],
        }
    }

    /// The card's main action, drawn as such.
    pub fn main(&self) -> CardAction {
        self.first[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_in_progress_keeps_continue_replay_and_review_in_sight_continue_first() {
        let a = CardActions::of(false);
        assert_eq!(
            a.first,
            [CardAction::Continue, CardAction::Replay, CardAction::Review]
        );
        assert_eq!(a.main(), CardAction::Continue);
    }

    #[test]
    fn a_finished_game_has_nothing_to_continue_and_its_replay_is_its_main_action() {
        let a = CardActions::of(true);
        assert_eq!(a.first, [CardAction::Replay, CardAction::Review]);
        assert_eq!(a.main(), CardAction::Replay);
    }

    #[test]
    fn rename_export_share_and_delete_fold_into_the_menu_with_delete_last() {
        for finished in [false, true] {
            let a = CardActions::of(finished);
            assert_eq!(
                a.folded,
                [
                    CardAction::Rename,
                    CardAction::Export,
                    CardAction::Share,
                    CardAction::Delete
                ]
            );
            assert!(a.first.iter().all(|f| !a.folded.contains(f)));
        }
    }
    use toguz_engine::BySide;
    use toguz_store::Players;

    fn game(id: &str, result: Option<GameResult>, kazans: (u8, u8)) -> Summary {
        Summary {
            id: id.into(),
            created: 0,
            updated: 0,
            players: Default::default(),
            mode: Default::default(),
            result,
            reason: None,
            kazans: BySide::new(kazans.0, kazans.1),
            moves: 0,
            first: Side::White,
            imported: false,
            opening: Some(String::new()),
        }
    }

    /// A game between `white` and `black` started at `created` (ms), `moves` long, opened
    /// with `opening`.
    fn played(id: &str, (white, black): (&str, &str), created: u64, opening: &str) -> Summary {
        Summary {
            players: Players {
                white: white.into(),
                black: black.into(),
            },
            created,
            moves: opening.split_whitespace().count(),
            opening: Some(opening.into()),
            ..game(id, None, (0, 0))
        }
    }

    /// What the test's cards show: the names.
    fn names(s: &Summary) -> String {
        format!("{} – {}", s.players.white, s.players.black)
    }

    fn ids(page: &Page) -> Vec<&str> {
        page.games.iter().map(|s| s.id.as_str()).collect()
    }

    fn searched(index: &[Summary], typed: &str) -> Vec<String> {
        let query = Query {
            typed: typed.into(),
            ..Query::default()
        };
        list(index, &query, names)
            .games
            .into_iter()
            .map(|s| s.id)
            .collect()
    }

    const AUG_22_2025: u64 = 1_755_820_800_000;
    const DAY: u64 = 86_400_000;

    fn three_games() -> Vec<Summary> {
        vec![
            played("a", ("korgol", "raisn"), AUG_22_2025, "76(10) 87(2) 99 91"),
            played("b", ("Asel", "ivan76"), AUG_22_2025 + DAY, "98 22 87 12"),
            Summary {
                result: Some(GameResult::Win(Side::Black)),
                ..played("c", ("raisn", "Korgol"), AUG_22_2025 - DAY, "76(10) 98")
            },
        ]
    }

    #[test]
    fn a_card_counts_moves_as_the_replay_and_the_list_do() {
        let mut s = three_games().remove(0);
        s.moves = 161;
        assert_eq!(length(&s), 81, "161 plies are 81 moves");
        s.moves = 4;
        assert_eq!(length(&s), 2);
        s.moves = 0;
        assert_eq!(length(&s), 0);
        // A game set up with Black to move: "1... 76 2. 98" is two moves.
        s.first = Side::Black;
        s.moves = 2;
        assert_eq!(
            length(&s),
            2,
            "Black's first ply is move 1, White's reply move 2"
        );
        s.moves = 3;
        assert_eq!(length(&s), 2);
    }

    #[test]
    fn a_list_without_a_search_makes_no_cards_words() {
        let index = three_games();
        let page = list(&index, &Query::default(), |_| {
            unreachable!("no word is searched")
        });
        assert_eq!(page.matched, 3);
    }

    #[test]
    fn the_haystacks_made_once_serve_every_keystroke_of_a_search() {
        let index = three_games();
        let hays = haystacks(&index, names);
        for typed in ["k", "ko", "korgol", "korgol r", "76", "76 87", "2025.08.22"] {
            let query = Query {
                typed: typed.into(),
                ..Query::default()
            };
            assert_eq!(
                list_in(&index, &hays, &query),
                list(&index, &query, names),
                "{typed}"
            );
        }
    }

    #[test]
    fn a_search_finds_a_player_whatever_the_case() {
        let index = three_games();
        assert_eq!(searched(&index, "KORGOL"), ["a", "c"]);
        assert_eq!(searched(&index, "korgol raisn"), ["a", "c"]);
        assert_eq!(searched(&index, "asel"), ["b"]);
        assert_eq!(searched(&index, "nobody"), Vec::<String>::new());
        assert_eq!(searched(&index, "  "), ["a", "b", "c"]);
    }

    #[test]
    fn a_search_finds_an_opening_by_its_first_moves() {
        let index = three_games();
        // "ivan76" is a name, not a game opened with 76.
        assert_eq!(searched(&index, "76"), ["a", "c"]);
        assert_eq!(searched(&index, "76 87"), ["a"]);
        assert_eq!(searched(&index, "1. 76(10) 87(2)"), ["a"]);
        assert_eq!(searched(&index, "76(12)"), Vec::<String>::new());
        assert_eq!(searched(&index, "98 22"), ["b"]);
        // The second move alone is not how a game opened.
        assert_eq!(searched(&index, "87"), Vec::<String>::new());
    }

    #[test]
    fn a_search_finds_a_date_and_a_result_as_records_write_them() {
        let index = three_games();
        assert_eq!(searched(&index, "2025.08.22"), ["a"]);
        assert_eq!(searched(&index, "2025-08-23"), ["b"]);
        assert_eq!(searched(&index, "2025.08"), ["a", "b", "c"]);
        assert_eq!(searched(&index, "0-1"), ["c"]);
        // And in the card's own words, as the view writes them.
        let query = Query {
            typed: "black won".into(),
            ..Query::default()
        };
        let card = |s: &Summary| match s.result {
            Some(GameResult::Win(Side::Black)) => "Black won".to_string(),
            _ => "In progress".to_string(),
        };
        assert_eq!(ids(&list(&index, &query, card)), ["c"]);
    }

    #[test]
    fn the_list_sorts_by_date_or_length_and_else_keeps_the_last_played_first() {
        let mut index = three_games();
        index[1].moves = 100;
        let sorted = |sort| {
            let query = Query {
                sort,
                ..Query::default()
            };
            ids(&list(&index, &query, names))
                .into_iter()
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        assert_eq!(sorted(Sort::Recent), ["a", "b", "c"]);
        assert_eq!(sorted(Sort::Newest), ["b", "a", "c"]);
        assert_eq!(sorted(Sort::Oldest), ["c", "a", "b"]);
        assert_eq!(sorted(Sort::MostMoves), ["b", "a", "c"]);
        assert_eq!(sorted(Sort::FewestMoves), ["c", "a", "b"]);
        for sort in Sort::ALL {
            assert_eq!(Sort::from_key(sort.key()), Some(sort));
        }
    }

    #[test]
    fn a_long_library_shows_a_page_at_a_time() {
        let index: Vec<Summary> = (0..284)
            .map(|i| played(&i.to_string(), ("a", "b"), AUG_22_2025, "76"))
            .collect();
        let mut query = Query::default();
        let first = list(&index, &query, names);
        assert_eq!(
            (first.games.len(), first.matched, first.pages),
            (30, 284, 10)
        );
        assert_eq!(first.range(), (1, 30));
        query.turn(1);
        assert_eq!(list(&index, &query, names).range(), (31, 60));
        query.turn(-5);
        assert_eq!(list(&index, &query, names).page, 0);
        // Past the end (the last game of the last page deleted): the last page.
        query.page = 40;
        let last = list(&index, &query, names);
        assert_eq!((last.page, last.range()), (9, (271, 284)));
        // Another search, filter or order starts again from the first page.
        query.searched("a".into());
        assert_eq!(query.page, 0);
        query.page = 3;
        query.filtered(Filter::Finished);
        assert_eq!(query.page, 0);
        query.page = 3;
        query.sorted(Sort::Oldest);
        assert_eq!(query.page, 0);
        let none = list(&index, &query, names);
        assert_eq!((none.matched, none.pages, none.games.len()), (0, 1, 0));
    }

    #[test]
    fn game_deleted_offers_its_undo_until_its_own_timer_runs_out() {
        let entry = |id: &str| {
            GameEntry::new(
                id.into(),
                0,
                Default::default(),
                toguz_engine::game::Game::new(),
            )
        };
        let mut notice = UndoDelete::default();
        assert!(!notice.shown());
        let first = notice.deleted(entry("a"));
        assert!(notice.shown());
        notice.deleted(entry("b"));
        // The first delete's timer does not close the notice of the second.
        notice.expired(first);
        assert!(notice.shown());
        assert_eq!(notice.undo().map(|e| e.id), Some("b".into()));
        assert!(!notice.shown());
        assert_eq!(notice.undo(), None);
        let third = notice.deleted(entry("c"));
        notice.expired(third);
        assert!(!notice.shown());
        notice.deleted(entry("d"));
        notice.dismiss();
        assert!(!notice.shown());
    }

    #[test]
    fn the_filters_split_finished_games_from_the_rest() {
        let index = [
            game("a", None, (10, 4)),
            game("b", Some(GameResult::Draw), (81, 81)),
            game("c", None, (0, 0)),
        ];
        let ids = |filter| {
            let query = Query {
                filter,
                ..Query::default()
            };
            list(&index, &query, |_| String::new())
                .games
                .into_iter()
                .map(|s| s.id)
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(Filter::All), ["a", "b", "c"]);
        assert_eq!(ids(Filter::InProgress), ["a", "c"]);
        assert_eq!(ids(Filter::Finished), ["b"]);
        assert_eq!(Filter::default(), Filter::All);
    }

    #[test]
    fn the_score_reads_with_the_winner_first() {
        let black = game("a", Some(GameResult::Win(Side::Black)), (58, 82));
        assert_eq!(
            (score(&black), score_as_read(&black)),
            ("58:82".into(), "82:58".into())
        );
        let white = game("b", Some(GameResult::Win(Side::White)), (82, 58));
        assert_eq!(score_as_read(&white), "82:58");
        let playing = game("c", None, (10, 20));
        assert_eq!(score_as_read(&playing), "10:20");
    }

    #[test]
    fn an_import_reports_what_it_added_and_skipped() {
        let added = |n: usize, skipped| Added {
            ids: (0..n).map(|i| i.to_string()).collect(),
            skipped,
        };
        assert_eq!(
            ImportReport::of(&added(0, 3)),
            ImportReport::NothingNew { skipped: 3 }
        );
        assert_eq!(
            ImportReport::of(&added(2, 0)),
            ImportReport::Added {
                added: 2,
                skipped: 0
            }
        );
        assert_eq!(
            ImportReport::of(&added(2, 1)),
            ImportReport::Added {
                added: 2,
                skipped: 1
            }
        );
    }

    const RECORD: &str = "[White \"A\"]\n[Black \"B\"]\n\n1. 7(10) 3 *\n";
    const STUDY: &str = "[Study \"Openings\"]\n\n1. 7(10) (1. 3) 3 *\n";

    #[test]
    fn a_text_with_a_variation_or_a_study_tag_is_studies_and_any_other_is_games() {
        assert_eq!(ImportKind::of(RECORD), ImportKind::Games);
        assert_eq!(ImportKind::of(STUDY), ImportKind::Studies);
        assert_eq!(ImportKind::of("1. 7 (1. 3) *"), ImportKind::Studies);
        assert_eq!(ImportKind::of("[Study \"A\"]"), ImportKind::Studies);
        // A variation in a comment, or a count after a move, is not one.
        assert_eq!(ImportKind::of("1. 7(10) {see (1. 3)} *"), ImportKind::Games);
        assert_eq!(ImportKind::of(""), ImportKind::Games);
    }

    #[test]
    fn studies_are_imported_as_studies_and_reported_by_their_count() {
        let report = import::<()>(
            STUDY,
            |_| panic!("a study is not read as games"),
            |text| {
                assert_eq!(text, STUDY);
                Ok(Added {
                    ids: vec!["s1".into(), "s2".into()],
                    skipped: 1,
                })
            },
        );
        assert_eq!(
            report,
            Ok(ImportReport::Studies {
                added: 2,
                skipped: 1
            })
        );
    }

    #[test]
    fn records_are_imported_as_games_and_reported_with_the_skipped() {
        let report = import::<()>(
            RECORD,
            |text| {
                assert_eq!(text, RECORD);
                Ok(Added {
                    ids: vec!["g".into()],
                    skipped: 1,
                })
            },
            |_| panic!("a record is not read as studies"),
        );
        assert_eq!(
            report,
            Ok(ImportReport::Added {
                added: 1,
                skipped: 1
            })
        );
    }

    #[test]
    fn an_import_that_fails_gives_its_own_error() {
        assert_eq!(
            import(
                RECORD,
                |_| Err("games"),
                |_| Ok(Added {
                    ids: vec![],
                    skipped: 0
                })
            ),
            Err("games")
        );
        assert_eq!(
            import(
                STUDY,
                |_| Ok(Added {
                    ids: vec![],
                    skipped: 0
                }),
                |_| Err("studies")
            ),
            Err("studies")
        );
    }

    #[test]
    fn names_are_trimmed_and_cut_at_eighty_characters() {
        assert_eq!(clean_name("  Asel "), "Asel");
        assert_eq!(clean_name(&"ж".repeat(100)).chars().count(), NAME_MAX);
    }

    #[test]
    fn an_exported_game_is_named_by_its_players_and_its_date() {
        assert_eq!(
            export_file_name("korgol", "raisn", "2026-12-04"),
            "toguz-korgol-raisn-2026-12-04.pgn"
        );
        assert_eq!(
            export_file_name("Айгүл К.", "Computer (Hard)", "2026-12-04"),
            "toguz-Айгүл-К-Computer-Hard-2026-12-04.pgn"
        );
        assert_eq!(export_file_name("../a/b", " ", ""), "toguz-a-b.pgn");
    }
}
