//! How another screen starts a game on the play screen without knowing it: the library's
//! "Continue" and the replay's "Play from here" hand a saved game, the tutorial's "Try it" and
//! the editor's "Play from here" a position. The play feature installs the handler ([`Launcher::handle`]); the launcher then
//! shows the play screen.

use std::rc::Rc;

use leptos::prelude::*;
use toguz_engine::Position;
use toguz_store::GameEntry;

use crate::services::routes::{Route, Routes};
use crate::services::saves::OpenError;
use toguz_app_core::game::Mode;

/// A game to start on the play screen.
#[derive(Clone, Debug)]
pub enum Launch {
    /// Continue game `id` of the library (this tab takes it over).
    Continue(String),
    /// A new game from the first `ply` moves of a saved game.
    PlayFrom {
        /// The saved game.
        entry: Box<GameEntry>,
        /// How many of its moves.
        ply: usize,
    },
    /// A new game from a position (the tutorial's "Try it", the editor's "Play from here").
    Position {
        /// The first position.
        start: Position,
        /// Who plays which side.
        mode: Mode,
    },
}

type Handler = Rc<dyn Fn(Launch) -> Result<(), OpenError>>;

/// Starts games on the play screen, by context.
#[derive(Clone, Copy)]
pub struct Launcher {
    handler: StoredValue<Option<Handler>, LocalStorage>,
    routes: Routes,
}

impl Launcher {
    /// Provides the launcher (before the play feature installs its handler). Needs
    /// [`Routes`] in context.
    pub fn provide() -> Launcher {
        let launcher = Launcher {
            handler: StoredValue::new_local(None),
            routes: Routes::get(),
        };
        provide_context(launcher);
        launcher
    }

    /// The launcher in context; call it when the component is made.
    pub fn get() -> Launcher {
        expect_context::<Launcher>()
    }

    /// Installs the play screen's handler.
    pub fn handle(self, f: impl Fn(Launch) -> Result<(), OpenError> + 'static) {
        self.handler.set_value(Some(Rc::new(f)));
    }

    /// Starts `what` and shows the play screen; on an error, stays and gives it.
    pub fn launch(self, what: Launch) -> Result<(), OpenError> {
        if let Some(handler) = self.handler.get_value() {
            handler(what)?;
        }
        self.routes.go(Route::Play);
        Ok(())
    }
}
