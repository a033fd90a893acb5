//! Moves on any position: a position string, then bytes picking houses. Playing never
//! panics, illegal moves are refused, 162 korgools stay, and both move functions agree.
#![no_main]

use libfuzzer_sys::fuzz_target;
use toguz_engine::{House, Position};

fuzz_target!(|data: &[u8]| {
    let Some(split) = data.iter().position(|&b| b == b'\n') else {
        return;
    };
    let Ok(s) = std::str::from_utf8(&data[..split]) else {
        return;
    };
    let Ok(mut p) = s.parse::<Position>() else {
        return;
    };
    for &b in &data[split + 1..] {
        let Some(h) = House::new(b % 10) else {
            continue;
        };
        let legal = p.check(h).is_ok();
        match p.play(h) {
            Ok((q, out)) => {
                assert!(legal);
                let mut fast = p;
                fast.play_unchecked(h);
                assert_eq!(fast, q);
                assert_eq!(out.kazans, q.kazans());
                let total: u32 = q.squares().iter().map(|&n| u32::from(n)).sum::<u32>()
                    + u32::from(q.kazans().white)
                    + u32::from(q.kazans().black);
                assert_eq!(total, 162);
                p = q;
            }
            Err(e) => {
                assert!(!legal);
                assert_eq!(e.position, p);
            }
        }
    }
});
