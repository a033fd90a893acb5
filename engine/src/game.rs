//! A game: history, undo/redo, result: owned by the rules/notation work.
