//! The QR code of a link, in a part of its own ("qr", `crate::platform::split::part_fn`): only
//! a player who asks for a QR code fetches the encoder.

use crate::platform::split::{now, part_fn};

/// The QR code of `text` as SVG markup, fetching the QR encoder's part first; `None` if it
/// cannot be fetched.
pub async fn svg(text: String) -> Option<String> {
    preload_qr().await.ok()?;
    now(qr_svg(text))
}

part_fn! {
    /// The QR code of `text` as SVG markup (empty if the text is too long for any QR code).
    /// The lowest error correction gives the fewest and largest modules for a 200-move game's
    /// link: a screen shown to a camera is not torn or stained as paper is.
    qr, preload preload_qr,
    fn qr_svg(text: String) -> String {
        use qrcode::render::svg;
        match qrcode::QrCode::with_error_correction_level(text.as_bytes(), qrcode::EcLevel::L) {
            Ok(code) => code
                .render::<svg::Color<'_>>()
                .min_dimensions(264, 264)
                .dark_color(svg::Color("#000000"))
                .light_color(svg::Color("#ffffff"))
                .build(),
            Err(_) => String::new(),
        }
    }
}
