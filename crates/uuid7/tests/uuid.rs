//! Feature `uuid`: conversions to and from `uuid::Uuid`.
#![cfg(feature = "uuid")]

use uuid7::{Error, Uuid7};

#[test]
fn a_uuid7_converts_to_the_same_uuid() {
    let id: Uuid7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f".parse().unwrap();
    let uuid = uuid::Uuid::from(id);
    assert_eq!(uuid.as_u128(), id.to_u128());
    assert_eq!(uuid.get_version_num(), 7);
    assert_eq!(uuid.hyphenated().to_string(), id.to_string());
    assert_eq!(Uuid7::try_from(uuid), Ok(id));
}

#[test]
fn a_v7_uuid_of_the_uuid_crate_converts() {
    let uuid = uuid::Uuid::now_v7();
    let id = Uuid7::try_from(uuid).unwrap();
    assert_eq!(id.to_bytes(), *uuid.as_bytes());
}

#[test]
fn other_versions_and_variants_are_errors() {
    assert_eq!(
        Uuid7::try_from(uuid::Builder::from_random_bytes([0xa5; 16]).into_uuid()),
        Err(Error::Version { found: 4 })
    );
    assert_eq!(
        Uuid7::try_from(uuid::Uuid::nil()),
        Err(Error::Version { found: 0 })
    );
    assert_eq!(
        Uuid7::try_from(uuid::Uuid::max()),
        Err(Error::Version { found: 15 })
    );
    // Version 7 with the Microsoft variant (0b110).
    let microsoft = uuid::Uuid::from_u128(0x017F22E2_79B0_7CC3_D8C4_DC0C0C07398F);
    assert_eq!(microsoft.get_variant(), uuid::Variant::Microsoft);
    assert_eq!(
        Uuid7::try_from(microsoft),
        Err(Error::Variant { found: 0b11 })
    );
}
