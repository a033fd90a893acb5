//! The search: owned by the AI work.
