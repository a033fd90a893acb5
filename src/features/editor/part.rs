//! The editor's screen, in the part "editor" loaded on demand
//! (`crate::platform::split::part_fn`).

use leptos::prelude::*;

use super::EditorScreen;
use crate::platform::split::part_fn;

part_fn! {
    /// The position editor, with the position `open` names if any.
    editor, preload preload_editor,
    pub fn editor_screen(open: Option<String>) -> AnyView {
        view! { <EditorScreen open=open /> }.into_any()
    }
}
