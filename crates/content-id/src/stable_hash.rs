//! The trait, and its implementations for the standard library's data model.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::rc::Rc;
use std::sync::Arc;

use crate::{Encoder, Written};

/// A value with a stable, specified encoding: the input of [`generate`](crate::generate).
///
/// `stable_hash` writes the value's encoding through the [`Encoder`] it is given, and returns
/// the [`Written`] the encoder gives back. The encoder is taken by value and every `write_*`
/// method consumes it: an implementation writes exactly one value (one kind of the table in
/// the [crate documentation](crate)), or passes the encoder on to exactly one other value.
/// Writing two values, or none, does not compile. The parts of a list, map or set get
/// encoders of their own. Implementations exist for the integers, floats, `bool`, `char`,
/// strings, [`Bytes`], `Option`, `()`, tuples up to 12, slices, arrays, `Vec`, `VecDeque`,
/// `BTreeMap`, `HashMap`, `BTreeSet`, `HashSet`, references, `Box`, `Rc`, `Arc` and `Cow`,
/// and (feature `serde`) for [`Serde`](crate::Serde) of any `Serialize` value.
///
/// The trait is object-safe, so heterogeneous values can sit behind `&dyn StableHash`.
///
/// Lists, maps and sets written through `StableHash` nest at most [`MAX_DEPTH`](crate::MAX_DEPTH)
/// deep; deeper, [`generate`](crate::generate) fails with
/// [`Error::TooDeep`](crate::Error::TooDeep) rather than run out of stack. (A type that
/// hands its encoder on to a value of its own type, without a container in between, recurses
/// without a limit: give such a type a container.)
///
/// # Examples
///
/// ```
/// use content_id::{Encoder, StableHash, Written};
///
/// /// Hashes as the list [name, version], the same as the tuple.
/// struct Package {
///     name: String,
///     version: (u32, u32, u32),
/// }
///
/// impl StableHash for Package {
///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
///         (&self.name, &self.version).stable_hash(encoder)
///     }
/// }
///
/// let package = Package { name: "blake2".into(), version: (0, 11, 0) };
/// assert_eq!(
///     content_id::generate(&package)?,
///     content_id::generate(&("blake2", [0, 11, 0]))?
/// );
/// # Ok::<(), content_id::Error>(())
/// ```
///
/// An enum whose variants carry different numbers of fields writes each variant as one
/// value — a list here — so that no two values share an encoding:
///
/// ```
/// use content_id::{Encoder, StableHash, Written};
///
/// enum Shape {
///     Line(i32, i32),
///     Dot(i32),
/// }
///
/// impl StableHash for Shape {
///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
///         match self {
///             Shape::Line(a, b) => encoder.write_list([a, b]),
///             Shape::Dot(a) => a.stable_hash(encoder),
///         }
///     }
/// }
///
/// use Shape::{Dot, Line};
/// assert_ne!(
///     content_id::generate(&vec![Line(1, 2), Dot(3)])?,
///     content_id::generate(&vec![Dot(1), Line(2, 3)])?
/// );
/// # Ok::<(), content_id::Error>(())
/// ```
pub trait StableHash {
    /// Writes the encoding of `self` through `encoder`, and returns what the encoder gave
    /// back.
    ///
    /// ```
    /// use content_id::{Encoder, StableHash, Written};
    ///
    /// struct Celsius(f64);
    /// impl StableHash for Celsius {
    ///     fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
    ///         self.0.stable_hash(encoder)
    ///     }
    /// }
    /// assert_eq!(content_id::generate(&Celsius(21.5))?, content_id::generate(&21.5)?);
    /// # Ok::<(), content_id::Error>(())
    /// ```
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written;
}

/// Bytes that hash as bytes (tag `0x05`), not as a list of small integers as a `[u8]` does.
///
/// ```
/// use content_id::{Bytes, generate};
///
/// let data = b"\x00\xff";
/// assert_eq!(generate(&Bytes(data))?, generate(&Bytes(&vec![0u8, 255]))?);
/// assert_ne!(generate(&Bytes(data))?, generate(&data[..])?);
/// # Ok::<(), content_id::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Bytes<'a>(pub &'a [u8]);

impl StableHash for Bytes<'_> {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_bytes(self.0)
    }
}

/// The numbers: each is passed on, as its value, to the `write_*` method of the widest type
/// of its kind. Lossless: no integer type is wider than 128 bits, and every `f32` is an `f64`.
macro_rules! number {
    ($($write:ident($wide:ty): $($ty:ty),+;)+) => {$($(
        impl StableHash for $ty {
            #[inline]
            fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
                encoder.$write(*self as $wide)
            }
        }
    )+)+};
}

number! {
    write_u128(u128): u8, u16, u32, u64, u128, usize;
    write_i128(i128): i8, i16, i32, i64, i128, isize;
    write_f64(f64): f32, f64;
}

impl StableHash for bool {
    #[inline]
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_bool(*self)
    }
}

impl StableHash for char {
    /// A one-character string, as serde_json writes a `char`.
    #[inline]
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_str(self.encode_utf8(&mut [0; 4]))
    }
}

impl StableHash for str {
    #[inline]
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_str(self)
    }
}

impl StableHash for String {
    #[inline]
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_str(self)
    }
}

impl StableHash for () {
    #[inline]
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_null()
    }
}

impl<T: StableHash> StableHash for Option<T> {
    /// `None` is null and `Some(x)` is `x`, as in JSON: so `Some(None)`, `None` and `()` share
    /// one id, and so do `Some(())` and `None`.
    #[inline]
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        match self {
            Some(value) => value.stable_hash(encoder),
            None => encoder.write_null(),
        }
    }
}

impl<T: StableHash> StableHash for [T] {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_list(self)
    }
}

impl<T: StableHash, const N: usize> StableHash for [T; N] {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_list(self)
    }
}

impl<T: StableHash> StableHash for Vec<T> {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_list(self)
    }
}

impl<T: StableHash> StableHash for VecDeque<T> {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_list(self)
    }
}

impl<K: StableHash, V: StableHash> StableHash for BTreeMap<K, V> {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_map(self)
    }
}

impl<K: StableHash, V: StableHash, S> StableHash for HashMap<K, V, S> {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_map(self)
    }
}

impl<T: StableHash> StableHash for BTreeSet<T> {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_set(self)
    }
}

impl<T: StableHash, S> StableHash for HashSet<T, S> {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        encoder.write_set(self)
    }
}

macro_rules! transparent {
    ($($ty:ty),*) => {$(
        impl<T: StableHash + ?Sized> StableHash for $ty {
            #[inline]
            fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
                (**self).stable_hash(encoder)
            }
        }
    )*};
}

transparent!(&T, &mut T, Box<T>, Rc<T>, Arc<T>);

impl<T: StableHash + ToOwned + ?Sized> StableHash for Cow<'_, T> {
    #[inline]
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        (**self).stable_hash(encoder)
    }
}

macro_rules! tuple {
    ($($name:ident)+) => {
        impl<$($name: StableHash),+> StableHash for ($($name,)+) {
            #[allow(non_snake_case)]
            fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
                let ($($name,)+) = self;
                let mut list = encoder.list();
                $(list.item($name);)+
                list.finish()
            }
        }
    };
}

tuple!(A);
tuple!(A B);
tuple!(A B C);
tuple!(A B C D);
tuple!(A B C D E);
tuple!(A B C D E F);
tuple!(A B C D E F G);
tuple!(A B C D E F G H);
tuple!(A B C D E F G H I);
tuple!(A B C D E F G H I J);
tuple!(A B C D E F G H I J K);
tuple!(A B C D E F G H I J K L);
