//! Stored values with a schema version: `{"kind":"game","v":1,"data":{...}}`.
//!
//! Decoding never panics: text that is not JSON (corrupt, or cut short by a half-finished
//! write), JSON that is not an envelope, a value of another kind, a version newer than this
//! build knows, a failed migration and data that does not fit the type are each a
//! [`DecodeError`]. Older versions are upgraded step by step with [`Schema::upgrade`].

use core::fmt;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A type kept in storage under a schema version.
pub trait Schema: Serialize + DeserializeOwned + 'static {
    /// What the value is (`"game"`, `"index"`, `"settings"`): a value of another kind is refused.
    const KIND: &'static str;
    /// The version this build writes. Versions start at 1; version 0 is a bare value written
    /// before versions existed (only read when [`Schema::BARE`] is true).
    const VERSION: u32;
    /// Whether JSON without an envelope reads as version 0.
    const BARE: bool = false;

    /// Upgrades `data` of version `from` to version `from + 1`.
    fn upgrade(from: u32, data: Value) -> Result<Value, String> {
        let _ = data;
        Err(format!("no migration from version {from}"))
    }
}

/// The envelope around every stored value.
#[derive(Serialize, Deserialize)]
struct Envelope<T> {
    kind: String,
    v: u32,
    data: T,
}

/// Why a stored value does not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The text ends in the middle of a value: a write was cut short.
    Truncated,
    /// The text is not JSON.
    Syntax {
        /// 1-based line of the error.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// JSON, but not a versioned value.
    NotVersioned,
    /// A value of another kind.
    WrongKind {
        /// The kind wanted.
        expected: String,
        /// The kind found.
        found: String,
    },
    /// A version newer than this build knows (written by a newer version of the app).
    UnknownVersion {
        /// The version found.
        found: u32,
        /// The newest version this build reads.
        newest: u32,
    },
    /// Upgrading from an older version failed.
    Migration {
        /// The version the upgrade started from.
        from: u32,
        /// Why.
        reason: String,
    },
    /// The data does not fit (a missing field, a move that cannot be played, ...).
    Invalid(String),
    /// A value of an older version (0: bare JSON), read where only the current one is
    /// ([`decode_current`]): it reads once upgraded ([`decode`]).
    Older {
        /// The version found.
        found: u32,
    },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Truncated => f.write_str("the value ends too early (half-written)"),
            DecodeError::Syntax { line, column } => {
                write!(f, "not valid JSON (line {line}, column {column})")
            }
            DecodeError::NotVersioned => f.write_str("not a versioned value"),
            DecodeError::WrongKind { expected, found } => {
                write!(f, "a '{found}' value where a '{expected}' was expected")
            }
            DecodeError::UnknownVersion { found, newest } => write!(
                f,
                "schema version {found} is newer than this app reads (up to {newest})"
            ),
            DecodeError::Migration { from, reason } => {
                write!(f, "upgrade from version {from} failed: {reason}")
            }
            DecodeError::Invalid(reason) => write!(f, "invalid data: {reason}"),
            DecodeError::Older { found } => {
                write!(f, "schema version {found} is read only once upgraded")
            }
        }
    }
}

impl std::error::Error for DecodeError {}

fn syntax(e: &serde_json::Error) -> DecodeError {
    if e.is_eof() {
        DecodeError::Truncated
    } else {
        DecodeError::Syntax {
            line: e.line(),
            column: e.column(),
        }
    }
}

/// The stored text of `value`: its envelope with the current version.
pub fn encode<T: Schema>(value: &T) -> String {
    let envelope = Envelope {
        kind: T::KIND.to_string(),
        v: T::VERSION,
        data: value,
    };
    // Serialising plain data types to a string does not fail.
    serde_json::to_string(&envelope).unwrap_or_default()
}

/// The stored text of `data` as a value of `T`'s kind and current version, for a form of `T`
/// other than its own serialisation (a game written without the id its key holds).
pub fn encode_as<T: Schema, D: Serialize>(data: &D) -> String {
    let envelope = Envelope {
        kind: T::KIND.to_string(),
        v: T::VERSION,
        data,
    };
    serde_json::to_string(&envelope).unwrap_or_default()
}

/// True when `text` is a value of `T`'s kind at the current version: already in the form this
/// build writes (a look at its first characters, nothing decoded).
pub fn is_current<T: Schema>(text: &str) -> bool {
    text.starts_with(&format!("{{\"kind\":\"{}\",\"v\":{},", T::KIND, T::VERSION))
}

/// True when `text` is a value of `T`'s kind at an older version (or bare JSON, for a schema
/// that reads it as version 0): one that [`decode`] upgrades and [`decode_current`] refuses as
/// [`DecodeError::Older`]. A value of today's version, a newer one or one that does not read
/// is not.
pub fn is_older<T: Schema>(text: &str) -> bool {
    !is_current::<T>(text) && matches!(decode_current::<T>(text), Err(DecodeError::Older { .. }))
}

/// What the envelope of a stored value says, its data left unread.
#[derive(Deserialize)]
struct Label {
    kind: String,
    v: u32,
}

/// Reads a stored value of the current version only: what the app reads at every start and
/// every save. A value of an older version, or bare JSON, is [`DecodeError::Older`]; its
/// upgrade ([`decode`], with `serde_json::Value` and each schema's steps) is not reached
/// from here, so that the web app's first download goes without it (the app upgrades older
/// values before its first read, in a part loaded on demand only when one is stored).
pub fn decode_current<T: Schema>(text: &str) -> Result<T, DecodeError> {
    let invalid = match serde_json::from_str::<Envelope<T>>(text) {
        Ok(envelope) if envelope.kind == T::KIND && envelope.v == T::VERSION => {
            return Ok(envelope.data)
        }
        Ok(_) => None,
        Err(e) if e.is_eof() || e.is_syntax() => return Err(syntax(&e)),
        Err(e) => Some(e.to_string()),
    };
    Err(refused(text, T::KIND, T::VERSION, T::BARE, invalid))
}

/// Why `text` does not read as a value of the kind `kind` at `version` (`bare`: whether bare
/// JSON reads as version 0), `invalid` the reason when its envelope was right. Apart from
/// [`decode_current`], which is compiled once for each stored type, so that the web app's
/// first download holds it once (0.3 KB less).
#[inline(never)]
fn refused(
    text: &str,
    kind: &'static str,
    version: u32,
    bare: bool,
    invalid: Option<String>,
) -> DecodeError {
    let Ok(label) = serde_json::from_str::<Label>(text) else {
        return if bare {
            DecodeError::Older { found: 0 }
        } else {
            DecodeError::NotVersioned
        };
    };
    if label.kind != kind {
        return DecodeError::WrongKind {
            expected: kind.to_string(),
            found: label.kind,
        };
    }
    if label.v > version || (label.v == 0 && !bare) {
        return DecodeError::UnknownVersion {
            found: label.v,
            newest: version,
        };
    }
    if label.v < version {
        return DecodeError::Older { found: label.v };
    }
    DecodeError::Invalid(invalid.unwrap_or_default())
}

/// Reads a stored value, upgrading an older version.
pub fn decode<T: Schema>(text: &str) -> Result<T, DecodeError> {
    // The usual case, a value of the current version; anything else takes the general path
    // below, which also names the error.
    if let Ok(value) = decode_current::<T>(text) {
        return Ok(value);
    }
    let value: Value = serde_json::from_str(text).map_err(|e| syntax(&e))?;
    let (version, mut data) = match value {
        Value::Object(mut map)
            if map.contains_key("kind") && map.contains_key("v") && map.contains_key("data") =>
        {
            let kind = match map.remove("kind") {
                Some(Value::String(k)) => k,
                _ => return Err(DecodeError::NotVersioned),
            };
            if kind != T::KIND {
                return Err(DecodeError::WrongKind {
                    expected: T::KIND.to_string(),
                    found: kind,
                });
            }
            let version = map
                .remove("v")
                .and_then(|v| v.as_u64())
                .and_then(|v| u32::try_from(v).ok())
                .ok_or(DecodeError::NotVersioned)?;
            (version, map.remove("data").unwrap_or(Value::Null))
        }
        bare if T::BARE => (0, bare),
        _ => return Err(DecodeError::NotVersioned),
    };
    if version > T::VERSION || (version == 0 && !T::BARE) {
        return Err(DecodeError::UnknownVersion {
            found: version,
            newest: T::VERSION,
        });
    }
    for from in version..T::VERSION {
        data = T::upgrade(from, data).map_err(|reason| DecodeError::Migration { from, reason })?;
    }
    serde_json::from_value(data).map_err(|e| DecodeError::Invalid(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Thing {
        name: String,
        #[serde(default)]
        size: u32,
    }

    impl Schema for Thing {
        const KIND: &'static str = "thing";
        const VERSION: u32 = 2;
        const BARE: bool = true;
        fn upgrade(from: u32, mut data: Value) -> Result<Value, String> {
            match from {
                // Version 0 was a bare string.
                0 => Ok(serde_json::json!({ "title": data })),
                // Version 1 called the name "title".
                1 => {
                    let map = data.as_object_mut().ok_or("not an object")?;
                    let title = map.remove("title").ok_or("no title")?;
                    map.insert("name".into(), title);
                    Ok(data)
                }
                _ => Err("unknown".into()),
            }
        }
    }

    #[test]
    fn round_trip_and_migrations() {
        let t = Thing {
            name: "a".into(),
            size: 3,
        };
        let text = encode(&t);
        assert_eq!(
            text,
            r#"{"kind":"thing","v":2,"data":{"name":"a","size":3}}"#
        );
        assert_eq!(decode::<Thing>(&text), Ok(t));
        let old = r#"{"kind":"thing","v":1,"data":{"title":"b"}}"#;
        assert_eq!(decode::<Thing>(old).unwrap().name, "b");
        assert_eq!(decode::<Thing>(r#""c""#).unwrap().name, "c");
    }

    #[test]
    fn typed_errors() {
        assert_eq!(
            decode::<Thing>(r#"{"kind":"thing","v":2,"data":{"na"#),
            Err(DecodeError::Truncated)
        );
        assert_eq!(
            decode::<Thing>("{garbage"),
            Err(DecodeError::Syntax { line: 1, column: 2 })
        );
        assert_eq!(
            decode::<Thing>(r#"{"kind":"other","v":1,"data":1}"#),
            Err(DecodeError::WrongKind {
                expected: "thing".into(),
                found: "other".into()
            })
        );
        assert_eq!(
            decode::<Thing>(r#"{"kind":"thing","v":9,"data":{}}"#),
            Err(DecodeError::UnknownVersion {
                found: 9,
                newest: 2
            })
        );
        assert!(matches!(
            decode::<Thing>(r#"{"kind":"thing","v":1,"data":{"x":1}}"#),
            Err(DecodeError::Migration { from: 1, .. })
        ));
        assert!(matches!(
            decode::<Thing>(r#"{"kind":"thing","v":2,"data":{"size":1}}"#),
            Err(DecodeError::Invalid(_))
        ));
        assert!(matches!(
            decode::<Thing>(r#"{"kind":"thing","v":-1,"data":{}}"#),
            Err(DecodeError::NotVersioned)
        ));
        assert_eq!(decode::<Thing>(""), Err(DecodeError::Truncated));
    }
}
