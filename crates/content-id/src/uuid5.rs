//! UUIDv5 of a content id, for stores that want a UUID.

use uuid::Uuid;

use crate::blake2b::MAX_DIGEST_SIZE;
use crate::id::{digest, write_hex};
use crate::{Error, Options, StableHash};

/// The namespace of [`generate_uuid5`]: `361d425a-83f3-5c34-bc1b-1fb0a53128cd`, the UUIDv5
/// of the name `identifier:content-id` in the URL namespace (`Uuid::NAMESPACE_URL`,
/// `6ba7b811-9dad-11d1-80b4-00c04fd430c8`).
///
/// ```
/// use uuid::Uuid;
///
/// assert_eq!(
///     content_id::NAMESPACE,
///     Uuid::new_v5(&Uuid::NAMESPACE_URL, b"identifier:content-id")
/// );
/// ```
pub const NAMESPACE: Uuid = Uuid::from_u128(0x361d425a_83f3_5c34_bc1b_1fb0a53128cd);

/// A UUIDv5 of `data`, under [`NAMESPACE`]: `Uuid::new_v5(&NAMESPACE, id)` where `id` is the
/// 128-hex-character id of `data` ([`generate_with_length`](crate::generate_with_length)
/// with length 128), as ASCII bytes.
///
/// A UUIDv5 keeps 122 bits of a SHA-1 digest of that id, so the chance of a collision among
/// n values is about n² / 2¹²³ (the birthday bound of 122 bits, 2⁶¹ values for even odds):
/// use [`generate`](crate::generate) where more bits are needed.
///
/// # Errors
///
/// The errors of [`generate`](crate::generate).
///
/// # Examples
///
/// ```
/// let id = content_id::generate_uuid5(&"invoice-2024-001")?;
/// assert_eq!(id.get_version_num(), 5);
///
/// let hex = content_id::generate_with_length(&"invoice-2024-001", 128)?;
/// assert_eq!(id, uuid::Uuid::new_v5(&content_id::NAMESPACE, hex.as_bytes()));
/// # Ok::<(), content_id::Error>(())
/// ```
pub fn generate_uuid5<T: StableHash + ?Sized>(data: &T) -> Result<Uuid, Error> {
    generate_uuid5_in(data, &NAMESPACE)
}

/// A UUIDv5 of `data` under `namespace`: `Uuid::new_v5(namespace, id)` where `id` is the
/// 128-hex-character id of `data`, as ASCII bytes. Different namespaces give unrelated UUIDs
/// for the same data.
///
/// # Errors
///
/// The errors of [`generate`](crate::generate).
///
/// # Examples
///
/// ```
/// use uuid::Uuid;
///
/// let tenant = Uuid::new_v5(&Uuid::NAMESPACE_DNS, b"tenant.example.com");
/// let id = content_id::generate_uuid5_in(&[1, 2, 3], &tenant)?;
/// assert_ne!(id, content_id::generate_uuid5(&[1, 2, 3])?);
/// assert_eq!(id, content_id::generate_uuid5_in(&vec![1u8, 2, 3], &tenant)?);
/// # Ok::<(), content_id::Error>(())
/// ```
pub fn generate_uuid5_in<T: StableHash + ?Sized>(
    data: &T,
    namespace: &Uuid,
) -> Result<Uuid, Error> {
    Ok(uuid5_of_digest(
        &digest(data, MAX_DIGEST_SIZE, false)?,
        namespace,
    ))
}

/// A UUIDv5 of `data` under `namespace`, made as `options` say: like
/// [`generate_uuid5_in`], with [`Options::ignore_unhashable`](crate::Options::ignore_unhashable)
/// if set. `options.length` does not matter: a UUIDv5 is always made of the
/// 128-hex-character id.
///
/// # Errors
///
/// The errors of [`generate_with`](crate::generate_with), but for the length.
///
/// # Examples
///
/// ```
/// use content_id::{Encoder, Options, StableHash, Written};
///
/// struct Socket;
/// impl StableHash for Socket {
///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
///         encoder.fail("a socket has no content")
///     }
/// }
///
/// let lenient = Options { ignore_unhashable: true, ..Options::default() };
/// let id = content_id::generate_uuid5_with(&("peer", Socket), &content_id::NAMESPACE, &lenient)?;
/// let hex = content_id::generate_with(&("peer", Socket), &Options { length: 128, ..lenient })?;
/// assert_eq!(id, uuid::Uuid::new_v5(&content_id::NAMESPACE, hex.as_bytes()));
/// # Ok::<(), content_id::Error>(())
/// ```
pub fn generate_uuid5_with<T: StableHash + ?Sized>(
    data: &T,
    namespace: &Uuid,
    options: &Options,
) -> Result<Uuid, Error> {
    let digest = digest(data, MAX_DIGEST_SIZE, options.ignore_unhashable)?;
    Ok(uuid5_of_digest(&digest, namespace))
}

/// `Uuid::new_v5(namespace, hex)` of a 64-byte digest in 128 hex characters.
pub(crate) fn uuid5_of_digest(digest: &[u8; MAX_DIGEST_SIZE], namespace: &Uuid) -> Uuid {
    let mut hex = [0u8; 2 * MAX_DIGEST_SIZE];
    write_hex(digest, &mut hex);
    Uuid::new_v5(namespace, &hex)
}
