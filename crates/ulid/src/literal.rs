//! [`ulid!`](crate::ulid!): a ULID from a string literal, checked when the program is
//! compiled.
//!
//! The macro reads its literal with [`Ulid::try_parse`](crate::Ulid::try_parse), the `const
//! fn` that [`FromStr`](core::str::FromStr) also calls, in a constant: it accepts exactly the
//! text that parsing accepts, and a literal that parsing refuses is a compile error, reported
//! by `cargo check` as by `cargo build` (the constant's panic is evaluated by the compiler,
//! never at run time).
//!
//! ```
//! const NIL: ulid::Ulid = ulid::ulid!("00000000000000000000000000");
//! assert_eq!(NIL, ulid::Ulid::MIN);
//! ```

/// A [`Ulid`](crate::Ulid) from a string literal, checked when the program is compiled: the
/// text that [`FromStr`](core::str::FromStr) accepts (26 Crockford Base32 symbols in either
/// case, `O` read as `0` and `I`/`L` as `1`, the first at most `7`), and nothing else. Usable
/// in `const` and `static` items.
///
/// ```
/// use ulid::{Ulid, ulid};
///
/// const ID: Ulid = ulid!("01ARZ3NDEKTSV4RRFFQ69G5FAV");
/// assert_eq!(ID.timestamp_ms(), 1_469_922_850_259);
/// assert_eq!(ID, "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse::<Ulid>()?);
/// // Lower case and the aliases, as parsing reads them.
/// assert_eq!(ulid!("01arz3ndektsv4rrffq69g5fav"), ID);
/// # Ok::<(), ulid::ParseError>(())
/// ```
///
/// A literal that parsing refuses does not compile: one of another length, with a character
/// that is not a symbol, or, as here, a first symbol above `7`, which overflows 128 bits (the
/// tests check every rule through [`Ulid::try_parse`](crate::Ulid::try_parse), the function
/// the macro calls):
///
/// ```compile_fail
/// const ID: ulid::Ulid = ulid::ulid!("8ZZZZZZZZZZZZZZZZZZZZZZZZZ");
/// ```
#[macro_export]
macro_rules! ulid {
    ($text:expr $(,)?) => {{
        // A named constant rather than a `const` block: `cargo check` (and so an editor)
        // evaluates constant items, but the `const` blocks of a function body only when it is
        // built.
        const __ULID_LITERAL: $crate::Ulid = match $crate::Ulid::try_parse($text) {
            ::core::result::Result::Ok(id) => id,
            ::core::result::Result::Err(_) => ::core::panic!(
                "invalid ULID literal: expected 26 Crockford Base32 symbols, the first at most 7"
            ),
        };
        __ULID_LITERAL
    }};
}
