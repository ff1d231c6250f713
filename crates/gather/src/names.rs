//! An enum's name in text is the name serde gives it in JSON (`rename_all`), so each name is
//! declared once, on the enum.

use std::fmt;

use serde::Serialize;
use serde_json::Value;

/// Writes `value`, a unit variant, as serde names it. Anything else is a bug in the
/// `Display` impl calling this, reported as a formatting error.
pub(crate) fn write<T: Serialize>(value: &T, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match serde_json::to_value(value) {
        Ok(Value::String(name)) => f.write_str(&name),
        _ => Err(fmt::Error),
    }
}

/// Implements `Display` for an enum of unit variants through [`write`]. Takes the type after
/// the impl's doc comment, which lists the names.
macro_rules! display_as_serde {
    ($(#[$doc:meta])* $ty:ty) => {
        $(#[$doc])*
        impl std::fmt::Display for $ty {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                $crate::names::write(self, f)
            }
        }
    };
}
pub(crate) use display_as_serde;
