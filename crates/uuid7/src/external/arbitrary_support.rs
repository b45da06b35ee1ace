//! Feature `arbitrary`: valid UUIDv7s from unstructured bytes, for fuzz targets and for
//! `arbitrary`'s derive on a type that holds one.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::Uuid7;

/// The next 16 bytes, big-endian (zeros past the end of the data), with the version field set
/// to 7 and the variant to `0b10`: every input gives a valid UUIDv7, and every UUIDv7 comes
/// from some input.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use uuid7::Uuid7;
///
/// // The example of RFC 9562, Appendix A.6, with its version and variant bits cleared.
/// let data = [
///     0x01, 0x7F, 0x22, 0xE2, 0x79, 0xB0, 0x0C, 0xC3, 0x18, 0xC4, 0xDC, 0x0C, 0x0C, 0x07, 0x39,
///     0x8F,
/// ];
/// let id = Uuid7::arbitrary(&mut Unstructured::new(&data))?;
/// assert_eq!(id.to_string(), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
/// assert_eq!(Uuid7::arbitrary(&mut Unstructured::new(&[0xFF; 16]))?, Uuid7::MAX);
/// assert_eq!(Uuid7::arbitrary(&mut Unstructured::new(&[]))?, Uuid7::MIN);
/// assert_eq!(Uuid7::size_hint(0), (16, Some(16)));
/// # Ok::<(), arbitrary::Error>(())
/// ```
impl<'a> Arbitrary<'a> for Uuid7 {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Uuid7> {
        let mut bytes = [0; 16];
        u.fill_buffer(&mut bytes)?;
        Ok(Uuid7::with_version_and_variant(u128::from_be_bytes(bytes)))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (16, Some(16))
    }
}
