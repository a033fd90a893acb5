//! A game played by link with a friend on another device: no server, each move travels as a
//! link through any messenger, and each player's app keeps its own copy of the game.
//!
//! A link carries the whole game ([`LinkGame`]: its id, the side of the player who invited,
//! optional names, every move) and a checksum, so a lost message is made up by the next one.
//! [`judge`] decides, from the stored copy alone, whether a link may change it: only by moves
//! of the other side, one turn at a time. Anything else is a typed [`Reject`] and nothing
//! changes.
//!
//! The payload (base64url, no padding) is bytes: the format's version, the id (8 bytes), a
//! flag byte (the inviter's side, whether names follow), the names (a length byte and UTF-8
//! each), the number of moves (two bytes), the moves two to a byte (houses 1-9 fit 4 bits,
//! the first in the high half), and a 32-bit FNV-1a checksum of all that.

use core::fmt;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use toguz_engine::game::Game;
use toguz_engine::hash::fnv1a_32;
use toguz_engine::{House, Side};

pub use crate::entry::LinkInfo;
use crate::entry::{GameEntry, Mode, Players};

/// The payload's format.
const FORMAT: u8 = 1;
/// Bytes of a game's id.
pub const ID_BYTES: usize = 8;
/// The longest name a link carries, in bytes (a longer one is cut at a character): the 40
/// characters the new-game form takes, each up to three bytes in UTF-8 (a Cyrillic letter takes
/// two, so 40 bytes cut a Russian or Kyrgyz name at 20 letters).
pub const MAX_NAME_BYTES: usize = 120;
/// The most moves a link carries (far more than any game has).
pub const MAX_MOVES: usize = 2_000;
/// The longest payload read, in characters.
pub const MAX_PAYLOAD_CHARS: usize = 4_000;
/// The query parameter of a link (`?c=<payload>`).
pub const LINK_PARAM: &str = "c";

const BLACK_INVITES: u8 = 1;
const HAS_NAMES: u8 = 2;

/// The game a link carries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkGame {
    /// The game's id and the inviter's side.
    pub info: LinkInfo,
    /// The names, empty when not given.
    pub players: Players,
    /// Every move from the start, as the houses played.
    pub moves: Vec<House>,
}

/// Why a link was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reject {
    /// The text is not a link's payload (not base64url, cut short, an unknown format).
    Unreadable,
    /// The payload reads, but its checksum does not match: it was changed on the way.
    BadChecksum,
    /// A move of the link cannot be played (the ply, from 1).
    IllegalMove {
        /// The move's number, from 1.
        ply: usize,
    },
    /// The link changes a move already stored (the first ply that differs, from 1).
    ChangesStoredMove {
        /// The first move that differs, from 1.
        ply: usize,
    },
    /// The link plays a move for this player's side.
    PlaysForReceiver,
    /// The link adds moves of both sides at once.
    SkipsAhead,
    /// The link names the same game but other sides than the stored copy.
    OtherSides,
}

impl fmt::Display for Reject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reject::Unreadable => f.write_str("the link does not read"),
            Reject::BadChecksum => f.write_str("the link's checksum does not match"),
            Reject::IllegalMove { ply } => write!(f, "move {ply} of the link cannot be played"),
            Reject::ChangesStoredMove { ply } => {
                write!(f, "the link changes move {ply}, already played")
            }
            Reject::PlaysForReceiver => f.write_str("the link plays a move for your side"),
            Reject::SkipsAhead => f.write_str("the link adds moves of both sides"),
            Reject::OtherSides => f.write_str("the link gives the sides of the game otherwise"),
        }
    }
}

impl std::error::Error for Reject {}

/// The stored copy of a correspondence game, as [`judge`] needs it.
#[derive(Clone, Copy, Debug)]
pub struct Stored<'a> {
    /// The game's id and the inviter's side.
    pub info: &'a LinkInfo,
    /// This player's side.
    pub me: Side,
    /// The moves stored.
    pub moves: &'a [House],
}

/// What to do with a link that is taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A game not stored yet: join it, on the side opposite the inviter's.
    Join {
        /// This player's side.
        me: Side,
        /// The game, replayed.
        game: LinkGame,
    },
    /// The friend's new move: play it on the stored copy.
    Update {
        /// The moves to add (one).
        moves: Vec<House>,
    },
    /// Nothing new (the link is the stored game): open the game where it stands.
    AlreadySeen,
    /// The link is an older state of the stored game: open the game where it stands, and say
    /// so (the player may think the link's position is the game's).
    Older,
}

/// FNV-1a, 32 bits: enough to notice a link changed or cut by a messenger.
fn checksum(bytes: &[u8]) -> u32 {
    fnv1a_32(bytes.iter().copied())
}

/// `name`, cut to at most [`MAX_NAME_BYTES`] at a character boundary.
fn cut(name: &str) -> &str {
    let mut end = name.len().min(MAX_NAME_BYTES);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    &name[..end]
}

/// A new game id from random bytes (the app's: the store has no randomness).
pub fn new_id(random: [u8; ID_BYTES]) -> String {
    URL_SAFE_NO_PAD.encode(random)
}

/// The payload of `game` (see the module's header). Moves beyond [`MAX_MOVES`] and names over
/// [`MAX_NAME_BYTES`] are cut.
pub fn encode(game: &LinkGame) -> String {
    let mut bytes = vec![FORMAT];
    let mut id = URL_SAFE_NO_PAD.decode(&game.info.id).unwrap_or_default();
    id.resize(ID_BYTES, 0);
    bytes.extend_from_slice(&id);
    let names = !game.players.white.is_empty() || !game.players.black.is_empty();
    let mut flags = if game.info.inviter == Side::Black {
        BLACK_INVITES
    } else {
        0
    };
    if names {
        flags |= HAS_NAMES;
    }
    bytes.push(flags);
    if names {
        for name in [&game.players.white, &game.players.black] {
            let name = cut(name);
            bytes.push(name.len() as u8);
            bytes.extend_from_slice(name.as_bytes());
        }
    }
    let moves = &game.moves[..game.moves.len().min(MAX_MOVES)];
    bytes.extend_from_slice(&(moves.len() as u16).to_be_bytes());
    for pair in moves.chunks(2) {
        let low = pair.get(1).map_or(0, |h| h.get());
        bytes.push(pair[0].get() << 4 | low);
    }
    let sum = checksum(&bytes);
    bytes.extend_from_slice(&sum.to_be_bytes());
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Reads bytes in order; `None` past the end.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        if n > self.bytes.len() {
            return None;
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Some(head)
    }

    fn byte(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }
}

/// Reads a payload (see [`encode`]): its format, checksum and fields. The moves are not
/// replayed here ([`judge`] does).
pub fn decode(payload: &str) -> Result<LinkGame, Reject> {
    let payload = payload.trim();
    if payload.len() > MAX_PAYLOAD_CHARS {
        return Err(Reject::Unreadable);
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .map_err(|_| Reject::Unreadable)?;
    if bytes.len() < 1 + ID_BYTES + 1 + 2 + 4 || bytes[0] != FORMAT {
        return Err(Reject::Unreadable);
    }
    let (body, sum) = bytes.split_at(bytes.len() - 4);
    if checksum(body) != u32::from_be_bytes([sum[0], sum[1], sum[2], sum[3]]) {
        return Err(Reject::BadChecksum);
    }
    let mut r = Reader { bytes: &body[1..] };
    let unreadable = || Reject::Unreadable;
    let id: [u8; ID_BYTES] = r
        .take(ID_BYTES)
        .and_then(|b| b.try_into().ok())
        .ok_or_else(unreadable)?;
    let flags = r.byte().ok_or_else(unreadable)?;
    if flags & !(BLACK_INVITES | HAS_NAMES) != 0 {
        return Err(Reject::Unreadable);
    }
    let mut players = Players::default();
    if flags & HAS_NAMES != 0 {
        for name in [&mut players.white, &mut players.black] {
            let n = usize::from(r.byte().ok_or_else(unreadable)?);
            let text = r.take(n).ok_or_else(unreadable)?;
            *name = String::from_utf8(text.to_vec()).map_err(|_| Reject::Unreadable)?;
        }
    }
    let count = r.take(2).ok_or_else(unreadable)?;
    let count = usize::from(u16::from_be_bytes([count[0], count[1]]));
    if count > MAX_MOVES || r.bytes.len() != count.div_ceil(2) {
        return Err(Reject::Unreadable);
    }
    let mut moves = Vec::with_capacity(count);
    for (i, &b) in r.bytes.iter().enumerate() {
        for (j, nibble) in [b >> 4, b & 0x0f].into_iter().enumerate() {
            if 2 * i + j < count {
                moves.push(House::new(nibble).ok_or_else(unreadable)?);
            } else if nibble != 0 {
                return Err(Reject::Unreadable);
            }
        }
    }
    let inviter = if flags & BLACK_INVITES != 0 {
        Side::Black
    } else {
        Side::White
    };
    Ok(LinkGame {
        info: LinkInfo {
            id: new_id(id),
            inviter,
        },
        players,
        moves,
    })
}

/// The game of `moves` from the usual start, or the first move that cannot be played.
pub fn replay(moves: &[House]) -> Result<Game, Reject> {
    let mut game = Game::new();
    for (i, &h) in moves.iter().enumerate() {
        game.play(h)
            .map_err(|_| Reject::IllegalMove { ply: i + 1 })?;
    }
    Ok(game)
}

/// The side that plays move `ply` (from 0) of a game from the usual start: turns alternate,
/// White first (a side with no move ends the game, so no side ever moves twice).
fn mover(ply: usize) -> Side {
    if ply.is_multiple_of(2) {
        Side::White
    } else {
        Side::Black
    }
}

/// Reads `payload` and decides what it does to the stored copy of its game (`stored`: the
/// copy with the link's id, or `None` when this app has none). Pure: the caller stores what
/// the verdict says, and nothing on a rejection.
///
/// - No copy: join on the side opposite the inviter's, if every move of the link is the
///   inviter's (a link made before the friend's first move).
/// - A copy: the link must start with every stored move, and may add one move, of the other
///   side; a link with fewer moves (older) or the same opens the game as it stands.
pub fn judge(stored: Option<Stored<'_>>, payload: &str) -> Result<Verdict, Reject> {
    let link = decode(payload)?;
    replay(&link.moves)?;
    let Some(stored) = stored else {
        let me = link.info.inviter.opponent();
        return match new_moves_check(me, 0, &link.moves) {
            Ok(_) => Ok(Verdict::Join { me, game: link }),
            Err(e) => Err(e),
        };
    };
    if link.info != *stored.info {
        return Err(Reject::OtherSides);
    }
    if let Some(i) = stored
        .moves
        .iter()
        .zip(&link.moves)
        .position(|(a, b)| a != b)
    {
        return Err(Reject::ChangesStoredMove { ply: i + 1 });
    }
    if link.moves.len() < stored.moves.len() {
        return Ok(Verdict::Older);
    }
    if link.moves.len() == stored.moves.len() {
        return Ok(Verdict::AlreadySeen);
    }
    let new = new_moves_check(stored.me, stored.moves.len(), &link.moves)?;
    Ok(Verdict::Update {
        moves: new.to_vec(),
    })
}

/// What a link taken did to the library (see [`take`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    /// A new game, joined on the side opposite the inviter's.
    Joined,
    /// The friend's move was added to the stored game.
    Updated,
    /// Nothing new: the stored game as it stands.
    AlreadySeen,
    /// The link is older than the stored game: the stored game as it stands.
    Older,
}

/// The moves of an entry up to its cursor.
fn moves_of(entry: &GameEntry) -> Vec<House> {
    entry.game.moves()[..entry.game.ply()]
        .iter()
        .map(|m| m.house)
        .collect()
}

/// The link's payload of a game with a friend (its moves up to the cursor); `None` for
/// another game.
pub fn payload_of(entry: &GameEntry) -> Option<String> {
    let info = entry.link()?;
    Some(encode(&LinkGame {
        info,
        players: entry.players.clone(),
        moves: moves_of(entry),
    }))
}

/// The entry to store and to show for a link: `stored` is the library's game with the link's
/// id, if any (see [`link_id`]). A new game gets no id (the library gives it one at its
/// save). On a rejection nothing is to be stored.
pub fn take(
    stored: Option<&GameEntry>,
    payload: &str,
    now: u64,
) -> Result<(GameEntry, Taken), Reject> {
    let copy = stored.and_then(|e| match (e.mode, e.link()) {
        (Mode::Link { me }, Some(info)) => Some((me, info, moves_of(e))),
        _ => None,
    });
    let verdict = judge(
        copy.as_ref().map(|(me, info, moves)| Stored {
            info,
            me: *me,
            moves,
        }),
        payload,
    )?;
    match (verdict, stored) {
        (Verdict::Join { me, game }, _) => {
            let mut entry =
                GameEntry::new(String::new(), now, Mode::Link { me }, replay(&game.moves)?);
            entry.players = game.players;
            entry.set_link(Some(game.info));
            entry.flipped = me == Side::Black;
            Ok((entry, Taken::Joined))
        }
        (Verdict::Update { moves }, Some(stored)) => {
            let mut entry = stored.clone();
            for (i, h) in moves.into_iter().enumerate() {
                entry.game.play(h).map_err(|_| Reject::IllegalMove {
                    ply: stored.game.ply() + i + 1,
                })?;
            }
            Ok((entry, Taken::Updated))
        }
        (Verdict::Older, Some(stored)) => Ok((stored.clone(), Taken::Older)),
        (_, Some(stored)) => Ok((stored.clone(), Taken::AlreadySeen)),
        // Only a stored copy can be updated or already seen.
        (_, None) => Err(Reject::Unreadable),
    }
}

/// The id of the game a payload is about, to find its stored copy; `None` if it does not
/// read.
pub fn link_id(payload: &str) -> Option<String> {
    decode(payload).ok().map(|g| g.info.id)
}

/// The moves of `moves` after the first `known`, if they are at most one turn of the side
/// that is not `me`.
fn new_moves_check(me: Side, known: usize, moves: &[House]) -> Result<&[House], Reject> {
    let new = &moves[known.min(moves.len())..];
    let sides = (known..moves.len()).map(mover);
    let mine = sides.clone().filter(|&s| s == me).count();
    let theirs = new.len() - mine;
    match (mine, theirs) {
        (0, 0 | 1) => Ok(new),
        (_, 0) => Err(Reject::PlaysForReceiver),
        _ => Err(Reject::SkipsAhead),
    }
}

#[cfg(test)]
mod tests;
