//! The play screen: whose turn, the board, the preview, the controls and the moves, with the
//! screen's keyboard shortcuts; the root puts the settings under them.

use leptos::prelude::*;
use toguz_engine::{BySide, Side, Square};

use super::clocks::Clocks;
use super::controls::Controls;
use super::{Dialog, Dialogs, PlaySession};
use crate::i18n::*;
use crate::services::settings::SettingsContext;
use crate::services::words::{self, text};
use crate::ui::{Board, EvalBar, Highlights, MoveList, Ply};
use toguz_app_core::anim;
use toguz_app_core::announce::MoveSummary;
use toguz_app_core::game::notation;
use toguz_app_core::keys::{Keys, Shortcut};
use toguz_app_core::startup::Piece;

/// The play screen: whose turn, the board, the preview, the controls and the moves; then
/// `children`, the share panel of a game by link and the settings (the root gives them: parts
/// loaded on demand, `app::on_demand`, which a feature does not import).
#[component]
pub fn GameScreen(children: Children) -> impl IntoView {
    let i18n = use_i18n();
    let session = PlaySession::get();
    let settings = SettingsContext::get();
    let dialogs = expect_context::<Dialogs>();
    use_shortcuts(session, dialogs);
    let position = Memo::new(move |_| session.with(|s| s.position()));
    let mode = Memo::new(move |_| session.with(|s| s.mode()));
    let animating = Memo::new(move |_| session.with(|s| s.animating()));
    let hint = Memo::new(move |_| session.with(|s| s.hint()));
    let show_preview =
        Memo::new(move |_| settings.with(|s| s.preview) && mode.with(|m| m.allows_preview()));
    let shown_preview = Memo::new(move |_| {
        let hover = if show_preview.get() {
            session.with(|s| s.preview())
        } else {
            None
        };
        hover.or(hint.get())
    });
    let highlights = Memo::new(move |_| {
        let mode = mode.get();
        let animating = animating.get();
        session.with(|s| {
            let g = s.game();
            let last = g.last_move().map(MoveSummary::of);
            let p = g.position();
            let playable = if mode.is_human(p.turn()) && !animating && g.end().is_none() {
                Highlights::playable_in(&p)
            } else {
                Default::default()
            };
            // While a move is animated, its start and end are not marked yet.
            let last = last.filter(|_| !animating);
            Highlights {
                playable,
                preview: shown_preview.get().map(|pv| pv.landing),
                last_from: last.map(|m| m.from_square()),
                last_to: last.map(|m| m.last),
                hint: hint.get().map(|pv| pv.from),
            }
        })
    });
    // After an empty row ends the game, the board shows the korgools collected.
    let frame = Memo::new(move |_| {
        session
            .with(|s| s.frame())
            .or_else(|| position.with(anim::collection))
    });
    let flipped = Memo::new(move |_| session.with(|s| s.flipped()));
    let names = Memo::new(move |_| {
        session.with(|s| BySide {
            white: s.name(Side::White).map(str::to_string),
            black: s.name(Side::Black).map(str::to_string),
        })
    });
    let plies = Memo::new(move |_| {
        session.with(|s| {
            let (moves, ply) = s.game().all_moves();
            moves
                .iter()
                .enumerate()
                .map(|(i, m)| Ply {
                    text: notation(&m.outcome),
                    current: i + 1 == ply,
                    undone: i >= ply,
                })
                .collect::<Vec<_>>()
        })
    });
    let on_house = Callback::new(move |square: Square| session.click(square));
    let on_hover = Callback::new(move |square: Option<Square>| session.hover(square));
    let on_skip = Callback::new(move |()| session.skip());
    // Built a task after the board (`services::startup`).
    let controls = crate::services::startup::built(Piece::Controls);
    let preview_text = move || {
        let locale = i18n.get_locale();
        shown_preview.get().map(|pv| {
            let text = words::preview(locale, &pv);
            if hint.get() == Some(pv) {
                td_string!(locale, common.preview_hint, text = text)
            } else {
                text
            }
        })
    };
    view! {
        <main class="app">
            <header class="app__header">
                <h1 class="visually-hidden">{text(move || t_string!(i18n, common.app_title))}</h1>
                <TurnIndicator />
            </header>
            <p class="app__mode" data-testid="mode">
                {text(move || words::mode(i18n.get_locale(), mode.get()))}
                <Show when=move || session.with(|s| s.thinking())>
                    <span class="thinking" data-testid="thinking">
                        " · "
                        {text(move || t_string!(i18n, common.thinking))}
                    </span>
                </Show>
            </p>
            <section class="app__table">
                <Clocks />
                <Show when=move || settings.with(|s| s.eval_bar)>
                    <EvalBar eval=Signal::derive(move || session.with(|s| s.eval())) />
                </Show>
                <Board
                    position=position
                    flipped=flipped
                    highlights=highlights
                    on_house=on_house
                    frame=frame
                    animating=animating
                    on_hover=on_hover
                    on_skip=on_skip
                    names=names
                />
                <p class="preview" data-testid="preview" aria-live="polite">
                    {preview_text}
                </p>
            </section>
            <p class="app__message" data-testid="message" role="status">
                {move || {
                    session
                        .with(|s| s.message().map(|m| words::message(i18n.get_locale(), m)))
                }}
            </p>
            {move || controls.get().then(|| view! {
                <Controls />
                <MoveList plies=plies />
            })}
            {children()}
        </main>
    }
}

/// The play screen's keys (see [`Shortcut`]), while the screen is shown; never while a
/// dialog is open or the player types in a field.
fn use_shortcuts(session: PlaySession, dialogs: Dialogs) {
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.default_prevented() || crate::platform::dom::typing_in_field(&ev) {
            return;
        }
        let key = ev.key();
        let keys = Keys {
            key: &key,
            ctrl: ev.ctrl_key() || ev.meta_key(),
            alt: ev.alt_key(),
            shift: ev.shift_key(),
        };
        let Some(shortcut) = Shortcut::of(keys) else {
            return;
        };
        if matches!(shortcut, Shortcut::Undo | Shortcut::Redo) && keys.ctrl {
            ev.prevent_default();
        }
        let (end_open, can_undo, can_redo, turn) = session.with_untracked(|s| {
            (
                untrack(|| dialogs.end_open(s)),
                s.can_undo(),
                s.can_redo(),
                s.position().turn(),
            )
        });
        if dialogs.open.get_untracked() != Dialog::Closed || end_open {
            return;
        }
        match shortcut {
            Shortcut::Play(house) => session.click(Square::new(turn, house)),
            Shortcut::Undo if can_undo => session.undo(),
            Shortcut::Redo if can_redo => session.redo(),
            Shortcut::NewGame => dialogs.open.set(Dialog::NewGame),
            Shortcut::Flip => session.flip(),
            Shortcut::Hint => session.ask_hint(),
            Shortcut::Help => dialogs.open.set(Dialog::Shortcuts),
            _ => {}
        }
    });
    on_cleanup(move || keys.remove());
}

/// Whose turn it is, or the result when the game is over.
#[component]
pub fn TurnIndicator() -> impl IntoView {
    let session = PlaySession::get();
    let i18n = use_i18n();
    let state = Memo::new(move |_| session.with(|s| (s.position().turn(), s.end(), s.mode())));
    let text = move || {
        let locale = i18n.get_locale();
        match state.get() {
            (turn, None, _) => words::to_move(locale, turn),
            (_, Some(end), mode) => words::result_score_for(locale, &end, mode),
        }
    };
    // The dot: the side to move, or once the game is over the winner's (both in a draw).
    let side = move || match state.get() {
        (turn, None, _) => turn.letter().to_string(),
        (_, Some(end), _) => match end.result {
            toguz_engine::GameResult::Win(w) => w.letter().to_string(),
            toguz_engine::GameResult::Draw => "draw".to_string(),
        },
    };
    view! {
        <p class="turn" data-testid="turn" data-side=side>
            <span class="turn__dot" aria-hidden="true"></span>
            <span class="turn__text">{text}</span>
        </p>
    }
}
