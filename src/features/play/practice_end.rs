//! The end of a practice game (`toguz_app_core::practice`): a game started from the practice
//! screen is recorded once for its position as it ends, and its end dialog says whether the
//! goal was reached, with the way back to the list and a new try. The record is made here, in
//! the dialogs' part that every ended game fetches, so that the first visit carries none of it.

use leptos::prelude::*;
use toguz_engine::{GameResult, Position};

use super::PlaySession;
use crate::i18n::*;
use crate::platform::storage::{self, PRACTICE_KEY};
use crate::services::launch::{Launch, Launcher};
use crate::services::routes::{Route, Routes};
use crate::services::words::text;
use crate::ui::{Button, Look};
use toguz_app_core::game::Mode;
use toguz_app_core::practice::{Kept, Outcome};

/// The ended game: its result, its first position and who played it.
type Ended = Option<(GameResult, Position, Mode)>;

/// Records the ended game if it is the practice begun last, and says whether it reached
/// its goal; nothing for any other game. `on_leave` closes the dialog before the player goes
/// back to the list or tries again.
#[component]
pub fn PracticeEnd(
    /// Closes the end dialog.
    #[prop(into)]
    on_leave: Callback<()>,
) -> impl IntoView {
    let session = PlaySession::get();
    let launcher = Launcher::get();
    let routes = Routes::get();
    let i18n = use_i18n();
    let ended: Memo<Ended> = Memo::new(move |_| {
        session.with(|s| {
            s.end()
                .map(|e| (e.result, s.game().game().start(), s.mode()))
        })
    });
    // Recorded as the game ends, whether or not the dialog shows; read again at each end,
    // since the practice screen may have begun another practice since.
    let shown = RwSignal::new(None::<(Outcome, bool)>);
    Effect::new(move |_| {
        shown.set(ended.get().and_then(|(result, start, mode)| {
            let mut kept = storage::load::<Kept>(PRACTICE_KEY).unwrap_or_default();
            if kept.ended(&start, mode, result).is_some() {
                storage::save(PRACTICE_KEY, &kept);
            }
            let goal = kept.practice_of(&start, mode)?.goal;
            let outcome = Outcome::of(result, start.turn());
            Some((outcome, outcome.meets(goal)))
        }));
    });
    let again = move |()| {
        let mut kept = storage::load::<Kept>(PRACTICE_KEY).unwrap_or_default();
        let Some((start, level)) = kept.again() else {
            return;
        };
        storage::save(PRACTICE_KEY, &kept);
        on_leave.run(());
        let mode = Mode::Computer {
            human: start.turn(),
            level,
        };
        let _ = launcher.launch(Launch::Position { start, mode });
    };
    move || {
        let (outcome, reached) = shown.get()?;
        Some(view! {
            <div class="dialog__practice" data-testid="practice-end" data-result=outcome.name() data-reached=reached.to_string()>
                <p>
                    {text(move || {
                        if reached {
                            t_string!(i18n, train.practice_reached)
                        } else {
                            t_string!(i18n, train.practice_missed)
                        }
                    })}
                </p>
                <div class="dialog__actions">
                    <Button
                        testid="practice-back"
                        on_click=move |_| {
                            on_leave.run(());
                            routes.go(Route::Practice);
                        }
                    >
                        {text(move || t_string!(i18n, train.practice_back))}
                    </Button>
                    <Button look=Look::Primary testid="practice-again" on_click=again>
                        {text(move || t_string!(i18n, train.practice_again))}
                    </Button>
                </div>
            </div>
        })
    }
}
