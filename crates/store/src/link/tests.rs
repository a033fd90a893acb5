use super::*;
use crate::records::import;

fn h(n: u8) -> House {
    House::new(n).unwrap()
}

fn houses(ns: &[u8]) -> Vec<House> {
    ns.iter().map(|&n| h(n)).collect()
}

fn info(inviter: Side) -> LinkInfo {
    LinkInfo {
        id: new_id([1, 2, 3, 4, 5, 6, 7, 8]),
        inviter,
    }
}

fn link(inviter: Side, moves: &[House]) -> String {
    encode(&LinkGame {
        info: info(inviter),
        players: Players::default(),
        moves: moves.to_vec(),
    })
}

/// A legal game of `plies` moves from the start, chosen by a fixed pseudo-random sequence,
/// or `None` if this seed's game ends sooner.
fn random_game(seed: u64, plies: usize) -> Option<Vec<House>> {
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    let mut game = Game::new();
    let mut moves = Vec::new();
    while moves.len() < plies {
        let legal: Vec<House> = game.position().legal_moves().collect();
        if legal.is_empty() || game.is_over() {
            return None;
        }
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let m = legal[(state >> 33) as usize % legal.len()];
        if game.play(m).is_err() {
            continue;
        }
        moves.push(m);
    }
    Some(moves)
}

fn long_game(plies: usize) -> Vec<House> {
    (0..10_000)
        .find_map(|seed| random_game(seed, plies))
        .expect("some seed plays that long")
}

const GAME: [u8; 6] = [7, 3, 5, 9, 2, 4];

fn stored<'a>(info: &'a LinkInfo, me: Side, moves: &'a [House]) -> Stored<'a> {
    Stored { info, me, moves }
}

#[test]
fn a_link_reads_back_as_the_game_it_was_made_from() {
    let game = LinkGame {
        info: info(Side::Black),
        players: Players {
            white: "Айгүл".into(),
            black: "bek".into(),
        },
        moves: houses(&GAME[..5]),
    };
    let payload = encode(&game);
    assert!(payload
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
    assert_eq!(decode(&payload), Ok(game.clone()));
    let no_names = LinkGame {
        players: Players::default(),
        ..game
    };
    assert_eq!(decode(&encode(&no_names)), Ok(no_names));
}

/// Links already sent must still read: the payload's bytes and its checksum never change.
#[test]
fn a_link_keeps_its_exact_text() {
    assert_eq!(
        link(Side::White, &houses(&[7, 3])),
        "AQECAwQFBgcIAAACcx_m0SM"
    );
}

#[test]
fn a_name_of_the_forms_forty_letters_goes_whole_and_a_longer_one_is_cut_at_a_character() {
    let link = |white: String, black: String| {
        let game = LinkGame {
            info: info(Side::White),
            players: Players { white, black },
            moves: Vec::new(),
        };
        decode(&encode(&game)).unwrap().players
    };
    // Forty Kyrgyz letters, and forty three-byte characters.
    let (ky, wide) = ("ң".repeat(40), "ӊ€".repeat(20));
    let back = link(ky.clone(), wide.clone());
    assert_eq!((back.white, back.black), (ky, wide));
    // 61 of a two-byte letter do not fit in 120 bytes: cut after 60, never inside one.
    assert_eq!(link("ж".repeat(61), String::new()).white, "ж".repeat(60));
    assert_eq!(link("€".repeat(41), String::new()).white, "€".repeat(40));
}

#[test]
fn every_playok_game_round_trips_through_a_link() {
    for file in [
        include_str!("../../../../public/playok/korgol.pgn"),
        include_str!("../../../../public/playok/avataar.pgn"),
    ] {
        for entry in import(file, 0).unwrap() {
            let moves: Vec<House> = entry.game.moves()[..entry.game.ply()]
                .iter()
                .map(|m| m.house)
                .collect();
            for inviter in [Side::White, Side::Black] {
                let game = LinkGame {
                    info: info(inviter),
                    players: entry.players.clone(),
                    moves: moves.clone(),
                };
                let payload = encode(&game);
                let back = decode(&payload).unwrap();
                assert_eq!(back.moves, moves);
                assert_eq!(
                    replay(&back.moves).unwrap().position(),
                    entry.game.position()
                );
                // Each prefix, as the links of the game's moves were, is taken one move at a
                // time by the side that did not play it.
                for n in 1..=moves.len().min(40) {
                    let me = mover(n - 1).opponent();
                    let info = game.info.clone();
                    let verdict = judge(
                        Some(stored(&info, me, &moves[..n - 1])),
                        &encode(&LinkGame {
                            moves: moves[..n].to_vec(),
                            ..game.clone()
                        }),
                    );
                    assert_eq!(
                        verdict,
                        Ok(Verdict::Update {
                            moves: vec![moves[n - 1]]
                        })
                    );
                }
            }
        }
    }
}

#[test]
fn a_link_of_200_plies_fits_in_1500_characters() {
    // The app's address in front, as long as a deep sub-path on a long host might be.
    let prefix = "https://toguz-korgool.example.github.io/toguz/app/?c=";
    for plies in [50, 100, 200] {
        let game = LinkGame {
            info: info(Side::White),
            players: Players {
                white: "x".repeat(MAX_NAME_BYTES),
                black: "y".repeat(MAX_NAME_BYTES),
            },
            moves: long_game(plies),
        };
        let payload = encode(&game);
        let url = format!("{prefix}{payload}");
        println!(
            "link of {plies} plies: {} characters ({} of payload, longest names)",
            url.len(),
            payload.len()
        );
        assert!(url.len() <= 1500, "{}", url.len());
        assert_eq!(decode(&payload).unwrap().moves, game.moves);
    }
}

#[test]
fn junk_does_not_read() {
    for junk in ["", "%%%", "abc", "AAAAAAAAAAAAAAAAAAAA", &"A".repeat(5000)] {
        assert_eq!(decode(junk), Err(Reject::Unreadable), "{junk}");
        assert_eq!(judge(None, junk), Err(Reject::Unreadable), "{junk}");
    }
    // Bytes with a right checksum but an unknown format, or a wrong length.
    let mut bytes = vec![2u8; 14];
    let sum = checksum(&bytes);
    bytes.extend_from_slice(&sum.to_be_bytes());
    assert_eq!(
        decode(&URL_SAFE_NO_PAD.encode(&bytes)),
        Err(Reject::Unreadable)
    );
}

#[test]
fn a_changed_character_is_caught() {
    let payload = link(Side::White, &long_game(60));
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut caught = 0;
    for i in 0..payload.len() {
        for &c in alphabet.iter().step_by(7) {
            let mut changed = payload.clone().into_bytes();
            if changed[i] == c {
                continue;
            }
            changed[i] = c;
            let changed = String::from_utf8(changed).unwrap();
            // Never the same game with another move: refused, or (only the checksum's own
            // last bits changed) it does not read.
            assert!(decode(&changed).is_err(), "{changed}");
            caught += 1;
        }
    }
    assert!(caught > 500);
    // Cut short, as a messenger might.
    for n in 1..payload.len() {
        assert!(decode(&payload[..n]).is_err(), "{n}");
    }
}

#[test]
fn a_bad_checksum_is_named() {
    let payload = link(Side::White, &houses(&GAME));
    let mut bytes = URL_SAFE_NO_PAD.decode(&payload).unwrap();
    bytes[12] ^= 0x10;
    assert_eq!(
        judge(None, &URL_SAFE_NO_PAD.encode(&bytes)),
        Err(Reject::BadChecksum)
    );
}

#[test]
fn an_illegal_move_is_refused_with_its_number() {
    // Each side plays the same house again and again: sooner or later it is empty.
    let payload = link(Side::White, &houses(&[7, 3, 7, 3, 7]));
    let Err(Reject::IllegalMove { ply }) = judge(None, &payload) else {
        panic!("taken")
    };
    assert!(ply >= 3);
}

#[test]
fn the_first_link_joins_on_the_side_opposite_the_inviter() {
    let one = houses(&GAME[..1]);
    let Ok(Verdict::Join { me, game }) = judge(None, &link(Side::White, &one)) else {
        panic!("not joined")
    };
    assert_eq!((me, game.moves), (Side::Black, one));
    // An inviter with Black sends the link before any move: the friend plays White.
    let Ok(Verdict::Join { me, game }) = judge(None, &link(Side::Black, &[])) else {
        panic!("not joined")
    };
    assert_eq!((me, game.moves.len()), (Side::White, 0));
    // A first link with a move of the friend's side was not made by the inviter.
    assert_eq!(
        judge(None, &link(Side::Black, &houses(&GAME[..1]))),
        Err(Reject::PlaysForReceiver)
    );
    assert_eq!(
        judge(None, &link(Side::White, &houses(&GAME[..3]))),
        Err(Reject::SkipsAhead)
    );
}

#[test]
fn the_friends_next_move_updates_the_stored_game() {
    let moves = houses(&GAME);
    let i = info(Side::White);
    let verdict = judge(
        Some(stored(&i, Side::White, &moves[..3])),
        &link(Side::White, &moves[..4]),
    );
    assert_eq!(
        verdict,
        Ok(Verdict::Update {
            moves: vec![moves[3]]
        })
    );
}

#[test]
fn an_old_or_the_same_link_opens_the_game_as_it_stands_and_an_old_one_says_so() {
    let moves = houses(&GAME);
    let i = info(Side::White);
    for n in 0..=4 {
        let verdict = if n < 4 {
            Verdict::Older
        } else {
            Verdict::AlreadySeen
        };
        assert_eq!(
            judge(
                Some(stored(&i, Side::Black, &moves[..4])),
                &link(Side::White, &moves[..n])
            ),
            Ok(verdict),
            "{n}"
        );
    }
}

#[test]
fn a_link_that_changes_a_stored_move_is_refused() {
    let moves = houses(&GAME);
    let i = info(Side::White);
    let mut other = moves[..4].to_vec();
    other[1] = h(4);
    assert_eq!(
        judge(
            Some(stored(&i, Side::Black, &moves[..3])),
            &link(Side::White, &other)
        ),
        Err(Reject::ChangesStoredMove { ply: 2 })
    );
    // Even an older link that differs is refused: it is not this game.
    assert_eq!(
        judge(
            Some(stored(&i, Side::Black, &moves[..4])),
            &link(Side::White, &other[..2])
        ),
        Err(Reject::ChangesStoredMove { ply: 2 })
    );
}

#[test]
fn a_link_that_plays_for_the_receiver_is_refused() {
    let moves = houses(&GAME);
    let i = info(Side::White);
    // After three moves it is Black's turn: a link from White's side may not play it.
    assert_eq!(
        judge(
            Some(stored(&i, Side::Black, &moves[..3])),
            &link(Side::White, &moves[..4])
        ),
        Err(Reject::PlaysForReceiver)
    );
}

#[test]
fn a_link_that_skips_ahead_is_refused() {
    let moves = houses(&GAME);
    let i = info(Side::White);
    assert_eq!(
        judge(
            Some(stored(&i, Side::White, &moves[..2])),
            &link(Side::White, &moves[..4])
        ),
        Err(Reject::SkipsAhead)
    );
    assert_eq!(
        judge(
            Some(stored(&i, Side::White, &moves[..1])),
            &link(Side::White, &moves[..4])
        ),
        Err(Reject::SkipsAhead)
    );
}

#[test]
fn two_games_with_the_same_friend_never_mix() {
    let moves = houses(&GAME);
    let mine = info(Side::White);
    let other = LinkInfo {
        id: new_id([9; ID_BYTES]),
        inviter: Side::White,
    };
    assert_ne!(mine.id, other.id);
    let payload = encode(&LinkGame {
        info: other.clone(),
        players: Players::default(),
        moves: moves[..1].to_vec(),
    });
    // The caller looks up the stored copy by the link's id: another id is another game, and
    // joining it leaves this one alone.
    assert_eq!(decode(&payload).unwrap().info.id, other.id);
    // A link with this game's id but other sides is refused.
    let swapped = LinkInfo {
        inviter: Side::Black,
        ..mine.clone()
    };
    assert_eq!(
        judge(
            Some(stored(&swapped, Side::Black, &moves[..0])),
            &link(Side::White, &moves[..1])
        ),
        Err(Reject::OtherSides)
    );
}

#[test]
fn random_games_are_taken_move_by_move_and_refused_out_of_turn() {
    for seed in 0..40 {
        let Some(moves) = random_game(seed, 30) else {
            continue;
        };
        let i = info(Side::White);
        for n in 1..moves.len() {
            let receiver = mover(n - 1).opponent();
            let payload = link(Side::White, &moves[..n]);
            let taken = judge(Some(stored(&i, receiver, &moves[..n - 1])), &payload);
            assert_eq!(
                taken,
                Ok(Verdict::Update {
                    moves: vec![moves[n - 1]]
                })
            );
            // The one who played it gets nothing new from it ...
            let own = judge(Some(stored(&i, receiver.opponent(), &moves[..n])), &payload);
            assert_eq!(own, Ok(Verdict::AlreadySeen));
            // ... and a link of the receiver's own move from the other side is refused.
            let theirs = judge(
                Some(stored(&i, receiver.opponent(), &moves[..n - 1])),
                &payload,
            );
            assert_eq!(theirs, Err(Reject::PlaysForReceiver));
        }
    }
}

#[test]
fn taking_links_builds_the_stored_game_on_both_devices() {
    let moves = long_game(12);
    // A invites with White and plays; B joins; they answer each other.
    let mut a = GameEntry::new("a".into(), 1, Mode::Link { me: Side::White }, Game::new());
    a.set_link(Some(info(Side::White)));
    a.players.white = "ana".into();
    a.game.play(moves[0]).unwrap();
    let (mut b, taken) = take(None, &payload_of(&a).unwrap(), 2).unwrap();
    assert_eq!(taken, Taken::Joined);
    assert_eq!(
        (b.mode, b.flipped, b.players.white.as_str()),
        (Mode::Link { me: Side::Black }, true, "ana")
    );
    assert_eq!(b.id, "");
    b.id = "b".into();
    let mut older: Option<String> = None;
    for (n, &m) in moves.iter().enumerate().skip(1) {
        let (sender, receiver) = if n % 2 == 1 {
            (&mut b, &mut a)
        } else {
            (&mut a, &mut b)
        };
        sender.game.play(m).unwrap();
        let payload = payload_of(sender).unwrap();
        let before = receiver.clone();
        let (next, taken) = take(Some(receiver), &payload, 3).unwrap();
        assert_eq!(taken, Taken::Updated);
        assert_eq!(next.id, before.id);
        *receiver = next;
        // Opened again, it changes nothing.
        assert_eq!(
            take(Some(receiver), &payload, 4).unwrap(),
            (receiver.clone(), Taken::AlreadySeen)
        );
        // A link from before that move is older than the game, which stays as it is.
        if let Some(old) = &older {
            assert_eq!(
                take(Some(receiver), old, 5).unwrap(),
                (receiver.clone(), Taken::Older)
            );
        }
        older = Some(payload);
    }
    assert_eq!(a.game, b.game);
    // A rejected link leaves nothing to store.
    let tampered = payload_of(&a).unwrap().replace('A', "B");
    assert!(take(Some(&b), &tampered, 5).is_err());
    assert_eq!(
        link_id(&payload_of(&a).unwrap()),
        Some(info(Side::White).id)
    );
    assert_eq!(link_id("junk"), None);
    let plain = GameEntry::new("p".into(), 1, Mode::TwoPlayers, Game::new());
    assert_eq!(payload_of(&plain), None);
}
