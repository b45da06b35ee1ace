//! A ULID as a UUID and back: the same 128 bits, or an RFC 9562 UUIDv7 of the ULID.

use alloc::format;
use alloc::string::{String, ToString};

use ulid::Ulid;
use uuid7::Uuid7;

/// What [`convert`] turns an id into.
///
/// ```
/// use id_inspect::{Target, convert};
///
/// let ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
/// assert_eq!(convert(ulid, Target::Uuid).unwrap(), "01563e3a-b5d3-d676-4c61-efb99302bd5b");
/// assert_eq!(convert(ulid, Target::Uuid7).unwrap(), "01563e3a-b5d3-7d67-8c61-efb99302bd5b");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// The ULID of the same 128 bits: from a ULID (its canonical text) or a UUID of any
    /// version, as a ULID stored in a `uuid` column comes back.
    Ulid,
    /// The UUID of the same 128 bits, lower case and hyphenated: from a ULID (lossless, what
    /// storing it in a `uuid` column does; its version and variant fields hold whatever bits
    /// the ULID has there) or a UUID in any form.
    Uuid,
    /// An RFC 9562 UUIDv7: from a ULID, `uuid7::Uuid7::from_ulid_compliant` (version 7 and
    /// variant `0b10` set, 6 of the 80 random bits dropped: lossy); from a UUIDv7, itself.
    Uuid7,
}

/// `id`, a ULID (26 Crockford Base32 characters, either case) or a UUID (hyphenated, braced,
/// `urn:uuid:` or 32 hex digits, either case), converted to `to`, in its canonical text.
///
/// # Errors
///
/// The reason, as text: `id` is neither a ULID nor a UUID (each parser's reason, with the byte
/// index of a wrong character), or a UUID other than a UUIDv7 was asked to become one.
///
/// # Examples
///
/// ```
/// use id_inspect::{Target, convert};
///
/// let uuid = "{01563E3A-B5D3-D676-4C61-EFB99302BD5B}";
/// assert_eq!(convert(uuid, Target::Ulid).unwrap(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
/// assert_eq!(convert(uuid, Target::Uuid).unwrap(), "01563e3a-b5d3-d676-4c61-efb99302bd5b");
/// let v4 = "550e8400-e29b-41d4-a716-446655440000";
/// assert!(convert(v4, Target::Uuid7).unwrap_err().contains("version 4 in the version field"));
/// assert!(convert("01ARZ3NDEKTSV4RRFFQ69G5FAU", Target::Ulid).unwrap_err().contains("index 25"));
/// ```
pub fn convert(id: &str, to: Target) -> Result<String, String> {
    let (value, is_ulid) = read(id)?;
    Ok(match (to, is_ulid) {
        (Target::Ulid, _) => ToString::to_string(&Ulid::from_u128(value)),
        (Target::Uuid, _) => crate::uuid::canonical(value),
        (Target::Uuid7, true) => ToString::to_string(&Uuid7::from_ulid_compliant(value)),
        (Target::Uuid7, false) => match Uuid7::from_u128(value) {
            Ok(id) => ToString::to_string(&id),
            Err(error) => {
                return Err(format!(
                    "a UUID but not a UUIDv7 ({error}): only a ULID or a UUIDv7 becomes a \
                     UUIDv7 (a UUID that holds a ULID's 128 bits: convert it to a ULID first)"
                ));
            }
        },
    })
}

/// The 128 bits of a ULID or a UUID, and whether it was a ULID.
fn read(id: &str) -> Result<(u128, bool), String> {
    // 26 characters: a ULID's length, which no form of a UUID has.
    if id.chars().count() == Ulid::TEXT_LEN {
        return id
            .parse::<Ulid>()
            .map(|ulid| (ulid.to_u128(), true))
            .map_err(|error| format!("not a ULID: {error}"));
    }
    crate::uuid::value(id)
        .map(|value| (value, false))
        .map_err(|why| format!("not a ULID (26 characters) or a UUID: {why}"))
}

#[cfg(test)]
mod tests {
    use super::{Target, convert};

    #[test]
    fn a_ulid_and_the_uuid_of_its_bits_convert_into_each_other_in_every_form() {
        let ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
        let uuid = "01563e3a-b5d3-d676-4c61-efb99302bd5b";
        for form in [
            uuid.into(),
            uuid.to_uppercase(),
            alloc::format!("{{{uuid}}}"),
            alloc::format!("urn:uuid:{uuid}"),
            uuid.replace('-', ""),
        ] {
            assert_eq!(convert(&form, Target::Ulid).as_deref(), Ok(ulid), "{form}");
            assert_eq!(convert(&form, Target::Uuid).as_deref(), Ok(uuid), "{form}");
        }
        assert_eq!(
            convert("01arz3ndektsv4rrffq69g5fav", Target::Uuid).as_deref(),
            Ok(uuid)
        );
        assert_eq!(convert(ulid, Target::Ulid).as_deref(), Ok(ulid));
    }

    #[test]
    fn a_uuid7_stays_itself_and_other_uuids_do_not_become_one() {
        let v7 = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f";
        assert_eq!(
            convert(&v7.to_uppercase(), Target::Uuid7).as_deref(),
            Ok(v7)
        );
        let error = convert("00000000-0000-0000-0000-000000000000", Target::Uuid7).unwrap_err();
        assert!(error.contains("version 0 in the version field"), "{error}");
        let variant = convert("017f22e2-79b0-7cc3-f8c4-dc0c0c07398f", Target::Uuid7).unwrap_err();
        assert!(variant.contains("variant bits 0b11"), "{variant}");
    }

    #[test]
    fn what_is_neither_is_named_with_the_reason() {
        let error = convert("01ARZ3NDEKTSV4RRFFQ69G5FAU", Target::Uuid).unwrap_err();
        assert!(
            error.starts_with("not a ULID: invalid character 'U' at byte index 25"),
            "{error}"
        );
        let error = convert("xyz", Target::Ulid).unwrap_err();
        assert!(
            error.starts_with("not a ULID (26 characters) or a UUID: a UUID has 36"),
            "{error}"
        );
        let error = convert("017f22e2-79b0-7cc3-98c4-dc0c0c07398g", Target::Ulid).unwrap_err();
        assert!(
            error.ends_with("'g' at byte index 35: expected a hexadecimal digit"),
            "{error}"
        );
    }
}
