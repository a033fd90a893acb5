//! The position string of `docs/RULES.md`: `houses kazans tuz side`, each field `white/black`.
//!
//! `9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w` is the start.

use core::fmt;
use core::str::FromStr;

use crate::position::{Position, Setup, SetupError};
use crate::types::{BySide, Side};

/// Why a position string does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePositionError {
    /// Not four space-separated fields.
    FieldCount { found: usize },
    /// A field without exactly one `/` between the white and black parts.
    NoSlash { field: &'static str },
    /// A row without exactly nine comma-separated counts.
    HouseCount { side: Side, found: usize },
    /// A count that is not a number 0..=255.
    BadNumber { field: &'static str, token: String },
    /// A side-to-move field other than `w` or `b`.
    BadSide { token: String },
    /// The fields read, but do not make a legal position.
    Setup(SetupError),
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::FieldCount { found } => write!(
                f,
                "a position has 4 fields (houses kazans tuz side), found {found}"
            ),
            ParsePositionError::NoSlash { field } => {
                write!(f, "the {field} field needs one '/' between White and Black")
            }
            ParsePositionError::HouseCount { side, found } => {
                write!(f, "{side}'s row needs 9 houses, found {found}")
            }
            ParsePositionError::BadNumber { field, token } => {
                write!(f, "'{token}' in the {field} field is not a number")
            }
            ParsePositionError::BadSide { token } => {
                write!(f, "the side to move must be 'w' or 'b', not '{token}'")
            }
            ParsePositionError::Setup(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ParsePositionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParsePositionError::Setup(e) => Some(e),
            _ => None,
        }
    }
}

impl From<SetupError> for ParsePositionError {
    fn from(e: SetupError) -> Self {
        ParsePositionError::Setup(e)
    }
}

fn split2<'a>(s: &'a str, field: &'static str) -> Result<(&'a str, &'a str), ParsePositionError> {
    let mut it = s.split('/');
    match (it.next(), it.next(), it.next()) {
        (Some(a), Some(b), None) => Ok((a, b)),
        _ => Err(ParsePositionError::NoSlash { field }),
    }
}

fn number(s: &str, field: &'static str) -> Result<u8, ParsePositionError> {
    // Only plain decimal digits: no sign, no spaces.
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParsePositionError::BadNumber {
            field,
            token: s.to_string(),
        });
    }
    s.parse().map_err(|_| ParsePositionError::BadNumber {
        field,
        token: s.to_string(),
    })
}

fn row(s: &str, side: Side) -> Result<[u8; 9], ParsePositionError> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != 9 {
        return Err(ParsePositionError::HouseCount {
            side,
            found: parts.len(),
        });
    }
    let mut out = [0u8; 9];
    for (o, p) in out.iter_mut().zip(parts) {
        *o = number(p, "houses")?;
    }
    Ok(out)
}

fn tuz(s: &str) -> Result<Option<u8>, ParsePositionError> {
    if s == "-" {
        Ok(None)
    } else {
        number(s, "tuz").map(Some)
    }
}

impl FromStr for Setup {
    type Err = ParsePositionError;

    /// Reads the four fields without checking that they make a legal position.
    fn from_str(s: &str) -> Result<Setup, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.len() != 4 {
            return Err(ParsePositionError::FieldCount {
                found: fields.len(),
            });
        }
        let (hw, hb) = split2(fields[0], "houses")?;
        let (kw, kb) = split2(fields[1], "kazans")?;
        let (tw, tb) = split2(fields[2], "tuz")?;
        let turn = match fields[3] {
            "w" => Side::White,
            "b" => Side::Black,
            t => {
                return Err(ParsePositionError::BadSide {
                    token: t.to_string(),
                });
            }
        };
        Ok(Setup {
            houses: BySide::new(row(hw, Side::White)?, row(hb, Side::Black)?),
            kazans: BySide::new(number(kw, "kazans")?, number(kb, "kazans")?),
            tuz: BySide::new(tuz(tw)?, tuz(tb)?),
            turn,
        })
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;

    /// Reads a position string and checks it.
    ///
    /// ```
    /// use toguz_engine::{Position, ParsePositionError, SetupError};
    /// let p: Position = "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/9 -/1 b".parse().unwrap();
    /// assert_eq!(p.to_string(), "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/9 -/1 b");
    /// assert!(matches!(
    ///     "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 1/0 -/- w".parse::<Position>(),
    ///     Err(ParsePositionError::Setup(SetupError::BadTotal { total: 163 }))
    /// ));
    /// ```
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        Ok(Position::try_from(s.parse::<Setup>()?)?)
    }
}

fn write_row(f: &mut fmt::Formatter<'_>, r: &[u8]) -> fmt::Result {
    for (i, n) in r.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{n}")?;
    }
    Ok(())
}

fn write_tuz(f: &mut fmt::Formatter<'_>, t: Option<u8>) -> fmt::Result {
    match t {
        Some(n) => write!(f, "{n}"),
        None => f.write_str("-"),
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_row(f, &self.houses.white)?;
        f.write_str("/")?;
        write_row(f, &self.houses.black)?;
        write!(f, " {}/{} ", self.kazans.white, self.kazans.black)?;
        write_tuz(f, self.tuz.white)?;
        f.write_str("/")?;
        write_tuz(f, self.tuz.black)?;
        write!(f, " {}", self.turn.letter())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Setup::from(*self).fmt(f)
    }
}
