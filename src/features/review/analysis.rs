//! The analysis board (`#/analysis/<position>?back=<hash>`): a free board on a copy of a
//! position, the engine's best three moves with their evaluations and lines as the search
//! deepens, the evaluation bar, back and forward through the tried moves, and "back to the
//! game" to the screen it came from, where the player was.

use leptos::prelude::*;
use toguz_coach::review::PositionAnalysis;
use toguz_engine::{Position, Square};

use super::screen::{white_of, EvalBar};
use super::text;
use crate::core::ai::Reply;
use crate::core::announce::MoveSummary;
use crate::core::review::{board_task, Tries};
use crate::i18n::*;
use crate::services::ai::use_ai;
use crate::services::pictures::Subject;
use crate::services::words::text;
use crate::ui::{Board, Button, Highlights, ShareImage};

/// The analysis board on `position` (the engine's string form); `back` is the hash to return
/// to (empty: the play screen).
#[component]
pub fn AnalysisScreen(position: String, back: String) -> impl IntoView {
    let i18n = use_i18n();
    let back = if back.is_empty() {
        "#/".to_string()
    } else {
        back
    };
    let start: Option<Position> = position.parse().ok();
    view! {
        <main class="screen review analysis" data-testid="analysis-screen">
            <header class="replay__header">
                <a class="btn btn--quiet" href=back data-testid="back-to-game">
                    {text(move || t_string!(i18n, review.back_to_game))}
                </a>
                <h1 class="replay__title">{text(move || t_string!(i18n, review.analysis_title))}</h1>
            </header>
            {match start {
                Some(p) => view! { <Analysis start=p /> }.into_any(),
                None => view! {
                    <p class="library__empty" data-testid="analysis-bad-position">{text(move || t_string!(i18n, library.not_found))}</p>
                }.into_any(),
            }}
        </main>
    }
}

#[component]
fn Analysis(start: Position) -> impl IntoView {
    let i18n = use_i18n();
    let ai = use_ai();
    let tries = RwSignal::new(Tries::new(start));
    let lines = RwSignal::new(None::<(Position, PositionAnalysis, bool)>);
    let flipped = RwSignal::new(false);
    let position = Memo::new(move |_| tries.with(Tries::position));
    // Each position shown is analysed from depth 1 up; a new one cancels the search.
    Effect::new(move |_| {
        let pos = position.get();
        ai.cancel();
        lines.set(None);
        if pos.is_over() {
            return;
        }
        ai.request(&pos, board_task(None), move |reply| {
            if let Reply::Analysis { analysis, done, .. } = reply {
                lines.set(Some((pos, analysis.clone(), *done)));
            }
        });
    });
    let highlights = Signal::derive(move || {
        let last = tries.with(|t| {
            t.last_move()
                .and_then(|(mut p, h)| p.try_play(h).ok().as_ref().map(MoveSummary::of))
        });
        Highlights {
            playable: Highlights::playable_in(&position.get()),
            last_from: last.map(|m| m.from_square()),
            last_to: last.map(|m| m.last),
            ..Highlights::default()
        }
    });
    let on_house = Callback::new(move |sq: Square| {
        if sq.side() == position.get_untracked().turn() {
            tries.update(|t| {
                t.play(sq.house());
            });
        }
    });
    let current = Memo::new(move |_| {
        let pos = position.get();
        lines.get().filter(|l| l.0 == pos)
    });
    let eval = Signal::derive(move || {
        current.with(|c| {
            c.as_ref()
                .and_then(|(p, a, _)| a.lines.first().map(|l| white_of(l.score, p.turn())))
        })
    });
    let keys = window_event_listener(leptos::ev::keydown, move |ev| match ev.key().as_str() {
        "ArrowLeft" => tries.update(|t| {
            t.back();
        }),
        "ArrowRight" => tries.update(|t| {
            t.forward();
        }),
        _ => {}
    });
    on_cleanup(move || keys.remove());
    let rows = move || {
        let locale = i18n.get_locale();
        let c = current.get();
        (0..3usize)
            .map(|i| {
                let line = c.as_ref().and_then(|(_, a, _)| a.lines.get(i).cloned());
                let text_line = line.as_ref().map(|l| text::line(&l.pv)).unwrap_or_default();
                let score = line.as_ref().map(|l| text::eval(locale, l.score)).unwrap_or_else(|| "…".into());
                let mv = line.as_ref().map(|l| l.mv);
                view! {
                    <li class="analysis__line" data-testid=format!("analysis-line-{}", i + 1) data-house=mv.map(|h| h.get())>
                        <Button
                            class="analysis__move"
                            disabled=mv.is_none()
                            on_click=move |_| {
                                if let Some(h) = mv {
                                    tries.update(|t| {
                                        t.play(h);
                                    })
                                }
                            }
                        >
                            {mv.map(|h| h.get().to_string()).unwrap_or_else(|| "–".into())}
                        </Button>
                        <strong class="analysis__score">{score}</strong>
                        <span class="analysis__pv">{text_line}</span>
                    </li>
                }
            })
            .collect_view()
    };
    let status = move || {
        if position.get().is_over() {
            return t_string!(i18n, review.final_).to_string();
        }
        match current.get() {
            Some((_, a, _)) if a.depth > 0 => {
                t_string!(i18n, review.depth, depth = a.depth).to_string()
            }
            _ => t_string!(i18n, review.thinking).to_string(),
        }
    };
    view! {
            <div class="review__layout">
                <div class="review__board">
                    <EvalBar eval=eval />
                    <Board position=position flipped=flipped highlights=highlights on_house=on_house />
                    <div class="replay__nav" role="group">
                        <Button
                            testid="analysis-back"
                            aria_label=text(move || t_string!(i18n, review.back))
                            disabled=move || tries.with(|t| t.counts().0 == 0)
                            on_click=move |_| tries.update(|t| { t.back(); })
    >
                            "◀"
                        </Button>
                        <span class="replay__counter" data-testid="analysis-counter">
                            {move || {
                                let (at, all) = tries.with(Tries::counts);
                                format!("{at} / {all}")
                            }}
                        </span>
                        <Button
                            testid="analysis-forward"
                            aria_label=text(move || t_string!(i18n, review.forward))
                            disabled=move || tries.with(|t| t.counts().0 == t.counts().1)
                            on_click=move |_| tries.update(|t| { t.forward(); })
    >
                            "▶"
                        </Button>
                        <Button
                            testid="analysis-flip"
                            aria_label=text(move || t_string!(i18n, library.flip))
                            on_click=move |_| flipped.update(|f| *f = !*f)
    >
                            "⇅"
                        </Button>
                    </div>
                    <div class="analysis__share">
                        <ShareImage subject=move || {
                            let h = highlights.get_untracked();
                            Subject::Position {
                                position: position.get_untracked(),
                                flipped: flipped.get_untracked(),
                                last: h.last_from.zip(h.last_to),
                            }
                        } />
                    </div>
                </div>
                <div class="review__panel">
                    <p class="review__hint">{text(move || t_string!(i18n, review.analysis_hint))}</p>
                    <p class="analysis__status" role="status" data-testid="analysis-status"
                        data-depth=move || current.get().map(|c| c.1.depth)>
                        {status}
                    </p>
                    <ol class="analysis__lines" aria-label=text(move || t_string!(i18n, review.lines_label))>
                        {rows}
                    </ol>
                </div>
            </div>
        }
}
