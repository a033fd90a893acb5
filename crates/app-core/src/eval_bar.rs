//! The evaluation bar's one formula, for every screen that shows the bar (play, the review,
//! the analysis board): White's share of the bar is White's winning chances,
//! `toguz_coach::review::win_percent`, the logistic the review's graph and accuracies use.
//!
//! Why the logistic: it is fitted to the results of real games (PlayOK, see
//! `toguz_coach::review::WIN_SCALE`), so the bar says how often a player this far ahead wins;
//! a straight line to ±20 korgools says 93% at +17 where such players win 73% of their
//! games, and cannot tell +20 from +30. And one scale everywhere: the bar of the play screen,
//! the review's bar and its graph agree on every position.
//!
//! Computed here in integers, from a table of the curve every korgool: the play screen's bar
//! is in the first visit's code, which then carries no floating-point `exp` (a few KB of the
//! download); a test holds the table to the curve.

use toguz_coach::review::EVAL_CAP;
use toguz_engine::search::Score;

/// The logistic `10000 / (1 + e^(-x / WIN_SCALE))` at `x` = 0, 100, ..., 3000 hundredths of a
/// korgool (`EVAL_CAP`), in hundredths of a percent.
const CURVE: [u16; 31] = [
    5000, 5147, 5294, 5440, 5586, 5730, 5873, 6015, 6155, 6293, 6430, 6563, 6695, 6824, 6950, 7073,
    7193, 7311, 7425, 7536, 7643, 7747, 7848, 7946, 8040, 8131, 8219, 8304, 8385, 8463, 8538,
];

/// White's share of the bar, 0 to 100, for an evaluation from White's view: White's winning
/// chances, rounded; a proven win is 100 and a proven loss 0.
pub fn white_share(white: Score) -> u8 {
    match white.plies_to_end() {
        Some(p) if p >= 0 => 100,
        Some(_) => 0,
        None => {
            let h = white.get().clamp(-EVAL_CAP, EVAL_CAP);
            let ahead = curve(h.unsigned_abs());
            let hundredths = if h >= 0 { ahead } else { 10_000 - ahead };
            // 0..=10000 hundredths of a percent, rounded to a percent: at most 100.
            ((hundredths + 50) / 100) as u8
        }
    }
}

/// The curve at `x` hundredths of a korgool (at most `EVAL_CAP`), in hundredths of a
/// percent: the table, straight between its points.
fn curve(x: u32) -> u32 {
    let (i, r) = ((x / 100) as usize, x % 100);
    let at = u32::from(CURVE[i]);
    match CURVE.get(i + 1) {
        Some(&next) => at + ((u32::from(next) - at) * r + 50) / 100,
        None => at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_coach::review::win_percent;

    #[test]
    fn the_bar_is_the_reviews_winning_chances_for_every_evaluation() {
        for h in -4000..=4000 {
            let s = Score::from_eval(h);
            let share = f64::from(white_share(s));
            let exact = win_percent(s);
            // Rounded to a percent from the table, which is within 0.02 of the curve.
            assert!(
                (share - exact).abs() <= 0.52,
                "{h}: {share} against {exact}"
            );
        }
    }

    #[test]
    fn an_even_position_is_half_and_seventeen_korgools_ahead_is_seventy_three() {
        assert_eq!(white_share(Score::DRAW), 50);
        assert_eq!(white_share(Score::from_eval(1700)), 73);
        assert_eq!(white_share(Score::from_eval(-1700)), 27);
    }

    #[test]
    fn a_proven_result_fills_or_empties_the_bar_and_a_huge_lead_stops_short_of_it() {
        assert_eq!(white_share(Score::win_in(5)), 100);
        assert_eq!(white_share(Score::loss_in(2)), 0);
        assert_eq!(white_share(Score::from_eval(9_000)), 85);
        assert_eq!(white_share(Score::from_eval(-9_000)), 15);
    }

    #[test]
    fn the_bar_never_shrinks_as_white_gains() {
        let shares: Vec<u8> = (-3500..=3500)
            .map(|h| white_share(Score::from_eval(h)))
            .collect();
        assert!(shares.windows(2).all(|w| w[0] <= w[1]));
    }
}
