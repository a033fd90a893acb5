//! The move list's rows: the moves of a game in pairs (White's, then Black's), the current one
//! and those taken back marked, as one piece of markup the list sets at once
//! (`src/ui/move_list.rs`).

use crate::markup::escape;

/// One move of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ply {
    /// The move in notation.
    pub text: String,
    /// The last move in effect.
    pub current: bool,
    /// Taken back (dimmed).
    pub undone: bool,
}

/// The list's rows: the moves in pairs, White's then Black's, each a `move-list__ply` span
/// (`--current` with `aria-current="step"` for the last move in effect, `--undone` for one
/// taken back).
pub fn rows_markup(plies: &[Ply]) -> String {
    let mut html = String::new();
    for pair in plies.chunks(2) {
        html.push_str(r#"<li class="move-list__row">"#);
        for ply in pair {
            html.push_str(r#"<span class="move-list__ply"#);
            if ply.current {
                html.push_str(" move-list__ply--current");
            }
            if ply.undone {
                html.push_str(" move-list__ply--undone");
            }
            html.push('"');
            if ply.current {
                html.push_str(r#" aria-current="step""#);
            }
            html.push('>');
            html.push_str(&escape(&ply.text));
            html.push_str("</span>");
        }
        html.push_str("</li>");
    }
    html
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ply(text: &str, current: bool, undone: bool) -> Ply {
        Ply {
            text: text.into(),
            current,
            undone,
        }
    }

    #[test]
    fn rows_pair_the_moves_and_mark_the_current_and_undone_ones() {
        let plies = [
            ply("76(10)", false, false),
            ply("33(10)", true, false),
            ply("54X", false, true),
        ];
        assert_eq!(
            rows_markup(&plies),
            concat!(
                r#"<li class="move-list__row"><span class="move-list__ply">76(10)</span>"#,
                r#"<span class="move-list__ply move-list__ply--current" aria-current="step">33(10)</span></li>"#,
                r#"<li class="move-list__row"><span class="move-list__ply move-list__ply--undone">54X</span></li>"#,
            )
        );
    }

    #[test]
    fn a_moves_text_is_escaped() {
        assert_eq!(escape(r#"a<b>&"c""#), "a&lt;b&gt;&amp;&quot;c&quot;");
        assert!(!rows_markup(&[ply("<i>", false, false)]).contains("<i>"));
    }
}
