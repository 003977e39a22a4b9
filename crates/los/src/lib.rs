//! los
