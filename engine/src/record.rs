//! Game records in PlayOK/TGK style: owned by the rules/notation work.
