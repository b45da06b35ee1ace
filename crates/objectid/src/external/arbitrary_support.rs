//! Feature `arbitrary`: ids from unstructured bytes, for fuzz targets and for `arbitrary`'s
//! derive on a type that holds one.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::ObjectId;

/// The next 12 bytes, as [`ObjectId::from_bytes`] takes them (zeros past the end of the data):
/// every 12 bytes are an id, so every input gives one.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use objectid::ObjectId;
///
/// let data = [0x50, 0x7c, 0x7f, 0x79, 0xbc, 0xf8, 0x6c, 0xd7, 0x99, 0x4f, 0x6c, 0x0e];
/// let id = ObjectId::arbitrary(&mut Unstructured::new(&data))?;
/// assert_eq!(id.to_string(), "507c7f79bcf86cd7994f6c0e");
/// assert_eq!(ObjectId::arbitrary(&mut Unstructured::new(&[]))?, ObjectId::MIN);
/// assert_eq!(ObjectId::size_hint(0), (12, Some(12)));
/// # Ok::<(), arbitrary::Error>(())
/// ```
impl<'a> Arbitrary<'a> for ObjectId {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<ObjectId> {
        let mut bytes = [0; 12];
        u.fill_buffer(&mut bytes)?;
        Ok(ObjectId::from_bytes(bytes))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (12, Some(12))
    }
}
