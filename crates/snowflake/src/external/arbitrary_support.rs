//! Feature `arbitrary`: valid ids from unstructured bytes, for fuzz targets and for
//! `arbitrary`'s derive on a type that holds one.

use arbitrary::{Arbitrary, Result, Unstructured};

use crate::SnowflakeId;

/// The next 8 bytes, big-endian (zeros past the end of the data), with the top bit cleared:
/// every input gives an id below 2^63, and every id comes from some input.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use snowflake::SnowflakeId;
///
/// // (1000 << 22) | (1 << 12) | 2: 2024-01-01T00:00:01Z, worker 1, sequence 2.
/// let data = [0x00, 0x00, 0x00, 0x00, 0xFA, 0x00, 0x10, 0x02];
/// let id = SnowflakeId::arbitrary(&mut Unstructured::new(&data))?;
/// assert_eq!(id.to_u64(), 4_194_308_098);
/// assert_eq!((id.worker_id(), id.sequence()), (1, 2));
/// assert_eq!(SnowflakeId::arbitrary(&mut Unstructured::new(&[0xFF; 8]))?, SnowflakeId::MAX);
/// assert_eq!(SnowflakeId::size_hint(0), (8, Some(8)));
/// # Ok::<(), arbitrary::Error>(())
/// ```
impl<'a> Arbitrary<'a> for SnowflakeId {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<SnowflakeId> {
        let mut bytes = [0; 8];
        u.fill_buffer(&mut bytes)?;
        Ok(SnowflakeId::from_low_bits(u64::from_be_bytes(bytes)))
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (8, Some(8))
    }
}
