//! The new game dialog: the opponent (the computer, two players on this device, the computer
//! against itself, or a friend by link), the side, the level, the clock, and for a game by
//! link the names.

use leptos::prelude::*;
use toguz_engine::Side;
use toguz_store::Players;

use super::clock_choice::ClockChoice;
use super::{Dialog, Dialogs, PlaySession};
use crate::i18n::*;
use crate::services::words::{self, text};
use crate::ui::{Button, LevelChips, Look, Modal, ToggleChip};
use toguz_app_core::new_game::{Choice, ClockForm, Opponent as Kind};

/// The new game dialog: mode, side and level.
#[component]
pub fn NewGameDialog() -> impl IntoView {
    let session = PlaySession::get();
    let dialogs = expect_context::<Dialogs>();
    let i18n = use_i18n();
    let first = Choice::default();
    let kind = RwSignal::new(first.opponent);
    let side = RwSignal::new(first.side);
    let level = RwSignal::new(first.level);
    let clock = RwSignal::new(ClockForm::of(first.control));
    let bad_clock = RwSignal::new(false);
    // Each time it opens, the dialog offers the game on the board again.
    let open = Memo::new(move |_| dialogs.open.get() == Dialog::NewGame);
    Effect::watch(
        move || open.get(),
        move |open, _, _| {
            if !*open {
                return;
            }
            let before = Choice {
                opponent: kind.get_untracked(),
                side: side.get_untracked(),
                level: level.get_untracked(),
                control: clock.with_untracked(|f| f.control().ok().flatten()),
            };
            let (mode, now_control) =
                session.with_untracked(|s| (s.mode(), s.clock().map(|c| c.control())));
            let choice = before.like(mode, now_control);
            kind.set(choice.opponent);
            side.set(choice.side);
            level.set(choice.level);
            clock.set(ClockForm::of(choice.control));
            bad_clock.set(false);
        },
        true,
    );
    let my_name = RwSignal::new(String::new());
    let friend_name = RwSignal::new(String::new());
    let kind_button = move |k: Kind, id: &'static str, label: AnyView| {
        view! {
            <ToggleChip
                testid=id
                pressed=Signal::derive(move || kind.get() == k)
                on_press=move |()| kind.set(k)
                big=true
            >
                {label}
            </ToggleChip>
        }
    };
    let side_button = move |s: Side| {
        view! {
            <ToggleChip
                testid=format!("side-{}", s.letter())
                pressed=Signal::derive(move || side.get() == s)
                on_press=move |()| side.set(s)
            >
                {text(move || words::side(i18n.get_locale(), s))}
            </ToggleChip>
        }
    };
    // A game with a friend by link: the side, the names (each optional).
    let start_by_link = move || {
        let me = side.get_untracked();
        let (mine, friend) = (my_name.get_untracked(), friend_name.get_untracked());
        let (mine, friend) = (mine.trim().to_string(), friend.trim().to_string());
        let players = match me {
            Side::White => Players {
                white: mine,
                black: friend,
            },
            Side::Black => Players {
                white: friend,
                black: mine,
            },
        };
        session.new_link_game(me, players);
    };
    let start = move |_| {
        if kind.get_untracked() == Kind::Link {
            start_by_link();
            dialogs.open.set(Dialog::Closed);
            return;
        }
        let Some(mode) = (Choice {
            opponent: kind.get_untracked(),
            side: side.get_untracked(),
            level: level.get_untracked(),
            control: None,
        })
        .mode() else {
            return;
        };
        let Ok(control) = clock.with_untracked(ClockForm::control) else {
            bad_clock.set(true);
            return;
        };
        session.new_game(mode, control);
        dialogs.open.set(Dialog::Closed);
        // The new game's whole board and whose turn it is (the top of the play screen), not
        // the controls at the bottom where New game was pressed.
        crate::platform::dom::scroll_to_top();
    };
    view! {
        <Modal
            open=Signal::derive(move || open.get())
            on_close=move |()| dialogs.open.set(Dialog::Closed)
            testid="new-game-dialog"
            labelled_by="new-game-title"
        >
                    <h2 id="new-game-title" class="dialog__title">{text(move || t_string!(i18n, common.new_game))}</h2>
                    <div
                        class="dialog__row"
                        role="group"
                        aria-label=text(move || t_string!(i18n, common.opponent))
                    >
                        {kind_button(
                            Kind::Computer,
                            "mode-computer",
                            text(move || t_string!(i18n, common.vs_computer)).into_any(),
                        )}
                        {kind_button(Kind::Two, "mode-two", text(move || t_string!(i18n, common.mode_two_players)).into_any())}
                        {kind_button(Kind::Watch, "mode-watch", text(move || t_string!(i18n, common.watch)).into_any())}
                        {kind_button(Kind::Link, "btn-play-by-link", text(move || t_string!(i18n, common.play_by_link)).into_any())}
                    </div>
                    <Show when=move || matches!(kind.get(), Kind::Computer | Kind::Link)>
                        <div
                            class="dialog__row"
                            role="group"
                            aria-label=text(move || t_string!(i18n, common.your_side))
                        >
                            <span class="settings__label">{text(move || t_string!(i18n, common.you_play))}</span>
                            {side_button(Side::White)}
                            {side_button(Side::Black)}
                        </div>
                    </Show>
                    <div
                        class="dialog__row"
                        role="group"
                        aria-label=text(move || t_string!(i18n, common.level))
                        class:dialog__row--hidden=move || matches!(kind.get(), Kind::Two | Kind::Link)
                    >
                        <span class="settings__label">{text(move || t_string!(i18n, common.level))}</span>
                        <LevelChips level=level testid_prefix="level-" />
                    </div>
                    <Show when=move || kind.get() == Kind::Link>
                        <LinkNames my_name=my_name friend_name=friend_name />
                    </Show>
                    <ClockChoice
                        form=clock
                        bad=bad_clock
                        hidden=Signal::derive(move || kind.get() == Kind::Link)
                    />
                    <div class="dialog__actions">
                        <Button
                            testid="btn-cancel"
                            on_click=move |_| dialogs.open.set(Dialog::Closed)
                        >
                            {text(move || t_string!(i18n, common.cancel))}
                        </Button>
                        <Button
                            look=Look::Primary
                            testid="btn-start"
                            on_click=start
                        >
                            {text(move || t_string!(i18n, common.start))}
                        </Button>
                    </div>
        </Modal>
    }
}

/// A game by link: the player's and the friend's names, each optional.
#[component]
fn LinkNames(my_name: RwSignal<String>, friend_name: RwSignal<String>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
            <div class="dialog__row">
                <label class="settings__label dialog__field">
                    {text(move || t_string!(i18n, common.your_name))}
                    <input
                        class="dialog__input"
                        data-testid="link-name-me"
                        maxlength="40"
                        autocomplete="nickname"
                        bind:value=my_name
                    />
                </label>
                <label class="settings__label dialog__field">
                    {text(move || t_string!(i18n, common.friend_name))}
                    <input
                        class="dialog__input"
                        data-testid="link-name-friend"
                        maxlength="40"
                        autocomplete="off"
                        bind:value=friend_name
                    />
                </label>
            </div>
    }
}
