//! The end dialog's rating estimate and the review behind it: as the game ends, the game's
//! review (`toguz_app_core::review::ReviewRun`, the review screen's own run at its depth) runs in a
//! worker of its own, so the board never freezes, and is saved with the game: the review
//! screen then shows the same analyses, hence the same estimate. Its code is a part loaded on
//! demand (`app::on_demand::end_estimate`), fetched as the end dialog opens; the root gives
//! the dialog its view ([`EndEstimateSlot`]).

use leptos::prelude::*;
use toguz_engine::{GameResult, House, Position, Side};

use super::PlaySession;
use crate::platform::time::now;
use crate::services::ai::{use_ai_on_demand, Ai};
use crate::services::review_run::{ReviewRunner, RunHolder};
use crate::services::saves::Saves;
use crate::ui::RatingEstimate;
use toguz_app_core::estimate::EstimateState;
use toguz_app_core::game::Mode;
use toguz_app_core::review::{partial_review, ReviewRun, Run, RunAction};

/// The end dialog's estimate, by context: the root's view of it from its part (a feature does
/// not import `app::on_demand`). Without it the dialog shows none.
#[derive(Clone, Copy)]
pub struct EndEstimateSlot(pub fn() -> AnyView);

/// The rating each person's play showed in the game that just ended: the review starts when
/// this shows (the end dialog shows it while it is open), "estimating…" until it is done.
#[component]
pub fn EndRatingEstimate() -> impl IntoView {
    let session = PlaySession::get();
    let estimate = EndEstimate::new();
    estimate.start(session);
    let state = Signal::derive(move || estimate.state(session));
    let mode = Signal::derive(move || session.with(|s| s.mode()));
    view! { <RatingEstimate state=state mode=mode /> }
}

/// The game whose estimate runs: the session's epoch and the ply it ended at (an undo and
/// another end is another game to review).
type Key = (u32, usize);

/// One game's review for its estimate.
struct Running {
    key: Key,
    start: Position,
    moves: Vec<House>,
    mode: Mode,
    result: Option<GameResult>,
    /// The game's id in the library, where the review is kept.
    id: String,
    run: ReviewRun,
}

/// The estimate of the game that ended: `Copy`, for the dialog's handlers.
#[derive(Clone, Copy)]
struct EndEstimate {
    ai: Ai,
    running: RwSignal<Option<Running>>,
    saves: Saves,
}

impl EndEstimate {
    /// The estimate's worker, started at the first game to review.
    pub fn new() -> EndEstimate {
        EndEstimate {
            ai: use_ai_on_demand(),
            running: RwSignal::new(None),
            saves: expect_context::<Saves>(),
        }
    }

    /// The key of the session's game as it is now.
    fn key_of(session: PlaySession) -> Key {
        session.with_untracked(|s| (s.epoch(), s.game().game().ply()))
    }

    /// Starts the review of the session's finished game, unless it runs or ran already or no
    /// person played it.
    pub fn start(self, session: PlaySession) {
        let key = Self::key_of(session);
        if self.running.with_untracked(|r| r.as_ref().map(|r| r.key)) == Some(key) {
            return;
        }
        let mode = session.with_untracked(|s| s.mode());
        if !mode.is_human(Side::White) && !mode.is_human(Side::Black) {
            return;
        }
        // Saved first, so that the review is kept under this game's id.
        session.save(self.saves);
        let id = self.saves.current_id();
        let running = session.with_untracked(|s| {
            let game = s.game().game();
            let total = game.ply();
            let moves: Vec<House> = game.moves()[..total].iter().map(|m| m.house).collect();
            let positions = game.positions()[..=total].to_vec();
            let saved = (!id.is_empty()).then(|| self.saves.review(&id)).flatten();
            Running {
                key,
                start: game.start(),
                moves: moves.clone(),
                mode,
                result: s.end().map(|e| e.result),
                id,
                run: ReviewRun::new(positions, moves, saved),
            }
        });
        self.ai.cancel();
        self.running.set(Some(running));
        self.command(key, |r| r.open(now()));
    }

    /// The estimate of the session's game (tracked); `None` before its review starts and
    /// when no person played.
    pub fn state(self, session: PlaySession) -> Option<EstimateState> {
        let key = session.with(|s| (s.epoch(), s.game().game().ply()));
        self.running.with(|r| {
            let r = r.as_ref().filter(|r| r.key == key)?;
            let done = r.run.analyses().len();
            let total = r.run.total();
            let failed = matches!(r.run.run(), Run::Failed(_));
            // The review itself only once every move is analysed.
            let review = (done >= total && !failed)
                .then(|| partial_review(&r.start, &r.moves, r.run.analyses()).ok())
                .flatten();
            Some(EstimateState::of_run(
                review.as_ref(),
                done,
                total,
                failed,
                r.mode,
                r.result,
            ))
        })
    }

    /// Runs a command on the run of game `key` (if it is still the one), then its actions.
    fn command(self, key: Key, command: impl FnOnce(&mut ReviewRun) -> Vec<RunAction>) {
        let held = Held {
            running: self.running,
            key,
        };
        ReviewRunner::new(self.ai, self.saves, held).command(command);
    }
}

/// Where the estimate holds the run of game `key`: a later game's run takes its place.
#[derive(Clone, Copy)]
struct Held {
    running: RwSignal<Option<Running>>,
    key: Key,
}

impl RunHolder for Held {
    fn with_run<R>(self, f: impl FnOnce(&mut ReviewRun) -> R) -> Option<R> {
        self.running
            .try_update(|r| {
                r.as_mut()
                    .filter(|r| r.key == self.key)
                    .map(|r| f(&mut r.run))
            })
            .flatten()
    }

    fn game_id(self) -> Option<String> {
        self.running
            .try_with_untracked(|r| r.as_ref().map(|r| r.id.clone()))
            .flatten()
            .filter(|id| !id.is_empty())
    }
}
