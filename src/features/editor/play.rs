//! "Play from here": against the computer (side and level) or two players, or on the
//! analysis board.

use leptos::prelude::*;
use toguz_engine::search::Level;
use toguz_engine::Side;

use crate::i18n::*;
use crate::services::launch::{Launch, Launcher};
use crate::services::routes::{Route, Routes};
use crate::services::words;
use crate::services::words::text;
use crate::ui::{Button, LevelChips, Look, ToggleChip};
use toguz_app_core::editor::Editor;
use toguz_app_core::game::Mode;

/// "Play from here": against the computer (side and level) or two players.
#[component]
pub fn PlayPanel(
    /// The editor.
    model: RwSignal<Editor>,
) -> impl IntoView {
    let launcher = Launcher::get();
    let routes = Routes::get();
    let i18n = use_i18n();
    let vs_computer = RwSignal::new(true);
    let human = RwSignal::new(Side::White);
    let level = RwSignal::new(Level::of(4));
    let playable = Memo::new(move |_| model.with(|m| m.position().is_ok()));
    let problem = Memo::new(move |_| model.with(Editor::problem));
    let chip =
        move |pressed: Signal<bool>, testid: String, label: Signal<String>, on: Callback<()>| {
            view! {
                <ToggleChip testid=testid pressed=pressed on_press=on>
                    {label}
                </ToggleChip>
            }
        };
    let play = move |_| {
        let Ok(position) = model.with_untracked(Editor::position) else {
            return;
        };
        let mode = if vs_computer.get_untracked() {
            Mode::Computer {
                human: human.get_untracked(),
                level: level.get_untracked(),
            }
        } else {
            Mode::TwoPlayers
        };
        // The play feature starts the game and shows its screen.
        let _ = launcher.launch(Launch::Position {
            start: position,
            mode,
        });
    };
    view! {
        <section class="editor__panel editor__play" aria-labelledby="editor-play-title">
            <h2 class="editor__panel-title" id="editor-play-title">{text(move || t_string!(i18n, editor.play_title))}</h2>
            <div class="dialog__row" role="group" aria-label=text(move || t_string!(i18n, common.opponent))>
                {chip(
                    Signal::derive(move || vs_computer.get()),
                    "editor-vs-computer".into(),
                    words::text(move || t_string!(i18n, common.vs_computer)),
                    Callback::new(move |()| vs_computer.set(true)),
                )}
                {chip(
                    Signal::derive(move || !vs_computer.get()),
                    "editor-two-players".into(),
                    words::text(move || t_string!(i18n, common.mode_two_players)),
                    Callback::new(move |()| vs_computer.set(false)),
                )}
            </div>
            <Show when=move || vs_computer.get()>
                <div class="dialog__row" role="group" aria-label=text(move || t_string!(i18n, common.your_side))>
                    <span class="settings__label">{text(move || t_string!(i18n, common.you_play))}</span>
                    {Side::ALL
                        .into_iter()
                        .map(|s| {
                            chip(
                                Signal::derive(move || human.get() == s),
                                format!("editor-human-{}", s.letter()),
                                words::text(move || words::side(i18n.get_locale(), s)),
                                Callback::new(move |()| human.set(s)),
                            )
                        })
                        .collect_view()}
                </div>
                <div class="dialog__row" role="group" aria-label=text(move || t_string!(i18n, common.level))>
                    <span class="settings__label">{text(move || t_string!(i18n, common.level))}</span>
                    <LevelChips level=level testid_prefix="editor-level-" />
                </div>
            </Show>
            <div class="editor__buttons">
                <Button
                    look=Look::Primary
                    testid="btn-editor-play"
                    disabled=move || !playable.get()
                    describedby=move || problem.get().map(|_| "editor-cannot-play")
                    on_click=play
                >
                    {text(move || t_string!(i18n, editor.play))}
                </Button>
                // The analysis board on a copy; its "back to the game" returns to the editor,
                // whose draft keeps the position.
                <Button
                    testid="btn-analyse"
                    disabled=move || !playable.get()
                    on_click=move |_| {
                        if let Ok(p) = model.with_untracked(Editor::position) {
                            routes.go(Route::Analysis {
                                position: p.to_string(),
                                back: Route::Editor(None).to_hash(),
                            });
                        }
                    }
                >
                    {text(move || t_string!(i18n, review.analyse))}
                </Button>
            </div>
            <Show when=move || !playable.get()>
                <p class="editor__hint" id="editor-cannot-play">{text(move || t_string!(i18n, editor.cannot_play))}</p>
            </Show>
        </section>
    }
}
