//! `LowerHex` and `UpperHex`: against the standard library's formatting of the 96-bit integer
//! of the same bytes, with `#`, width, fill, alignment and `0`, and against `Display`.

use objectid::ObjectId;

fn ids() -> [ObjectId; 4] {
    [
        ObjectId::MIN,
        ObjectId::MAX,
        "507c7f79bcf86cd7994f6c0e".parse().unwrap(),
        "000000000000000000000a0b".parse().unwrap(),
    ]
}

/// The 12 bytes as an integer, big-endian.
fn integer(id: ObjectId) -> u128 {
    id.to_bytes()
        .iter()
        .fold(0, |n, &byte| n << 8 | u128::from(byte))
}

#[test]
fn flags_and_padding_are_those_of_the_integer_at_a_width_of_24() {
    for id in ids() {
        let n = integer(id);
        assert_eq!(format!("{id:x}"), id.to_string());
        assert_eq!(format!("{id:x}"), format!("{n:024x}"));
        assert_eq!(format!("{id:X}"), format!("{n:024X}"));
        assert_eq!(format!("{id:#x}"), format!("{n:#026x}"));
        assert_eq!(format!("{id:#X}"), format!("{n:#026X}"));
        assert_eq!(
            format!("[{id:>30x}]"),
            format!("[{:>30}]", format!("{n:024x}"))
        );
        assert_eq!(
            format!("[{id:<30X}]"),
            format!("[{:<30}]", format!("{n:024X}"))
        );
        assert_eq!(
            format!("[{id:-^#30x}]"),
            format!("[{:-^30}]", format!("{n:#026x}"))
        );
        assert_eq!(format!("{id:#030x}"), format!("{n:#030x}"));
        assert_eq!(format!("{id:030X}"), format!("{n:030X}"));
        assert_eq!(format!("{id:4x}"), format!("{n:024x}"));
    }
}
