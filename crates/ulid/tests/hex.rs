//! `LowerHex` and `UpperHex`: against `uuid::Uuid`'s simple form and the standard library's
//! formatting of the same 128-bit integer, with `#`, width, fill, alignment and `0`.

use ulid::Ulid;

const IDS: [u128; 5] = [
    0,
    1,
    0x0156_3E3A_B5D3_D676_4C61_EFB9_9302_BD5B,
    0xAB << 120,
    u128::MAX,
];

#[test]
fn hex_is_the_simple_form_of_uuid() {
    for value in IDS {
        let id = Ulid::from_u128(value);
        let uuid = uuid::Uuid::from_bytes(id.to_bytes());
        assert_eq!(format!("{id:x}"), format!("{:x}", uuid.simple()));
        assert_eq!(format!("{id:X}"), format!("{:X}", uuid.simple()));
    }
}

#[test]
fn flags_and_padding_are_those_of_the_integer_at_a_width_of_32() {
    for value in IDS {
        let id = Ulid::from_u128(value);
        let n = id.to_u128();
        assert_eq!(format!("{id:x}"), format!("{n:032x}"));
        assert_eq!(format!("{id:X}"), format!("{n:032X}"));
        assert_eq!(format!("{id:#x}"), format!("{n:#034x}"));
        assert_eq!(format!("{id:#X}"), format!("{n:#034X}"));
        assert_eq!(
            format!("[{id:>40x}]"),
            format!("[{:>40}]", format!("{n:032x}"))
        );
        assert_eq!(
            format!("[{id:<40X}]"),
            format!("[{:<40}]", format!("{n:032X}"))
        );
        assert_eq!(
            format!("[{id:*^#40x}]"),
            format!("[{:*^40}]", format!("{n:#034x}"))
        );
        assert_eq!(format!("{id:#040x}"), format!("{n:#040x}"));
        assert_eq!(format!("{id:040X}"), format!("{n:040X}"));
        // A width below the digits cuts nothing.
        assert_eq!(format!("{id:4x}"), format!("{n:032x}"));
    }
}
