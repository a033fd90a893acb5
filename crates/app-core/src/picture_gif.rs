//! An animated GIF from pictures of the board: one frame per position, each written as the
//! rectangle that changed since the frame before (a move changes a few houses and the
//! kazans), what did not change in it transparent, with its own palette of up to 256
//! colours. Plain Rust over the `gif` crate; the
//! host gives each frame's pixels (RGBA, from the rasterised picture).

use std::fmt;

use gif::{DisposalMethod, Encoder, Frame, Repeat};

/// How long each position shows, in hundredths of a second.
pub const FRAME_DELAY: u16 = 100;
/// How long the last position shows before the GIF starts again.
pub const LAST_FRAME_DELAY: u16 = 300;
/// The colour quantiser's speed (1: best, 30: fastest); the board has few colours, and 10
/// keeps its gradients smooth.
const QUANTISER_SPEED: i32 = 10;

/// Why a GIF could not be written.
#[derive(Debug, PartialEq, Eq)]
pub enum GifError {
    /// A frame's pixels are not width x height x 4 bytes.
    FrameSize {
        /// The bytes expected.
        expected: usize,
        /// The bytes given.
        got: usize,
    },
    /// The encoder failed (it writes to memory: only on a bad size).
    Encoder(String),
}

impl fmt::Display for GifError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GifError::FrameSize { expected, got } => {
                write!(f, "a frame has {got} bytes of pixels, not {expected}")
            }
            GifError::Encoder(e) => write!(f, "the GIF encoder failed: {e}"),
        }
    }
}

impl std::error::Error for GifError {}

impl From<gif::EncodingError> for GifError {
    fn from(e: gif::EncodingError) -> Self {
        GifError::Encoder(e.to_string())
    }
}

/// A GIF being written, frame by frame, in memory.
pub struct GifWriter {
    encoder: Encoder<Vec<u8>>,
    width: u16,
    height: u16,
    previous: Option<Vec<u8>>,
    frames: usize,
}

/// The rectangle `(left, top, width, height)` where `a` and `b` (RGBA, `width` pixels a row)
/// differ, if anywhere.
fn changed(a: &[u8], b: &[u8], width: usize) -> Option<(usize, usize, usize, usize)> {
    let (mut left, mut top, mut right, mut bottom) = (usize::MAX, usize::MAX, 0, 0);
    for (y, (ra, rb)) in a.chunks(width * 4).zip(b.chunks(width * 4)).enumerate() {
        if ra == rb {
            continue;
        }
        let first = ra.chunks(4).zip(rb.chunks(4)).position(|(p, q)| p != q)?;
        let last = width
            - 1
            - ra.chunks(4)
                .rev()
                .zip(rb.chunks(4).rev())
                .position(|(p, q)| p != q)?;
        left = left.min(first);
        right = right.max(last);
        top = top.min(y);
        bottom = y;
    }
    (top != usize::MAX).then(|| (left, top, right + 1 - left, bottom + 1 - top))
}

/// The pixels of a rectangle of `rgba` (`width` pixels a row).
fn crop(rgba: &[u8], width: usize, (left, top, w, h): (usize, usize, usize, usize)) -> Vec<u8> {
    let mut out = Vec::with_capacity(w * h * 4);
    for y in top..top + h {
        let start = (y * width + left) * 4;
        out.extend_from_slice(&rgba[start..start + w * 4]);
    }
    out
}

impl GifWriter {
    /// A GIF of `width` x `height` pixels that plays on a loop.
    pub fn new(width: u16, height: u16) -> Result<GifWriter, GifError> {
        let mut encoder = Encoder::new(Vec::new(), width, height, &[])?;
        encoder.set_repeat(Repeat::Infinite)?;
        Ok(GifWriter {
            encoder,
            width,
            height,
            previous: None,
            frames: 0,
        })
    }

    /// Adds a frame of `rgba` pixels shown for `delay` hundredths of a second. Only what
    /// changed since the last frame is written; an unchanged frame is one pixel.
    pub fn add(&mut self, rgba: Vec<u8>, delay: u16) -> Result<(), GifError> {
        let (w, h) = (usize::from(self.width), usize::from(self.height));
        if rgba.len() != w * h * 4 {
            return Err(GifError::FrameSize {
                expected: w * h * 4,
                got: rgba.len(),
            });
        }
        let rect = match &self.previous {
            None => (0, 0, w, h),
            Some(previous) => changed(previous, &rgba, w).unwrap_or((0, 0, 1, 1)),
        };
        let mut pixels = crop(&rgba, w, rect);
        // What did not change shows the frame before through (transparent): long runs of
        // one index, which the GIF's compression makes almost nothing of.
        if let Some(previous) = &self.previous {
            let before = crop(previous, w, rect);
            for (now, was) in pixels.chunks_mut(4).zip(before.chunks(4)) {
                if now == was {
                    now[3] = 0;
                }
            }
        }
        let mut frame =
            Frame::from_rgba_speed(rect.2 as u16, rect.3 as u16, &mut pixels, QUANTISER_SPEED);
        frame.left = rect.0 as u16;
        frame.top = rect.1 as u16;
        frame.delay = delay;
        frame.dispose = DisposalMethod::Keep;
        self.encoder.write_frame(&frame)?;
        self.previous = Some(rgba);
        self.frames += 1;
        Ok(())
    }

    /// The frames added so far.
    pub fn frames(&self) -> usize {
        self.frames
    }

    /// The GIF's bytes.
    pub fn finish(self) -> Result<Vec<u8>, GifError> {
        Ok(self.encoder.into_inner()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `w` x `h` picture of one colour, with a square of another at (`x`, `y`).
    fn picture(w: usize, h: usize, square: Option<(usize, usize)>) -> Vec<u8> {
        let mut rgba = [200u8, 150, 90, 255].repeat(w * h);
        if let Some((x, y)) = square {
            for yy in y..y + 3 {
                for xx in x..x + 3 {
                    rgba[(yy * w + xx) * 4..(yy * w + xx) * 4 + 4]
                        .copy_from_slice(&[20, 10, 5, 255]);
                }
            }
        }
        rgba
    }

    fn decode(bytes: &[u8]) -> Vec<(u16, u16, u16, u16, u16)> {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(bytes).unwrap();
        let mut frames = Vec::new();
        while let Some(f) = decoder.read_next_frame().unwrap() {
            frames.push((f.left, f.top, f.width, f.height, f.delay));
        }
        frames
    }

    #[test]
    fn each_frame_after_the_first_is_the_rectangle_that_changed() {
        let mut gif = GifWriter::new(20, 10).unwrap();
        gif.add(picture(20, 10, None), FRAME_DELAY).unwrap();
        gif.add(picture(20, 10, Some((5, 4))), FRAME_DELAY).unwrap();
        gif.add(picture(20, 10, Some((5, 4))), LAST_FRAME_DELAY)
            .unwrap();
        assert_eq!(gif.frames(), 3);
        let frames = decode(&gif.finish().unwrap());
        assert_eq!(
            frames,
            vec![(0, 0, 20, 10, 100), (5, 4, 3, 3, 100), (0, 0, 1, 1, 300)]
        );
    }

    #[test]
    fn what_did_not_change_inside_the_rectangle_is_transparent() {
        let mut gif = GifWriter::new(20, 10).unwrap();
        gif.add(picture(20, 10, Some((2, 2))), FRAME_DELAY).unwrap();
        gif.add(picture(20, 10, Some((4, 2))), FRAME_DELAY).unwrap();
        let bytes = gif.finish().unwrap();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(&bytes[..]).unwrap();
        decoder.read_next_frame().unwrap();
        let second = decoder.read_next_frame().unwrap().unwrap().clone();
        // The squares at x 2..5 and 4..7 differ over x 2..7: x 4 is dark in both.
        assert_eq!((second.left, second.width), (2, 5));
        let alpha = |x: usize, y: usize| second.buffer[(y * 5 + x) * 4 + 3];
        assert_eq!(alpha(2, 0), 0, "unchanged: transparent");
        assert_eq!(alpha(0, 0), 255, "was dark, now light");
        assert_eq!(alpha(4, 0), 255, "was light, now dark");
    }

    #[test]
    fn a_frame_of_the_wrong_size_is_an_error_not_a_panic() {
        let mut gif = GifWriter::new(20, 10).unwrap();
        assert_eq!(
            gif.add(vec![0; 12], FRAME_DELAY),
            Err(GifError::FrameSize {
                expected: 800,
                got: 12
            })
        );
        assert_eq!(gif.frames(), 0);
    }

    #[test]
    fn the_change_is_found_on_any_row_and_column() {
        let a = picture(8, 6, None);
        let mut b = a.clone();
        b[(5 * 8 + 7) * 4] = 0;
        b[(2 * 8) * 4 + 1] = 0;
        assert_eq!(changed(&a, &b, 8), Some((0, 2, 8, 4)));
        assert_eq!(changed(&a, &a, 8), None);
    }
}
