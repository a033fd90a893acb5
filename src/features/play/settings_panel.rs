//! The settings under the play screen: speed, preview, evaluation bar, sound, auto-flip,
//! theme, the shortcuts' dialog, the language, Share image, and the storage line.
//!
//! Their code is a part loaded on demand (`app::on_demand::settings`, the
//! `#[wasm_split(settings)]` function of src/main.rs), fetched at once where the panel is in
//! view as the page opens, else at the player's first pointer, key, scroll or click: the
//! board's first frame and the first visit's download do without it.

use leptos::prelude::*;

use super::storage_line::StorageInfo;
use super::{Dialog, Dialogs, PlaySession};
use crate::i18n::*;
use crate::services::pictures::Subject;
use crate::services::settings::{Settings, SettingsContext, Theme};
use crate::services::words::{self, text};
use crate::ui::{ShareImage, ToggleChip};
use toguz_app_core::anim::Speed;
use toguz_app_core::announce::MoveSummary;
use toguz_app_core::language::Language;

/// The board as shown, for Share image: the position, the last move's marks (not while it
/// is sown).
fn subject(session: PlaySession) -> Subject {
    session.with_untracked(|s| Subject::Position {
        position: s.position(),
        flipped: s.flipped(),
        last: s.game().last_move().filter(|_| !s.animating()).map(|o| {
            let m = MoveSummary::of(o);
            (m.from_square(), m.last)
        }),
    })
}

/// Speed, preview, evaluation bar, sound, auto-flip and theme.
#[component]
pub fn SettingsPanel() -> impl IntoView {
    let session = PlaySession::get();
    let settings = SettingsContext::get();
    let dialogs = expect_context::<Dialogs>();
    let i18n = use_i18n();
    // Any change is saved; the evaluation bar, turned on, evaluates the position at once.
    let set = move |f: &dyn Fn(&mut Settings)| {
        settings.update(f);
        session.settings_changed();
    };
    let speed_buttons = Speed::ALL
        .into_iter()
        .map(|speed| {
            view! {
                <ToggleChip
                    testid=format!("speed-{}", speed.name())
                    pressed=Signal::derive(move || settings.with(|s| s.speed) == speed)
                    on_press=move |()| set(&|s| s.speed = speed)
                >
                    {text(move || words::speed(i18n.get_locale(), speed))}
                </ToggleChip>
            }
        })
        .collect_view();
    let theme_text = move || {
        let locale = i18n.get_locale();
        match settings.with(|s| s.theme) {
            Theme::Auto => td_string!(locale, common.theme_auto),
            Theme::Light => td_string!(locale, common.theme_light),
            Theme::Dark => td_string!(locale, common.theme_dark),
        }
    };
    view! {
        <section class="settings" aria-label=text(move || t_string!(i18n, common.settings))>
            <div
                class="settings__row"
                role="group"
                aria-label=text(move || t_string!(i18n, common.speed_group))
            >
                <span class="settings__label">{text(move || t_string!(i18n, common.speed))}</span>
                {speed_buttons}
            </div>
            <div class="settings__row">
                <SettingCheck
                    testid="opt-preview"
                    checked=Signal::derive(move || settings.with(|s| s.preview))
                    on_change=move |on| set(&|s| s.preview = on)
                >
                    {text(move || t_string!(i18n, common.opt_preview))}
                </SettingCheck>
                <SettingCheck
                    testid="opt-eval"
                    checked=Signal::derive(move || settings.with(|s| s.eval_bar))
                    on_change=move |on| set(&|s| s.eval_bar = on)
                >
                    {text(move || t_string!(i18n, common.opt_eval))}
                </SettingCheck>
                <SettingCheck
                    testid="opt-sound"
                    checked=Signal::derive(move || settings.with(|s| s.sound))
                    on_change=move |on| set(&|s| s.sound = on)
                >
                    {text(move || t_string!(i18n, common.opt_sound))}
                </SettingCheck>
                <SettingCheck
                    testid="opt-auto-flip"
                    checked=Signal::derive(move || session.with(|s| s.auto_flip()))
                    on_change=move |on| session.set_auto_flip(on)
                >
                    {text(move || t_string!(i18n, common.opt_auto_flip))}
                </SettingCheck>
                // Shown beside the board only in a game of two players (features::play::explorer).
                <SettingCheck
                    testid="opt-explorer"
                    checked=Signal::derive(move || settings.with(|s| s.explorer))
                    on_change=move |on| set(&|s| s.explorer = on)
                >
                    {text(move || t_string!(i18n, common.opt_explorer))}
                </SettingCheck>
                <button
                    type="button"
                    class="chip"
                    data-testid="btn-theme"
                    on:click=move |_| set(&|s| s.theme = s.theme.next())
                >
                    {theme_text}
                </button>
                <button
                    type="button"
                    class="chip"
                    data-testid="btn-shortcuts"
                    aria-keyshortcuts="?"
                    on:click=move |_| dialogs.open.set(Dialog::Shortcuts)
                >
                    <span aria-hidden="true">"⌨ "</span>
                    {text(move || t_string!(i18n, common.shortcuts))}
                </button>
            </div>
            <div class="settings__row">
                <LanguageSelect />
            </div>
            // Share image: here, in this part loaded on demand, rather than among the
            // controls, so the first visit's download does without it.
            <div class="settings__row">
                <ShareImage subject=move || subject(session) />
            </div>
            <StorageInfo />
        </section>
    }
}

/// A labelled checkbox of the settings panel.
#[component]
fn SettingCheck(
    /// The checkbox's `data-testid`.
    testid: &'static str,
    /// Whether it is ticked.
    checked: Signal<bool>,
    /// Called with the new state when the player ticks or unticks it.
    on_change: impl Fn(bool) + 'static,
    /// The text beside it.
    children: Children,
) -> impl IntoView {
    view! {
        <label class="check">
            <input
                type="checkbox"
                data-testid=testid
                prop:checked=checked
                on:change=move |ev| on_change(event_target_checked(&ev))
            />
            {children()}
        </label>
    }
}

/// The language menu: the browser's, or one of ours by its own name.
#[component]
fn LanguageSelect() -> impl IntoView {
    let settings = SettingsContext::get();
    let session = PlaySession::get();
    let i18n = use_i18n();
    let set = move |f: &dyn Fn(&mut Settings)| {
        settings.update(f);
        session.settings_changed();
    };
    let chosen = move || settings.with(|s| s.language).map_or("", Language::code);
    view! {
        <label class="check">
            {text(move || t_string!(i18n, common.language))}
            <select
                class="select"
                data-testid="opt-language"
                prop:value=chosen
                on:change=move |ev| {
                    let code = event_target_value(&ev);
                    set(&|s| s.language = Language::from_code(&code));
                }
            >
                <option value="" selected=move || chosen().is_empty()>
                    {text(move || t_string!(i18n, common.language_auto))}
                </option>
                {crate::services::lang::LANGUAGES
                    .into_iter()
                    .map(|l| {
                        let code = leptos_i18n::Locale::as_str(l);
                        view! {
                            <option value=code lang=code selected=move || chosen() == code>
                                {crate::services::lang::native_name(l)}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}
