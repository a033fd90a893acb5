//! What keeps a long library usable: the search and the order above the list, and the pages
//! around it. The logic is `toguz_app_core::library`'s (`Query`, `list`).

use leptos::prelude::*;
use toguz_store::Summary;

use super::{
    text::{self},
    Lib,
};
use crate::i18n::*;
use crate::services::words::text;
use crate::ui::Button;
use leptos_i18n::I18nContext;
use toguz_app_core::library::{Page, Sort};

/// What a game's card shows, in words, for the search: the names, the date, the mode and the
/// result.
pub fn card_words(i18n: I18nContext<Locale>, s: &Summary) -> String {
    let (white, black) = text::names(i18n, &s.players, s.mode);
    format!(
        "{white} {black} {} {} {}",
        text::date(i18n, s.created),
        text::mode(i18n, s),
        text::result(i18n, s.result)
    )
}

/// The search field and the order. `on_focus` runs when the field takes the focus, before the
/// first key (what the search looks in is made then).
#[component]
pub fn Finder(lib: Lib, on_focus: Callback<()>) -> impl IntoView {
    let i18n = use_i18n();
    let sort_name = move |s: Sort| match s {
        Sort::Recent => t_string!(i18n, library.sort_recent).to_string(),
        Sort::Newest => t_string!(i18n, library.sort_newest).to_string(),
        Sort::Oldest => t_string!(i18n, library.sort_oldest).to_string(),
        Sort::MostMoves => t_string!(i18n, library.sort_most_moves).to_string(),
        Sort::FewestMoves => t_string!(i18n, library.sort_fewest_moves).to_string(),
    };
    let options = Sort::ALL
        .into_iter()
        .map(|s| {
            view! {
                <option value=s.key() selected=move || lib.query.with(|q| q.sort == s)>
                    {move || sort_name(s)}
                </option>
            }
        })
        .collect_view();
    view! {
        <div class="library__finder" role="search">
            <input
                type="search"
                class="library__search"
                data-testid="library-search"
                aria-label=move || t_string!(i18n, library.search).to_string()
                placeholder=move || t_string!(i18n, library.search_hint).to_string()
                autocomplete="off"
                spellcheck="false"
                prop:value=move || lib.query.with(|q| q.typed.clone())
                on:input=move |ev| lib.query.update(|q| q.searched(event_target_value(&ev)))
                on:focus=move |_| on_focus.run(())
            />
            <label class="library__sort">
                <span>{text(move || t_string!(i18n, library.sort))}</span>
                <select
                    data-testid="library-sort"
                    on:change=move |ev| {
                        if let Some(s) = Sort::from_key(&event_target_value(&ev)) {
                            lib.query.update(|q| q.sorted(s));
                        }
                    }
                >
                    {options}
                </select>
            </label>
        </div>
    }
}

/// "31–60 of 284" and the buttons to the pages before and after, when there are several.
#[component]
pub fn Pager(
    lib: Lib,
    page: Memo<Page>,
    /// The list's top, scrolled to when the page turns.
    top: NodeRef<leptos::html::Div>,
    testid: &'static str,
) -> impl IntoView {
    let i18n = use_i18n();
    let turn = move |by: isize| {
        // From the page shown (the query may ask for one past the last).
        let at = page.with_untracked(|p| p.page);
        lib.query.update(|q| {
            q.page = at;
            q.turn(by);
        });
        if let Some(top) = top.get_untracked() {
            top.scroll_into_view();
        }
    };
    let range = move || {
        page.with(|p| {
            let (first, last) = p.range();
            let count = p.matched;
            t_string!(
                i18n,
                library.shown_range,
                first = first,
                last = last,
                count = count
            )
            .to_string()
        })
    };
    let page_of = move || {
        page.with(|p| {
            let (n, pages) = (p.page + 1, p.pages);
            t_string!(i18n, library.page_of, page = n, pages = pages).to_string()
        })
    };
    view! {
        <Show when=move || page.with(|p| p.pages > 1)>
            <nav class="library__pager" data-testid=testid aria-label=page_of>
                <Button
                    testid="page-previous"
                    disabled=Signal::derive(move || page.with(|p| p.page == 0))
                    on_click=move |_| turn(-1)
                >
                    {text(move || t_string!(i18n, library.page_previous))}
                </Button>
                <span class="library__range" data-testid="library-range">{range}</span>
                <Button
                    testid="page-next"
                    disabled=Signal::derive(move || page.with(|p| p.page + 1 >= p.pages))
                    on_click=move |_| turn(1)
                >
                    {text(move || t_string!(i18n, library.page_next))}
                </Button>
            </nav>
        </Show>
    }
}
