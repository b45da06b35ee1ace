//! `uuid7!`: the value of a literal is the value parsing gives and the value the `uuid` crate
//! reads, and the macro works where only constants do.

use uuid7::{ParseError, Uuid7, uuid7};

/// RFC 9562, Appendix A.6.
const EXAMPLE: &str = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";

const IN_A_CONST: Uuid7 = uuid7!("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
static IN_A_STATIC: Uuid7 = uuid7!("FFFFFFFF-FFFF-7FFF-BFFF-FFFFFFFFFFFF");
const TABLE: [Uuid7; 2] = [
    uuid7!("00000000-0000-7000-8000-000000000000"),
    uuid7!("00000000-0000-7000-8000-000000000001"),
];

#[test]
fn the_literal_is_the_value_of_the_rfc_of_parsing_and_of_the_uuid_crate() {
    assert_eq!(IN_A_CONST.to_u128(), 0x017F22E2_79B0_7CC3_98C4_DC0C0C07398F);
    assert_eq!(IN_A_CONST, EXAMPLE.parse::<Uuid7>().unwrap());
    assert_eq!(
        IN_A_CONST.as_bytes(),
        uuid::uuid!("017f22e2-79b0-7cc3-98c4-dc0c0c07398f").as_bytes()
    );
    assert_eq!(IN_A_STATIC, Uuid7::MAX);
    assert_eq!(TABLE[0], Uuid7::MIN);
    assert_eq!(TABLE[1].counter(), 1);
}

#[test]
fn the_literal_accepts_what_parsing_accepts() {
    // Either case, mixed, as parsing reads it; variant digits 8, 9, a and b.
    assert_eq!(uuid7!("017F22E2-79b0-7CC3-98c4-DC0C0C07398F"), IN_A_CONST);
    for (literal, text) in [
        (
            uuid7!("017f22e2-79b0-7cc3-88c4-dc0c0c07398f"),
            "017f22e2-79b0-7cc3-88c4-dc0c0c07398f",
        ),
        (
            uuid7!("017f22e2-79b0-7cc3-a8c4-dc0c0c07398f"),
            "017f22e2-79b0-7cc3-a8c4-dc0c0c07398f",
        ),
        (
            uuid7!("017f22e2-79b0-7cc3-B8c4-dc0c0c07398f"),
            "017f22e2-79b0-7cc3-B8c4-dc0c0c07398f",
        ),
    ] {
        assert_eq!(Ok(literal), text.parse::<Uuid7>(), "{text}");
    }
}

#[test]
fn try_parse_is_from_str_at_compile_time_and_at_run_time() {
    const V4: Result<Uuid7, ParseError> = Uuid7::try_parse("550e8400-e29b-41d4-a716-446655440000");
    const VARIANT: Result<Uuid7, ParseError> =
        Uuid7::try_parse("017f22e2-79b0-7cc3-c8c4-dc0c0c07398f");
    assert_eq!(V4, Err(ParseError::Version { found: 4 }));
    assert_eq!(VARIANT, Err(ParseError::Variant { found: 0b11 }));
    for text in [
        EXAMPLE,
        "",
        "017f22e279b07cc398c4dc0c0c07398f",
        "{017f22e2-79b0-7cc3-98c4-dc0c0c07398f}",
        "017f22e2-79b0-7cc3-98c4-dc0c0c07398g",
        "017f22e2-79b0-7cc3-98c4-dc0c0c07398é",
        "017f22e2-79b0-7cc3é98c4-dc0c0c07398f",
        "017f22e2-79b0-7cc3-98c4-dc0c0c0739é",
        "550e8400-e29b-41d4-a716-446655440000",
        "017f22e2-79b0-7cc3-08c4-dc0c0c07398f",
    ] {
        assert_eq!(Uuid7::try_parse(text), text.parse::<Uuid7>(), "{text}");
    }
}
