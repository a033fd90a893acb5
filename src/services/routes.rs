//! Which screen is shown: a route read from and written to the URL's hash (`#/library`), so
//! that the back button, bookmarks and shared links work on any static host, under any
//! sub-path, and offline (the service worker only ever serves `index.html`).

use leptos::prelude::*;
pub use toguz_app_core::route::{Route, Section};

/// The query parameter of a shared game's link: `<app>?share=<payload>`.
pub const SHARE_PARAM: &str = "share";

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
