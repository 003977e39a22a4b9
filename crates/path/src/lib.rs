//! path
