//! The review: classification and accuracy functions, a hand-made blunder, an Expert game
//! without blunders, and the errors of mismatched analyses.

use toguz_coach::review::{
    EVAL_CAP, Loss, MoveClass, PositionAnalysis, Reason, ReviewError, ReviewSettings, Thresholds,
    analyse_position, clamped, move_accuracy, review_game, side_accuracy, win_percent,
};
use toguz_engine::record::read_games;
use toguz_engine::search::{Score, Searcher};
use toguz_engine::{House, Position};

fn houses(ms: &[u8]) -> Vec<House> {
    ms.iter().map(|&m| House::new(m).unwrap()).collect()
}

/// Analyses every position before a move, as a worker would.
fn analyse(start: &Position, moves: &[House], settings: &ReviewSettings) -> Vec<PositionAnalysis> {
    let mut searcher = Searcher::new(16);
    let mut pos = *start;
    moves
        .iter()
        .map(|&m| {
            let a = analyse_position(&mut searcher, &pos, Some(m), settings, |_| false).unwrap();
            pos.play_unchecked(m);
            a
        })
        .collect()
}

#[test]
fn classes_by_threshold() {
    let t = Thresholds::DEFAULT;
    let class = |l: u32| t.classify(Loss(l), false);
    assert_eq!(class(0), MoveClass::Best);
    assert_eq!(class(1), MoveClass::Good);
    assert_eq!(class(t.inaccuracy - 1), MoveClass::Good);
    assert_eq!(class(t.inaccuracy), MoveClass::Inaccuracy);
    assert_eq!(class(t.mistake - 1), MoveClass::Inaccuracy);
    assert_eq!(class(t.mistake), MoveClass::Mistake);
    assert_eq!(class(t.blunder - 1), MoveClass::Mistake);
    assert_eq!(class(t.blunder), MoveClass::Blunder);
    assert_eq!(class(100_000), MoveClass::Blunder);
    // The engine's own move is best whatever the numbers say.
    assert_eq!(t.classify(Loss(5000), true), MoveClass::Best);
    assert!(t.inaccuracy < t.mistake && t.mistake < t.blunder);
    let names: Vec<&str> = MoveClass::ALL.iter().map(|c| c.name()).collect();
    assert_eq!(names, ["best", "good", "inaccuracy", "mistake", "blunder"]);
    assert_eq!(
        serde_json::to_string(&MoveClass::Blunder).unwrap(),
        "\"blunder\""
    );
}

#[test]
fn losses_are_clamped_at_the_cap() {
    let e = Score::from_eval;
    assert_eq!(Loss::between(e(500), e(-300)), Loss(800));
    assert_eq!(Loss::between(e(-300), e(500)), Loss(0));
    // Far ahead either way: nothing lost.
    assert_eq!(Loss::between(e(EVAL_CAP + 2000), e(EVAL_CAP + 10)), Loss(0));
    // A forced win thrown away into an even game: the whole cap.
    assert_eq!(Loss::between(Score::win_in(7), e(0)), Loss(EVAL_CAP as u32));
    assert_eq!(
        Loss::between(e(0), Score::loss_in(4)),
        Loss(EVAL_CAP as u32)
    );
    assert_eq!(clamped(Score::loss_in(2)), -EVAL_CAP);
}

#[test]
fn accuracy_formulas() {
    // Win chances: even at 0, symmetric, increasing, 0 and 100 for proven results.
    assert_eq!(win_percent(Score::DRAW), 50.0);
    for v in [100, 500, 1500, 2900] {
        let (up, down) = (
            win_percent(Score::from_eval(v)),
            win_percent(Score::from_eval(-v)),
        );
        assert!((up + down - 100.0).abs() < 1e-9);
        assert!(up > 50.0 && up < 100.0);
        assert!(win_percent(Score::from_eval(v + 100)) > up);
    }
    assert_eq!(win_percent(Score::win_in(9)), 100.0);
    assert_eq!(win_percent(Score::loss_in(9)), 0.0);
    // A move's accuracy: 100 without a drop, falling with it, never outside 0..100.
    assert_eq!(move_accuracy(0.0), 100.0);
    assert_eq!(move_accuracy(-5.0), 100.0);
    let mut last = 100.0;
    for drop in 1..=100 {
        let a = move_accuracy(f64::from(drop));
        assert!(a < last || a == 0.0, "{drop}");
        assert!((0.0..=100.0).contains(&a));
        last = a;
    }
    assert_eq!(move_accuracy(100.0), 0.0);
    assert_eq!(side_accuracy(&[100.0, 80.0, 30.0]), Some(70.0));
}

/// The game 4 1 2?: White's house 2 takes two but leaves Black's house 9 (10 korgools) to land on
/// White's house 9, which then holds 12: Black takes 12. The engine plays 9 instead.
#[test]
fn a_move_that_gives_away_a_capture_is_a_blunder() {
    let start = Position::start();
    let moves = houses(&[4, 1, 2]);
    let analyses = analyse(&start, &moves, &ReviewSettings::default());
    let r = review_game(&start, &moves, &analyses).unwrap();
    let last = &r.moves[2];
    assert_eq!(last.class, MoveClass::Blunder, "{last:?}");
    assert_ne!(last.best.mv, House::new(2).unwrap());
    assert_eq!(last.best.pv.first(), Some(&last.best.mv));
    assert!(last.loss >= Loss(Thresholds::DEFAULT.blunder));
    assert!(
        last.reasons
            .iter()
            .any(|x| matches!(x, Reason::GivesAwayCapture { count } if *count >= 10)),
        "{:?}",
        last.reasons
    );
    // The line of the move played starts with it, then Black's capture from house 9.
    assert_eq!(last.line.pv[..2], houses(&[2, 9])[..]);
    for side in [r.accuracy.white, r.accuracy.black] {
        let a = side.unwrap();
        assert!((0.0..=100.0).contains(&a), "{a}");
    }
    assert!(r.accuracy.white < r.accuracy.black);
    assert_eq!(r.evals.len(), 4);
    assert_eq!(r.counts.white[MoveClass::Blunder.index()], 1);
}

/// A game of the engine against itself (Expert on 2 000 000 nodes a move, generated by the
/// `expert_game` example): no blunder at the review's default depth.
#[test]
fn an_expert_game_has_no_blunder() {
    let text = include_str!("data/expert-selfplay.pgn");
    let (_, game) = read_games(text).remove(0).unwrap();
    let moves: Vec<House> = game.moves().iter().map(|m| m.house).collect();
    assert!(moves.len() >= 60, "{}", moves.len());
    let analyses = analyse(&game.start(), &moves, &ReviewSettings::default());
    let r = review_game(&game.start(), &moves, &analyses).unwrap();
    let blunders: Vec<_> = r
        .moves
        .iter()
        .filter(|m| m.class == MoveClass::Blunder)
        .collect();
    assert!(blunders.is_empty(), "{blunders:?}");
    for side in [r.accuracy.white, r.accuracy.black] {
        let a = side.unwrap();
        assert!((80.0..=100.0).contains(&a), "{a}");
    }
}

#[test]
fn mismatched_analyses_are_errors() {
    let start = Position::start();
    let moves = houses(&[7, 9]);
    let settings = ReviewSettings {
        depth: 4,
        ..ReviewSettings::default()
    };
    let analyses = analyse(&start, &moves, &settings);
    assert_eq!(
        review_game(&start, &moves, &analyses[..1]).unwrap_err(),
        ReviewError::MissingAnalysis { ply: 1 }
    );
    let mut swapped = analyses.clone();
    swapped[1].lines.retain(|l| l.mv != moves[1]);
    swapped[1].played = None;
    assert_eq!(
        review_game(&start, &moves, &swapped).unwrap_err(),
        ReviewError::PlayedMoveNotAnalysed { ply: 1 }
    );
    let mut empty = analyses.clone();
    empty[0].lines.clear();
    assert_eq!(
        review_game(&start, &moves, &empty).unwrap_err(),
        ReviewError::NoBestLine { ply: 0 }
    );
    // 7 then Black's house 6: empty after White's capture there.
    let illegal = houses(&[7, 6]);
    let mut a2 = analyses.clone();
    a2[1].played = Some(a2[1].lines[0].clone());
    a2[1].played.as_mut().unwrap().mv = illegal[1];
    assert_eq!(
        review_game(&start, &illegal, &a2).unwrap_err(),
        ReviewError::IllegalMove { ply: 1 }
    );
    // Serde round trip of a review (what the store keeps).
    let r = review_game(&start, &moves, &analyses).unwrap();
    let json = serde_json::to_string(&r).unwrap();
    let back: toguz_coach::review::GameReview = serde_json::from_str(&json).unwrap();
    assert_eq!((&back.evals, &back.counts), (&r.evals, &r.counts));
    assert_eq!(back.moves.len(), r.moves.len());
    for (a, b) in back.moves.iter().zip(&r.moves) {
        assert_eq!(
            (a.class, a.loss, &a.best, &a.line, &a.reasons),
            (b.class, b.loss, &b.best, &b.line, &b.reasons)
        );
        assert!((a.accuracy - b.accuracy).abs() < 1e-9);
    }
}

#[test]
fn cancelling_gives_no_analysis() {
    let mut s = Searcher::new(1);
    let settings = ReviewSettings::default();
    let a = analyse_position(&mut s, &Position::start(), None, &settings, |_| true);
    assert_eq!(a, None);
}

#[test]
fn eval_comments_round_trip() {
    use toguz_coach::review::{eval_comment, parse_eval_comment};
    for v in [0, 1, 10, 99, 100, 250, 1207, -5, -250, -1207, 8000] {
        let s = Score::from_eval(v);
        assert_eq!(parse_eval_comment(&eval_comment(s)), Some(s), "{v}");
    }
    for s in [Score::win_in(1), Score::win_in(30), Score::loss_in(2)] {
        assert_eq!(parse_eval_comment(&eval_comment(s)), Some(s));
    }
    assert_eq!(eval_comment(Score::DRAW), "[%eval 0]");
    assert_eq!(
        parse_eval_comment("[%eval +3.07] the best"),
        Some(Score::from_eval(307))
    );
    for bad in [
        "",
        "[%eval]",
        "[%eval 1.234]",
        "[%eval .5]",
        "[%eval 1,5]",
        "[%eval #x]",
        "[%eval 2.5",
    ] {
        assert_eq!(parse_eval_comment(bad), None, "{bad}");
    }
    // The comment survives a record's write and read (the engine keeps comments).
    let text = format!(
        "[White \"a\"]\n[Black \"b\"]\n\n1. 76(10) {{{}}} *\n",
        eval_comment(Score::from_eval(500))
    );
    let games = toguz_engine::record::read(&text);
    let rec = games[0].as_ref().unwrap();
    assert_eq!(
        parse_eval_comment(&rec.moves[0].comments[0]),
        Some(Score::from_eval(500))
    );
}

/// Learn from your mistakes: at the blunder of 4 1 2?, the engine's 9 is found, the blunder
/// again is not, an illegal house is refused.
#[test]
fn retries_are_judged() {
    use toguz_coach::review::{Retry, judge_retry};
    let start = Position::start();
    let moves = houses(&[4, 1, 2]);
    let settings = ReviewSettings {
        depth: 8,
        ..ReviewSettings::default()
    };
    let analyses = analyse(&start, &moves, &settings);
    let r = review_game(&start, &moves, &analyses).unwrap();
    let m = &r.moves[2];
    let mut pos = start;
    pos.play_unchecked(moves[0]);
    pos.play_unchecked(moves[1]);
    let mut s = Searcher::new(4);
    let judge = |s: &mut Searcher, h: u8| {
        judge_retry(s, &pos, m, House::new(h).unwrap(), &settings, |_| false).unwrap()
    };
    assert_eq!(
        judge(&mut s, m.best.mv.get()),
        Retry::Found { loss: Loss(0) }
    );
    assert!(matches!(judge(&mut s, 2), Retry::NotBetter { loss } if loss == m.loss));
    // White's house 1 is empty after 4 1 (0,9,9,1,10,10,10,10,10/...).
    assert_eq!(judge(&mut s, 1), Retry::Illegal);
    // Every other legal try is judged one way or the other, consistently with its loss.
    for h in pos.legal_moves() {
        match judge(&mut s, h.get()) {
            Retry::Found { loss } => {
                assert!(loss.0 < Thresholds::DEFAULT.inaccuracy || h == m.best.mv)
            }
            Retry::NotBetter { loss } => assert!(loss.0 >= Thresholds::DEFAULT.inaccuracy),
            Retry::Illegal => panic!("{h} is legal"),
        }
    }
}

/// A game of a random mover (seeded) as White against the search at depth 4.
fn random_against_the_engine(mut seed: u64) -> Vec<House> {
    let mut searcher = Searcher::new(4);
    let mut pos = Position::start();
    let mut moves = Vec::new();
    while !pos.is_over() {
        let m = if pos.turn() == toguz_engine::Side::White {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let legal: Vec<House> = pos.legal_moves().collect();
            legal[(seed % legal.len() as u64) as usize]
        } else {
            let limits = toguz_engine::search::Limits::depth(4);
            searcher.search(&pos, &limits, |_| false).best.unwrap()
        };
        moves.push(m);
        pos.play_unchecked(m);
    }
    moves
}

#[test]
fn a_random_mover_scores_below_every_human_side_of_real_games() {
    let settings = ReviewSettings {
        depth: 6,
        nodes: 200_000,
        lines: 1,
    };
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../public/playok/korgol.pgn"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut human = Vec::new();
    for read in read_games(&text).into_iter().take(4) {
        let (_, game) = read.unwrap();
        let moves: Vec<House> = game.moves().iter().map(|m| m.house).collect();
        let review = review_game(
            &game.start(),
            &moves,
            &analyse(&game.start(), &moves, &settings),
        )
        .unwrap();
        human.extend([
            review.accuracy.white.unwrap(),
            review.accuracy.black.unwrap(),
        ]);
    }
    let lowest_human = human.iter().copied().fold(f64::INFINITY, f64::min);
    let start = Position::start();
    for seed in [
        0x9e37_79b9_7f4a_7c15,
        0x2545_f491_4f6c_dd1d,
        0x1234_5678_9abc_def1,
    ] {
        let moves = random_against_the_engine(seed);
        let review = review_game(&start, &moves, &analyse(&start, &moves, &settings)).unwrap();
        let random = review.accuracy.white.unwrap();
        assert!(
            random < lowest_human - 5.0,
            "a random mover ({} moves) scored {random:.1}, the humans {human:.1?}",
            moves.len().div_ceil(2)
        );
    }
}
