//! The one way the app writes and reads the parts of its address: a path segment of a route
//! (`#/replay/<id>`), a query parameter of a hash (`#/review/g?ply=4&from=game`) and a
//! position link's query value (`?position=...`). Percent-encoding is the `percent-encoding`
//! crate's and queries are read by `form_urlencoded`, as the `url` crate does.

use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

/// What a route's segment encodes: everything but the unreserved characters of RFC 3986, so
/// that an id stays readable and any text survives.
const SEGMENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// What a position link's query value encodes: a position string's own characters (digits,
/// `,`, `/`, `-`, letters) stay as they are, for a link that reads plainly; the space is left
/// to be written as `+`.
const POSITION_VALUE: &AsciiSet = &SEGMENT.remove(b',').remove(b'/').remove(b' ');

/// `text` as a segment of a route.
pub fn encode_segment(text: &str) -> String {
    utf8_percent_encode(text, SEGMENT).to_string()
}

/// A route's segment read back; a malformed escape is kept as it is, and bytes that are not
/// UTF-8 leave the segment as it was written.
pub fn decode_segment(segment: &str) -> String {
    percent_decode_str(segment)
        .decode_utf8()
        .map_or_else(|_| segment.to_string(), |s| s.into_owned())
}

/// A position string as a link's query value: spaces as `+`, the string's own characters as
/// they are, anything else percent-encoded.
pub fn encode_position_value(text: &str) -> String {
    utf8_percent_encode(text, POSITION_VALUE)
        .to_string()
        .replace(' ', "+")
}

/// The value of `key` in the query of `address` (what follows its first `?`), decoded; `None`
/// without one.
pub fn query_param(address: &str, key: &str) -> Option<String> {
    let (_, query) = address.split_once('?')?;
    form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_segment_keeps_an_id_readable_and_any_text_round_trips() {
        assert_eq!(encode_segment("game-1_a.b~"), "game-1_a.b~");
        assert_eq!(encode_segment("a b/ü%"), "a%20b%2F%C3%BC%25");
        for text in ["a b/ü%", "?&# %", "#/replay/g?ply=3", "", "9,9/9 0/0 -/- w"] {
            assert_eq!(decode_segment(&encode_segment(text)), text);
        }
    }

    #[test]
    fn a_malformed_segment_is_kept_as_it_is() {
        assert_eq!(decode_segment("%zz%4"), "%zz%4");
        assert_eq!(decode_segment("%FF"), "%FF");
    }

    #[test]
    fn a_position_reads_plainly_in_its_link() {
        assert_eq!(
            encode_position_value("9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 -/- w"),
            "9,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9+0/0+-/-+w"
        );
        assert_eq!(encode_position_value("a+b&c#é"), "a%2Bb%26c%23%C3%A9");
    }

    #[test]
    fn a_query_parameter_is_found_by_its_whole_name_and_decoded() {
        let hash = "#/review/g?ply=4&from=game&back=%23%2Freplay%2Fg";
        assert_eq!(query_param(hash, "ply").as_deref(), Some("4"));
        assert_eq!(query_param(hash, "from").as_deref(), Some("game"));
        assert_eq!(query_param(hash, "back").as_deref(), Some("#/replay/g"));
        assert_eq!(query_param("#/review/g?plyx=4", "ply"), None);
        assert_eq!(query_param("#/review/g", "ply"), None);
        assert_eq!(
            query_param("?position=9,9+0/0", "position").as_deref(),
            Some("9,9 0/0")
        );
    }
}
