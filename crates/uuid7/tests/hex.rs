//! `LowerHex` and `UpperHex`: against `uuid::Uuid`'s simple form and the standard library's
//! formatting of the same 128-bit integer, with `#`, width, fill, alignment and `0`.

use uuid7::Uuid7;

fn ids() -> [Uuid7; 4] {
    [
        Uuid7::MIN,
        Uuid7::MAX,
        Uuid7::from_parts(1_645_557_742_000, 7).unwrap(),
        "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse().unwrap(),
    ]
}

#[test]
fn hex_is_the_simple_form_of_uuid() {
    for id in ids() {
        let uuid = uuid::Uuid::from_bytes(id.to_bytes());
        assert_eq!(format!("{id:x}"), format!("{:x}", uuid.simple()));
        assert_eq!(format!("{id:X}"), format!("{:X}", uuid.simple()));
        assert_eq!(format!("{id:x}"), id.to_string().replace('-', ""));
    }
}

#[test]
fn flags_and_padding_are_those_of_the_integer_at_a_width_of_32() {
    for id in ids() {
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
        assert_eq!(format!("{id:4x}"), format!("{n:032x}"));
    }
}
