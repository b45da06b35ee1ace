//! Feature `arbitrary`: every input gives a ULID, which its text carries back.
#![cfg(feature = "arbitrary")]

use arbitrary::{Arbitrary, Unstructured};
use ulid::Ulid;

/// 4,099 bytes (not a multiple of 16, so the last id reads past the end) from a fixed
/// xorshift generator.
fn data() -> Vec<u8> {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    (0..4099)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state.to_be_bytes()[0]
        })
        .collect()
}

#[test]
fn ids_from_fixed_bytes_round_trip_through_their_text() {
    let data = data();
    let mut u = Unstructured::new(&data);
    let mut count = 0;
    while !u.is_empty() {
        let id = Ulid::arbitrary(&mut u).unwrap();
        let text = id.to_string();
        assert_eq!(text.parse::<Ulid>(), Ok(id));
        assert_eq!(text, ulid_peer::Ulid(id.to_u128()).to_string());
        count += 1;
    }
    assert_eq!(count, 4099usize.div_ceil(16));
}

#[test]
fn the_bytes_are_taken_in_order_big_endian_and_zero_past_the_end() {
    let data = [
        0x01, 0x56, 0x3E, 0x3A, 0xB5, 0xD3, 0xD6, 0x76, 0x4C, 0x61, 0xEF, 0xB9, 0x93, 0x02, 0xBD,
        0x5B, 0xFF,
    ];
    let mut u = Unstructured::new(&data);
    let spec = Ulid::arbitrary(&mut u).unwrap();
    assert_eq!(spec.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    let short = Ulid::arbitrary(&mut u).unwrap();
    assert_eq!(short.to_u128(), 0xFF << 120);
    assert_eq!(Ulid::arbitrary(&mut u).unwrap(), Ulid::MIN);
}

#[test]
fn the_size_hint_is_16_bytes() {
    assert_eq!(Ulid::size_hint(0), (16, Some(16)));
    assert_eq!(<[Ulid; 2]>::size_hint(0), (32, Some(32)));
    let data = [0xFF; 16];
    assert_eq!(
        Ulid::arbitrary_take_rest(Unstructured::new(&data)),
        Ok(Ulid::MAX)
    );
}
