//! Where values are kept: any string key-value storage. The app's is the browser's
//! `localStorage`; [`Memory`] serves the tests and play in memory when storage fails.

use core::cell::RefCell;
use core::fmt;

use crate::versioned::{decode_current, DecodeError, Schema};

/// Why storage refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No storage (private mode, blocked by the browser, disabled).
    Unavailable(String),
    /// Storage is full (the browser's quota).
    Full,
    /// Any other failure.
    Failed(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Unavailable(why) => write!(f, "storage is unavailable: {why}"),
            Fault::Full => f.write_str("storage is full"),
            Fault::Failed(why) => write!(f, "storage failed: {why}"),
        }
    }
}

impl std::error::Error for Fault {}

/// A string key-value storage.
pub trait Backend {
    /// The value of `key`, if any.
    fn get(&self, key: &str) -> Result<Option<String>, Fault>;
    /// Sets `key` to `value`.
    fn set(&self, key: &str, value: &str) -> Result<(), Fault>;
    /// Removes `key`.
    fn remove(&self, key: &str) -> Result<(), Fault>;
    /// Every key.
    fn keys(&self) -> Result<Vec<String>, Fault>;
    /// Whether a key starts with `prefix`. A backend that can stop at the first one overrides
    /// this: a start asks it of a library of thousands of keys, where the first key answers.
    fn any_key(&self, prefix: &str) -> Result<bool, Fault> {
        Ok(self.keys()?.iter().any(|k| k.starts_with(prefix)))
    }
    /// Whether [`crate::Library::read`] over this backend reads values of an older version
    /// too, upgrading them, or only those of the current version: for a program that upgrades
    /// older values once, before its first read ([`crate::Library::upgrade_stored`],
    /// [`crate::Library::upgrade_value`]), so that its every read goes without the upgrades'
    /// code (the web app, whose first download it is).
    const READS_OLDER: bool = true;
    /// Decodes `text`, a value [`crate::Library::read`] found, in its current version
    /// ([`decode_current`]): a [`Fault`] when the decoding cannot be done now, the value then
    /// left as it is. The web app's decoders are a part of its code fetched only when it has
    /// values stored (its `services::reader`), so that a newcomer's download goes without them.
    fn decode_current<T: Schema>(&self, text: &str) -> Result<Result<T, DecodeError>, Fault> {
        Ok(decode_current(text))
    }
}

impl<B: Backend + ?Sized> Backend for &B {
    const READS_OLDER: bool = B::READS_OLDER;
    fn decode_current<T: Schema>(&self, text: &str) -> Result<Result<T, DecodeError>, Fault> {
        (**self).decode_current(text)
    }
    fn get(&self, key: &str) -> Result<Option<String>, Fault> {
        (**self).get(key)
    }
    fn set(&self, key: &str, value: &str) -> Result<(), Fault> {
        (**self).set(key, value)
    }
    fn remove(&self, key: &str) -> Result<(), Fault> {
        (**self).remove(key)
    }
    fn keys(&self) -> Result<Vec<String>, Fault> {
        (**self).keys()
    }
}

impl<B: Backend + ?Sized> Backend for std::rc::Rc<B> {
    const READS_OLDER: bool = B::READS_OLDER;
    fn decode_current<T: Schema>(&self, text: &str) -> Result<Result<T, DecodeError>, Fault> {
        (**self).decode_current(text)
    }
    fn get(&self, key: &str) -> Result<Option<String>, Fault> {
        (**self).get(key)
    }
    fn set(&self, key: &str, value: &str) -> Result<(), Fault> {
        (**self).set(key, value)
    }
    fn remove(&self, key: &str) -> Result<(), Fault> {
        (**self).remove(key)
    }
    fn keys(&self) -> Result<Vec<String>, Fault> {
        (**self).keys()
    }
}

/// Storage in memory, with an optional quota (in UTF-16 code units of keys and values, as
/// browsers count) and a switch that makes it unavailable.
#[derive(Debug, Default)]
pub struct Memory {
    /// The keys and values, sorted by key: a sorted list rather than a `BTreeMap`, whose
    /// code (about 7 KB before wasm-opt) the web app's first download would carry for a
    /// fallback few players meet.
    map: RefCell<Vec<(String, String)>>,
    quota: Option<usize>,
    unavailable: bool,
}

impl Memory {
    /// Empty, unlimited.
    pub fn new() -> Memory {
        Memory::default()
    }

    /// Empty, holding at most `chars` UTF-16 code units.
    pub fn with_quota(chars: usize) -> Memory {
        Memory {
            quota: Some(chars),
            ..Memory::default()
        }
    }

    /// Storage that refuses everything, like private mode in some browsers.
    pub fn unavailable() -> Memory {
        Memory {
            unavailable: true,
            ..Memory::default()
        }
    }

    /// UTF-16 code units used, keys and values.
    pub fn used(&self) -> usize {
        self.map
            .borrow()
            .iter()
            .map(|(k, v)| units(k) + units(v))
            .sum()
    }

    /// Where `key` is in the sorted list, or where it would go.
    fn find(&self, key: &str) -> Result<usize, usize> {
        self.map
            .borrow()
            .binary_search_by(|(k, _)| k.as_str().cmp(key))
    }

    fn check(&self) -> Result<(), Fault> {
        if self.unavailable {
            Err(Fault::Unavailable("disabled".into()))
        } else {
            Ok(())
        }
    }
}

/// The length of `s` as browsers count it against their quota: UTF-16 code units.
pub fn units(s: &str) -> usize {
    s.encode_utf16().count()
}

/// The UTF-16 code units every key and value of `backend` takes: what counts against the
/// browser's quota.
pub fn used_units(backend: &impl Backend) -> Result<usize, Fault> {
    let mut used = 0;
    for key in backend.keys()? {
        used += units(&key) + backend.get(&key)?.map_or(0, |v| units(&v));
    }
    Ok(used)
}

impl Backend for Memory {
    fn get(&self, key: &str) -> Result<Option<String>, Fault> {
        self.check()?;
        Ok(self.find(key).ok().map(|i| self.map.borrow()[i].1.clone()))
    }

    fn set(&self, key: &str, value: &str) -> Result<(), Fault> {
        self.check()?;
        if let Some(quota) = self.quota {
            let old = self
                .find(key)
                .map_or(0, |i| units(key) + units(&self.map.borrow()[i].1));
            let new = units(key) + units(value);
            if self.used() - old + new > quota {
                return Err(Fault::Full);
            }
        }
        match self.find(key) {
            Ok(i) => self.map.borrow_mut()[i].1 = value.into(),
            Err(i) => self.map.borrow_mut().insert(i, (key.into(), value.into())),
        }
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), Fault> {
        self.check()?;
        if let Ok(i) = self.find(key) {
            self.map.borrow_mut().remove(i);
        }
        Ok(())
    }

    fn keys(&self) -> Result<Vec<String>, Fault> {
        self.check()?;
        Ok(self.map.borrow().iter().map(|(k, _)| k.clone()).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_key_finds_a_prefix_among_other_keys_and_says_when_storage_cannot_be_read() {
        let memory = Memory::new();
        assert!(!memory.any_key("toguz").unwrap());
        memory.set("another-app", "1").unwrap();
        assert!(!memory.any_key("toguz").unwrap());
        memory.set("toguz.settings", "{}").unwrap();
        assert!(memory.any_key("toguz").unwrap());
        assert!(Memory::unavailable().any_key("toguz").is_err());
    }
}
