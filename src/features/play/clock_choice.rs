//! The new game dialog's clock: no clock, the clubs' presets, a custom time with an increment
//! and a simple delay, and what a time-out does. Its logic is
//! `toguz_app_core::new_game::ClockForm`.

use leptos::prelude::*;

use crate::i18n::*;
use crate::services::words::text;
use crate::ui::ToggleChip;
use toguz_app_core::clock::{TimeControl, TimeOut};
use toguz_app_core::new_game::{ClockForm, ClockPick};

/// The clock rows of the new game dialog, over `form`; `bad` shows that the custom fields do
/// not read (set by the dialog's Start).
#[component]
pub fn ClockChoice(
    /// The clock as chosen so far.
    form: RwSignal<ClockForm>,
    /// True while the custom fields do not make a clock (Start refused).
    bad: RwSignal<bool>,
    /// Hidden (a game by link has no clock), keeping its place.
    #[prop(into)]
    hidden: Signal<bool>,
) -> impl IntoView {
    let i18n = use_i18n();
    let pick = move |p: ClockPick, id: String, label: Signal<String>| {
        view! {
            <ToggleChip
                testid=id
                pressed=Signal::derive(move || form.with(|f| f.pick == p))
                on_press=move |()| {
                    bad.set(false);
                    form.update(|f| f.pick = p);
                }
            >
                {move || label.get()}
            </ToggleChip>
        }
    };
    let presets = TimeControl::PRESETS
        .iter()
        .enumerate()
        .map(|(i, tc)| {
            let (min, sec) = (tc.base_ms / 60_000, tc.increment_ms / 1_000);
            let label = Signal::derive(move || format!("{min}+{sec}"));
            pick(ClockPick::Preset(i), format!("clock-{min}-{sec}"), label)
        })
        .collect_view();
    let rule = move |r: TimeOut, id: &'static str, label: Signal<String>| {
        view! {
            <ToggleChip
                testid=id
                pressed=Signal::derive(move || form.with(|f| f.time_out == r))
                on_press=move |()| form.update(|f| f.time_out = r)
            >
                {move || label.get()}
            </ToggleChip>
        }
    };
    let none = Signal::derive(move || t_string!(i18n, common.no_clock).to_string());
    let custom = Signal::derive(move || t_string!(i18n, common.clock_custom).to_string());
    let loses = Signal::derive(move || t_string!(i18n, common.time_out_loses).to_string());
    let counted = Signal::derive(move || t_string!(i18n, common.time_out_counted).to_string());
    view! {
        <div
            class="dialog__row"
            role="group"
            aria-label=text(move || t_string!(i18n, common.clock))
            class:dialog__row--hidden=move || hidden.get()
        >
            <span class="settings__label">{text(move || t_string!(i18n, common.clock))}</span>
            {pick(ClockPick::None, "clock-none".into(), none)}
            {presets}
            {pick(ClockPick::Custom, "clock-custom".into(), custom)}
        </div>
        <Show when=move || !hidden.get() && form.with(|f| f.pick == ClockPick::Custom)>
            <CustomClock form=form bad=bad />
        </Show>
        <div
            class="dialog__row"
            role="group"
            aria-label=text(move || t_string!(i18n, common.time_out_rule))
            class:dialog__row--hidden=move || {
                hidden.get() || form.with(|f| f.pick == ClockPick::None)
            }
        >
            <span class="settings__label">{text(move || t_string!(i18n, common.time_out_rule))}</span>
            {rule(TimeOut::Loses, "time-out-loses", loses)}
            {rule(TimeOut::Counted, "time-out-counted", counted)}
        </div>
    }
}

/// The custom clock's fields: minutes per side, seconds added a move, seconds of delay.
#[component]
fn CustomClock(form: RwSignal<ClockForm>, bad: RwSignal<bool>) -> impl IntoView {
    let i18n = use_i18n();
    let field = move |id: &'static str,
                      label: Signal<String>,
                      get: fn(&ClockForm) -> String,
                      set: fn(&mut ClockForm, String)| {
        view! {
            <label class="settings__label dialog__field">
                {move || label.get()}
                <input
                    class="dialog__input"
                    data-testid=id
                    inputmode="decimal"
                    aria-invalid=move || bad.get().to_string()
                    prop:value=move || form.with(get)
                    on:input=move |ev| {
                        bad.set(false);
                        form.update(|f| set(f, event_target_value(&ev)));
                    }
                />
            </label>
        }
    };
    let minutes = Signal::derive(move || t_string!(i18n, common.clock_custom_minutes).to_string());
    let increment =
        Signal::derive(move || t_string!(i18n, common.clock_custom_increment).to_string());
    let delay = Signal::derive(move || t_string!(i18n, common.clock_custom_delay).to_string());
    view! {
        <div class="dialog__row">
            {field("clock-custom-minutes", minutes, |f| f.minutes.clone(), |f, v| f.minutes = v)}
            {field("clock-custom-increment", increment, |f| f.increment.clone(), |f, v| f.increment = v)}
            {field("clock-custom-delay", delay, |f| f.delay.clone(), |f, v| f.delay = v)}
        </div>
        <Show when=move || bad.get()>
            <p class="dialog__error" role="alert" data-testid="clock-custom-bad">
                {text(move || t_string!(i18n, common.clock_custom_bad))}
            </p>
        </Show>
    }
}
