//! FNV-1a, the workspace's one hash of bytes: the search's Zobrist keys aside, every hash that
//! is stored or sent (a position's key in the opening books, a puzzle's id, a link's checksum)
//! is FNV-1a of 32 or 64 bits. It needs no table (nothing to download) and its values never
//! change, so a book, a puzzle's progress or a link made by an older app still reads.

const OFFSET_32: u32 = 0x811c_9dc5;
const PRIME_32: u32 = 0x0100_0193;
const OFFSET_64: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME_64: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a of 32 bits.
///
/// ```
/// assert_eq!(toguz_engine::hash::fnv1a_32(*b"a"), 0xe40c_292c);
/// ```
pub fn fnv1a_32(bytes: impl IntoIterator<Item = u8>) -> u32 {
    bytes
        .into_iter()
        .fold(OFFSET_32, |h, b| (h ^ u32::from(b)).wrapping_mul(PRIME_32))
}

/// FNV-1a of 64 bits.
///
/// ```
/// assert_eq!(toguz_engine::hash::fnv1a_64(*b"a"), 0xaf63_dc4c_8601_ec8c);
/// ```
pub fn fnv1a_64(bytes: impl IntoIterator<Item = u8>) -> u64 {
    bytes
        .into_iter()
        .fold(OFFSET_64, |h, b| (h ^ u64::from(b)).wrapping_mul(PRIME_64))
}

#[cfg(test)]
mod tests {
    use super::*;

    // The published test vectors of FNV-1a (Fowler, Noll and Vo's reference list).
    #[test]
    fn the_hashes_match_the_reference_vectors() {
        assert_eq!(fnv1a_32(*b""), 0x811c_9dc5);
        assert_eq!(fnv1a_32(*b"foobar"), 0xbf9c_f968);
        assert_eq!(fnv1a_64(*b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a_64(*b"foobar"), 0x8594_4171_f739_67e8);
    }
}
