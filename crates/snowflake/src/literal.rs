//! [`snowflake!`](crate::snowflake!): an id from an integer literal, checked when the program
//! is compiled.
//!
//! The macro reads its literal with [`SnowflakeId::from_u64`](crate::SnowflakeId::from_u64),
//! the `const fn` that `TryFrom<u64>` also calls, in a constant: it accepts exactly the
//! integers that an id holds, 0 to 2^63 - 1, and a literal out of that range is a compile
//! error, reported by `cargo check` as by `cargo build` (the constant's panic is evaluated by
//! the compiler, never at run time). A negative literal, or one above `u64::MAX`, is already
//! refused by the type of the argument, `u64`.
//!
//! ```
//! const FIRST: snowflake::SnowflakeId = snowflake::snowflake!(0);
//! assert_eq!(FIRST, snowflake::SnowflakeId::MIN);
//! ```

/// A [`SnowflakeId`](crate::SnowflakeId) from an integer literal, checked when the program is
/// compiled: an integer below 2^63, as `TryFrom<u64>` and [`FromStr`](core::str::FromStr)
/// accept, and nothing else. Usable in `const` and `static` items.
///
/// ```
/// use snowflake::{SnowflakeId, snowflake};
///
/// // 2024-01-01T00:00:01.000Z, worker 1, sequence 2: (1000 << 22) | (1 << 12) | 2.
/// const ID: SnowflakeId = snowflake!(4_194_308_098);
/// assert_eq!((ID.timestamp_ms(), ID.worker_id(), ID.sequence()), (1_704_067_201_000, 1, 2));
/// assert_eq!(ID, "4194308098".parse::<SnowflakeId>()?);
/// assert_eq!(snowflake!(9_223_372_036_854_775_807), SnowflakeId::MAX);
/// # Ok::<(), snowflake::ParseError>(())
/// ```
///
/// An integer that is not an id does not compile: a negative one (the macro takes a `u64`), or
/// one from 2^63 up, as here (the tests check the range through
/// [`SnowflakeId::from_u64`](crate::SnowflakeId::from_u64), the function the macro calls):
///
/// ```compile_fail
/// const ID: snowflake::SnowflakeId = snowflake::snowflake!(9_223_372_036_854_775_808);
/// ```
#[macro_export]
macro_rules! snowflake {
    ($value:expr $(,)?) => {{
        // A named constant rather than a `const` block: `cargo check` (and so an editor)
        // evaluates constant items, but the `const` blocks of a function body only when it is
        // built.
        const __SNOWFLAKE_LITERAL: $crate::SnowflakeId = match $crate::SnowflakeId::from_u64($value)
        {
            ::core::result::Result::Ok(id) => id,
            ::core::result::Result::Err(_) => {
                ::core::panic!("invalid Snowflake id literal: expected an integer below 2^63")
            }
        };
        __SNOWFLAKE_LITERAL
    }};
}
