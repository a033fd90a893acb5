//! Glicko-2 through the wrapper, against the worked example of Glickman's paper.

use toguz_coach::rating::{Attempt, PlayerRating, PuzzleRating, Rating, pick_near};

/// Glickman, "Example of the Glicko-2 system" (2013): a player rated 1500 (RD 200, volatility
/// 0.06) beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300); with tau 0.5
/// the new rating is 1464.06, RD 151.52, volatility 0.05999.
#[test]
fn glickman_worked_example() {
    let player = Rating {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
    };
    let opp = |rating, deviation| Rating {
        rating,
        deviation,
        volatility: 0.06,
    };
    let r = player.after_period(&[
        (opp(1400.0, 30.0), 1.0),
        (opp(1550.0, 100.0), 0.0),
        (opp(1700.0, 300.0), 0.0),
    ]);
    assert!((r.rating - 1464.06).abs() < 0.01, "{r:?}");
    assert!((r.deviation - 151.52).abs() < 0.01, "{r:?}");
    assert!((r.volatility - 0.05999).abs() < 0.00001, "{r:?}");
}

#[test]
fn solving_raises_failing_lowers() {
    let player = PlayerRating::default();
    assert_eq!(player.0.rating, 1500.0);
    assert_eq!(player.0.deviation, 350.0);
    let puzzle = PuzzleRating::initial(1500);
    let (won, easier) = player.after(&puzzle, Attempt::Solved);
    let (lost, harder) = player.after(&puzzle, Attempt::Failed);
    assert!(won.0.rating > 1500.0 && lost.0.rating < 1500.0);
    assert!(easier.0.rating < 1500.0 && harder.0.rating > 1500.0);
    // Symmetric around an equal opponent.
    assert!(((won.0.rating - 1500.0) + (lost.0.rating - 1500.0)).abs() < 1e-6);
    // The uncertain new player moves far more than the puzzle.
    assert!(won.0.rating - 1500.0 > 1500.0 - easier.0.rating);
    // Solving a much harder puzzle gains more than solving a much easier one.
    let (a, _) = player.after(&PuzzleRating::initial(2000), Attempt::Solved);
    let (b, _) = player.after(&PuzzleRating::initial(1000), Attempt::Solved);
    assert!(a.0.rating > b.0.rating);
}

#[test]
fn picks_the_nearest_unsolved() {
    let ratings = [900, 1450, 1530, 2100];
    let player = PlayerRating(Rating {
        rating: 1500.0,
        ..Rating::default()
    });
    assert_eq!(player.pick(&ratings, |_| false), Some(2));
    assert_eq!(player.pick(&ratings, |i| i == 2), Some(1));
    assert_eq!(pick_near(&ratings, 3000.0, |_| false), Some(3));
    assert_eq!(pick_near(&[], 1500.0, |_| false), None);
}

#[test]
fn ratings_serialise() {
    let p = PlayerRating::default();
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(
        json,
        r#"{"rating":1500.0,"deviation":350.0,"volatility":0.06}"#
    );
    assert_eq!(serde_json::from_str::<PlayerRating>(&json).unwrap(), p);
}
