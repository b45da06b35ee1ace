//! `objectid!`: the value of a literal is the value parsing gives and the value `bson` reads,
//! and the macro works where only constants do.

use objectid::{ObjectId, ParseError, objectid};

/// The example of the MongoDB manual.
const EXAMPLE: &str = "507c7f79bcf86cd7994f6c0e";

const IN_A_CONST: ObjectId = objectid!("507c7f79bcf86cd7994f6c0e");
static IN_A_STATIC: ObjectId = objectid!("ffffffffffffffffffffffff");
const TABLE: [ObjectId; 2] = [
    objectid!("000000000000000000000000"),
    objectid!("000000000000000000000001"),
];

#[test]
fn the_literal_is_the_value_of_parsing_and_of_bson() {
    assert_eq!(
        IN_A_CONST.to_bytes(),
        [
            0x50, 0x7c, 0x7f, 0x79, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x4f, 0x6c, 0x0e
        ]
    );
    assert_eq!(IN_A_CONST, EXAMPLE.parse::<ObjectId>().unwrap());
    assert_eq!(
        IN_A_CONST.to_bytes(),
        bson::oid::ObjectId::parse_str(EXAMPLE).unwrap().bytes()
    );
    assert_eq!(IN_A_STATIC, ObjectId::MAX);
    assert_eq!(TABLE[0], ObjectId::MIN);
    assert_eq!(TABLE[1].counter(), 1);
}

#[test]
fn try_parse_is_from_str_at_compile_time_and_at_run_time() {
    const UPPER: Result<ObjectId, ParseError> = ObjectId::try_parse("507C7F79BCF86CD7994F6C0E");
    const SHORT: Result<ObjectId, ParseError> = ObjectId::try_parse("507c7f79bcf86cd7994f6cé");
    assert_eq!(
        UPPER,
        Err(ParseError::InvalidCharacter {
            index: 3,
            character: 'C'
        })
    );
    assert_eq!(
        SHORT,
        Err(ParseError::InvalidLength {
            found: 23,
            expected: 24
        })
    );
    for text in [
        EXAMPLE,
        "",
        "507c7f79bcf86cd7994f6c0",
        "507c7f79bcf86cd7994f6c0g",
        "507c7f79bcf86cd7994f6c0é",
        "0x7c7f79bcf86cd7994f6c0e",
        "507C7F79BCF86CD7994F6C0E",
    ] {
        assert_eq!(
            ObjectId::try_parse(text),
            text.parse::<ObjectId>(),
            "{text}"
        );
    }
}
