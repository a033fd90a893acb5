//! Where a puzzle comes from, read from its `source` field: a PlayOK game of the repository's
//! records (`korgol.pgn#62:73`: game 62, the position before ply 73) or a game the engine
//! played against itself (`selfplay-medium-easy:28:6`). The words are the view's.

use toguz_engine::search::Level;

/// A puzzle's source, as the trainer tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A game of a PlayOK record file.
    PlayOk {
        /// The record file (`korgol.pgn`).
        file: String,
        /// The game, as written in the source (1-based).
        game: String,
        /// The move (1-based) of the position: two plies a move.
        move_number: usize,
    },
    /// A game the engine played against itself, at these levels.
    SelfPlay {
        /// White's level.
        white: Level,
        /// Black's level.
        black: Level,
    },
    /// Anything else, told as written.
    Other(String),
}

impl Origin {
    /// The origin of a puzzle's `source`.
    pub fn of(source: &str) -> Origin {
        if let Some((file, rest)) = source.split_once('#') {
            let mut parts = rest.split(':');
            let game = parts.next().unwrap_or_default().to_string();
            let ply: usize = parts.next().and_then(|p| p.parse().ok()).unwrap_or(0);
            return Origin::PlayOk {
                file: file.to_string(),
                game,
                move_number: ply / 2 + 1,
            };
        }
        if let Some(rest) = source.strip_prefix("selfplay-") {
            let mut levels = rest.split(':').next().unwrap_or_default().split('-');
            let level = |l: Option<&str>| match l {
                Some("easy") => Level::of(1),
                Some("medium") => Level::of(4),
                Some("hard") => Level::of(5),
                _ => Level::of(8),
            };
            let white = level(levels.next());
            let black = level(levels.next());
            return Origin::SelfPlay { white, black };
        }
        Origin::Other(source.to_string())
    }
}

/// The PlayOK record file and the game (1-based) of a source `korgol.pgn#62:73`, when the app
/// can open it; `None` for a self-play source (its game is not kept).
pub fn playok_game(source: &str) -> Option<(String, usize)> {
    let (file, rest) = source.split_once('#')?;
    let game = rest.split(':').next()?.parse().ok()?;
    (file.ends_with(".pgn") && !file.contains('/')).then(|| (file.to_string(), game))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_playok_source_names_the_file_the_game_and_the_move() {
        assert_eq!(
            Origin::of("korgol.pgn#62:73"),
            Origin::PlayOk {
                file: "korgol.pgn".into(),
                game: "62".into(),
                move_number: 37
            }
        );
        assert_eq!(
            playok_game("korgol.pgn#62:73"),
            Some(("korgol.pgn".into(), 62))
        );
    }

    #[test]
    fn a_self_play_source_names_both_levels_and_has_no_game_to_open() {
        let s = "selfplay-medium-easy:28:6";
        assert_eq!(
            Origin::of(s),
            Origin::SelfPlay {
                white: Level::of(4),
                black: Level::of(1)
            }
        );
        assert_eq!(playok_game(s), None);
        assert_eq!(
            Origin::of("selfplay-odd"),
            Origin::SelfPlay {
                white: Level::of(8),
                black: Level::of(8)
            }
        );
    }

    #[test]
    fn only_a_plain_record_file_can_be_opened() {
        assert_eq!(playok_game("../x.pgn#1:2"), None);
        assert_eq!(playok_game("x.txt#1:2"), None);
        assert_eq!(playok_game("x.pgn#one:2"), None);
        assert_eq!(Origin::of("hand"), Origin::Other("hand".into()));
    }
}
