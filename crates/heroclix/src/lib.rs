//! heroclix
