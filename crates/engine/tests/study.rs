//! The study's tree and its text: variations, comments and glyphs read and written back, every
//! error named with its place in the tree, and deep trees handled without recursion trouble.

use std::path::Path as FsPath;

use toguz_engine::record::RecordErrorKind;
use toguz_engine::study::{
    Glyph, MAX_NESTING, Path, ROOT, Study, StudyError, StudyErrorKind, StudyMoveError,
};
use toguz_engine::{GameError, House, MoveError, Position};

fn h(n: u8) -> House {
    House::new(n).unwrap()
}

fn read(text: &str) -> Study {
    Study::read_one(text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

fn error(text: &str) -> StudyError {
    match Study::read_one(text) {
        Ok(s) => panic!("{text} read as {s}"),
        Err(e) => e.expect("an error, not an empty text"),
    }
}

fn at(s: &Study, path: &str) -> usize {
    s.find(&path.parse().unwrap())
        .unwrap_or_else(|| panic!("no node at {path}"))
}

#[test]
fn a_move_other_than_the_next_starts_a_variation_and_nothing_is_lost() {
    let mut s = Study::default();
    let a = s.play(ROOT, h(7)).unwrap();
    let b = s.play(a, h(9)).unwrap();
    let side = s.play(ROOT, h(9)).unwrap();
    assert_eq!(s.children(ROOT), [a, side]);
    assert_eq!(s.mainline(), [a, b]);
    assert_eq!(s.path(side).to_string(), "1.1.1");
    assert_eq!(s.path(b).to_string(), "2");
    // Playing a move that is already there goes to it.
    assert_eq!(s.play(ROOT, h(9)).unwrap(), side);
    assert_eq!(s.play(ROOT, h(7)).unwrap(), a);
}

#[test]
fn paths_name_the_main_line_ply_and_each_variation_in_it() {
    let s = read("1. 7 1... 9 2. 6 (2. 9 2... 1 (2... 2) 3. 3) 2... 8 *");
    assert_eq!(
        s.to_string().trim(),
        "1. 76(10) 98 2. 66 (2. 99(12) 12 (2... 23) 3. 33) 2... 87(4) *"
    );
    for (path, ply) in [
        ("1", 1),
        ("3", 3),
        ("4", 4),
        ("3.1.1", 3),
        ("3.1.2", 4),
        ("3.1.2.1.1", 4),
        ("3.1.3", 5),
    ] {
        let n = at(&s, path);
        assert_eq!(s.ply(n), ply, "{path}");
        assert_eq!(s.path(n).to_string(), path);
    }
    assert_eq!(s.find(&"3.2.1".parse().unwrap()), None);
    assert_eq!(s.find(&"9".parse().unwrap()), None);
    assert_eq!(s.find(&"3.0.1".parse().unwrap()), None);
    assert!("3.1".parse::<Path>().is_err());
    assert!("x".parse::<Path>().is_err());
}

#[test]
fn comments_and_glyphs_read_and_write_back() {
    let text = "{before it all} 1. 7!? {the usual} (1. 9?! {quieter} 1... 9!!) 1... 9 $4 2. 6 ? *";
    let s = read(text);
    assert_eq!(s.comment(ROOT), "before it all");
    let first = at(&s, "1");
    assert_eq!(s.glyph(first), Some(Glyph::Interesting));
    assert_eq!(s.comment(first), "the usual");
    assert_eq!(s.glyph(at(&s, "1.1.1")), Some(Glyph::Dubious));
    assert_eq!(s.comment(at(&s, "1.1.1")), "quieter");
    assert_eq!(s.glyph(at(&s, "1.1.2")), Some(Glyph::Brilliant));
    assert_eq!(s.glyph(at(&s, "2")), Some(Glyph::Blunder));
    assert_eq!(s.glyph(at(&s, "3")), Some(Glyph::Mistake));
    let written = s.to_string();
    assert_eq!(
        written.replace('\n', " ").trim(),
        "{before it all} 1. 76(10)!? {the usual} (1. 98(10)?! {quieter} 1... 98(10)!!) 1... 98?? 2. 66? *"
    );
    assert_eq!(read(&written), s);
}

#[test]
fn a_comment_with_a_closing_brace_is_kept() {
    let mut s = Study::default();
    let a = s.play(ROOT, h(7)).unwrap();
    s.set_comment(a, "a } b");
    s.play(ROOT, h(1)).unwrap();
    let back = read(&s.to_string());
    assert_eq!(back, s);
    assert_eq!(back.comment(a), "a } b");
}

#[test]
fn a_comment_opening_a_variation_belongs_to_its_first_move() {
    let s = read("1. 76(10) ({why not} 1. 98) *");
    assert_eq!(s.comment(at(&s, "1.1.1")), "why not");
}

#[test]
fn tags_result_and_a_start_position_are_kept() {
    let text = "[White \"a\"]\n[FEN \"0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,18 0/0 -/- b\"]\n\n1... 1 (1... 2) 2. 2 1-0 {zero}\n";
    let s = read(text);
    assert_eq!(
        s.start().to_string(),
        "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,18 0/0 -/- b"
    );
    assert_eq!(s.tags, [("White".to_string(), "a".to_string())]);
    assert_eq!(s.trailing, ["zero"]);
    assert_eq!(read(&s.to_string()), s);
}

#[test]
fn a_study_built_on_a_set_up_position_writes_its_start_as_pgn_does_and_reads_back() {
    let start: Position = "0,0,0,0,0,2,3,0,1/1,0,4,0,0,0,0,2,0 70/79 -/- w"
        .parse()
        .unwrap();
    let mut s = Study::new(start);
    let a = s.play(ROOT, h(7)).unwrap();
    s.set_comment(a, "the endgame's point");
    s.play(ROOT, h(6)).unwrap();
    let text = s.to_string();
    assert!(
        text.starts_with(&format!("[SetUp \"1\"]\n[FEN \"{start}\"]\n\n")),
        "{text}"
    );
    let back = read(&text);
    assert_eq!(back.start(), start);
    assert_eq!(back, s);
    assert!(
        back.tags.is_empty(),
        "the start lives in the root, not in a tag"
    );
    // Written once, however many times it goes round.
    assert_eq!(back.to_string(), text);
}

#[test]
fn every_playok_game_reads_as_a_study_and_writes_back() {
    let dir = FsPath::new(env!("CARGO_MANIFEST_DIR")).join("../../public/playok");
    let mut games = 0;
    for file in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(file.unwrap().path()).unwrap();
        let plain = toguz_engine::record::read_games(&text);
        let studies = Study::read(&text);
        assert_eq!(plain.len(), studies.len());
        for (p, s) in plain.into_iter().zip(studies) {
            let (_, game) = p.unwrap();
            let s = s.unwrap();
            assert_eq!(s.mainline().len(), game.moves().len());
            let last = s.mainline().last().copied().unwrap_or(ROOT);
            assert_eq!(s.position(last), game.position());
            assert_eq!(read(&s.to_string()), s);
            games += 1;
        }
    }
    assert!(games >= 282, "{games} games");
}

#[test]
fn promote_moves_a_variation_up_one_level_and_make_mainline_all_the_way() {
    let mut s = read("1. 7 (1. 9 1... 1 (1... 2 2. 3)) 1... 9 *");
    let deep = at(&s, "1.1.2.1.2");
    assert!(s.promote(deep));
    assert_eq!(s.path(deep).to_string(), "1.1.3");
    assert!(s.promote(deep));
    assert_eq!(s.path(deep).to_string(), "3");
    assert!(!s.promote(deep));
    assert_eq!(
        s.to_string().trim(),
        "1. 98(10) (1. 76(10) 98) 1... 22(10) (1... 11(10)) 2. 32(12) *"
    );

    let mut t = read("1. 7 (1. 9 1... 1 (1... 2 2. 3)) 1... 9 *");
    let deep = at(&t, "1.1.2.1.2");
    assert!(t.make_mainline(deep));
    assert_eq!(t.path(deep).to_string(), "3");
    assert!(t.on_mainline(deep));
}

#[test]
fn delete_removes_a_move_and_everything_after_it() {
    let mut s = read("1. 7 (1. 9 1... 1) 1... 9 2. 6 *");
    let side = at(&s, "1.1.1");
    let inside = at(&s, "1.1.2");
    assert_eq!(s.delete(side), Some(ROOT));
    assert!(!s.contains(side) && !s.contains(inside));
    assert_eq!(s.to_string().trim(), "1. 76(10) 98 2. 66 *");
    assert_eq!(s.delete(ROOT), None);
    assert_eq!(s.play(inside, h(1)), Err(StudyMoveError::NoSuchNode));
}

#[test]
fn an_engine_line_is_added_as_a_variation_in_one_call() {
    let mut s = read("1. 7 1... 9 *");
    let end = s.play_line(ROOT, &[h(9), h(1), h(7)]).unwrap();
    assert_eq!(s.path(end).to_string(), "1.1.3");
    let legal = s.position(end).legal_moves().next().unwrap();
    let (after, _) = s.position(end).play(legal).unwrap();
    let illegal = (1..=9).map(h).find(|&x| after.check(x).is_err()).unwrap();
    assert!(matches!(
        s.play_line(end, &[legal, illegal]),
        Err(StudyMoveError::Illegal(_))
    ));
    // The legal move before the illegal one stays.
    assert_eq!(s.line_from(end).len(), 1);
}

#[test]
fn every_error_names_the_game_the_place_and_the_token() {
    let cases: [(&str, &str, &str, StudyErrorKind); 9] = [
        (
            "1. 7 (1. 9 1... 9 2. 9 2... 9 3. 9) *",
            "1.1.5",
            "9",
            StudyErrorKind::Record(RecordErrorKind::Illegal(GameError::Move(
                MoveError::EmptyHouse(h(9)),
            ))),
        ),
        (
            "1. 76(10) (2. 98) *",
            "1.1.1",
            "2.",
            StudyErrorKind::Record(RecordErrorKind::BadMoveNumber {
                expected: "1.".into(),
            }),
        ),
        ("(1. 76) *", "1", "(", StudyErrorKind::VariationWithoutMove),
        (
            "1. 76(10) ((1. 98)) *",
            "1.1.1",
            "(",
            StudyErrorKind::VariationWithoutMove,
        ),
        ("1. 76(10) ) *", "2", ")", StudyErrorKind::UnopenedVariation),
        (
            "1. 76(10) (1. 98 *",
            "1.1.2",
            "*",
            StudyErrorKind::UnclosedVariation,
        ),
        (
            "1. 76(10) (1. 98",
            "1.1.2",
            "",
            StudyErrorKind::UnclosedVariation,
        ),
        ("!? 1. 76 *", "1", "!?", StudyErrorKind::GlyphWithoutMove),
        (
            "1. 76(10) (1. 98?? 1... 8x) *",
            "1.1.2",
            "8x",
            StudyErrorKind::Record(RecordErrorKind::BadMove(
                toguz_engine::notation::ParseMoveError::NoLanding,
            )),
        ),
    ];
    for (text, path, token, kind) in cases {
        let e = error(text);
        assert_eq!(
            (
                e.game,
                e.path.to_string().as_str(),
                e.token.as_str(),
                &e.kind
            ),
            (1, path, token, &kind),
            "{text}: {e}"
        );
    }
    let e = error("1. 7 (1. 9 1... 9 2. 9 2... 9 3. 9) *");
    assert_eq!(
        e.to_string(),
        "game 1, move 3. (at 1.1.5), '9': illegal move: house 9 is empty"
    );
    let e = error("1. 76(10) (1. 97!?!) *");
    assert_eq!(e.token, "97!?!");
    let e = error("1. 75(10) *");
    assert!(
        matches!(e.kind, StudyErrorKind::Record(RecordErrorKind::Mismatch(_))),
        "{e:?}"
    );
    let e = error("[FEN \"junk\"]\n\n1. 76 *");
    assert_eq!(e.path.to_string(), "0");
    assert!(matches!(
        e.kind,
        StudyErrorKind::Record(RecordErrorKind::BadPosition(_))
    ));
    // The second game's error names the second game.
    let all = Study::read("1. 76(10) *\n\n1. 76(10) ) *");
    assert!(all[0].is_ok());
    assert_eq!(all[1].as_ref().unwrap_err().game, 2);
    assert!(Study::read_one("").unwrap_err().is_none());
}

/// A tree whose variations nest `levels` deep: at each level a move and a variation to it, and
/// the next level inside that variation.
fn nested(levels: usize) -> (Study, usize) {
    let mut s = Study::default();
    let mut at = ROOT;
    for level in 0..levels {
        let legal: Vec<House> = s.position(at).legal_moves().collect();
        assert!(legal.len() >= 2, "level {level}: the game ended");
        s.play(at, legal[level % legal.len()]).unwrap();
        at = s.play(at, legal[(level + 1) % legal.len()]).unwrap();
    }
    (s, at)
}

#[test]
fn a_hundred_levels_of_variations_read_and_write_without_overflow() {
    let (s, deepest) = nested(100);
    assert_eq!(s.path(deepest).0.len(), 201);
    let text = s.to_string();
    let back = read(&text);
    assert_eq!(back, s);
    let again = back.find(&s.path(deepest)).unwrap();
    assert_eq!(back.position(again), s.position(deepest));
}

#[test]
fn nesting_past_the_limit_is_an_error_not_a_crash() {
    let junk = "1. 76(10) ".to_string() + &"(".repeat(100_000);
    assert_eq!(error(&junk).kind, StudyErrorKind::VariationWithoutMove);
    // Variations of variations at the first move: deep text, a flat tree.
    let deep = |levels: usize| {
        let mut t = "1. 7".to_string();
        for i in 0..levels {
            t += if i % 2 == 0 { " (1. 9" } else { " (1. 7" };
        }
        t + &")".repeat(levels) + " *"
    };
    assert_eq!(error(&deep(MAX_NESTING + 1)).kind, StudyErrorKind::TooDeep);
    assert_eq!(read(&deep(MAX_NESTING)).children(ROOT).len(), 2);
}

/// A small, seeded generator: the same trees on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

#[test]
fn random_trees_write_back_and_every_path_finds_its_node() {
    let mut rng = Lcg(7);
    for _ in 0..200 {
        let mut s = Study::new(Position::start());
        let mut nodes = vec![ROOT];
        for _ in 0..rng.next(60) {
            let from = nodes[rng.next(nodes.len())];
            let legal: Vec<House> = s.position(from).legal_moves().collect();
            if legal.is_empty() {
                continue;
            }
            let n = s.play(from, legal[rng.next(legal.len())]).unwrap();
            if rng.next(4) == 0 {
                s.set_glyph(n, Some(Glyph::ALL[rng.next(6)]));
            }
            if rng.next(5) == 0 {
                s.set_comment(n, &format!("note {} {{x}}", rng.next(100)));
            }
            if !nodes.contains(&n) {
                nodes.push(n);
            }
        }
        if rng.next(3) == 0 {
            let n = nodes[rng.next(nodes.len())];
            s.promote(n);
        }
        let back = read(&s.to_string());
        assert_eq!(back, s, "{s}");
        for &n in &nodes {
            assert_eq!(s.find(&s.path(n)), Some(n));
        }
    }
}

#[test]
fn position_keys_differ_for_every_position_four_plies_deep() {
    let mut seen: std::collections::HashMap<u64, Position> = Default::default();
    let mut frontier = vec![Position::start()];
    for _ in 0..4 {
        let mut next = Vec::new();
        for p in frontier {
            if let Some(other) = seen.insert(p.key(), p) {
                assert_eq!(other, p, "two positions share a key");
            }
            for m in p.legal_moves() {
                next.push(p.play(m).unwrap().0);
            }
        }
        frontier = next;
    }
    assert!(seen.len() > 600, "{}", seen.len());
}
