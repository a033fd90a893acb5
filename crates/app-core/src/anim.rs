//! The sowing animation as plain data: the frames of a move, built only from the engine's
//! [`MoveOutcome`] (never from the rules), and the [`Player`] that shows them.
//!
//! A [`Frame`] is what the board shows at one step: every house count, both kazans, the tuz
//! squares and the korgools still in the hand. [`frames`] gives the frames of one move, first
//! (the pile lifted) to last (equal to the engine's position after the move);
//! [`collection`] gives the frame of the end of a game by an empty row: every korgool left on
//! the board taken to the kazan of the side it lies on.
//!
//! Every screen that sows shows its frames through one [`Player`]: one timing (the player's
//! [`Speed`], each frame held for [`Player::hold_ms`]), one rule for a stale timer (its
//! token), one skip (to the last frame), and stepping by index for the tutorial. The browser
//! side (`ui::sowing`) only runs the timers the player asks for.

use toguz_engine::{EndReason, MoveOutcome, Position, Side, Square};

/// What happened at a frame (for the board's marks and for a narration).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The position before the move (nothing lifted yet).
    Still,
    /// The pile of the starting house taken into the hand.
    Lift(Square),
    /// One korgool dropped into a house.
    Drop(Square),
    /// One korgool dropped into a tuz, gone on to the owner's kazan.
    ThroughTuz(Square, Side),
    /// The korgools of a house taken to the mover's kazan.
    Capture {
        /// The house emptied.
        square: Square,
        /// How many korgools.
        count: u8,
    },
    /// A capture of three that made the house the mover's tuz.
    Tuz(Square),
    /// The end of the game by an empty row: the rest collected by the side it lies on.
    Collect,
}

impl Step {
    /// The square the step happens at, if one.
    pub fn square(self) -> Option<Square> {
        match self {
            Step::Lift(s) | Step::Drop(s) | Step::ThroughTuz(s, _) | Step::Tuz(s) => Some(s),
            Step::Capture { square, .. } => Some(square),
            Step::Still | Step::Collect => None,
        }
    }
}

/// What the board shows at one step of an animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    /// Korgools in each square (index [`Square::index`]).
    pub houses: [u8; 18],
    /// The kazans, White's first.
    pub kazans: [u8; 2],
    /// Each side's tuz, White's first.
    pub tuz: [Option<Square>; 2],
    /// Korgools in the hand, still to be sown.
    pub hand: u8,
    /// What this frame shows happening.
    pub step: Step,
}

impl Frame {
    /// The still frame of a position.
    pub fn of(position: &Position) -> Frame {
        let houses = Square::ALL.map(|sq| position.at(sq));
        Frame {
            houses,
            kazans: [position.kazan(Side::White), position.kazan(Side::Black)],
            tuz: [
                position.tuz_square(Side::White),
                position.tuz_square(Side::Black),
            ],
            hand: 0,
            step: Step::Still,
        }
    }

    /// Korgools in `square`.
    pub fn at(&self, square: Square) -> u8 {
        self.houses[square.index()]
    }

    /// Korgools in `side`'s kazan.
    pub fn kazan(&self, side: Side) -> u8 {
        self.kazans[side.index()]
    }

    /// The owner of the tuz at `square`, if it is one.
    pub fn tuz_owner(&self, square: Square) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&side| self.tuz[side.index()] == Some(square))
    }

    /// Same board (counts, kazans and tuz), whatever the hand and step.
    pub fn same_board(&self, other: &Frame) -> bool {
        self.houses == other.houses && self.kazans == other.kazans && self.tuz == other.tuz
    }
}

/// The frames of `outcome` played from `before`: the lift, one frame per drop (a drop into a
/// tuz goes to its owner's kazan), then the capture or the new tuz. The last frame shows the
/// position after the move (without any end-of-game collection: see [`collection`]).
pub fn frames(before: &Position, outcome: &MoveOutcome) -> Vec<Frame> {
    let mut f = Frame::of(before);
    let mut out = Vec::with_capacity(outcome.drops.len() + 2);
    let from = Square::new(outcome.side, outcome.from);
    f.houses[from.index()] = 0;
    f.hand = outcome.lifted;
    f.step = Step::Lift(from);
    out.push(f);
    for drop in &outcome.drops {
        f.hand = f.hand.saturating_sub(1);
        match drop.to_kazan {
            Some(owner) => {
                f.kazans[owner.index()] += 1;
                f.step = Step::ThroughTuz(drop.square, owner);
            }
            None => {
                f.houses[drop.square.index()] += 1;
                f.step = Step::Drop(drop.square);
            }
        }
        out.push(f);
    }
    if let Some(capture) = outcome.capture {
        let square = capture.square;
        f.houses[square.index()] = f.houses[square.index()].saturating_sub(capture.count);
        f.kazans[outcome.side.index()] += capture.count;
        if capture.tuz {
            f.tuz[outcome.side.index()] = Some(square);
            f.step = Step::Tuz(square);
        } else {
            f.step = Step::Capture {
                square,
                count: capture.count,
            };
        }
        out.push(f);
    }
    out
}

/// The frame after the end-of-game collection, when `position` ended by an empty row and
/// korgools were left on the board; `None` otherwise.
pub fn collection(position: &Position) -> Option<Frame> {
    let end = position.end()?;
    if end.reason != EndReason::NoMoves || end.collected.white + end.collected.black == 0 {
        return None;
    }
    let mut f = Frame::of(position);
    f.houses = [0; 18];
    f.kazans = [end.kazans.white, end.kazans.black];
    f.step = Step::Collect;
    Some(f)
}

/// Animation speed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    /// Half a second a korgool.
    Slow,
    /// A quarter of a second.
    #[default]
    Normal,
    /// A tenth of a second.
    Fast,
    /// No animation.
    Instant,
}

impl Speed {
    /// All speeds, slowest first.
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// Milliseconds between frames; 0 for no animation.
    pub fn frame_ms(self) -> u32 {
        match self {
            Speed::Slow => 450,
            Speed::Normal => 220,
            Speed::Fast => 90,
            Speed::Instant => 0,
        }
    }

    /// The name shown and stored.
    pub fn name(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    /// The speed of a stored name.
    pub fn from_name(name: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// A timer the [`Player`] asks its host for: call [`Player::tick`] with `token` after `ms`
/// milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wait {
    /// How long the frame shown stays.
    pub ms: u32,
    /// To give back to [`Player::tick`].
    pub token: u32,
}

/// What a timer did when it fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tick {
    /// The timer was for an animation paused, stepped, skipped or replaced since: nothing
    /// changed.
    Stale,
    /// The next frame is shown; run this timer for it.
    Next(Wait),
    /// The last frame has been shown for its time: the animation is over (the last frame
    /// stays the one shown).
    Ended,
}

/// A sowing on screen: a queue of frames, the one shown, playing or not.
///
/// Plain data, no clock: each command that starts a frame answers with the [`Wait`] its host
/// must run, and a timer that fires after the animation was paused, stepped, skipped or
/// replaced carries an old token and changes nothing. The timing is the same everywhere: the
/// interval of the player's [`Speed`] (0, instant, when the system asks for reduced motion),
/// a lift, capture or new tuz held twice as long and the end-of-game collection four times.
/// At the instant speed a sowing shows its last frame at once and never plays.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    frames: Vec<Frame>,
    at: usize,
    playing: bool,
    frame_ms: u32,
    /// Changes whenever the running animation stops: its timer's token goes stale.
    token: u32,
}

impl Player {
    /// An empty player with `frame_ms` between frames (0: instant).
    pub fn new(frame_ms: u32) -> Player {
        Player {
            frame_ms,
            ..Player::default()
        }
    }

    /// Milliseconds between frames from now on (0: instant).
    pub fn set_frame_ms(&mut self, frame_ms: u32) {
        self.frame_ms = frame_ms;
    }

    /// Milliseconds between frames; 0 when sowings are shown at once.
    pub fn frame_ms(&self) -> u32 {
        self.frame_ms
    }

    /// How long `frame` stays on the board while playing.
    pub fn hold_ms(&self, frame: &Frame) -> u32 {
        let ms = self.frame_ms.max(1);
        match frame.step {
            Step::Lift(_) | Step::Capture { .. } | Step::Tuz(_) => ms * 2,
            Step::Collect => ms * 4,
            _ => ms,
        }
    }

    /// Every frame queued.
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// How many frames are queued.
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// True with no frame queued.
    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    /// The index of the frame shown.
    pub fn at(&self) -> usize {
        self.at
    }

    /// The frame shown, if any is queued.
    pub fn frame(&self) -> Option<Frame> {
        self.frames.get(self.at).copied()
    }

    /// True while the frames advance on their own.
    pub fn playing(&self) -> bool {
        self.playing
    }

    /// The first frame is shown (or none is queued).
    pub fn at_start(&self) -> bool {
        self.at == 0
    }

    /// The last frame is shown (or none is queued).
    pub fn at_end(&self) -> bool {
        self.at + 1 >= self.frames.len()
    }

    /// The token of the timer running now.
    pub fn token(&self) -> u32 {
        self.token
    }

    fn last(&self) -> usize {
        self.frames.len().saturating_sub(1)
    }

    fn stop(&mut self) {
        self.playing = false;
        self.token = self.token.wrapping_add(1);
    }

    /// Plays from the frame shown: the instant speed goes to the last frame instead.
    fn start(&mut self) -> Option<Wait> {
        if self.frame_ms == 0 {
            self.playing = false;
            self.at = self.last();
            return None;
        }
        let frame = self.frame()?;
        self.playing = true;
        Some(Wait {
            ms: self.hold_ms(&frame),
            token: self.token,
        })
    }

    /// Shows `frames` in place of any before, playing from the first; `None` (nothing to
    /// time) when there is no frame or the speed is instant (the last frame is shown then).
    pub fn show(&mut self, frames: Vec<Frame>) -> Option<Wait> {
        self.stop();
        self.frames = frames;
        self.at = 0;
        self.start()
    }

    /// Queues `frames` after the running animation (a reply sown after the move); a player
    /// that is not playing shows them in place of its frames, as [`Player::show`].
    pub fn extend(&mut self, frames: Vec<Frame>) -> Option<Wait> {
        if self.playing {
            self.frames.extend(frames);
            None
        } else {
            self.show(frames)
        }
    }

    /// The timer of `token` fired: the next frame, or the end.
    pub fn tick(&mut self, token: u32) -> Tick {
        if token != self.token || !self.playing {
            return Tick::Stale;
        }
        if self.at_end() {
            self.stop();
            return Tick::Ended;
        }
        self.at += 1;
        match self.start() {
            Some(wait) => Tick::Next(wait),
            None => Tick::Ended,
        }
    }

    /// Plays from the frame shown, from the first when the last is shown; nothing new while
    /// it plays.
    pub fn play(&mut self) -> Option<Wait> {
        if self.playing {
            return None;
        }
        if self.at_end() {
            self.at = 0;
        }
        self.stop();
        self.start()
    }

    /// Stops on the frame shown.
    pub fn pause(&mut self) {
        self.stop();
    }

    /// Pauses a playing player, plays a paused one.
    pub fn toggle(&mut self) -> Option<Wait> {
        if self.playing {
            self.stop();
            None
        } else {
            self.play()
        }
    }

    /// Skips to the last frame and stops; true if the animation was playing.
    pub fn skip(&mut self) -> bool {
        let was = self.playing;
        self.stop();
        self.at = self.last();
        was
    }

    /// Stops and shows the first frame.
    pub fn restart(&mut self) {
        self.stop();
        self.at = 0;
    }

    /// Stops and shows the frame before.
    pub fn back(&mut self) {
        self.stop();
        self.at = self.at.saturating_sub(1);
    }

    /// Stops and shows the frame after.
    pub fn forward(&mut self) {
        self.stop();
        self.at = (self.at + 1).min(self.last());
    }

    /// Stops and forgets the frames.
    pub fn clear(&mut self) {
        self.stop();
        self.frames.clear();
        self.at = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toguz_engine::House;

    fn h(n: u8) -> House {
        House::new(n).unwrap()
    }

    fn check_last_frame(before: Position, house: u8) -> Vec<Frame> {
        let mut after = before;
        let outcome = after.try_play(h(house)).unwrap();
        let fr = frames(&before, &outcome);
        let last = fr.last().unwrap();
        assert!(last.same_board(&Frame::of(&after)), "{before} {house}");
        assert_eq!(last.hand, 0);
        fr
    }

    #[test]
    fn the_opening_capture() {
        let fr = check_last_frame(Position::start(), 7);
        // lift, nine drops, the capture of ten
        assert_eq!(fr.len(), 11);
        assert_eq!(fr[0].hand, 9);
        assert_eq!(fr[0].step, Step::Lift(Square::new(Side::White, h(7))));
        assert_eq!(fr[1].step, Step::Drop(Square::new(Side::White, h(7))));
        assert_eq!(
            fr[10].step,
            Step::Capture {
                square: Square::new(Side::Black, h(6)),
                count: 10
            }
        );
        assert_eq!(fr[10].kazan(Side::White), 10);
        // Korgools are never created or lost.
        for f in &fr {
            let total: u32 = f.houses.iter().map(|&n| n as u32).sum::<u32>()
                + f.kazans.iter().map(|&n| n as u32).sum::<u32>()
                + f.hand as u32;
            assert_eq!(total, 162);
        }
    }

    #[test]
    fn a_tuz_is_marked_and_drops_into_it_go_to_the_kazan() {
        let p: Position = "9,9,9,9,9,9,9,9,3/9,2,9,9,9,9,9,9,9 7/6 -/- w"
            .parse()
            .unwrap();
        let fr = check_last_frame(p, 9);
        let tuz = Square::new(Side::Black, h(2));
        assert_eq!(fr.last().unwrap().step, Step::Tuz(tuz));
        assert_eq!(fr.last().unwrap().tuz_owner(tuz), Some(Side::White));
        // Black now sows over White's tuz: that korgool goes on to White's kazan.
        let mut after = p;
        after.try_play(h(9)).unwrap();
        let mut next = after;
        let out = next.try_play(h(1)).unwrap();
        let fr = frames(&after, &out);
        assert!(fr
            .iter()
            .any(|f| f.step == Step::ThroughTuz(tuz, Side::White)));
        assert!(fr.last().unwrap().same_board(&Frame::of(&next)));
    }

    #[test]
    fn whole_playok_games_end_on_the_engine_position() {
        let text = include_str!("../../../public/playok/avataar.pgn");
        let mut played = 0;
        let mut p = Position::start();
        for token in text.split_whitespace() {
            let first = token.as_bytes()[0];
            if token.starts_with('[') || token.ends_with('.') || token.contains('-') {
                if token.starts_with("[Event") {
                    p = Position::start();
                }
                continue;
            }
            if !first.is_ascii_digit() || p.is_over() {
                continue;
            }
            let house = first - b'0';
            if p.check(h(house)).is_err() {
                continue;
            }
            check_last_frame(p, house);
            p.try_play(h(house)).unwrap();
            played += 1;
        }
        assert!(played > 100, "{played}");
    }

    #[test]
    fn collection_only_after_an_empty_row() {
        assert_eq!(collection(&Position::start()), None);
        let p: Position = "0,0,0,0,0,0,0,0,0/1,0,0,0,0,0,0,0,0 80/81 -/- w"
            .parse()
            .unwrap();
        let f = collection(&p).unwrap();
        assert_eq!(f.houses, [0; 18]);
        assert_eq!(f.kazans, [80, 82]);
    }

    #[test]
    fn speeds_round_trip() {
        for s in Speed::ALL {
            assert_eq!(Speed::from_name(s.name()), Some(s));
        }
        assert_eq!(Speed::Instant.frame_ms(), 0);
    }
    fn opening_frames() -> Vec<Frame> {
        let mut after = Position::start();
        let outcome = after.try_play(h(7)).unwrap();
        frames(&Position::start(), &outcome)
    }

    /// Ticks every timer until the player stops; the frame indexes shown on the way.
    fn play_out(p: &mut Player, mut wait: Option<Wait>) -> Vec<usize> {
        let mut shown = vec![p.at()];
        while let Some(w) = wait {
            wait = match p.tick(w.token) {
                Tick::Next(next) => {
                    shown.push(p.at());
                    Some(next)
                }
                Tick::Ended | Tick::Stale => None,
            };
        }
        shown
    }

    #[test]
    fn a_player_shows_each_frame_in_turn_and_stops_on_the_last() {
        let mut p = Player::new(100);
        let wait = p.show(opening_frames()).expect("a timer for the lift");
        assert!(p.playing() && p.at_start());
        assert_eq!(wait.ms, 200, "a lift is held twice as long");
        assert_eq!(play_out(&mut p, Some(wait)), (0..11).collect::<Vec<_>>());
        assert!(!p.playing() && p.at_end());
        assert_eq!(p.frame().unwrap().kazan(Side::White), 10);
    }

    #[test]
    fn drops_are_held_one_interval_and_captures_two() {
        let p = Player::new(90);
        let fr = opening_frames();
        assert_eq!(p.hold_ms(&fr[1]), 90);
        assert_eq!(p.hold_ms(&fr[10]), 180);
        let mut collect = fr[10];
        collect.step = Step::Collect;
        assert_eq!(p.hold_ms(&collect), 360);
    }

    #[test]
    fn the_instant_speed_shows_the_last_frame_at_once() {
        let mut p = Player::new(Speed::Instant.frame_ms());
        assert_eq!(p.show(opening_frames()), None);
        assert!(!p.playing() && p.at_end());
        assert_eq!(p.play(), None, "play has nothing to time either");
        assert!(p.at_end());
    }

    #[test]
    fn a_switch_to_the_instant_speed_ends_the_sowing_at_its_next_frame() {
        let mut p = Player::new(100);
        let wait = p.show(opening_frames()).unwrap();
        p.set_frame_ms(0);
        assert_eq!(p.tick(wait.token), Tick::Ended);
        assert!(!p.playing() && p.at_end());
    }

    #[test]
    fn a_timer_of_an_animation_paused_skipped_or_replaced_is_stale() {
        let mut p = Player::new(100);
        let old = p.show(opening_frames()).unwrap();
        p.pause();
        assert_eq!(p.tick(old.token), Tick::Stale);
        assert!(p.at_start(), "paused on the frame shown");
        let again = p.play().unwrap();
        assert_ne!(again.token, old.token);
        assert!(p.skip(), "it was playing");
        assert!(p.at_end() && !p.playing());
        assert_eq!(p.tick(again.token), Tick::Stale);
        let third = p.show(opening_frames()).unwrap();
        p.show(opening_frames());
        assert_eq!(p.tick(third.token), Tick::Stale);
        assert!(p.at_start());
    }

    #[test]
    fn stepping_by_hand_stops_the_player_and_stays_in_bounds() {
        let mut p = Player::new(100);
        let wait = p.show(opening_frames()).unwrap();
        p.back();
        assert!(p.at_start() && !p.playing());
        assert_eq!(p.tick(wait.token), Tick::Stale);
        for _ in 0..20 {
            p.forward();
        }
        assert_eq!(p.at(), 10);
        p.back();
        assert_eq!(p.at(), 9);
        p.restart();
        assert!(p.at_start());
    }

    #[test]
    fn play_at_the_last_frame_starts_again_from_the_first() {
        let mut p = Player::new(100);
        p.show(opening_frames());
        p.skip();
        let wait = p.toggle().expect("playing again");
        assert!(p.playing() && p.at_start());
        assert_eq!(p.toggle(), None);
        assert!(!p.playing());
        assert_eq!(p.tick(wait.token), Tick::Stale);
    }

    #[test]
    fn frames_added_while_playing_follow_and_otherwise_replace() {
        let mut p = Player::new(100);
        let wait = p.show(opening_frames());
        assert_eq!(
            p.extend(opening_frames()),
            None,
            "the running timer goes on"
        );
        assert_eq!(p.len(), 22);
        assert_eq!(play_out(&mut p, wait).len(), 22);
        assert!(p.extend(opening_frames()).is_some());
        assert_eq!(p.len(), 11, "after the end, a new sowing");
        p.clear();
        assert!(p.is_empty() && p.frame().is_none());
    }
}
