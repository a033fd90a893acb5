//! A game's review, saved next to the game (`toguz.review.<id>`): the engine's analysis of each
//! position (`toguz_coach::review::PositionAnalysis`), from which the review itself (classes,
//! accuracy, graph) is rebuilt at once. Opening a reviewed game again needs no search.
//!
//! A game without a review has no value here; a value that does not read is reported like any
//! other damaged value ([`crate::Library::read`]).

use serde::{Deserialize, Serialize};
use toguz_coach::review::PositionAnalysis;

use crate::versioned::Schema;

/// Where reviews are kept: `toguz.review.<id>`.
pub const REVIEW_PREFIX: &str = "toguz.review.";

/// The key of the review of game `id`.
pub fn review_key(id: &str) -> String {
    format!("{REVIEW_PREFIX}{id}")
}

/// What a review keeps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedReview {
    /// The depth each position was searched to (the review's setting).
    pub depth: u32,
    /// The analysis of the position before each move, in order: as many as the moves reviewed
    /// (a game played on since has more moves; its review is redone).
    pub analyses: Vec<PositionAnalysis>,
}

impl Schema for SavedReview {
    const KIND: &'static str = "review";
    const VERSION: u32 = 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Backend, Library, Memory, ReadError};
    use toguz_coach::review::{analyse_position, ReviewSettings};
    use toguz_engine::search::Searcher;
    use toguz_engine::{House, Position};

    fn review() -> SavedReview {
        let settings = ReviewSettings {
            depth: 3,
            ..ReviewSettings::default()
        };
        let a = analyse_position(
            &mut Searcher::new(1),
            &Position::start(),
            House::new(1),
            &settings,
            |_| false,
        )
        .unwrap();
        SavedReview {
            depth: 3,
            analyses: vec![a],
        }
    }

    #[test]
    fn a_review_reads_back() {
        let lib = Library::new(Memory::new(), "t");
        assert_eq!(lib.read::<SavedReview>(&review_key("g1")), Ok(None));
        lib.write(&review_key("g1"), &review()).unwrap();
        assert_eq!(lib.read(&review_key("g1")), Ok(Some(review())));
    }

    #[test]
    fn a_damaged_review_is_reported_and_backed_up() {
        let lib = Library::new(Memory::new(), "t");
        lib.backend()
            .set(
                &review_key("g1"),
                r#"{"kind":"review","v":1,"data":{"depth":"x"}}"#,
            )
            .unwrap();
        assert!(matches!(
            lib.read::<SavedReview>(&review_key("g1")),
            Err(ReadError::Corrupt(_))
        ));
        // Moved aside: the next read finds none (the review is done again).
        assert_eq!(lib.read::<SavedReview>(&review_key("g1")), Ok(None));
    }
}
