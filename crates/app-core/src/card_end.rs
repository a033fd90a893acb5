//! What a library card says beyond the stored facts: how a game ended when its record gives
//! no reason (PlayOK's records often give only the result), and whether the list is narrowed
//! by a search or a filter (then its count says how many games match).

use toguz_engine::GameResult;

use crate::library::{Filter, Query};

/// How a finished game ended, as far as its kazans tell, where the record gives no reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Told {
    /// A kazan has more than half the korgools (or both have half): the count decided.
    OnTheKazans,
    /// Neither kazan decides it: the game stopped before its end (resignation or time).
    BeforeTheEnd,
}

/// How a game with `result` and the kazans `(white, black)` at its end ended, when it is over
/// and its record does not say why (`reason_known` false); `None` otherwise.
pub fn told(
    result: Option<GameResult>,
    reason_known: bool,
    (white, black): (u8, u8),
) -> Option<Told> {
    if reason_known {
        return None;
    }
    let result = result?;
    let decided =
        white > 81 || black > 81 || (result == GameResult::Draw && white == 81 && black == 81);
    Some(if decided {
        Told::OnTheKazans
    } else {
        Told::BeforeTheEnd
    })
}

/// True when `query` keeps only some games (a search typed, a filter chosen).
pub fn narrowed(query: &Query) -> bool {
    !query.typed.trim().is_empty() || query.filter != Filter::All
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::Side;

    #[test]
    fn a_result_without_a_reason_is_told_by_the_kazans() {
        let white = Some(GameResult::Win(Side::White));
        assert_eq!(told(white, false, (82, 70)), Some(Told::OnTheKazans));
        assert_eq!(
            told(Some(GameResult::Draw), false, (81, 81)),
            Some(Told::OnTheKazans)
        );
        // White won with fewer korgools: Black resigned or ran out of time.
        assert_eq!(told(white, false, (62, 71)), Some(Told::BeforeTheEnd));
        assert_eq!(
            told(Some(GameResult::Draw), false, (40, 40)),
            Some(Told::BeforeTheEnd)
        );
    }

    #[test]
    fn a_known_reason_or_a_game_in_progress_needs_no_telling() {
        assert_eq!(
            told(Some(GameResult::Win(Side::Black)), true, (10, 20)),
            None
        );
        assert_eq!(told(None, false, (10, 20)), None);
    }

    #[test]
    fn a_search_or_a_filter_narrows_the_list() {
        let mut q = Query::default();
        assert!(!narrowed(&q));
        q.typed = "  ".into();
        assert!(!narrowed(&q), "spaces search nothing");
        q.typed = "Asan".into();
        assert!(narrowed(&q));
        let q = Query {
            filter: Filter::Finished,
            ..Query::default()
        };
        assert!(narrowed(&q));
    }
}
