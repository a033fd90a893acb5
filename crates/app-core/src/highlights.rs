//! What the board marks on top of the position (the houses that can be played, the preview's
//! landing, the last move, the hint), as the screens hand it to the board
//! (`src/ui/board.rs`).

use toguz_engine::{Position, Square};

/// A set of the 18 squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SquareSet(u32);

impl SquareSet {
    /// No square.
    pub const EMPTY: SquareSet = SquareSet(0);

    /// True when `square` is in the set.
    pub fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.index()) != 0
    }

    /// Adds `square`.
    pub fn insert(&mut self, square: Square) {
        self.0 |= 1 << square.index();
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut set = SquareSet::EMPTY;
        for square in iter {
            set.insert(square);
        }
        set
    }
}

/// What the board marks on top of the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Highlights {
    /// Houses that can be played now; every other house looks disabled.
    pub playable: SquareSet,
    /// The house where the previewed move would land.
    pub preview: Option<Square>,
    /// The house the last move started from.
    pub last_from: Option<Square>,
    /// The house where the last move ended.
    pub last_to: Option<Square>,
    /// The house the hint suggests playing.
    pub hint: Option<Square>,
}

impl Highlights {
    /// The houses the engine allows the side to move to play in `position`.
    pub fn playable_in(position: &Position) -> SquareSet {
        let side = position.turn();
        position
            .legal_moves()
            .map(|house| Square::new(side, house))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::{House, Side};

    fn sq(side: Side, n: u8) -> Square {
        Square::new(side, House::new(n).unwrap())
    }

    #[test]
    fn the_playable_houses_are_the_engines_legal_moves_of_the_side_to_move() {
        let p: Position = "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,18 0/0 -/- w"
            .parse()
            .unwrap();
        let set = Highlights::playable_in(&p);
        assert!(!set.contains(sq(Side::White, 1)));
        assert!(set.contains(sq(Side::White, 2)));
        assert!(!set.contains(sq(Side::Black, 2)));
    }

    #[test]
    fn a_set_holds_the_squares_inserted_and_no_other() {
        let set: SquareSet = [sq(Side::Black, 9), sq(Side::White, 1)]
            .into_iter()
            .collect();
        assert!(set.contains(sq(Side::Black, 9)) && set.contains(sq(Side::White, 1)));
        assert!(!set.contains(sq(Side::White, 9)) && !set.contains(sq(Side::Black, 1)));
        assert!(!SquareSet::EMPTY.contains(sq(Side::White, 1)));
    }
}
