//! `LowerHex` and `UpperHex`: against `uuid::Uuid`'s simple form and the standard library's
//! formatting of the same 128-bit integer, with `#`, width, fill, alignment and `0`.

use test_support::text::hex_is_the_integer_s;
use ulid::Ulid;

#[test]
fn hex_is_the_simple_form_of_uuid_and_the_integer_s_at_32_digits() {
    let spec_example = 0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B;
    for value in [0, 1, spec_example, 0xAB << 120, u128::MAX] {
        let id = Ulid::from_u128(value);
        let uuid = uuid::Uuid::from_bytes(id.to_bytes());
        assert_eq!(format!("{id:x}"), format!("{:x}", uuid.simple()));
        assert_eq!(format!("{id:X}"), format!("{:X}", uuid.simple()));
        hex_is_the_integer_s(&id, value, 32);
    }
}
