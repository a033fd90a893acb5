//! Move notation (`76`, `91X`, `45(22)`): owned by the rules/notation work.
