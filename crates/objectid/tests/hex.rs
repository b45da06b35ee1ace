//! `LowerHex` and `UpperHex`: against `Display` and the standard library's formatting of the
//! 96-bit integer of the same bytes, with `#`, width, fill, alignment and `0`.

use objectid::ObjectId;
use test_support::text::hex_is_the_integer_s;

#[test]
fn hex_is_the_text_and_the_integer_s_at_24_digits() {
    let ids: [ObjectId; 4] = [
        ObjectId::MIN,
        ObjectId::MAX,
        "507c7f79bcf86cd7994f6c0e".parse().unwrap(),
        "000000000000000000000a0b".parse().unwrap(),
    ];
    for id in ids {
        let n = id
            .to_bytes()
            .iter()
            .fold(0, |n, &byte| n << 8 | u128::from(byte));
        assert_eq!(format!("{id:x}"), id.to_string());
        hex_is_the_integer_s(&id, n, 24);
    }
}
