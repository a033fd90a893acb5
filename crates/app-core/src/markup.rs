//! Text put into markup the app writes itself (the move list's and the board's HTML, the
//! picture's SVG).

/// `text` with the characters markup reads escaped; control characters, which neither HTML
/// nor SVG may hold, are dropped.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}
