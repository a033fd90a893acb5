//! A game's review, saved next to the game (`toguz.review.<id>`): the engine's analysis of each
//! position (`toguz_coach::review::PositionAnalysis`), from which the review itself (classes,
//! accuracy, graph) is rebuilt at once. Opening a reviewed game again needs no search.
//!
//! - Stored packed ([`crate::pack`]), as one string: a review of a long game in its readable
//!   JSON takes over a hundred times its packed game, and a few hundred such reviews would fill
//!   the whole storage. Version 1 was that readable JSON; it is read and upgraded.
//! - A backup keeps a review readable ([`SavedReview`]'s own serde form, `docs/BACKUP.md`).
//!
//! A game without a review has no value here; a value that does not read is reported like any
//! other damaged value ([`crate::Library::read`]).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use toguz_coach::review::PositionAnalysis;
use toguz_engine::search::{PvLine, Score};
use toguz_engine::House;

use crate::backend::{Backend, Fault};
use crate::library::{Library, ReadError};
use crate::pack::{Reader, Unpack, Writer};
use crate::versioned::{encode, is_older, Schema};

pub use crate::library::{review_key, REVIEW_PREFIX};

/// What a review keeps. Its serde form is the readable one a backup writes; the storage keeps
/// it packed ([`review_text`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedReview {
    /// The depth each position was searched to (the review's setting).
    pub depth: u32,
    /// The analysis of the position before each move, in order: as many as the moves reviewed
    /// (a game played on since has more moves; its review is redone).
    pub analyses: Vec<PositionAnalysis>,
}

/// A review in its stored, packed form (read by [`crate::Library::review`]; public for a
/// program that decodes the library's values apart: [`crate::Backend::decode_current`]).
pub struct Stored(SavedReview);

impl Schema for Stored {
    const KIND: &'static str = "review";
    /// Version 2 packs the review; version 1 is [`SavedReview`]'s readable JSON.
    const VERSION: u32 = 2;

    fn upgrade(from: u32, data: Value) -> Result<Value, String> {
        match from {
            1 => {
                let wide: SavedReview = serde_json::from_value(data).map_err(|e| e.to_string())?;
                Ok(Value::String(pack(&wide)))
            }
            _ => Err(format!("no migration from version {from}")),
        }
    }
}

impl Serialize for Stored {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        pack(&self.0).serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Stored {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Stored, D::Error> {
        let text = String::deserialize(deserializer)?;
        unpack(&text).map(Stored).map_err(serde::de::Error::custom)
    }
}

/// Whether a review's text moved to a backup key reads in this build, now or once upgraded
/// (without the upgrade's code: see [`crate::versioned::decode_current`]).
pub(crate) fn moved_review_reads(text: &str) -> bool {
    matches!(
        crate::versioned::decode_current::<Stored>(text),
        Ok(_) | Err(crate::versioned::DecodeError::Older { .. })
    )
}

/// A stored review's text in this build's form, when it reads.
pub(crate) fn repacked(text: &str) -> Option<String> {
    crate::versioned::decode::<Stored>(text)
        .ok()
        .map(|s| encode(&s))
}

/// The stored text of a review.
pub fn review_text(review: &SavedReview) -> String {
    encode(&Stored(review.clone()))
}

impl<B: Backend> Library<B> {
    /// The review of game `id`, when it has one. A value that does not read is backed up and
    /// reported as by [`Library::read`].
    pub fn review(&self, id: &str) -> Result<Option<SavedReview>, ReadError> {
        Ok(self.read::<Stored>(&review_key(id))?.map(|s| s.0))
    }

    /// Rewrites every review stored in an older form packed, one at a time (each write is
    /// smaller than the value it replaces, so a full storage does not stop it), as
    /// [`Library::upgrade_stored`] does the games. A review that does not read is backed up and
    /// reported as by [`Library::read`]. Returns how many were rewritten.
    pub fn pack_reviews(&self) -> Result<usize, Fault> {
        let mut done = 0;
        for key in self.backend().keys()? {
            if !key.starts_with(REVIEW_PREFIX) {
                continue;
            }
            let Some(text) = self.backend().get(&key)? else {
                continue;
            };
            if !is_older::<Stored>(&text) {
                continue;
            }
            if let Ok(Some(review)) = self.read_any::<Stored>(&key) {
                if self.backend().set(&key, &encode(&review)).is_ok() {
                    done += 1;
                }
            }
        }
        Ok(done)
    }

    /// Whether one of `keys` holds a review of an older version, which [`Library::pack_reviews`]
    /// packs (a look at each review's envelope; a newer or damaged one is no reason).
    pub(crate) fn holds_older_reviews(&self, keys: &[String]) -> Result<bool, Fault> {
        for key in keys.iter().filter(|k| k.starts_with(REVIEW_PREFIX)) {
            if self
                .backend()
                .get(key)?
                .is_some_and(|text| is_older::<Stored>(&text))
            {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Keeps `review` as the review of game `id`.
    pub fn save_review(&self, id: &str, review: &SavedReview) -> Result<(), Fault> {
        self.backend().set(&review_key(id), &review_text(review))
    }
}

/// The most lines a position has: one a house.
const MAX_LINES: usize = 9;
/// Longer than any line the engine searches; a longer count is damage.
const MAX_PV: usize = 1_024;
/// As many analyses as a game has moves at most ([`crate::packed`] refuses longer games).
const MAX_ANALYSES: usize = 100_000;

/// The packed bits of a review: its depth and count, then each analysis (depth, nodes, its
/// lines' count, whether the played move has a line of its own, then those lines).
fn pack(review: &SavedReview) -> String {
    let mut w = Writer::new();
    w.number(review.depth.into());
    w.number(review.analyses.len() as u64);
    for a in &review.analyses {
        w.number(a.depth.into());
        w.number(a.nodes);
        w.number(a.lines.len() as u64);
        w.flag(a.played.is_some());
        for line in a.lines.iter().chain(&a.played) {
            pack_line(&mut w, line, a.depth);
        }
    }
    w.finish()
}

/// A line: its move, score, depth (one bit when it is the analysis's), and its moves after the
/// first when they start with the line's move, as they do (every move when not).
fn pack_line(w: &mut Writer, line: &PvLine, depth: u32) {
    w.houses(&[line.mv.get()]);
    w.signed(line.score.get().into());
    w.flag(line.depth == depth);
    if line.depth != depth {
        w.number(line.depth.into());
    }
    let from_mv = line.pv.first() == Some(&line.mv);
    w.flag(from_mv);
    let rest = if from_mv { &line.pv[1..] } else { &line.pv[..] };
    w.number(rest.len() as u64);
    w.houses(&rest.iter().map(|h| h.get()).collect::<Vec<_>>());
}

fn unpack(text: &str) -> Result<SavedReview, Unpack> {
    let mut r = Reader::new(text);
    let depth = r.small()?;
    let count: usize = r.small()?;
    if count > MAX_ANALYSES {
        return Err(Unpack::Range);
    }
    let mut analyses = Vec::new();
    for _ in 0..count {
        let depth: u32 = r.small()?;
        let nodes = r.number()?;
        let lines: usize = r.small()?;
        if lines > MAX_LINES {
            return Err(Unpack::Range);
        }
        let played = r.flag()?;
        let lines = (0..lines)
            .map(|_| unpack_line(&mut r, depth))
            .collect::<Result<Vec<_>, _>>()?;
        let played = if played {
            Some(unpack_line(&mut r, depth)?)
        } else {
            None
        };
        analyses.push(PositionAnalysis {
            lines,
            played,
            depth,
            nodes,
        });
    }
    Ok(SavedReview { depth, analyses })
}

fn house(n: u8) -> Result<House, Unpack> {
    House::new(n).ok_or(Unpack::Range)
}

fn unpack_line(r: &mut Reader, depth: u32) -> Result<PvLine, Unpack> {
    let mv = house(r.houses(1)?[0])?;
    let score = i32::try_from(r.signed()?).map_err(|_| Unpack::Range)?;
    let depth = if r.flag()? { depth } else { r.small()? };
    let from_mv = r.flag()?;
    let len: usize = r.small()?;
    if len > MAX_PV {
        return Err(Unpack::Range);
    }
    let mut pv = Vec::with_capacity(len + 1);
    if from_mv {
        pv.push(mv);
    }
    for h in r.houses(len)? {
        pv.push(house(h)?);
    }
    Ok(PvLine {
        mv,
        score: Score::from_raw(score),
        depth,
        pv,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Backend, Memory, ReadError};
    use toguz_coach::review::{analyse_position, ReviewSettings};
    use toguz_engine::search::Searcher;
    use toguz_engine::Position;

    /// A real review of the first `plies` moves of a game from the start (houses 1 to 9 in
    /// turn), searched to depth 3.
    fn review(plies: usize) -> SavedReview {
        let settings = ReviewSettings {
            depth: 3,
            ..ReviewSettings::default()
        };
        let mut searcher = Searcher::new(1);
        let mut pos = Position::start();
        let mut analyses = Vec::new();
        for i in 0..plies {
            let Some(mv) = (0..9)
                .map(|k| House::new(((i + k) % 9 + 1) as u8).unwrap())
                .find(|h| pos.play(*h).is_ok())
            else {
                break;
            };
            analyses.extend(analyse_position(
                &mut searcher,
                &pos,
                Some(mv),
                &settings,
                |_| false,
            ));
            pos = pos.play(mv).unwrap().0;
        }
        SavedReview { depth: 3, analyses }
    }

    #[test]
    fn a_review_reads_back() {
        let lib = Library::new(Memory::new(), "t");
        assert_eq!(lib.review("g1"), Ok(None));
        let r = review(30);
        lib.save_review("g1", &r).unwrap();
        assert_eq!(lib.review("g1"), Ok(Some(r)));
    }

    #[test]
    fn every_field_of_a_line_reads_back_even_when_unusual() {
        let line = |mv: u8, score: i32, depth: u32, pv: &[u8]| PvLine {
            mv: House::new(mv).unwrap(),
            score: Score::from_raw(score),
            depth,
            pv: pv.iter().map(|&h| House::new(h).unwrap()).collect(),
        };
        let odd = SavedReview {
            depth: 18,
            analyses: vec![
                PositionAnalysis {
                    lines: vec![
                        line(9, Score::win_in(7).get(), 18, &[9, 1, 2, 3]),
                        line(1, -31_000, 17, &[]),
                        line(5, 0, 40, &[6, 5]),
                    ],
                    played: Some(line(2, -250, 18, &[2])),
                    depth: 18,
                    nodes: u64::MAX,
                },
                PositionAnalysis {
                    lines: Vec::new(),
                    played: None,
                    depth: 0,
                    nodes: 0,
                },
            ],
        };
        assert_eq!(unpack(&pack(&odd)), Ok(odd));
    }

    #[test]
    fn a_packed_review_takes_a_tenth_of_its_readable_json_or_less() {
        let r = review(40);
        let wide = crate::versioned::encode_as::<Stored, _>(&r);
        let packed = review_text(&r);
        let units = |t: &str| t.encode_utf16().count();
        assert!(
            units(&packed) * 10 <= units(&wide),
            "packed {} against {}",
            units(&packed),
            units(&wide)
        );
    }

    #[test]
    fn a_review_of_version_1_reads_and_is_rewritten_packed_when_saved_again() {
        let lib = Library::new(Memory::new(), "t");
        let r = review(12);
        let v1 = format!(
            r#"{{"kind":"review","v":1,"data":{}}}"#,
            serde_json::to_string(&r).unwrap()
        );
        lib.backend().set(&review_key("g1"), &v1).unwrap();
        assert_eq!(lib.review("g1"), Ok(Some(r.clone())));
        lib.save_review("g1", &r).unwrap();
        let stored = lib.backend().get(&review_key("g1")).unwrap().unwrap();
        assert!(stored.starts_with(r#"{"kind":"review","v":2,"data":""#));
        assert!(stored.len() < v1.len());
    }

    #[test]
    fn a_review_of_version_1_or_one_moved_aside_makes_the_upgrade_due_until_it_is_done() {
        let lib = Library::new(Memory::new(), "t");
        let r = review(8);
        lib.save_review("g2", &r).unwrap();
        assert!(!lib.holds_older().unwrap());
        let v1 = format!(
            r#"{{"kind":"review","v":1,"data":{}}}"#,
            serde_json::to_string(&r).unwrap()
        );
        lib.backend().set(&review_key("g1"), &v1).unwrap();
        assert!(lib.holds_older().unwrap());
        assert_eq!(lib.pack_reviews().unwrap(), 1);
        assert!(!lib.holds_older().unwrap());
        // A packed review an older tab moved aside, as it moves what it cannot read.
        let packed = lib.backend().get(&review_key("g1")).unwrap().unwrap();
        let aside = format!("{}{}", crate::library::BACKUP_PREFIX, review_key("g1"));
        lib.backend().set(&aside, &packed).unwrap();
        lib.backend().remove(&review_key("g1")).unwrap();
        assert!(lib.holds_older().unwrap());
        assert_eq!(lib.bring_back_moved().unwrap().reviews, 1);
        assert!(!lib.holds_older().unwrap());
        assert_eq!(lib.review("g1"), Ok(Some(r)));
    }

    #[test]
    fn a_damaged_review_is_reported_and_backed_up() {
        let lib = Library::new(Memory::new(), "t");
        for damaged in [
            r#"{"kind":"review","v":1,"data":{"depth":"x"}}"#.to_string(),
            r#"{"kind":"review","v":2,"data":"abc"}"#.to_string(),
            // Cut short: the packed bits end in the middle of an analysis.
            {
                let text = review_text(&review(10));
                let kept = text.chars().count() - 12;
                text.chars().take(kept).collect::<String>() + "\"}"
            },
        ] {
            lib.backend().set(&review_key("g1"), &damaged).unwrap();
            assert!(
                matches!(lib.review("g1"), Err(ReadError::Corrupt(_))),
                "{damaged}"
            );
            // Moved aside: the next read finds none (the review is done again).
            assert_eq!(lib.review("g1"), Ok(None));
        }
    }
}
