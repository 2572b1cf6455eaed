//! `checked!`: how a value object that is one checked inner value (an email address, a list's
//! name, a set of tags) crosses serde: read through its check, written as the inner value.

/// Implements `TryFrom<Inner>` (by `check`) and `From<Name> for Inner` for a newtype
/// `Name(Inner)`, for `#[serde(try_from = "Inner", into = "Inner")]`:
/// `checked!(ListName(String), ListError, |s: String| Self::parse(&s));`.
macro_rules! checked {
    ($name:ident($inner:ty), $error:ty, $check:expr) => {
        impl TryFrom<$inner> for $name {
            type Error = $error;
            fn try_from(value: $inner) -> Result<Self, $error> {
                ($check)(value)
            }
        }

        impl From<$name> for $inner {
            fn from(value: $name) -> $inner {
                value.0
            }
        }
    };
}
