//! Bits packed into text that every browser's `localStorage` keeps as it is: 15 bits a UTF-16
//! code unit, each unit one character of U+4000..=U+BFFF. That range lies below the
//! surrogates (U+D800..U+DFFF), so no unit is ever half of a pair, and above every character
//! JSON escapes (quotes, backslash, controls), so a packed text costs one unit a unit inside a
//! JSON string too. Base64 would carry 6 bits a unit; this carries 15.
//!
//! A game's houses are packed four to 13 bits (9^4 = 6,561 < 2^13): 3.25 bits a move.

/// The first character of the alphabet; unit `v` (0..2^15) is `FIRST + v`.
const FIRST: u32 = 0x4000;
/// Bits a character carries.
const BITS: u32 = 15;

/// Why packed text does not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unpack {
    /// A character outside the alphabet.
    Char(char),
    /// The bits end before the value does.
    Short,
    /// A value out of range (a house past 9, a variant that does not exist).
    Range,
}

impl core::fmt::Display for Unpack {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Unpack::Char(c) => write!(f, "U+{:04X} is not a packed character", u32::from(*c)),
            Unpack::Short => f.write_str("the packed value ends too early"),
            Unpack::Range => f.write_str("a packed value is out of range"),
        }
    }
}

/// Writes bits, then gives them as text.
#[derive(Default)]
pub struct Writer {
    units: Vec<u16>,
    acc: u64,
    filled: u32,
}

impl Writer {
    /// An empty writer.
    pub fn new() -> Writer {
        Writer::default()
    }

    /// Writes the low `n` bits of `v` (n ≤ 32).
    pub fn bits(&mut self, v: u64, n: u32) {
        debug_assert!(n <= 32);
        if n == 0 {
            return;
        }
        self.acc = (self.acc << n) | (v & ((1 << n) - 1));
        self.filled += n;
        while self.filled >= BITS {
            self.filled -= BITS;
            self.units.push(((self.acc >> self.filled) & 0x7fff) as u16);
        }
        self.acc &= (1 << self.filled) - 1;
    }

    /// Writes a flag.
    pub fn flag(&mut self, b: bool) {
        self.bits(u64::from(b), 1);
    }

    /// Writes any `u64`, small ones short: groups of 5 bits, each after a bit saying whether
    /// another group follows (0 to 31 in 6 bits, a time in milliseconds in 54).
    pub fn number(&mut self, mut v: u64) {
        loop {
            let group = v & 0x1f;
            v >>= 5;
            self.bits(group, 5);
            self.flag(v != 0);
            if v == 0 {
                break;
            }
        }
    }

    /// Writes any `i64` as [`Writer::number`] writes a `u64`, small magnitudes short: 0, -1, 1,
    /// -2, ... become 0, 1, 2, 3, ...
    pub fn signed(&mut self, v: i64) {
        self.number(((v << 1) ^ (v >> 63)) as u64);
    }

    /// Writes houses 1..=9, four to 13 bits.
    pub fn houses(&mut self, houses: &[u8]) {
        for chunk in houses.chunks(4) {
            let v = chunk
                .iter()
                .rev()
                .fold(0u64, |acc, &h| acc * 9 + u64::from(h.saturating_sub(1)));
            let n = match chunk.len() {
                1 => 4,
                2 => 7,
                3 => 10,
                _ => 13,
            };
            self.bits(v, n);
        }
    }

    /// The text of the bits written (the last unit padded with zeros).
    pub fn finish(mut self) -> String {
        if self.filled > 0 {
            let pad = BITS - self.filled;
            self.bits(0, pad);
        }
        let mut text = String::with_capacity(self.units.len() * 3);
        text.extend(
            self.units
                .iter()
                .filter_map(|&u| char::from_u32(FIRST + u32::from(u))),
        );
        text
    }
}

/// Reads bits back from packed text.
pub struct Reader<'a> {
    chars: core::str::Chars<'a>,
    acc: u64,
    filled: u32,
}

impl<'a> Reader<'a> {
    /// A reader of `text`.
    pub fn new(text: &'a str) -> Reader<'a> {
        Reader {
            chars: text.chars(),
            acc: 0,
            filled: 0,
        }
    }

    /// Reads `n` bits (n ≤ 32).
    pub fn bits(&mut self, n: u32) -> Result<u64, Unpack> {
        while self.filled < n {
            let c = self.chars.next().ok_or(Unpack::Short)?;
            let u = u32::from(c)
                .checked_sub(FIRST)
                .filter(|u| *u < 1 << BITS)
                .ok_or(Unpack::Char(c))?;
            self.acc = (self.acc << BITS) | u64::from(u);
            self.filled += BITS;
        }
        self.filled -= n;
        let v = (self.acc >> self.filled) & ((1 << n) - 1);
        self.acc &= (1 << self.filled) - 1;
        Ok(v)
    }

    /// Reads a flag.
    pub fn flag(&mut self) -> Result<bool, Unpack> {
        Ok(self.bits(1)? == 1)
    }

    /// Reads a number written by [`Writer::number`].
    pub fn number(&mut self) -> Result<u64, Unpack> {
        let mut v = 0u64;
        let mut shift = 0;
        loop {
            let group = self.bits(5)?;
            if shift >= 64 || (shift > 0 && group >> (64 - shift) != 0) {
                return Err(Unpack::Range);
            }
            v |= group << shift;
            shift += 5;
            if !self.flag()? {
                return Ok(v);
            }
        }
    }

    /// Reads a number written by [`Writer::signed`].
    pub fn signed(&mut self) -> Result<i64, Unpack> {
        let v = self.number()?;
        Ok((v >> 1) as i64 ^ -((v & 1) as i64))
    }

    /// Reads a number that must fit `T` (a `u8`, a `usize`, ...).
    pub fn small<T: TryFrom<u64>>(&mut self) -> Result<T, Unpack> {
        T::try_from(self.number()?).map_err(|_| Unpack::Range)
    }

    /// Reads `count` houses written by [`Writer::houses`].
    pub fn houses(&mut self, count: usize) -> Result<Vec<u8>, Unpack> {
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            let left = (count - out.len()).min(4);
            let n = [0, 4, 7, 10, 13][left];
            let mut v = self.bits(n)?;
            if v >= 9u64.pow(left as u32) {
                return Err(Unpack::Range);
            }
            for _ in 0..left {
                out.push((v % 9) as u8 + 1);
                v /= 9;
            }
        }
        Ok(out)
    }
}

/// True when `text` is made only of packed characters (no surrogate, no character JSON
/// escapes).
pub fn is_packed(text: &str) -> bool {
    text.chars()
        .all(|c| (FIRST..FIRST + (1 << BITS)).contains(&u32::from(c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_flags_and_houses_read_back_from_characters_below_the_surrogates() {
        let mut w = Writer::new();
        let numbers = [0, 1, 31, 32, 1_764_100_000_000, u64::MAX];
        for n in numbers {
            w.number(n);
        }
        w.flag(true);
        let houses: Vec<u8> = (0..250).map(|i| (i * 7 % 9 + 1) as u8).collect();
        w.houses(&houses);
        w.bits(5, 3);
        let text = w.finish();
        assert!(is_packed(&text));
        assert!(text.chars().all(|c| (c as u32) < 0xD800));
        // 250 houses take 63 groups of at most 13 bits: about 55 characters.
        assert!(text.chars().count() < 80, "{}", text.chars().count());
        let mut r = Reader::new(&text);
        for n in numbers {
            assert_eq!(r.number(), Ok(n));
        }
        assert_eq!(r.flag(), Ok(true));
        assert_eq!(r.houses(250).unwrap(), houses);
        assert_eq!(r.bits(3), Ok(5));
    }

    #[test]
    fn signed_numbers_read_back_with_small_magnitudes_short() {
        let values = [0, -1, 1, -31_000, 31_000, i64::MIN, i64::MAX];
        let mut w = Writer::new();
        for v in values {
            w.signed(v);
        }
        let text = w.finish();
        let mut r = Reader::new(&text);
        for v in values {
            assert_eq!(r.signed(), Ok(v));
        }
        let mut small = Writer::new();
        small.signed(-15);
        assert_eq!(small.finish().chars().count(), 1);
    }

    #[test]
    fn damaged_packed_text_is_an_error() {
        assert_eq!(Reader::new("").bits(1), Err(Unpack::Short));
        assert_eq!(Reader::new("a").bits(1), Err(Unpack::Char('a')));
        // 9^4 and above are no four houses.
        let mut w = Writer::new();
        w.bits(6_561, 13);
        assert_eq!(Reader::new(&w.finish()).houses(4), Err(Unpack::Range));
        let mut w = Writer::new();
        for _ in 0..14 {
            w.bits(0b111111, 6);
        }
        assert_eq!(Reader::new(&w.finish()).number(), Err(Unpack::Range));
    }
}
