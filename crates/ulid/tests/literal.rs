//! `ulid!`: the value of a literal is the value parsing gives, checked against the ULID
//! specification's example, and the macro works where only constants do.

use ulid::{Ulid, ulid};

/// The example of the ULID specification, and its 128-bit value written out by hand
/// (timestamp 1469922850259 = 0x01563E3AB5D3 above the 80 random bits).
const EXAMPLE: &str = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
const EXAMPLE_VALUE: u128 = 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B;

const IN_A_CONST: Ulid = ulid!("01ARZ3NDEKTSV4RRFFQ69G5FAV");
static IN_A_STATIC: Ulid = ulid!("7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
/// In an array, a `match` pattern position is not needed: constants of any shape hold it.
const TABLE: [Ulid; 2] = [
    ulid!("00000000000000000000000000"),
    ulid!("0000000000000000000000000z"),
];

#[test]
fn the_literal_is_the_value_of_the_specification_and_of_parsing() {
    assert_eq!(IN_A_CONST.to_u128(), EXAMPLE_VALUE);
    assert_eq!(IN_A_CONST, EXAMPLE.parse::<Ulid>().unwrap());
    // The `ulid` crate reads the same 128 bits.
    assert_eq!(
        IN_A_CONST.to_u128(),
        ulid_peer::Ulid::from_string(EXAMPLE).unwrap().0
    );
    assert_eq!(IN_A_STATIC, Ulid::MAX);
    assert_eq!(TABLE, [Ulid::MIN, Ulid::from_u128(31)]);
}

#[test]
fn the_literal_accepts_what_parsing_accepts() {
    // Lower case, `O` for `0`, `I` and `L` for `1`, as parsing reads them.
    assert_eq!(ulid!("01arz3ndektsv4rrffq69g5fav"), IN_A_CONST);
    assert_eq!(ulid!("OIARZ3NDEKTSV4RRFFQ69G5FAV"), IN_A_CONST);
    assert_eq!(ulid!("0LARZ3NDEKTSV4RRFFQ69G5FAV"), IN_A_CONST);
    assert_eq!("OIARZ3NDEKTSV4RRFFQ69G5FAV".parse::<Ulid>(), Ok(IN_A_CONST));
}

#[test]
fn try_parse_is_from_str_at_compile_time_and_at_run_time() {
    const MAX: Result<Ulid, ulid::ParseError> = Ulid::try_parse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    const OVERFLOW: Result<Ulid, ulid::ParseError> = Ulid::try_parse("8ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    assert_eq!(MAX, Ok(Ulid::MAX));
    assert_eq!(OVERFLOW, Err(ulid::ParseError::Overflow { first: '8' }));
    for text in [
        EXAMPLE,
        "",
        "01ARZ3NDEKTSV4RRFFQ69G5FA",
        "01ARZ3NDEKTSV4RRFFQ69G5FAU",
        "01ARZ3NDEKTSV4RRFFQ69G5FAé",
        "01ARZ3NDEKTSV4RRFFQ69G5Fı",
        "8ZZZZZZZZZZZZZZZZZZZZZZZZZ",
    ] {
        assert_eq!(Ulid::try_parse(text), text.parse::<Ulid>(), "{text}");
    }
}
