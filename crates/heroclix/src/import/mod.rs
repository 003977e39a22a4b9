//! Importers for figure data published in other formats. They read from a path the user gives;
//! the project ships no third-party data.

pub mod hcunits;
