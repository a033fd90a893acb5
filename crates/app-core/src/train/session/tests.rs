use super::*;

const MINUTE: u64 = 60_000;
const NOW: u64 = 1_800_000_000_000;

fn h(n: u8) -> House {
    House::new(n).unwrap()
}

/// The study the e2e test trains: 1.7 9 2.6 with a variation 1...1 2.2, two variations for
/// White, one move of White's in each.
const TWO_LINES: &str = "[Study \"Two lines\"]\n\n1. 7 9 (1... 1 2. 2) 2. 6 *\n";

fn two_lines() -> Study {
    let s = Study::read_one(TWO_LINES).expect("the study reads");
    let w1 = s.children(ROOT)[0];
    assert_eq!(s.children(w1).len(), 2, "two replies to 1.7");
    s
}

fn after(moves: &[u8]) -> Position {
    let mut p = Position::start();
    for &m in moves {
        p = p.play(h(m)).unwrap().0;
    }
    p
}

fn session(side: Side, seed: u64) -> Session {
    Session::new("s1", two_lines(), side, Schedule::default(), seed)
}

fn sown(actions: &[Action]) -> usize {
    actions
        .iter()
        .map(|a| match a {
            Action::Sow(f) => f.len(),
            Action::Save => 0,
        })
        .sum()
}

#[test]
fn as_white_the_player_finds_the_first_move_and_the_app_replies_from_the_tree() {
    let mut s = session(Side::White, 1);
    assert!(
        s.start(NOW).is_empty(),
        "nothing to play before White's first move"
    );
    assert_eq!(s.phase(), &Phase::Find);
    assert_eq!(s.move_number(), "1.");
    let actions = s.play(h(7), NOW);
    assert_eq!(actions[0], Action::Save);
    assert!(sown(&actions) > 0);
    assert!(s.feedback().unwrap().right);
    assert_eq!(s.phase(), &Phase::Find);
    let reply = s.last_move().unwrap().1;
    assert!(reply == h(9) || reply == h(1));
    assert_eq!(s.move_number(), "2.");
}

#[test]
fn a_wrong_move_is_shown_then_the_trees_move_is_played_and_next_goes_on() {
    let mut s = session(Side::White, 1);
    s.start(NOW);
    let actions = s.play(h(3), NOW);
    let mut wrong_move = Position::start();
    let outcome = wrong_move.try_play(h(3)).unwrap();
    let mut right_move = Position::start();
    let right_outcome = right_move.try_play(h(7)).unwrap();
    assert_eq!(
        sown(&actions),
        anim::frames(&Position::start(), &outcome).len()
            + anim::frames(&Position::start(), &right_outcome).len(),
        "the wrong move's frames, then the tree's"
    );
    assert_eq!(s.phase(), &Phase::Missed);
    let fb = s.feedback().unwrap();
    assert!(!fb.right);
    assert_eq!(fb.answer, moves::notation(Position::start(), h(7)));
    assert_eq!(fb.line, "1. 76(10)");
    assert_eq!(s.position(), after(&[7]));
    assert_eq!(s.score(), (0, 1));
    s.next(NOW);
    assert_eq!(s.phase(), &Phase::Find, "the app replied");
    assert!(s.feedback().is_none());
}

#[test]
fn a_missed_position_is_due_again_sooner_and_a_new_line_starts_there() {
    let mut s = session(Side::White, 7);
    s.start(NOW);
    s.play(h(7), NOW);
    let missed = s.position();
    let branch = s.last_move().unwrap().1;
    s.play(h(8), NOW);
    assert_eq!(s.phase(), &Phase::Missed);
    s.next(NOW);
    assert_eq!(
        s.phase(),
        &Phase::Done,
        "each line has one more move of White's"
    );
    assert_eq!(
        s.due(NOW + 2 * MINUTE),
        1,
        "the missed position, not the first move"
    );
    let schedule = s.schedule().clone();
    let mut again = Session::new("s1", two_lines(), Side::White, schedule, 3);
    again.start(NOW + 2 * MINUTE);
    assert_eq!(again.position(), missed);
    assert_eq!(again.phase(), &Phase::Find);
    let answer = if branch == h(9) { h(6) } else { h(2) };
    again.play(answer, NOW + 2 * MINUTE);
    assert!(again.feedback().unwrap().right);
    assert_eq!(again.due(NOW + 2 * MINUTE), 0);
}

#[test]
fn after_a_line_the_other_side_leads_to_the_variation_never_trained() {
    for seed in 0..20 {
        let mut s = session(Side::White, seed);
        s.start(NOW);
        s.play(h(7), NOW);
        let first = s.last_move().unwrap().1;
        let answer = if first == h(9) { h(6) } else { h(2) };
        s.play(answer, NOW);
        assert_eq!(s.phase(), &Phase::Done);
        s.next(NOW + 1);
        s.play(h(7), NOW + 1);
        let second = s.last_move().unwrap().1;
        assert_ne!(first, second, "seed {seed}: the other variation");
    }
}

#[test]
fn once_every_position_is_known_the_main_line_comes_most_often() {
    let mut schedule = Schedule::default();
    for moves in [&[][..], &[7, 9], &[7, 1]] {
        schedule.answer("s1", &after(moves), true, NOW);
    }
    let mut s = Session::new("s1", two_lines(), Side::White, schedule, 11);
    let mut main = 0;
    for _ in 0..200 {
        s.start(NOW + 1);
        s.play(h(7), NOW + 1);
        if s.last_move().unwrap().1 == h(9) {
            main += 1;
        }
    }
    assert!(
        (120..180).contains(&main),
        "three in four on the main line: {main}"
    );
}

#[test]
fn as_black_the_app_plays_whites_first_move_and_the_player_answers() {
    let mut s = session(Side::Black, 2);
    let actions = s.start(NOW);
    assert!(sown(&actions) > 0, "White's first move is played");
    assert_eq!(s.position(), after(&[7]));
    assert_eq!(s.move_number(), "1...");
    s.play(h(1), NOW);
    assert!(
        s.feedback().unwrap().right,
        "a variation's move is the tree's too"
    );
    assert_eq!(s.position(), after(&[7, 1, 2]));
    assert_eq!(s.phase(), &Phase::Done);
}

#[test]
fn a_study_without_a_move_of_the_side_trained_has_nothing_to_train() {
    let mut one = Study::new(Position::start());
    one.play(ROOT, h(7)).unwrap();
    let mut s = Session::new("s1", one, Side::Black, Schedule::default(), 1);
    assert!(s.start(NOW).is_empty());
    assert_eq!(s.phase(), &Phase::Nothing);
    assert!(s.play(h(1), NOW).is_empty());
    assert!(s.next(NOW).is_empty());
}

#[test]
fn a_move_the_rules_refuse_is_ignored_and_not_graded() {
    let start: Position = "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 9/0 -/- w"
        .parse()
        .unwrap();
    let mut study = Study::new(start);
    study.play(ROOT, h(2)).unwrap();
    let mut s = Session::new("s1", study, Side::White, Schedule::default(), 1);
    s.start(NOW);
    assert!(s.play(h(1), NOW).is_empty(), "house 1 is empty");
    assert_eq!(s.phase(), &Phase::Find);
    assert!(s.schedule().cards().is_empty());
}
