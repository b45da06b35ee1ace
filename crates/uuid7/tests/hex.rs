//! `LowerHex` and `UpperHex`: against `uuid::Uuid`'s simple form, the hyphenated text without
//! its hyphens, and the standard library's formatting of the same 128-bit integer, with `#`,
//! width, fill, alignment and `0`.

use test_support::text::hex_is_the_integer_s;
use uuid7::Uuid7;

#[test]
fn hex_is_the_simple_form_of_uuid_and_the_integer_s_at_32_digits() {
    let rfc_example: Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse().unwrap();
    let ids = [
        Uuid7::MIN,
        Uuid7::MAX,
        Uuid7::from_parts(1_645_557_742_000, 7).unwrap(),
        rfc_example,
    ];
    for id in ids {
        let uuid = uuid::Uuid::from_bytes(id.to_bytes());
        assert_eq!(format!("{id:x}"), format!("{:x}", uuid.simple()));
        assert_eq!(format!("{id:X}"), format!("{:X}", uuid.simple()));
        assert_eq!(format!("{id:x}"), id.to_string().replace('-', ""));
        hex_is_the_integer_s(&id, uuid.as_u128(), 32);
    }
}
