//! The end of a practice game (`toguz_app_core::practice`): a game started from the practice
//! screen is recorded once for its position when its end dialog opens, and the dialog says
//! whether the goal was reached, with the way back to the list and a new try. It is in the
//! part of the end dialog's rating estimate (`part::end_estimate`), fetched as a game a person
//! played ends: reading the kept results brings serde_json's number parsing (about 22 KB),
//! which the dialogs' part, fetched at every player's first touch, does without.

use leptos::prelude::*;
use toguz_engine::{GameResult, Position};

use super::{Dialogs, PlaySession};
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
/// its goal; nothing for any other game. The end dialog is closed before the player goes back
/// to the list or tries again.
#[component]
pub fn PracticeEnd() -> impl IntoView {
    let session = PlaySession::get();
    let dialogs = expect_context::<Dialogs>();
    let on_leave = move || {
        dialogs
            .end_dismissed
            .set(Some(session.with_untracked(|s| s.epoch())));
    };
    let launcher = Launcher::get();
    let routes = Routes::get();
    let i18n = use_i18n();
    let ended: Memo<Ended> = Memo::new(move |_| {
        session.with(|s| {
            s.end()
                .map(|e| (e.result, s.game().game().start(), s.mode()))
        })
    });
    // Recorded as the end dialog opens on the ended game (it opens again after a reload, and
    // the record is then not made twice); read from storage each time, since the practice
    // screen may have begun another practice since.
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
        on_leave();
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
                            on_leave();
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
