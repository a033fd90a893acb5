//! Sound effects made in the browser with the Web Audio API: short synthesised tones, no
//! files to download, nothing that works offline differently.
//!
//! Browsers only let a page make sound after the player has touched it, so the audio context
//! is created by [`unlock`] from a pointer or key event; until then [`play`] is silent.

use std::cell::RefCell;

use web_sys::{AudioContext, AudioContextState, OscillatorType};

use toguz_app_core::sound::Effect;

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// Creates (or resumes) the audio context. Call it from a user gesture.
pub fn unlock() {
    CONTEXT.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = AudioContext::new().ok();
        }
        if let Some(ctx) = c.as_ref() {
            if ctx.state() == AudioContextState::Suspended {
                let _ = ctx.resume();
            }
        }
    });
}

/// Plays an effect, if the audio context is running. Never fails loudly: a browser without
/// Web Audio simply stays silent.
pub fn play(effect: Effect) {
    CONTEXT.with(|c| {
        if let Some(ctx) = c.borrow().as_ref() {
            if ctx.state() == AudioContextState::Running {
                let _ = schedule(ctx, effect);
            }
        }
    });
}

fn schedule(ctx: &AudioContext, effect: Effect) -> Result<(), wasm_bindgen::JsValue> {
    let now = ctx.current_time();
    for &(offset, freq, length, volume) in effect.notes() {
        let t = now + offset;
        let osc = ctx.create_oscillator()?;
        osc.set_type(OscillatorType::Triangle);
        osc.frequency().set_value(freq);
        let gain = ctx.create_gain()?;
        let g = gain.gain();
        g.set_value_at_time(0.0001, t)?;
        g.exponential_ramp_to_value_at_time(volume, t + 0.006)?;
        g.exponential_ramp_to_value_at_time(0.0001, t + length)?;
        osc.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&ctx.destination())?;
        osc.start_with_when(t)?;
        osc.stop_with_when(t + length + 0.02)?;
    }
    Ok(())
}
