//! Sound effects made in the browser with the Web Audio API: short synthesised tones, no
//! files to download, nothing that works offline differently.
//!
//! Browsers only let a page make sound after the player has touched it, so the audio context
//! is created by [`unlock`] from a pointer or key event; until then [`play`] is silent.

use std::cell::RefCell;

use toguz_engine::MoveOutcome;
use web_sys::{AudioContext, AudioContextState, OscillatorType};

use crate::anim::Step;

/// A sound effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The pile lifted from a house.
    Lift,
    /// One korgool dropped into a house.
    Drop,
    /// A capture of an even count.
    Capture,
    /// A tuz made.
    Tuz,
    /// The end of the game.
    End,
}

impl Effect {
    /// The effect of one animation step, if it has one.
    pub fn of_step(step: Step) -> Option<Effect> {
        match step {
            Step::Still => None,
            Step::Lift(_) => Some(Effect::Lift),
            Step::Drop(_) | Step::ThroughTuz(..) => Some(Effect::Drop),
            Step::Capture { .. } => Some(Effect::Capture),
            Step::Tuz(_) => Some(Effect::Tuz),
            Step::Collect => Some(Effect::End),
        }
    }

    /// The one effect that sums up a move played without animation.
    pub fn of_outcome(outcome: &MoveOutcome) -> Effect {
        match outcome.capture {
            _ if outcome.end.is_some() => Effect::End,
            Some(c) if c.tuz => Effect::Tuz,
            Some(_) => Effect::Capture,
            None => Effect::Drop,
        }
    }

    /// The notes of the effect: (start offset s, frequency Hz, length s, volume).
    pub fn notes(self) -> &'static [(f64, f32, f64, f32)] {
        match self {
            Effect::Lift => &[(0.0, 330.0, 0.06, 0.10)],
            Effect::Drop => &[(0.0, 880.0, 0.045, 0.08)],
            Effect::Capture => &[(0.0, 523.25, 0.09, 0.16), (0.08, 783.99, 0.16, 0.16)],
            Effect::Tuz => &[
                (0.0, 523.25, 0.1, 0.16),
                (0.09, 659.25, 0.1, 0.16),
                (0.18, 1046.5, 0.22, 0.16),
            ],
            Effect::End => &[
                (0.0, 392.0, 0.14, 0.15),
                (0.13, 523.25, 0.14, 0.15),
                (0.26, 659.25, 0.14, 0.15),
                (0.39, 783.99, 0.35, 0.15),
            ],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::{House, Position};

    #[test]
    fn effects_follow_the_outcome() {
        let (_, capture) = Position::start().play(House::new(7).unwrap()).unwrap();
        assert_eq!(Effect::of_outcome(&capture), Effect::Capture);
        let (_, quiet) = Position::start().play(House::new(1).unwrap()).unwrap();
        assert_eq!(Effect::of_outcome(&quiet), Effect::Drop);
        let p: Position = "9,9,9,9,9,9,9,9,3/9,2,9,9,9,9,9,9,9 7/6 -/- w"
            .parse()
            .unwrap();
        let (_, tuz) = p.play(House::new(9).unwrap()).unwrap();
        assert_eq!(Effect::of_outcome(&tuz), Effect::Tuz);
        for e in [
            Effect::Lift,
            Effect::Drop,
            Effect::Capture,
            Effect::Tuz,
            Effect::End,
        ] {
            assert!(e
                .notes()
                .iter()
                .all(|&(_, f, d, v)| f > 0.0 && d > 0.0 && v <= 0.2));
        }
    }
}

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// Creates (or resumes) the audio context. Call it from a user gesture.
pub fn unlock() {
    CONTEXT.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = AudioContext::new().ok();
        }
        if let Some(ctx) = c.as_ref() {
            if ctx.state() == AudioContextState::Suspended {
                let _ = ctx.resume();
            }
        }
    });
}

/// Plays an effect, if the audio context is running. Never fails loudly: a browser without
/// Web Audio simply stays silent.
pub fn play(effect: Effect) {
    CONTEXT.with(|c| {
        if let Some(ctx) = c.borrow().as_ref() {
            if ctx.state() == AudioContextState::Running {
                let _ = schedule(ctx, effect);
            }
        }
    });
}

fn schedule(ctx: &AudioContext, effect: Effect) -> Result<(), wasm_bindgen::JsValue> {
    let now = ctx.current_time();
    for &(offset, freq, length, volume) in effect.notes() {
        let t = now + offset;
        let osc = ctx.create_oscillator()?;
        osc.set_type(OscillatorType::Triangle);
        osc.frequency().set_value(freq);
        let gain = ctx.create_gain()?;
        let g = gain.gain();
        g.set_value_at_time(0.0001, t)?;
        g.exponential_ramp_to_value_at_time(volume, t + 0.006)?;
        g.exponential_ramp_to_value_at_time(0.0001, t + length)?;
        osc.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&ctx.destination())?;
        osc.start_with_when(t)?;
        osc.stop_with_when(t + length + 0.02)?;
    }
    Ok(())
}
