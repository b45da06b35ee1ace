//! [`objectid!`](crate::objectid!): an id from a string literal, checked when the program is
//! compiled.
//!
//! The macro reads its literal with [`ObjectId::try_parse`](crate::ObjectId::try_parse), the
//! `const fn` that [`FromStr`](core::str::FromStr) also calls, in a constant: it accepts
//! exactly the text that parsing accepts, and a literal that parsing refuses is a compile
//! error, reported by `cargo check` as by `cargo build` (the constant's panic is evaluated by
//! the compiler, never at run time).
//!
//! ```
//! const MIN: objectid::ObjectId = objectid::objectid!("000000000000000000000000");
//! assert_eq!(MIN, objectid::ObjectId::MIN);
//! ```

/// An [`ObjectId`](crate::ObjectId) from a string literal, checked when the program is
/// compiled: the text that [`FromStr`](core::str::FromStr) accepts (exactly 24 lower-case hex
/// digits), and nothing else. Usable in `const` and `static` items.
///
/// ```
/// use objectid::{ObjectId, objectid};
///
/// // The example of the MongoDB manual.
/// const ID: ObjectId = objectid!("507c7f79bcf86cd7994f6c0e");
/// assert_eq!(ID.timestamp_s(), 1_350_336_377);
/// assert_eq!(ID, "507c7f79bcf86cd7994f6c0e".parse::<ObjectId>()?);
/// # Ok::<(), objectid::ParseError>(())
/// ```
///
/// A literal that parsing refuses does not compile: one of another length, with a character
/// that is not a hex digit, or, as here, in upper case, which the canonical text never holds
/// (the tests check every rule through [`ObjectId::try_parse`](crate::ObjectId::try_parse),
/// the function the macro calls):
///
/// ```compile_fail
/// const ID: objectid::ObjectId = objectid::objectid!("507C7F79BCF86CD7994F6C0E");
/// ```
#[macro_export]
macro_rules! objectid {
    ($text:expr $(,)?) => {{
        // A named constant rather than a `const` block: `cargo check` (and so an editor)
        // evaluates constant items, but the `const` blocks of a function body only when it is
        // built.
        const __OBJECTID_LITERAL: $crate::ObjectId = match $crate::ObjectId::try_parse($text) {
            ::core::result::Result::Ok(id) => id,
            ::core::result::Result::Err(_) => ::core::panic!(
                "invalid ObjectId literal: expected exactly 24 lower-case hex digits (0-9, a-f)"
            ),
        };
        __OBJECTID_LITERAL
    }};
}
