//! [`uuid7!`](crate::uuid7!): a UUIDv7 from a string literal, checked when the program is
//! compiled.
//!
//! The macro reads its literal with [`Uuid7::try_parse`](crate::Uuid7::try_parse), the
//! `const fn` that [`FromStr`](core::str::FromStr) also calls, in a constant: it accepts
//! exactly the text that parsing accepts, and a literal that parsing refuses is a compile
//! error, reported by `cargo check` as by `cargo build` (the constant's panic is evaluated by
//! the compiler, never at run time).
//!
//! ```
//! const MIN: uuid7::Uuid7 = uuid7::uuid7!("00000000-0000-7000-8000-000000000000");
//! assert_eq!(MIN, uuid7::Uuid7::MIN);
//! ```

/// A [`Uuid7`](crate::Uuid7) from a string literal, checked when the program is compiled: the
/// text that [`FromStr`](core::str::FromStr) accepts (the 36-character hyphenated form, hex
/// digits in either case, version 7, variant `0b10`), and nothing else. Usable in `const` and
/// `static` items.
///
/// ```
/// use uuid7::{Uuid7, uuid7};
///
/// // RFC 9562, Appendix A.6.
/// const ID: Uuid7 = uuid7!("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
/// assert_eq!(ID.timestamp_ms(), 1_645_557_742_000);
/// assert_eq!(ID, "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse::<Uuid7>()?);
/// // Upper case, as parsing reads it.
/// assert_eq!(uuid7!("017F22E2-79B0-7CC3-98C4-DC0C0C07398F"), ID);
/// # Ok::<(), uuid7::ParseError>(())
/// ```
///
/// A literal that parsing refuses does not compile: the 32 digits without hyphens, a character
/// that is not a hex digit, the variant `0b11`, or, as here, a version 4 UUID (the tests check
/// every rule through [`Uuid7::try_parse`](crate::Uuid7::try_parse), the function the macro
/// calls):
///
/// ```compile_fail
/// const ID: uuid7::Uuid7 = uuid7::uuid7!("550e8400-e29b-41d4-a716-446655440000");
/// ```
#[macro_export]
macro_rules! uuid7 {
    ($text:expr $(,)?) => {{
        // A named constant rather than a `const` block: `cargo check` (and so an editor)
        // evaluates constant items, but the `const` blocks of a function body only when it is
        // built.
        const __UUID7_LITERAL: $crate::Uuid7 = match $crate::Uuid7::try_parse($text) {
            ::core::result::Result::Ok(id) => id,
            ::core::result::Result::Err(_) => ::core::panic!(
                "invalid UUIDv7 literal: expected xxxxxxxx-xxxx-7xxx-[89ab]xxx-xxxxxxxxxxxx in hex"
            ),
        };
        __UUID7_LITERAL
    }};
}
