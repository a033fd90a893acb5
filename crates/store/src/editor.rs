//! The position editor's draft: the setup on its board with the undo and redo histories,
//! kept so that the editor comes back as it was after a reload.

use serde::{Deserialize, Serialize};
use toguz_engine::Setup;

use crate::versioned::Schema;

/// Where the draft is kept.
pub const EDITOR_KEY: &str = "toguz.editor";

/// The editor's state as stored. The setups are raw engine [`Setup`]s: a draft may be an
/// illegal position the player is still working on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EditorDraft {
    /// The setup on the editor's board.
    pub setup: Setup,
    /// The setups before each edit, oldest first.
    #[serde(default)]
    pub undo: Vec<Setup>,
    /// The setups undone, the next redo last.
    #[serde(default)]
    pub redo: Vec<Setup>,
}

impl Schema for EditorDraft {
    const KIND: &'static str = "editor";
    const VERSION: u32 = 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::{Backend, Memory};
    use crate::library::{Library, ReadError};
    use crate::versioned::{decode, encode, DecodeError};

    fn draft() -> EditorDraft {
        let odd: Setup = "0,9,9,9,9,9,9,9,9/9,9,9,9,9,9,9,9,9 0/0 12/- b"
            .parse()
            .unwrap();
        EditorDraft {
            setup: odd,
            undo: vec![Setup::start()],
            redo: vec![],
        }
    }

    #[test]
    fn a_draft_round_trips_even_when_illegal() {
        let d = draft();
        let text = encode(&d);
        assert!(text.starts_with(r#"{"kind":"editor","v":1,"#), "{text}");
        assert_eq!(decode::<EditorDraft>(&text), Ok(d));
    }

    #[test]
    fn a_draft_that_does_not_read_is_backed_up_and_reported() {
        let lib = Library::new(Memory::new(), "t");
        lib.write(EDITOR_KEY, &draft()).unwrap();
        assert_eq!(lib.read::<EditorDraft>(EDITOR_KEY), Ok(Some(draft())));
        // A house count past 255 does not fit.
        let bad = encode(&draft()).replacen("[0,9", "[300,9", 1);
        lib.backend().set(EDITOR_KEY, &bad).unwrap();
        match lib.read::<EditorDraft>(EDITOR_KEY) {
            Err(ReadError::Corrupt(p)) => {
                assert_eq!(p.key, EDITOR_KEY);
                assert!(matches!(p.error, DecodeError::Invalid(_)), "{:?}", p.error);
                assert_eq!(p.backup.as_deref(), Some("toguz.backup.toguz.editor"));
            }
            r => panic!("{r:?}"),
        }
        assert_eq!(lib.read::<EditorDraft>(EDITOR_KEY), Ok(None));
        // A newer version is refused, not misread.
        let newer = encode(&draft()).replacen(r#""v":1"#, r#""v":2"#, 1);
        assert!(matches!(
            decode::<EditorDraft>(&newer),
            Err(DecodeError::UnknownVersion {
                found: 2,
                newest: 1
            })
        ));
        // The histories may be missing.
        let short = r#"{"kind":"editor","v":1,"data":{"setup":{"houses":{"white":[9,9,9,9,9,9,9,9,9],"black":[9,9,9,9,9,9,9,9,9]},"kazans":{"white":0,"black":0},"tuz":{"white":null,"black":null},"turn":"White"}}}"#;
        assert_eq!(
            decode::<EditorDraft>(short),
            Ok(EditorDraft {
                setup: Setup::start(),
                ..EditorDraft::default()
            })
        );
    }
}
