//! Prints the position string after each move, one line per move, from the start position.
//! The end-to-end tests compute their expected boards with it, outside the browser.
//!
//! `cargo run --example positions -- 7 3 5` plays White 7, Black 3, White 5.

use std::process::ExitCode;

use toguz_engine::{House, Position};

fn main() -> ExitCode {
    let mut position = Position::start();
    for arg in std::env::args().skip(1) {
        let Some(house) = arg.parse().ok().and_then(House::new) else {
            eprintln!("not a house number 1-9: {arg}");
            return ExitCode::FAILURE;
        };
        if let Err(e) = position.try_play(house) {
            eprintln!("cannot play {house} in {position}: {e}");
            return ExitCode::FAILURE;
        }
        println!("{position}");
    }
    ExitCode::SUCCESS
}
