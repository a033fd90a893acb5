//! The bar at the top of every screen: the app's name and one link per section.

use leptos::prelude::*;

use super::on_demand::Part;
use crate::i18n::*;
use crate::services::routes::{Route, Routes};
use crate::services::words::text;

/// The bar at the top of every screen: the app's name and the sections.
#[component]
pub fn TopBar() -> impl IntoView {
    let i18n = use_i18n();
    let routes = Routes::get();
    let route = routes.route();
    let section = Memo::new(move |_| route.with(Route::section));
    let link = move |to: Route, testid: &'static str, label: Signal<String>| {
        let href = to.to_hash();
        let s = to.section();
        // The pointer on a link, or the focus: its screen's code starts loading (on_demand.rs).
        let part = Part::of(&to);
        let preload = move || {
            if let Some(part) = part {
                part.preload();
            }
        };
        view! {
            <a
                class="topbar__link"
                href=href
                data-testid=testid
                aria-current=move || (section.get() == s).then_some("page")
                on:pointerenter=move |_| preload()
                on:focus=move |_| preload()
                on:click=move |ev| {
                    ev.prevent_default();
                    routes.go(to.clone());
                }
            >
                {label}
            </a>
        }
    };
    // One entry per section: a new feature adds its line here.
    let sections = [
        (
            Route::Play,
            "nav-play",
            text(move || t_string!(i18n, common.nav_play)),
        ),
        (
            Route::Library,
            "nav-library",
            text(move || t_string!(i18n, common.nav_library)),
        ),
        (
            Route::Tutorial,
            "nav-tutorial",
            text(move || t_string!(i18n, common.nav_tutorial)),
        ),
        (
            Route::Puzzles(None),
            "nav-puzzles",
            text(move || t_string!(i18n, puzzles.nav)),
        ),
        (
            Route::Editor(None),
            "nav-editor",
            text(move || t_string!(i18n, editor.nav)),
        ),
    ];
    view! {
        <header class="topbar">
            <a class="topbar__brand" href="#/">
                {text(move || t_string!(i18n, common.app_title))}
            </a>
            <nav class="topbar__nav" aria-label=text(move || t_string!(i18n, common.nav_label))>
                {sections
                    .into_iter()
                    .map(|(to, testid, label)| link(to, testid, label))
                    .collect_view()}
            </nav>
        </header>
    }
}
