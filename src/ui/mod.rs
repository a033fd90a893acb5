//! Shared views, fed by props and reporting by callbacks: they know no feature and no game
//! session.
//!
//! - [`Board`]: the oval board of a position, with highlights and an animation frame;
//! - [`Button`]: the app's button, with its [`Look`];
//! - [`EvalBar`]: the evaluation bar of every screen that shows one;
//! - [`FoldMenu`]: actions a narrow screen folds behind one button (a library card's);
//! - [`LevelChips`]: the computer's levels as toggle chips; [`LevelSelect`]: as a menu;
//! - [`Modal`]: a modal dialog (focus in and trapped, Escape, focus back);
//! - [`MoveList`]: moves in notation, numbered in pairs;
//! - [`NotFound`]: in place of a game or link that is not there, the way back to the library;
//! - [`PlayFromHere`]: a game against the computer from the position shown, at a level chosen;
//! - [`RatingEstimate`]: the rating a finished game showed, for the end dialog and the review;
//! - [`LiveRegion`]: the polite live region that reads out moves and results;
//! - [`sowing`]: the sowing animation's driver for every board that sows ([`use_sowing`]);
//! - [`ShareImage`], [`ShareGif`]: Share image and Share as GIF (`services::pictures`);
//! - [`ToggleChip`]: a button pressed while its option is chosen.

pub mod board;
pub mod button;
pub mod eval_bar;
pub mod explorer;
pub mod explorer_study;
pub mod fold_menu;
pub mod level_chips;
pub mod level_select;
pub mod live_region;
pub mod modal;
pub mod move_list;
pub mod not_found;
pub mod play_from_here;
pub mod rating_estimate;
pub mod share_picture;
pub mod sowing;
pub mod toggle_chip;

pub use board::{Board, Highlights, SquareSet};
pub use button::{Button, Look};
pub use eval_bar::EvalBar;
pub use explorer::Explorer;
pub use fold_menu::FoldMenu;
pub use level_chips::LevelChips;
pub use level_select::LevelSelect;
pub use live_region::LiveRegion;
pub use modal::Modal;
pub use move_list::{MoveList, Ply};
pub use not_found::NotFound;
pub use play_from_here::PlayFromHere;
pub use rating_estimate::RatingEstimate;
pub use share_picture::{ShareGif, ShareImage};
pub use sowing::{use_sowing, Sowing};
pub use toggle_chip::ToggleChip;
