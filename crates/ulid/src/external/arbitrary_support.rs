//! Feature `arbitrary`: ULIDs from unstructured bytes, for fuzz targets and for `arbitrary`'s
//! derive on a type that holds one.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::Ulid;

/// The next 16 bytes, big-endian, as [`Ulid::from_bytes`] takes them (zeros past the end of the
/// data): every 128-bit value is a ULID, so every input gives one.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use ulid::Ulid;
///
/// let data = [
///     0x01, 0x56, 0x3E, 0x3A, 0xB5, 0xD3, 0xD6, 0x76, 0x4C, 0x61, 0xEF, 0xB9, 0x93, 0x02, 0xBD,
///     0x5B,
/// ];
/// let id = Ulid::arbitrary(&mut Unstructured::new(&data))?;
/// assert_eq!(id.to_string(), "01ARZ3NDEKTSV4RRFFQ69G5FAV");
/// assert_eq!(Ulid::arbitrary(&mut Unstructured::new(&[]))?, Ulid::MIN);
/// assert_eq!(Ulid::size_hint(0), (16, Some(16)));
/// # Ok::<(), arbitrary::Error>(())
/// ```
impl<'a> Arbitrary<'a> for Ulid {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Ulid> {
        let mut bytes = [0; 16];
        u.fill_buffer(&mut bytes)?;
        Ok(Ulid::from_bytes(bytes))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (16, Some(16))
    }
}
