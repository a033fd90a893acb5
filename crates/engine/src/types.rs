//! Small value types: sides, houses, squares on the ring of 18 houses.

use core::fmt;
use core::ops::{Index, IndexMut};
use serde::{Deserialize, Serialize};

/// One of the two players. White moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    White,
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `'w'` or `'b'`, as in the position string.
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::White => "White",
            Side::Black => "Black",
        })
    }
}

/// A house number 1..=9, counted from its owner's left. House 9 is the *ooz*.
///
/// ```
/// use toguz_engine::House;
/// assert!(House::new(0).is_none());
/// assert_eq!(House::new(9).unwrap().get(), 9);
/// assert!(House::new(10).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct House(u8);

impl House {
    /// Houses 1..=9 in order.
    pub const ALL: [House; 9] = [
        House(1),
        House(2),
        House(3),
        House(4),
        House(5),
        House(6),
        House(7),
        House(8),
        House(9),
    ];

    /// House 9, which can never become a tuz.
    pub const OOZ: House = House(9);

    /// `Some` for 1..=9, `None` otherwise.
    #[inline]
    pub const fn new(n: u8) -> Option<House> {
        if n >= 1 && n <= 9 {
            Some(House(n))
        } else {
            None
        }
    }

    /// The number 1..=9.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// 0-based index 0..=8.
    #[inline]
    pub const fn index(self) -> usize {
        (self.0 - 1) as usize
    }

    /// From a 0-based index 0..=8.
    #[inline]
    pub const fn from_index(i: usize) -> Option<House> {
        if i < 9 {
            Some(House(i as u8 + 1))
        } else {
            None
        }
    }
}

impl TryFrom<u8> for House {
    type Error = InvalidHouse;
    fn try_from(n: u8) -> Result<Self, Self::Error> {
        House::new(n).ok_or(InvalidHouse(n))
    }
}

impl From<House> for u8 {
    fn from(h: House) -> u8 {
        h.0
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A number that is not a house number 1..=9.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InvalidHouse(pub u8);

impl fmt::Display for InvalidHouse {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a house number (1-9)", self.0)
    }
}

impl std::error::Error for InvalidHouse {}

/// One of the 18 houses of the board, in sowing order:
/// White 1..9 are 0..=8, Black 1..9 are 9..=17; sowing goes up and wraps.
///
/// ```
/// use toguz_engine::{House, Side, Square};
/// let sq = Square::new(Side::Black, House::new(1).unwrap());
/// assert_eq!(sq.index(), 9);
/// assert_eq!(Square::from_index(8).unwrap().next(), Square::from_index(9).unwrap());
/// assert_eq!(Square::from_index(17).unwrap().next(), Square::from_index(0).unwrap());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(u8);

impl Square {
    /// The 18 squares in index order: White's houses 1 to 9, then Black's.
    ///
    /// ```
    /// use toguz_engine::{House, Side, Square};
    /// assert_eq!(Square::ALL[9], Square::new(Side::Black, House::new(1).unwrap()));
    /// assert!(Square::ALL.iter().enumerate().all(|(i, sq)| sq.index() == i));
    /// ```
    pub const ALL: [Square; 18] = {
        let mut all = [Square(0); 18];
        let mut i = 0;
        while i < 18 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square of `side`'s house `house`.
    #[inline]
    pub const fn new(side: Side, house: House) -> Square {
        Square(side.index() as u8 * 9 + house.0 - 1)
    }

    /// From an index 0..=17.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 18 { Some(Square(i as u8)) } else { None }
    }

    /// The index 0..=17.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The owner of the row this house is in.
    #[inline]
    pub const fn side(self) -> Side {
        if self.0 < 9 { Side::White } else { Side::Black }
    }

    /// The house number, counted on its owner's side.
    #[inline]
    pub const fn house(self) -> House {
        House(self.0 % 9 + 1)
    }

    /// The next house in sowing order (anticlockwise).
    #[inline]
    pub const fn next(self) -> Square {
        Square(if self.0 == 17 { 0 } else { self.0 + 1 })
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.side().letter(), self.house())
    }
}

/// A pair of values, one per side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BySide<T> {
    pub white: T,
    pub black: T,
}

impl<T> BySide<T> {
    /// Builds a pair.
    pub const fn new(white: T, black: T) -> Self {
        BySide { white, black }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            white: f(self.white),
            black: f(self.black),
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    #[inline]
    fn index(&self, side: Side) -> &T {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    #[inline]
    fn index_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }
}
