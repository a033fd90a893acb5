//! Which screen is shown, as the URL's hash says (`#/library`): the route of a hash, the hash
//! of a route, and the navigation bar's section of each. The app reads and writes the hash
//! (`src/services/routes.rs`); the back button, bookmarks and shared links then work on any
//! static host, under any sub-path, and offline.

use crate::url::{decode_segment, encode_segment, query_param};

/// A screen of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// The play screen (`#/` or no hash).
    Play,
    /// The saved games (`#/library`).
    Library,
    /// One saved game, replayed (`#/replay/<id>`).
    Replay(String),
    /// The list of lessons (`#/tutorial`).
    Tutorial,
    /// One lesson, numbered from 1 (`#/tutorial/<n>`).
    Lesson(u8),
    /// The position editor (`#/editor`), opening a position string if one is given
    /// (`#/editor/<position>`, percent-encoded).
    Editor(Option<String>),
    /// The review of saved game `id` (`#/review/<id>`).
    Review(String),
    /// The analysis board on a position (`#/analysis/<position>?back=<hash>`, both
    /// percent-encoded): `back` is the hash of the screen to return to, exactly where the
    /// player was (empty: the play screen).
    Analysis {
        /// The position, in the engine's string form.
        position: String,
        /// The hash "back to the game" goes to.
        back: String,
    },
    /// The puzzle trainer (`#/puzzles`), on one puzzle if its id is given (`#/puzzles/<id>`).
    Puzzles(Option<String>),
    /// The counting trainer (`#/count`).
    Count,
    /// The practice positions (`#/practice`).
    Practice,
    /// The repertoire trainer (`#/train`), on one study if its id is given (`#/train/<id>`).
    Train(Option<String>),
    /// A saved study on the analysis board (`#/study/<id>?back=<hash>`).
    Study {
        /// The study's id.
        id: String,
        /// The hash "back" goes to (empty: the library).
        back: String,
    },
    /// A game sent as a link (`#/shared-game/<payload>`: its record, base64url), replayed to
    /// watch before the player adds it to the library. A share link's `?share=<payload>` is
    /// read as this route (by the app's `Routes::provide`).
    SharedGame(String),
    /// A study sent as a link (`#/shared-study/<payload>`: its text, base64url), shown on the
    /// analysis board before it is kept.
    SharedStudy(String),
}

impl Route {
    /// The route of a URL hash (with or without its `#`); unknown hashes are the play screen.
    pub fn from_hash(hash: &str) -> Route {
        let path = hash.trim_start_matches('#').trim_start_matches('/');
        let path = path.split_once('?').map_or(path, |(path, _)| path);
        let path = path.split('&').next().unwrap_or_default();
        let back = || query_param(hash, "back").unwrap_or_default();
        if let Some(rest) = path.strip_prefix("analysis/") {
            return Route::Analysis {
                position: decode_segment(rest),
                back: back(),
            };
        }
        if let Some(id) = path.strip_prefix("study/").filter(|id| !id.is_empty()) {
            return Route::Study {
                id: decode_segment(id),
                back: back(),
            };
        }
        if let Some(payload) = path.strip_prefix("shared-game/") {
            return Route::SharedGame(payload.to_string());
        }
        if let Some(payload) = path.strip_prefix("shared-study/") {
            return Route::SharedStudy(payload.to_string());
        }
        // The editor's position is the rest of the path (its `/` may be left unencoded).
        if let Some(rest) = path.strip_prefix("editor") {
            if rest.is_empty() || rest.starts_with('/') {
                let text = rest.trim_start_matches('/');
                return Route::Editor((!text.is_empty()).then(|| decode_segment(text)));
            }
        }
        let mut parts = path.split('/').filter(|p| !p.is_empty());
        match (parts.next(), parts.next(), parts.next()) {
            (Some("library"), None, None) => Route::Library,
            (Some("replay"), Some(id), None) => Route::Replay(decode_segment(id)),
            (Some("review"), Some(id), None) => Route::Review(decode_segment(id)),
            (Some("tutorial"), None, None) => Route::Tutorial,
            (Some("count"), None, None) => Route::Count,
            (Some("practice"), None, None) => Route::Practice,
            (Some("train"), None, None) => Route::Train(None),
            (Some("train"), Some(id), None) => Route::Train(Some(decode_segment(id))),
            (Some("puzzles"), None, None) => Route::Puzzles(None),
            (Some("puzzles"), Some(id), None) => Route::Puzzles(Some(decode_segment(id))),
            (Some("tutorial"), Some(n), None) => match n.parse::<u8>() {
                Ok(n) if n >= 1 => Route::Lesson(n),
                _ => Route::Tutorial,
            },
            _ => Route::Play,
        }
    }

    /// The URL hash of the route, with its `#`.
    pub fn to_hash(&self) -> String {
        match self {
            Route::Play => "#/".to_string(),
            Route::Library => "#/library".to_string(),
            Route::Replay(id) => format!("#/replay/{}", encode_segment(id)),
            Route::Tutorial => "#/tutorial".to_string(),
            Route::Count => "#/count".to_string(),
            Route::Practice => "#/practice".to_string(),
            Route::Train(None) => "#/train".to_string(),
            Route::Train(Some(id)) => format!("#/train/{}", encode_segment(id)),
            Route::Lesson(n) => format!("#/tutorial/{n}"),
            Route::Editor(None) => "#/editor".to_string(),
            Route::Editor(Some(text)) => format!("#/editor/{}", encode_segment(text)),
            Route::Review(id) => format!("#/review/{}", encode_segment(id)),
            Route::Analysis { position, back } if back.is_empty() => {
                format!("#/analysis/{}", encode_segment(position))
            }
            Route::Analysis { position, back } => {
                format!(
                    "#/analysis/{}?back={}",
                    encode_segment(position),
                    encode_segment(back)
                )
            }
            Route::Puzzles(None) => "#/puzzles".to_string(),
            Route::Puzzles(Some(id)) => format!("#/puzzles/{}", encode_segment(id)),
            Route::Study { id, back } if back.is_empty() => {
                format!("#/study/{}", encode_segment(id))
            }
            Route::Study { id, back } => format!(
                "#/study/{}?back={}",
                encode_segment(id),
                encode_segment(back)
            ),
            // base64url needs no encoding.
            Route::SharedStudy(payload) => format!("#/shared-study/{payload}"),
            Route::SharedGame(payload) => format!("#/shared-game/{payload}"),
        }
    }

    /// The top-level section the route belongs to (for the navigation bar).
    pub fn section(&self) -> Section {
        match self {
            Route::Play => Section::Play,
            Route::Library | Route::Replay(_) | Route::Review(_) | Route::SharedGame(_) => {
                Section::Library
            }
            // The section of the screen it came from.
            Route::Analysis { back, .. } => Route::from_hash(back).section(),
            Route::Study { .. } | Route::SharedStudy(_) => Section::Library,
            Route::Tutorial
            | Route::Lesson(_)
            | Route::Count
            | Route::Practice
            | Route::Train(_) => Section::Tutorial,
            Route::Editor(_) => Section::Editor,
            Route::Puzzles(_) => Section::Puzzles,
        }
    }
}

/// The sections of the navigation bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// Play.
    Play,
    /// Saved games.
    Library,
    /// The tutorial.
    Tutorial,
    /// The position editor.
    Editor,
    /// The puzzle trainer.
    Puzzles,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::decode_segment;

    #[test]
    fn every_route_reads_back_from_its_hash() {
        for r in [
            Route::Play,
            Route::Library,
            Route::Replay("g-17".into()),
            Route::Replay("a b/ü%".into()),
            Route::Tutorial,
            Route::Lesson(3),
            Route::Editor(None),
            Route::Editor(Some("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w".into())),
            Route::Editor(Some("?&# %".into())),
            Route::Review("g-1".into()),
            Route::Analysis {
                position: "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w".into(),
                back: "#/replay/g-1?ply=7".into(),
            },
            Route::Analysis {
                position: "p".into(),
                back: String::new(),
            },
            Route::Puzzles(None),
            Route::Puzzles(Some("04097bd0".into())),
            Route::Count,
            Route::Practice,
            Route::Train(None),
            Route::Train(Some("s-1".into())),
            Route::Study {
                id: "s-1".into(),
                back: String::new(),
            },
            Route::Study {
                id: "s 2".into(),
                back: "#/library".into(),
            },
            Route::SharedStudy("WyJTdHVkeSJd".into()),
            Route::SharedGame("WyJHYW1lIl0".into()),
        ] {
            assert_eq!(Route::from_hash(&r.to_hash()), r, "{r:?}");
        }
    }

    #[test]
    fn an_unknown_or_malformed_hash_is_the_play_screen_or_the_nearest_list() {
        assert_eq!(Route::from_hash(""), Route::Play);
        assert_eq!(Route::from_hash("#"), Route::Play);
        assert_eq!(Route::from_hash("#/nowhere"), Route::Play);
        assert_eq!(Route::from_hash("#/editors"), Route::Play);
        assert_eq!(Route::from_hash("#/tutorial/0"), Route::Tutorial);
        assert_eq!(Route::from_hash("#/tutorial/x"), Route::Tutorial);
        assert_eq!(Route::from_hash("#/puzzles/"), Route::Puzzles(None));
        assert_eq!(Route::from_hash("#/editor/"), Route::Editor(None));
        assert_eq!(decode_segment("%zz%4"), "%zz%4");
    }

    #[test]
    fn a_query_after_the_path_is_not_part_of_the_route() {
        assert_eq!(Route::from_hash("#/library?x=1"), Route::Library);
        assert_eq!(
            Route::from_hash("#/replay/g?ply=3"),
            Route::Replay("g".into())
        );
        assert_eq!(Route::from_hash("#/count"), Route::Count);
        assert_eq!(Route::from_hash("#/practice"), Route::Practice);
        assert_eq!(
            Route::from_hash("#/train/s-1"),
            Route::Train(Some("s-1".into()))
        );
    }

    #[test]
    fn the_editors_position_may_keep_its_slash_unencoded() {
        assert_eq!(
            Route::from_hash("#/editor/0,1/2 x"),
            Route::Editor(Some("0,1/2 x".into()))
        );
    }

    #[test]
    fn each_route_is_in_its_section_and_the_analysis_board_in_the_one_it_came_from() {
        assert_eq!(Route::Lesson(2).section(), Section::Tutorial);
        assert_eq!(Route::Editor(None).section(), Section::Editor);
        let analysis = Route::from_hash("#/analysis/p?back=%23%2Freplay%2Fg");
        assert_eq!(analysis.section(), Section::Library);
        assert_eq!(Route::Puzzles(Some("x".into())).section(), Section::Puzzles);
        assert_eq!(Route::Count.section(), Section::Tutorial);
        assert_eq!(Route::Practice.section(), Section::Tutorial);
        assert_eq!(Route::Train(None).section(), Section::Tutorial);
    }
}
