//! A position's key is stored in the opening books: its value must never change.

use toguz_engine::{House, Position};

#[test]
fn a_positions_key_keeps_its_value() {
    let h = |n| House::new(n).unwrap();
    let start = Position::start();
    let after = start.play(h(7)).unwrap().0;
    assert_eq!(
        [start.key(), after.key()],
        [11_141_225_406_163_443_025, 14_729_397_631_711_542_896]
    );
}
