//! `snowflake!`: the value of a literal is the integer, read as parsing reads its decimal, and
//! the macro works where only constants do.

use snowflake::{Error, ParseError, SnowflakeId, snowflake};

/// 2024-01-01T00:00:01.000Z, worker 1, sequence 2: (1000 << 22) | (1 << 12) | 2.
const IN_A_CONST: SnowflakeId = snowflake!(4_194_308_098);
static IN_A_STATIC: SnowflakeId = snowflake!(9223372036854775807);
const TABLE: [SnowflakeId; 2] = [snowflake!(0), snowflake!(1_234_567_890_123)];

#[test]
fn the_literal_is_its_integer_and_the_value_of_parsing() {
    assert_eq!(IN_A_CONST.to_u64(), (1000 << 22) | (1 << 12) | 2);
    assert_eq!(
        (
            IN_A_CONST.timestamp_ms(),
            IN_A_CONST.worker_id(),
            IN_A_CONST.sequence()
        ),
        (1_704_067_201_000, 1, 2)
    );
    assert_eq!(IN_A_CONST, "4194308098".parse::<SnowflakeId>().unwrap());
    assert_eq!(IN_A_STATIC, SnowflakeId::MAX);
    assert_eq!(i64::from(IN_A_STATIC), i64::MAX);
    assert_eq!(TABLE[0], SnowflakeId::MIN);
    assert_eq!(TABLE[1], "1234567890123".parse::<SnowflakeId>().unwrap());
    // A typed literal, and a constant expression, as `u64` arguments.
    assert_eq!(snowflake!(42u64).to_u64(), 42);
    assert_eq!(snowflake!((1 << 63) - 1), SnowflakeId::MAX);
}

#[test]
fn from_u64_is_try_from_at_compile_time_and_at_run_time() {
    const LIMIT: Result<SnowflakeId, Error> = SnowflakeId::from_u64(1 << 63);
    assert_eq!(LIMIT, Err(Error::IdOutOfRange { value: 1 << 63 }));
    for value in [0, 1, (1 << 63) - 1, 1 << 63, u64::MAX] {
        assert_eq!(
            SnowflakeId::from_u64(value),
            SnowflakeId::try_from(value),
            "{value}"
        );
        // Below 2^63, exactly the integers an `i64` holds without its sign.
        assert_eq!(
            SnowflakeId::from_u64(value).is_ok(),
            i64::try_from(value).is_ok()
        );
    }
}

#[test]
fn try_parse_is_from_str_at_compile_time_and_at_run_time() {
    const ID: Result<SnowflakeId, ParseError> = SnowflakeId::try_parse("4194308098");
    const SIGN: Result<SnowflakeId, ParseError> = SnowflakeId::try_parse("+1");
    const NOT_ASCII: Result<SnowflakeId, ParseError> = SnowflakeId::try_parse("12٣");
    assert_eq!(ID, Ok(IN_A_CONST));
    assert_eq!(
        SIGN,
        Err(ParseError::InvalidCharacter {
            index: 0,
            character: '+'
        })
    );
    // An Arabic-Indic digit three: a digit, but not an ASCII one.
    assert_eq!(
        NOT_ASCII,
        Err(ParseError::InvalidCharacter {
            index: 2,
            character: '٣'
        })
    );
    for text in [
        "0",
        "4194308098",
        "9223372036854775807",
        "9223372036854775808",
        "18446744073709551615",
        "99999999999999999999",
        "",
        "00",
        "04194308098",
        "+4194308098",
        "-1",
        " 1",
        "1_000",
        "12٣",
    ] {
        assert_eq!(
            SnowflakeId::try_parse(text),
            text.parse::<SnowflakeId>(),
            "{text}"
        );
    }
}
