//! The static evaluation used by the search.
//!
//! Everything is from the point of view of the player to move, in hundredths of a korgool.

use serde::{Deserialize, Serialize};

use crate::{Position, Side};

/// The weights of the evaluation, in hundredths of a korgool per unit of each feature.
///
/// The defaults were chosen by self-play matches (see `docs/engine-protocol.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EvalParams {
    /// One korgool in a kazan.
    pub kazan: i32,
    /// Owning a tuz (it collects korgools for the rest of the game).
    pub tuz: i32,
    /// Added to the value of a tuz per 10 korgools still on the board (a tuz taken early
    /// collects for longer).
    pub tuz_per_10: i32,
    /// One korgool lying on one's own row.
    pub row: i32,
    /// One non-empty house on one's own row (a legal move).
    pub mobility: i32,
    /// Per korgool of the best capture the player to move can make now (percent of it).
    pub my_threat_pct: i32,
    /// Per korgool of the best capture the opponent threatens (percent of it).
    pub their_threat_pct: i32,
}

impl Default for EvalParams {
    fn default() -> Self {
        EvalParams {
            kazan: 100,
            tuz: 1500,
            tuz_per_10: 0,
            row: 10,
            mobility: 100,
            my_threat_pct: 0,
            their_threat_pct: 0,
        }
    }
}

impl EvalParams {
    /// Only the kazan difference: the evaluation of a one-ply greedy player.
    pub const KAZAN_ONLY: EvalParams = EvalParams {
        kazan: 100,
        tuz: 0,
        tuz_per_10: 0,
        row: 0,
        mobility: 0,
        my_threat_pct: 0,
        their_threat_pct: 0,
    };
}

/// The static value of `pos` for the player to move, in hundredths of a korgool.
///
/// ```
/// use toguz_engine::{Position, eval::{evaluate, EvalParams}};
/// assert_eq!(evaluate(&Position::start(), &EvalParams::default()), 0);
/// ```
// Always inlined: the search calls it at every leaf, and in the worker's build (wasm32) the
// compiler left it a call of its own, which it never does natively.
#[inline(always)]
pub fn evaluate(pos: &Position, w: &EvalParams) -> i32 {
    let me = pos.turn();
    let opp = me.opponent();
    let mut v = w.kazan * (pos.kazan(me) as i32 - pos.kazan(opp) as i32);
    let tuzes = pos.tuz_square(me).is_some() as i32 - pos.tuz_square(opp).is_some() as i32;
    if tuzes != 0 {
        let board = 162 - pos.kazan(me) as i32 - pos.kazan(opp) as i32;
        v += tuzes * (w.tuz + w.tuz_per_10 * board / 10);
    }
    if w.row != 0 {
        v += w.row * (pos.row_total(me) as i32 - pos.row_total(opp) as i32);
    }
    if w.mobility != 0 {
        let sq = pos.squares();
        let (a, b) = (me.index() * 9, opp.index() * 9);
        let mm = sq[a..a + 9].iter().filter(|&&n| n > 0).count() as i32;
        let mo = sq[b..b + 9].iter().filter(|&&n| n > 0).count() as i32;
        v += w.mobility * (mm - mo);
    }
    if w.my_threat_pct != 0 {
        v += w.my_threat_pct * w.kazan * best_capture(pos, me) / 100;
    }
    if w.their_threat_pct != 0 {
        v -= w.their_threat_pct * w.kazan * best_capture(pos, opp) / 100;
    }
    v
}

/// The most korgools `side` could take with one move from `pos` if it were their turn
/// (tuz inflows ignored; a tuz counts as its three).
pub fn best_capture(pos: &Position, side: Side) -> i32 {
    let sq = pos.squares();
    let base = side.index() * 9;
    let my_tuz = pos.tuz_square(side).map(|s| s.index());
    let their_tuz = pos.tuz_square(side.opponent()).map(|s| s.index());
    let mut best = 0;
    for (i, &n) in sq[base..base + 9].iter().enumerate() {
        if n == 0 {
            continue;
        }
        let from = base + i;
        let n = n as usize;
        let (last, count) = if n == 1 {
            let to = (from + 1) % 18;
            (to, sq[to] as usize + 1)
        } else {
            let last = (from + n - 1) % 18;
            let here = if last == from { 0 } else { sq[last] as usize };
            let rest = n % 18;
            (last, here + n / 18 + usize::from(rest > 0))
        };
        if last / 9 == side.index() || Some(last) == my_tuz || Some(last) == their_tuz {
            continue;
        }
        let take = if count % 2 == 0 {
            count
        } else if count == 3
            && my_tuz.is_none()
            && last % 9 != 8
            && their_tuz.is_none_or(|t| t % 9 != last % 9)
        {
            3
        } else {
            0
        };
        best = best.max(take as i32);
    }
    best
}
