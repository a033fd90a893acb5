//! Puzzles: the file format, the miner on hand-made positions, and a sample of the committed
//! set re-verified.

use toguz_coach::puzzle::{
    PuzzleErrorKind, Theme, Unique, VERIFY_DEPTH, parse_puzzles, puzzle_at, uniqueness, verify,
    write_puzzles,
};
use toguz_engine::search::{Limits, Searcher};
use toguz_engine::{House, Position};

fn pos(s: &str) -> Position {
    s.parse().unwrap()
}

/// White's house 9 holds three korgools: sown into 9 and Black's houses 1 and 2, the last
/// makes Black's house 2 hold 18, and White takes them. (A position of a PlayOK game,
/// avataar.pgn game 9 before ply 40, written out by hand.)
const CAPTURE: &str = "0,2,6,6,1,2,0,2,3/1,17,0,0,8,2,0,12,12 42/46 -/7 w";

#[test]
fn the_miner_finds_a_capture_puzzle() {
    let p = pos(CAPTURE);
    let mut s = Searcher::new(4);
    let puzzle = puzzle_at(&mut s, &p, VERIFY_DEPTH, "hand").expect("a puzzle");
    assert_eq!(puzzle.solution[0], House::new(9).unwrap());
    let (_, outcome) = p.play(House::new(9).unwrap()).unwrap();
    assert_eq!(outcome.capture.map(|c| c.count), Some(18));
    assert!(puzzle.themes.contains(&Theme::Capture), "{puzzle}");
    assert_eq!(puzzle.source, "hand");
    assert_eq!(puzzle.solution.len() % 2, 1);
    assert!((600..=2500).contains(&puzzle.rating));
    // It verifies, and it reads back from its line.
    assert!(verify(&mut Searcher::new(4), &puzzle, VERIFY_DEPTH).is_ok());
    assert_eq!(puzzle.to_string().parse(), Ok(puzzle));
}

/// Two moves that both win at once (White's houses 8 and 9 both end on Black's house 1 and
/// make it even, reaching 82): no unique solution.
#[test]
fn the_miner_rejects_two_equally_good_moves() {
    let p = pos("0,0,0,0,0,0,0,3,2/1,1,1,1,1,1,1,1,1 80/68 -/- w");
    let mut s = Searcher::new(4);
    let r = s.search_multipv(&p, &Limits::depth(VERIFY_DEPTH), 2, |_| false);
    assert_eq!(r.lines.len(), 2);
    assert_eq!(r.lines[0].score, r.lines[1].score);
    assert_eq!(uniqueness(&r.lines), None);
    assert_eq!(puzzle_at(&mut s, &p, VERIFY_DEPTH, "hand"), None);
    // A single legal move is no puzzle either.
    let forced = pos("0,0,0,0,0,0,0,0,2/1,1,1,1,1,1,1,1,1 70/81 -/- w");
    assert_eq!(puzzle_at(&mut s, &forced, VERIFY_DEPTH, "hand"), None);
}

#[test]
fn uniqueness_by_margin_and_by_result() {
    use toguz_engine::search::{PvLine, Score};
    let line = |h: u8, s: Score| PvLine {
        mv: House::new(h).unwrap(),
        score: s,
        depth: 10,
        pv: vec![House::new(h).unwrap()],
    };
    let e = Score::from_eval;
    assert_eq!(
        uniqueness(&[line(1, e(600)), line(2, e(0))]),
        Some(Unique::ByMargin(600))
    );
    assert_eq!(uniqueness(&[line(1, e(600)), line(2, e(200))]), None);
    assert_eq!(
        uniqueness(&[line(1, Score::win_in(5)), line(2, e(2000))]),
        Some(Unique::OnlyWin)
    );
    assert_eq!(
        uniqueness(&[line(1, e(-1500)), line(2, Score::loss_in(6))]),
        Some(Unique::OnlyDefence)
    );
    // Unique by margin but still clearly lost: no puzzle.
    assert_eq!(uniqueness(&[line(1, e(-900)), line(2, e(-2000))]), None);
    assert_eq!(uniqueness(&[line(1, e(600))]), None);
}

#[test]
fn the_file_format_reads_and_reports_errors() {
    let ok = "ab12cd34\t1,1,1,1,1,1,1,1,1/19,1,1,1,1,1,1,1,1 60/66 -/- w\t9 2 1\tcapture,endgame\t1200\tkorgol.pgn#3:40";
    let p = parse_puzzles(ok).unwrap();
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].themes, [Theme::Capture, Theme::Endgame]);
    assert_eq!(p[0].player_moves(), 2);
    assert_eq!(p[0].rating, 1200);
    assert_eq!(write_puzzles(&p), format!("{ok}\n"));
    let bad = |line: &str| parse_puzzles(&format!("# header\n\n{line}\n")).unwrap_err();
    let e = bad("x\ty");
    assert_eq!((e.line, e.kind), (3, PuzzleErrorKind::FieldCount(2)));
    let with = |field: usize, value: &str| {
        let mut f: Vec<&str> = ok.split('\t').collect();
        f[field] = value;
        bad(&f.join("\t")).kind
    };
    assert_eq!(with(0, ""), PuzzleErrorKind::EmptyId);
    assert!(matches!(
        with(1, "1,2,3 0/0 -/- w"),
        PuzzleErrorKind::Position(_)
    ));
    assert_eq!(with(2, "9 x"), PuzzleErrorKind::BadMove("x".into()));
    assert_eq!(with(2, "9 0"), PuzzleErrorKind::BadMove("0".into()));
    assert_eq!(with(2, "9 2"), PuzzleErrorKind::SolutionLength(2));
    assert_eq!(with(2, ""), PuzzleErrorKind::SolutionLength(0));
    // After White's 9, Black's house 1 is empty (captured): Black cannot play it.
    assert_eq!(with(2, "9 1 1"), PuzzleErrorKind::IllegalMove(1));
    assert_eq!(
        with(3, "capture,pin"),
        PuzzleErrorKind::UnknownTheme("pin".into())
    );
    assert_eq!(with(3, ""), PuzzleErrorKind::NoTheme);
    assert_eq!(with(4, "-5"), PuzzleErrorKind::BadRating("-5".into()));
    assert_eq!(with(5, " "), PuzzleErrorKind::EmptySource);
    assert_eq!(
        bad("x\ty").to_string(),
        "line 3: 2 fields where 6 were expected"
    );
}
