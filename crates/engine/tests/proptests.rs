//! Property tests: invariants of the rules and round trips of every notation.

use proptest::prelude::*;
use toguz_engine::game::{Game, Rules};
use toguz_engine::notation::NotatedMove;
use toguz_engine::record::{Record, RecordMove, read, write};
use toguz_engine::{BySide, EndReason, GameResult, House, Position, Setup, Side, TOTAL};

fn total(p: &Position) -> u32 {
    p.squares().iter().map(|&n| u32::from(n)).sum::<u32>()
        + u32::from(p.kazan(Side::White))
        + u32::from(p.kazan(Side::Black))
}

/// A position reached by playing `choices` from the start (each picks among the legal moves).
fn playout(choices: &[u8]) -> (Game, Position) {
    let mut g = Game::new();
    for &c in choices {
        let moves: Vec<House> = g.position().legal_moves().collect();
        if moves.is_empty() {
            break;
        }
        g.play(moves[c as usize % moves.len()]).unwrap();
    }
    let p = g.position();
    (g, p)
}

/// Any legal position: 162 korgools spread over the houses and kazans, tuzes where allowed.
fn any_setup() -> impl Strategy<Value = Setup> {
    (
        proptest::collection::vec(0u32..20, 20),
        any::<bool>(),
        proptest::option::of(1u8..9),
        proptest::option::of(1u8..9),
    )
        .prop_map(|(weights, black, tw, tb)| {
            // Scale the weights to 162 exactly.
            let sum: u32 = weights.iter().sum::<u32>().max(1);
            let mut cells: Vec<u32> = weights.iter().map(|w| w * TOTAL / sum).collect();
            let short = TOTAL - cells.iter().sum::<u32>();
            cells[19] += short;
            let mut s = Setup {
                houses: BySide::new([0; 9], [0; 9]),
                kazans: BySide::new(cells[18] as u8, cells[19] as u8),
                tuz: BySide::new(tw, tb.filter(|&b| Some(b) != tw)),
                turn: if black { Side::Black } else { Side::White },
            };
            for i in 0..9 {
                s.houses.white[i] = cells[i] as u8;
                s.houses.black[i] = cells[9 + i] as u8;
            }
            // Empty the tuz houses into the kazans, and make sure a tuz owner has 3 at least.
            for owner in Side::ALL {
                if let Some(t) = s.tuz[owner] {
                    let h = &mut s.houses[owner.opponent()][t as usize - 1];
                    s.kazans[owner] += *h;
                    *h = 0;
                    if s.kazans[owner] < 3 {
                        s.tuz[owner] = None;
                    }
                }
            }
            s
        })
}

fn any_position() -> impl Strategy<Value = Position> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..120).prop_map(|c| playout(&c).1),
        any_setup().prop_map(|s| Position::try_from(s).expect("legal setup")),
    ]
}

fn any_notation() -> impl Strategy<Value = NotatedMove> {
    (
        1u8..=9,
        proptest::option::of(1u8..=9),
        any::<bool>(),
        proptest::option::of(0u8..=162),
    )
        .prop_map(|(f, l, tuz, total)| {
            let landing = l.and_then(House::new);
            NotatedMove {
                from: House::new(f).unwrap(),
                landing,
                tuz: tuz && landing.is_some(),
                total: total.filter(|_| landing.is_some()),
            }
        })
}

fn comment() -> impl Strategy<Value = String> {
    "[a-z0-9 .,!?()-]{0,12}".prop_map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn always_162(p in any_position()) {
        prop_assert_eq!(total(&p), TOTAL);
        for h in p.legal_moves() {
            let (q, out) = p.play(h).unwrap();
            prop_assert_eq!(total(&q), TOTAL);
            prop_assert_eq!(out.drops.len(), usize::from(out.lifted));
            if let Some(end) = out.end {
                if end.reason == EndReason::NoMoves {
                    // Everything left on the board was collected.
                    prop_assert_eq!(u32::from(end.kazans.white) + u32::from(end.kazans.black), TOTAL);
                } else {
                    prop_assert!(end.kazans.white >= 82 || end.kazans.black >= 82);
                }
            }
        }
    }

    #[test]
    fn legal_moves_are_non_empty_own_houses(p in any_position()) {
        let moves: Vec<House> = p.legal_moves().collect();
        if p.end().is_none() {
            let own: Vec<House> = House::ALL
                .into_iter()
                .filter(|&h| p.count(p.turn(), h) > 0)
                .collect();
            prop_assert!(!own.is_empty());
            prop_assert_eq!(&moves, &own);
            for h in House::ALL {
                prop_assert_eq!(p.check(h).is_ok(), own.contains(&h));
            }
        } else {
            prop_assert!(moves.is_empty());
        }
    }

    #[test]
    fn undo_restores_exact_position(choices in proptest::collection::vec(any::<u8>(), 0..80)) {
        let (mut g, _) = playout(&choices);
        let positions = g.positions().to_vec();
        let n = g.ply();
        for back in (0..n).rev() {
            prop_assert!(g.undo());
            prop_assert_eq!(g.position(), positions[back]);
        }
        for p in &positions[1..] {
            prop_assert!(g.redo());
            prop_assert_eq!(g.position(), *p);
        }
        let mut try_back = positions[n];
        if let Some(last) = g.last_move() {
            // Replaying the last move from the position before it gives the same position.
            let before = positions[n - 1];
            let (after, out) = before.play(last.house).unwrap();
            prop_assert_eq!(after, try_back);
            prop_assert_eq!(&out, &last.outcome);
            try_back = before;
        }
        g.go_to(n.saturating_sub(1)).unwrap();
        prop_assert_eq!(g.position(), try_back);
    }

    #[test]
    fn position_string_round_trips(p in any_position()) {
        let s = p.to_string();
        prop_assert_eq!(s.parse::<Position>().unwrap(), p);
        prop_assert_eq!(Setup::from(p).to_string(), s);
    }

    #[test]
    fn move_notation_round_trips(m in any_notation()) {
        let s = m.to_string();
        prop_assert_eq!(s.parse::<NotatedMove>().unwrap(), m);
        prop_assert_eq!(s.to_lowercase().parse::<NotatedMove>().unwrap(), m);
    }

    #[test]
    fn played_notation_checks(p in any_position()) {
        for h in p.legal_moves() {
            let (_, out) = p.play(h).unwrap();
            let m = NotatedMove::of(&out);
            prop_assert!(m.check(&out).is_ok());
            prop_assert_eq!(m.to_string().parse::<NotatedMove>().unwrap(), m);
        }
    }

    #[test]
    fn records_round_trip(
        games in proptest::collection::vec(
            (
                proptest::collection::vec(any::<u8>(), 0..150),
                proptest::collection::vec(("[A-Za-z]{1,8}", "[ -~]{0,16}"), 0..4),
                proptest::collection::vec(comment(), 0..3),
                any::<bool>(),
            ),
            1..4,
        )
    ) {
        let records: Vec<Record> = games
            .into_iter()
            .map(|(choices, tags, comments, bare)| {
                let (g, _) = playout(&choices);
                let mut rec = Record::from_game(&g, tags.into_iter().filter(|(n, _)| n != "FEN").collect());
                for (i, c) in comments.into_iter().enumerate() {
                    match rec.moves.get_mut(i * 7) {
                        Some(m) => m.comments.push(c),
                        None => rec.trailing.push(c),
                    }
                }
                if bare {
                    for RecordMove { notation, .. } in rec.moves.iter_mut().step_by(3) {
                        *notation = NotatedMove::bare(notation.from);
                    }
                }
                rec
            })
            .collect();
        let text = write(&records);
        let back: Vec<Record> = read(&text).into_iter().collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(&back, &records);
        prop_assert_eq!(write(&back), text);
    }

    #[test]
    fn game_serde_round_trips(choices in proptest::collection::vec(any::<u8>(), 0..100), back in 0usize..5, resign in any::<bool>()) {
        let (mut g, _) = playout(&choices);
        if resign && g.result().is_none() {
            g.resign(g.position().turn()).unwrap();
        } else {
            g.go_to(g.ply().saturating_sub(back)).unwrap();
        }
        let json = serde_json::to_string(&g).unwrap();
        let again: Game = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&again, &g);
        prop_assert_eq!(again.result(), g.result());
    }

    #[test]
    fn first_move_rule(h in 1u8..=9) {
        let rules = Rules { no_first_move_from_house_1: true };
        let mut g = Game::from_position(Position::start(), rules);
        prop_assert_eq!(g.play(House::new(h).unwrap()).is_ok(), h != 1);
    }
}

#[test]
fn result_tokens_in_records() {
    let mut g = Game::new();
    for h in [9, 2, 8, 1, 7, 2, 6, 1, 9, 2, 5] {
        g.play(House::new(h).unwrap()).unwrap();
    }
    let rec = Record::from_game(&g, vec![]);
    assert_eq!(rec.result, Some(GameResult::Win(Side::White)));
    let text = rec.to_string();
    assert_eq!(text.parse::<Record>().unwrap(), rec);
}
