//! The rating estimate from a game's accuracy and length.

use toguz_coach::estimate::{estimate_rating, RatingFit, MIN_MOVES, PLAYOK_FIT};

#[test]
fn a_more_accurate_game_reads_as_a_higher_rating() {
    let lower = estimate_rating(95.0, 60).unwrap();
    let higher = estimate_rating(96.5, 60).unwrap();
    assert!(higher.rating > lower.rating, "{lower:?} {higher:?}");
}

#[test]
fn the_mean_accuracy_of_a_rating_reads_back_as_that_rating() {
    for rating in [1300.0, 1500.0, 1700.0, 1900.0] {
        let acc = PLAYOK_FIT.accuracy_at(rating);
        let e = estimate_rating(acc, 60).unwrap();
        assert!(
            (f64::from(e.rating) - rating).abs() <= 10.0,
            "{rating}: {e:?}"
        );
    }
}

#[test]
fn a_longer_game_gives_a_narrower_range_around_the_same_rating() {
    let fit = RatingFit {
        intercept: 90.0,
        slope: 0.004,
        skill: 0.2,
        per_move: 60.0,
        floor: 600.0,
        ceiling: 2400.0,
    };
    let acc = fit.accuracy_at(1600.0);
    let short = fit.estimate(acc, MIN_MOVES).unwrap();
    let long = fit.estimate(acc, 150).unwrap();
    assert_eq!((short.rating, long.rating), (1600, 1600));
    assert!(
        long.high - long.low < short.high - short.low,
        "{short:?} {long:?}"
    );
    assert!(long.low <= long.rating && long.rating <= long.high);
}

#[test]
fn on_the_playok_games_one_games_accuracy_cannot_place_a_player() {
    // The accuracy hardly changes with the rating there, so a 60-move side's spread covers
    // the whole scale: the range says so rather than a precision the data do not have.
    let e = estimate_rating(PLAYOK_FIT.accuracy_at(1700.0), 60).unwrap();
    assert_eq!((e.low, e.high), (600, 2400), "{e:?}");
}

#[test]
fn a_game_too_short_to_tell_gives_no_estimate() {
    assert_eq!(estimate_rating(96.0, MIN_MOVES - 1), None);
    assert_eq!(estimate_rating(96.0, 0), None);
    assert!(estimate_rating(96.0, MIN_MOVES).is_some());
    assert_eq!(estimate_rating(f64::NAN, 80), None);
}

#[test]
fn the_estimate_stays_within_the_scale_the_data_allows() {
    let worst = estimate_rating(0.0, 80).unwrap();
    let best = estimate_rating(100.0, 80).unwrap();
    assert_eq!(f64::from(worst.rating), PLAYOK_FIT.floor);
    assert_eq!(f64::from(best.rating), PLAYOK_FIT.ceiling);
    assert!(worst.low >= 600 && best.high <= 2400, "{worst:?} {best:?}");
}

#[test]
fn the_spread_shrinks_with_the_number_of_moves() {
    let fit = RatingFit {
        intercept: 90.0,
        slope: 0.01,
        skill: 1.0,
        per_move: 100.0,
        floor: 0.0,
        ceiling: 3000.0,
    };
    assert!((fit.spread(100) - 2f64.sqrt()).abs() < 1e-9);
    assert!(fit.spread(400) < fit.spread(100));
    assert!((fit.rating_at(95.0) - 500.0).abs() < 1e-9);
}
