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

/// Declares a feature set: an enum of unit variants, each with the name a model file calls
/// it, whose rows are arrays of `$elem`. The enum gets `COUNT`, `ALL` and `NAMES` (in
/// declaration order) and `name()`, and a row is indexed by the enum (`row[F::Depth]`), so
/// a feature is written by its variant and read by its name: no position is written out
/// by hand, and a model maps its features onto these by name.
macro_rules! feature_set {
    ($(#[$meta:meta])* $vis:vis enum $ty:ident: [$elem:ty] {
        $($(#[$doc:meta])* $variant:ident = $name:literal,)+
    }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $ty {
            $($(#[$doc])* $variant,)+
        }

        impl $ty {
            /// How many features the set has.
            pub const COUNT: usize = [$($name),+].len();
            /// Every feature, in declaration order (a row's order).
            pub const ALL: [$ty; Self::COUNT] = [$($ty::$variant),+];
            /// The features' names, in declaration order.
            pub const NAMES: [&'static str; Self::COUNT] = [$($name),+];

            /// The name a model file calls the feature.
            pub const fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }
        }

        impl std::ops::Index<$ty> for [$elem; $ty::COUNT] {
            type Output = $elem;

            fn index(&self, feature: $ty) -> &$elem {
                &self[feature as usize]
            }
        }

        impl std::ops::IndexMut<$ty> for [$elem; $ty::COUNT] {
            fn index_mut(&mut self, feature: $ty) -> &mut $elem {
                &mut self[feature as usize]
            }
        }
    };
}
pub(crate) use feature_set;
