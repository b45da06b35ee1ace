//! The trait, and its implementations for the standard library's data model.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::rc::Rc;
use std::sync::Arc;

use crate::Encoder;
use crate::encoder::tag;

/// A value with a stable, specified encoding: the input of [`generate`](crate::generate).
///
/// `stable_hash` writes the value's encoding into the [`Encoder`] through exactly one of its
/// `write_*` methods, or by calling `stable_hash` on exactly one other value; the table in
/// the [crate documentation](crate) gives the encoding of each kind. Implementations exist
/// for the integers, floats, `bool`, `char`, strings, [`Bytes`], `Option`, `()`, tuples up
/// to 12, slices, arrays, `Vec`, `VecDeque`, `BTreeMap`, `HashMap`, `BTreeSet`, `HashSet`,
/// references, `Box`, `Rc`, `Arc` and `Cow`, and (feature `serde`) for
/// [`Serde`](crate::Serde) of any `Serialize` value.
///
/// The trait is object-safe, so heterogeneous values can sit behind `&dyn StableHash`.
///
/// # Examples
///
/// ```
/// use content_id::{Encoder, StableHash};
///
/// /// Hashes as the list [name, version], the same as the tuple.
/// struct Package {
///     name: String,
///     version: (u32, u32, u32),
/// }
///
/// impl StableHash for Package {
///     fn stable_hash(&self, encoder: &mut Encoder) {
///         (&self.name, &self.version).stable_hash(encoder);
///     }
/// }
///
/// let package = Package { name: "blake2".into(), version: (0, 11, 0) };
/// assert_eq!(
///     content_id::generate(&package),
///     content_id::generate(&("blake2", [0, 11, 0]))
/// );
/// ```
pub trait StableHash {
    /// Writes the encoding of `self` into `encoder`.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash};
    ///
    /// struct Celsius(f64);
    /// impl StableHash for Celsius {
    ///     fn stable_hash(&self, encoder: &mut Encoder) {
    ///         self.0.stable_hash(encoder);
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Celsius(21.5)), content_id::generate(&21.5));
    /// ```
    fn stable_hash(&self, encoder: &mut Encoder);
}

/// Bytes that hash as bytes (tag `0x05`), not as a list of small integers as a `[u8]` does.
///
/// ```
/// use content_id::{Bytes, generate};
///
/// let data = b"\x00\xff";
/// assert_eq!(generate(&Bytes(data)), generate(&Bytes(&vec![0u8, 255])));
/// assert_ne!(generate(&Bytes(data)), generate(&data[..]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bytes<'a>(pub &'a [u8]);

impl StableHash for Bytes<'_> {
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_bytes(self.0);
    }
}

macro_rules! unsigned {
    ($($ty:ty),*) => {$(
        impl StableHash for $ty {
            #[inline]
            fn stable_hash(&self, encoder: &mut Encoder) {
                // Lossless: no unsigned type is wider than 128 bits.
                encoder.write_u128(*self as u128);
            }
        }
    )*};
}

macro_rules! signed {
    ($($ty:ty),*) => {$(
        impl StableHash for $ty {
            #[inline]
            fn stable_hash(&self, encoder: &mut Encoder) {
                // Lossless: no signed type is wider than 128 bits.
                encoder.write_i128(*self as i128);
            }
        }
    )*};
}

unsigned!(u8, u16, u32, u64, u128, usize);
signed!(i8, i16, i32, i64, i128, isize);

impl StableHash for f64 {
    #[inline]
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_f64(*self);
    }
}

impl StableHash for f32 {
    #[inline]
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_f64(f64::from(*self));
    }
}

impl StableHash for bool {
    #[inline]
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_bool(*self);
    }
}

impl StableHash for char {
    /// A one-character string, as serde_json writes a `char`.
    #[inline]
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_str(self.encode_utf8(&mut [0; 4]));
    }
}

impl StableHash for str {
    #[inline]
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_str(self);
    }
}

impl StableHash for String {
    #[inline]
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_str(self);
    }
}

impl StableHash for () {
    #[inline]
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_null();
    }
}

impl<T: StableHash> StableHash for Option<T> {
    /// `None` is null and `Some(x)` is `x`, as in JSON: so `Some(None)`, `None` and `()` share
    /// one id, and so do `Some(())` and `None`.
    #[inline]
    fn stable_hash(&self, encoder: &mut Encoder) {
        match self {
            Some(value) => value.stable_hash(encoder),
            None => encoder.write_null(),
        }
    }
}

impl<T: StableHash> StableHash for [T] {
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_list(self);
    }
}

impl<T: StableHash, const N: usize> StableHash for [T; N] {
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_list(self);
    }
}

impl<T: StableHash> StableHash for Vec<T> {
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_list(self);
    }
}

impl<T: StableHash> StableHash for VecDeque<T> {
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_list(self);
    }
}

impl<K: StableHash, V: StableHash> StableHash for BTreeMap<K, V> {
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_map(self);
    }
}

impl<K: StableHash, V: StableHash, S> StableHash for HashMap<K, V, S> {
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_map(self);
    }
}

impl<T: StableHash> StableHash for BTreeSet<T> {
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_set(self);
    }
}

impl<T: StableHash, S> StableHash for HashSet<T, S> {
    fn stable_hash(&self, encoder: &mut Encoder) {
        encoder.write_set(self);
    }
}

macro_rules! transparent {
    ($($ty:ty),*) => {$(
        impl<T: StableHash + ?Sized> StableHash for $ty {
            #[inline]
            fn stable_hash(&self, encoder: &mut Encoder) {
                (**self).stable_hash(encoder);
            }
        }
    )*};
}

transparent!(&T, &mut T, Box<T>, Rc<T>, Arc<T>);

impl<T: StableHash + ToOwned + ?Sized> StableHash for Cow<'_, T> {
    #[inline]
    fn stable_hash(&self, encoder: &mut Encoder) {
        (**self).stable_hash(encoder);
    }
}

macro_rules! tuple {
    ($len:literal: $($name:ident)+) => {
        impl<$($name: StableHash),+> StableHash for ($($name,)+) {
            #[allow(non_snake_case)]
            fn stable_hash(&self, encoder: &mut Encoder) {
                let ($($name,)+) = self;
                encoder.write_header(tag::LIST, $len);
                $($name.stable_hash(encoder);)+
            }
        }
    };
}

tuple!(1: A);
tuple!(2: A B);
tuple!(3: A B C);
tuple!(4: A B C D);
tuple!(5: A B C D E);
tuple!(6: A B C D E F);
tuple!(7: A B C D E F G);
tuple!(8: A B C D E F G H);
tuple!(9: A B C D E F G H I);
tuple!(10: A B C D E F G H I J);
tuple!(11: A B C D E F G H I J K);
tuple!(12: A B C D E F G H I J K L);
