//! The sound effects as data: which effect a move or an animation step makes, and its notes.
//! `platform::sound` plays them with the Web Audio API.

use toguz_engine::MoveOutcome;

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
