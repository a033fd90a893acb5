//! The rating estimate after a game: the result against the opponent's rating and the
//! difference of the two sides' accuracies, over the PlayOK players' ratings as the prior.

use toguz_coach::estimate::{Evidence, GameSide, MIN_MOVES, RatingEstimate, estimate};

/// A game of `moves` moves a side against an opponent rated `opponent`, with these
/// accuracies and this score.
fn game(moves: usize, own: f64, other: f64, opponent: f64, score: f64) -> Evidence {
    Evidence {
        own: GameSide {
            accuracy: Some(own),
            moves,
        },
        opponent: GameSide {
            accuracy: Some(other),
            moves,
        },
        opponent_rating: opponent,
        score: Some(score),
    }
}

fn width(e: RatingEstimate) -> u16 {
    e.high - e.low
}

#[test]
fn an_even_game_against_a_typical_player_reads_as_a_typical_player() {
    let e = estimate(&game(60, 95.0, 95.0, 1697.0, 0.5)).unwrap();
    assert!((1650..=1750).contains(&e.rating), "{e:?}");
    assert!(e.low < e.rating && e.rating < e.high, "{e:?}");
}

#[test]
fn a_longer_game_narrows_the_range() {
    let short = estimate(&game(MIN_MOVES, 96.0, 95.0, 1700.0, 1.0)).unwrap();
    let long = estimate(&game(150, 96.0, 95.0, 1700.0, 1.0)).unwrap();
    assert!(width(long) < width(short), "{short:?} {long:?}");
}

#[test]
fn a_win_moves_the_estimate_up_and_a_loss_down() {
    let draw = estimate(&game(60, 95.0, 95.0, 2050.0, 0.5)).unwrap();
    let win = estimate(&game(60, 95.0, 95.0, 2050.0, 1.0)).unwrap();
    let loss = estimate(&game(60, 95.0, 95.0, 2050.0, 0.0)).unwrap();
    assert!(
        loss.rating < draw.rating && draw.rating < win.rating,
        "{loss:?} {draw:?} {win:?}"
    );
}

#[test]
fn beating_a_stronger_level_says_more_than_beating_a_weaker_one() {
    let weak = estimate(&game(60, 95.0, 95.0, 1350.0, 1.0)).unwrap();
    let strong = estimate(&game(60, 95.0, 95.0, 2700.0, 1.0)).unwrap();
    assert!(weak.rating < strong.rating, "{weak:?} {strong:?}");
}

#[test]
fn a_better_accuracy_difference_moves_the_estimate_up() {
    let worse = estimate(&game(60, 94.0, 96.0, 1700.0, 0.0)).unwrap();
    let better = estimate(&game(60, 96.0, 94.0, 1700.0, 0.0)).unwrap();
    assert!(worse.rating < better.rating, "{worse:?} {better:?}");
}

#[test]
fn fewer_than_the_least_moves_give_no_number() {
    assert_eq!(
        estimate(&game(MIN_MOVES - 1, 99.0, 90.0, 1700.0, 1.0)),
        None
    );
    assert!(estimate(&game(MIN_MOVES, 99.0, 90.0, 1700.0, 1.0)).is_some());
}

#[test]
fn bad_numbers_never_panic_and_give_an_estimate_from_what_is_left() {
    let nan = game(60, f64::NAN, 95.0, 1700.0, f64::NAN);
    let e = estimate(&nan).unwrap();
    assert!(e.low <= e.rating && e.rating <= e.high);
    let inf = game(60, f64::INFINITY, f64::NEG_INFINITY, 1700.0, 2.0);
    assert!(estimate(&inf).is_some());
    assert_eq!(estimate(&game(60, 95.0, 95.0, f64::NAN, 1.0)), None);
    // No accuracies, no result, an opponent who never moved: the prior alone.
    let empty = Evidence {
        own: GameSide {
            accuracy: None,
            moves: 40,
        },
        opponent: GameSide {
            accuracy: None,
            moves: 0,
        },
        opponent_rating: 1700.0,
        score: None,
    };
    assert!(estimate(&empty).is_some());
    // An opponent who never moved but has an accuracy: no division by zero.
    let odd = Evidence {
        opponent: GameSide {
            accuracy: Some(90.0),
            moves: 0,
        },
        ..empty
    };
    assert!(estimate(&odd).is_some());
}

#[test]
fn the_range_holds_the_estimate_across_the_levels_and_results() {
    for opponent in [
        1350.0, 1600.0, 1900.0, 2150.0, 2450.0, 2700.0, 2950.0, 3100.0,
    ] {
        for score in [0.0, 0.5, 1.0] {
            for (own, other) in [(90.0, 99.0), (95.0, 95.0), (99.0, 90.0)] {
                let e = estimate(&game(45, own, other, opponent, score)).unwrap();
                assert!(e.low <= e.rating && e.rating <= e.high, "{e:?}");
                assert!(
                    e.rating.is_multiple_of(10) && (600..=3400).contains(&e.rating),
                    "{e:?}"
                );
            }
        }
    }
}
