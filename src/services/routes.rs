//! Which screen is shown: a route read from and written to the URL's hash (`#/library`), so
//! that the back button, bookmarks and shared links work on any static host, under any
//! sub-path, and offline (the service worker only ever serves `index.html`).

use leptos::prelude::*;
use toguz_app_core::url::{decode_segment, encode_segment, query_param};

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
    /// read as this route ([`Routes::provide`]).
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

/// The query parameter of a shared game's link: `<app>?share=<payload>`.
pub const SHARE_PARAM: &str = "share";

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

/// The current route and the way to another, provided by context.
#[derive(Clone, Copy)]
pub struct Routes {
    route: RwSignal<Route>,
}

impl Routes {
    /// Reads the route from the URL and follows the hash as it changes (links, back button).
    /// A share link's game (`?share=<payload>`, the form of the links already sent) becomes
    /// its route in the address, without a new history entry: a reload opens it again.
    /// Called once by the root component.
    pub fn provide() -> Routes {
        if let Some(payload) = crate::platform::dom::take_query_param(SHARE_PARAM) {
            crate::platform::dom::replace_location_hash(&Route::SharedGame(payload).to_hash());
        }
        let routes = Routes {
            route: RwSignal::new(current()),
        };
        provide_context(routes);
        let listener = window_event_listener(leptos::ev::hashchange, move |_| {
            let now = current();
            if routes.route.get_untracked() != now {
                routes.route.set(now);
            }
        });
        on_cleanup(move || listener.remove());
        routes
    }

    /// The routes in context. Needs [`Routes::provide`] above; call it when the component is
    /// made, not in an event handler.
    pub fn get() -> Routes {
        expect_context::<Routes>()
    }

    /// The current route (a reactive signal).
    pub fn route(self) -> ReadSignal<Route> {
        self.route.read_only()
    }

    /// Shows another screen: pushes its hash (the back button returns) and updates the route.
    pub fn go(self, to: Route) {
        self.route.set(to.clone());
        if current() != to {
            crate::platform::dom::set_location_hash(&to.to_hash());
        }
    }

    /// Writes `to` into the address without a new history entry and without showing another
    /// screen (the editor, once it has read the position of its route, drops it from the
    /// address so that a reload does not open it again).
    pub fn replace(self, to: &Route) {
        crate::platform::dom::replace_location_hash(&to.to_hash());
    }
}

fn current() -> Route {
    Route::from_hash(&crate::platform::dom::location_hash())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    #[wasm_bindgen_test]
    fn hashes_round_trip() {
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
        assert_eq!(Route::from_hash(""), Route::Play);
        assert_eq!(Route::from_hash("#"), Route::Play);
        assert_eq!(Route::from_hash("#/nowhere"), Route::Play);
        assert_eq!(Route::from_hash("#/tutorial/0"), Route::Tutorial);
        assert_eq!(Route::from_hash("#/tutorial/x"), Route::Tutorial);
        assert_eq!(Route::from_hash("#/library?x=1"), Route::Library);
        assert_eq!(Route::Lesson(2).section(), Section::Tutorial);
        assert_eq!(decode_segment("%zz%4"), "%zz%4");
        assert_eq!(Route::from_hash("#/editor/"), Route::Editor(None));
        assert_eq!(
            Route::from_hash("#/editor/0,1/2 x"),
            Route::Editor(Some("0,1/2 x".into()))
        );
        assert_eq!(Route::from_hash("#/editors"), Route::Play);
        assert_eq!(Route::Editor(None).section(), Section::Editor);
        let analysis = Route::from_hash("#/analysis/p?back=%23%2Freplay%2Fg");
        assert_eq!(analysis.section(), Section::Library);
        assert_eq!(
            Route::from_hash("#/replay/g?ply=3"),
            Route::Replay("g".into())
        );
        assert_eq!(Route::from_hash("#/puzzles/"), Route::Puzzles(None));
        assert_eq!(Route::Puzzles(Some("x".into())).section(), Section::Puzzles);
        assert_eq!(Route::from_hash("#/count"), Route::Count);
        assert_eq!(Route::Count.section(), Section::Tutorial);
        assert_eq!(Route::from_hash("#/practice"), Route::Practice);
        assert_eq!(Route::Practice.section(), Section::Tutorial);
        assert_eq!(
            Route::from_hash("#/train/s-1"),
            Route::Train(Some("s-1".into()))
        );
        assert_eq!(Route::Train(None).section(), Section::Tutorial);
    }
}
