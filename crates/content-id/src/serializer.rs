//! `Serde`: the encoding of any `Serialize` value, streamed by a `serde::Serializer`.

use core::fmt;

use serde::Serialize;
use serde::ser;

use crate::encoder::{Scalar, State, tag};
use crate::path::{Failure, FailureKind, Key, Segment};
use crate::{Encoder, StableHash, Written};

/// Hashes any `T: Serialize` through the same encoding as [`StableHash`], with the data
/// model of serde_json (feature `serde`).
///
/// | serde | encoded as |
/// |---|---|
/// | `bool`, integers up to 128 bits, `f32`/`f64`, `char`, `str` | as through [`StableHash`] (integers by value, `char` as a string) |
/// | `serialize_bytes` | bytes (tag `0x05`) |
/// | `None`, `()`, unit struct | null |
/// | `Some(x)`, newtype struct | `x` |
/// | seq, tuple, tuple struct | list |
/// | map, struct | map (struct: field name → value) |
/// | unit variant | the variant's name, a string |
/// | newtype, tuple and struct variants | a one-entry map `{name: value}` (value: the field, a list, a map) |
///
/// So a struct and a `BTreeMap<String, _>` with the same entries give one id, and enums are
/// tagged as serde_json tags them. The serializer is human-readable (`is_human_readable` is
/// `true`), like serde_json. Map keys need not be strings.
///
/// A value and its `serde_json::Value` (`serde_json::to_value`) give one id wherever the
/// `Value` holds what the value does, which is everywhere but these four places, where
/// `Serde` hashes the value itself, as [`StableHash`] would, and serde_json changes it:
///
/// - a NaN or infinite float: the `Value` has null in its place (a `serde_json::Value`
///   cannot hold one), so `{"x": NaN}` and its `Value` `{"x": null}` differ;
/// - a map key that is not a string: the `Value` has it as a string (`1` → `"1"`);
/// - `serialize_bytes`: the `Value` has an array of integers, not bytes;
/// - an integer beyond 64 bits: `to_value` fails (the id does not).
///
/// ```
/// # use std::collections::BTreeMap;
/// use content_id::{Serde, generate};
///
/// #[derive(serde::Serialize)]
/// struct Reading { value: f64 }
///
/// let reading = Reading { value: f64::NAN };
/// let value = serde_json::to_value(&reading).unwrap();
/// assert_eq!(value, serde_json::json!({"value": null}));
/// assert_eq!(generate(&Serde(&reading))?, generate(&BTreeMap::from([("value", f64::NAN)]))?);
/// assert_ne!(generate(&Serde(&reading))?, generate(&Serde(&value))?);
/// # Ok::<(), content_id::Error>(())
/// ```
///
/// A `HashSet` reaches serde as a sequence, in its iteration order, which varies from one
/// `HashSet` to another: hash it through [`StableHash`] (a set) or store a `BTreeSet`.
///
/// If a `serialize` fails (a custom error, a poisoned `Mutex`, a `Path` that is not UTF-8),
/// or a sequence yields another number of elements than it declared, or a map gives a key
/// without its value, [`generate`](crate::generate) fails with
/// [`Error::Unencodable`](crate::Error::Unencodable), which names the failed value's path and
/// the serde error's message. With
/// [`Options::ignore_unhashable`](crate::Options::ignore_unhashable), the value whose own
/// `serialize` failed is written as the marker `0x0A` in its place instead (with the count
/// of its bytes that were hashed before it failed, such as the elements of a sequence: see
/// the crate documentation).
/// Lists, maps and sets nest at most [`MAX_DEPTH`](crate::MAX_DEPTH) deep
/// ([`Error::TooDeep`](crate::Error::TooDeep)).
///
/// # Examples
///
/// ```
/// use std::collections::BTreeMap;
///
/// use content_id::{Serde, generate};
/// use serde::Serialize;
///
/// #[derive(Serialize)]
/// struct User {
///     name: String,
///     age: u32,
/// }
///
/// let user = User { name: "Ada".into(), age: 36 };
/// let value = serde_json::json!({ "age": 36, "name": "Ada" });
/// assert_eq!(generate(&Serde(&user))?, generate(&Serde(&value))?);
///
/// let fields: BTreeMap<&str, &dyn content_id::StableHash> =
///     BTreeMap::from([("name", &"Ada" as _), ("age", &36 as _)]);
/// assert_eq!(generate(&Serde(&user))?, generate(&fields)?);
/// # Ok::<(), content_id::Error>(())
/// ```
///
/// A value that fails to serialize is an error that says where:
///
/// ```
/// use std::path::PathBuf;
///
/// use content_id::{Error, Serde};
///
/// # #[cfg(unix)] {
/// use std::os::unix::ffi::OsStrExt;
/// let paths = vec![PathBuf::from("a"), PathBuf::from(std::ffi::OsStr::from_bytes(b"\xff"))];
/// let error = content_id::generate(&Serde(&paths)).unwrap_err();
/// assert_eq!(
///     error,
///     Error::Unencodable {
///         path: "$[1]".into(),
///         reason: "path contains invalid UTF-8 characters".into(),
///     }
/// );
/// # }
/// ```
#[derive(Debug)]
pub struct Serde<'a, T: ?Sized>(pub &'a T);

impl<T: ?Sized> Clone for Serde<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T: ?Sized> Copy for Serde<'_, T> {}

impl<T: Serialize + ?Sized> StableHash for Serde<'_, T> {
    fn stable_hash(&self, encoder: Encoder<'_>) -> Written {
        let state = encoder.into_state();
        let checkpoint = state.checkpoint();
        if let Err(error) = self.0.serialize(ValueSerializer(state)) {
            match error.0.kind {
                FailureKind::Unencodable(_) if state.ignores_unhashable() && !state.is_quiet() => {
                    state.replace_with_marker(checkpoint);
                }
                _ => state.set_failure(error.0),
            }
        }
        state.written()
    }
}

/// What a serialization failed of, and the path from the failed value out.
struct SerError(Box<Failure>);

impl SerError {
    fn unencodable(reason: impl fmt::Display) -> Self {
        SerError(Failure::new(FailureKind::Unencodable(reason.to_string())))
    }
}

impl fmt::Debug for SerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.0, f)
    }
}

impl fmt::Display for SerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0.kind {
            FailureKind::Unencodable(reason) => f.write_str(reason),
            FailureKind::TooDeep => f.write_str("nested too deep"),
        }
    }
}

impl std::error::Error for SerError {}

impl ser::Error for SerError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        SerError::unencodable(message)
    }
}

/// Serializes a part of a value (an element, a key, a value): if it fails, either its
/// marker takes its place (`ignore_unhashable`) or the failure goes on out with `segment`.
fn part<T: Serialize + ?Sized>(
    state: &mut State,
    value: &T,
    segment: impl FnOnce() -> Segment,
) -> Result<(), SerError> {
    let checkpoint = state.checkpoint();
    match value.serialize(ValueSerializer(state)) {
        Ok(()) => Ok(()),
        Err(error) => {
            if matches!(error.0.kind, FailureKind::Unencodable(_))
                && state.ignores_unhashable()
                && !state.is_quiet()
            {
                state.replace_with_marker(checkpoint);
                return Ok(());
            }
            let mut error = error;
            error.0.segments.push(segment());
            Err(error)
        }
    }
}

/// A map key, as a path shows it, if it can be shown.
fn render_key<T: Serialize + ?Sized>(key: &T) -> Option<Key> {
    let mut renderer = State::renderer();
    let _ = key.serialize(ValueSerializer(&mut renderer));
    renderer.rendered()
}

/// Opens a container, unless the state is quiet (`Ok(false)`) or it would nest too deep.
fn open(state: &mut State, tag: u8) -> Result<bool, SerError> {
    state.open_nested(tag).map_err(SerError)
}

struct ValueSerializer<'a>(&'a mut State);

/// `serialize_*` methods that pass their value on, widened, to a wider type's method.
macro_rules! widen {
    ($($($method:ident($narrow:ty)),+ => $wide:ident;)+) => {
        $($(
            fn $method(self, v: $narrow) -> Result<(), SerError> {
                self.$wide(v.into())
            }
        )+)+
    };
}

impl ValueSerializer<'_> {
    fn scalar(self, scalar: Scalar<'_>) -> Result<(), SerError> {
        self.0.scalar(scalar);
        Ok(())
    }
}

impl<'a> ser::Serializer for ValueSerializer<'a> {
    type Ok = ();
    type Error = SerError;
    type SerializeSeq = List<'a>;
    type SerializeTuple = List<'a>;
    type SerializeTupleStruct = List<'a>;
    type SerializeTupleVariant = List<'a>;
    type SerializeMap = Map<'a>;
    type SerializeStruct = Map<'a>;
    type SerializeStructVariant = Map<'a>;

    // As serde_json: types with a text and a binary form (addresses, UUIDs, dates) take the
    // text form, so that a value and its `serde_json::Value` agree.
    fn is_human_readable(&self) -> bool {
        true
    }

    fn serialize_bool(self, v: bool) -> Result<(), SerError> {
        self.scalar(Scalar::Bool(v))
    }

    // A number is encoded by its value, not its type, so the narrower ones widen losslessly.
    widen! {
        serialize_i8(i8), serialize_i16(i16), serialize_i32(i32), serialize_i64(i64)
            => serialize_i128;
        serialize_u8(u8), serialize_u16(u16), serialize_u32(u32), serialize_u64(u64)
            => serialize_u128;
        serialize_f32(f32) => serialize_f64;
    }

    fn serialize_i128(self, v: i128) -> Result<(), SerError> {
        self.scalar(Scalar::Integer {
            negative: v < 0,
            magnitude: v.unsigned_abs(),
        })
    }

    fn serialize_u128(self, v: u128) -> Result<(), SerError> {
        self.scalar(Scalar::Integer {
            negative: false,
            magnitude: v,
        })
    }

    fn serialize_f64(self, v: f64) -> Result<(), SerError> {
        self.scalar(Scalar::Float(v))
    }

    fn serialize_char(self, v: char) -> Result<(), SerError> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(self, v: &str) -> Result<(), SerError> {
        self.scalar(Scalar::Str(v.as_bytes()))
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<(), SerError> {
        self.scalar(Scalar::Bytes(v))
    }

    fn serialize_none(self) -> Result<(), SerError> {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), SerError> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), SerError> {
        self.scalar(Scalar::Null)
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), SerError> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), SerError> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), SerError> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), SerError> {
        let state = self.0;
        if !open_variant(state, variant)? {
            return Ok(());
        }
        part(state, value, || Segment::Key(Key::Str(variant.into())))?;
        close_variant(state);
        Ok(())
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<List<'a>, SerError> {
        List::new(self.0, len, None)
    }

    fn serialize_tuple(self, len: usize) -> Result<List<'a>, SerError> {
        List::new(self.0, Some(len), None)
    }

    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<List<'a>, SerError> {
        List::new(self.0, Some(len), None)
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<List<'a>, SerError> {
        List::new(self.0, Some(len), Some(variant))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Map<'a>, SerError> {
        Map::new(self.0, None)
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Map<'a>, SerError> {
        Map::new(self.0, None)
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Map<'a>, SerError> {
        Map::new(self.0, Some(variant))
    }
}

/// Opens the one-entry map `{variant: …}` of an enum variant with data and writes its key;
/// the caller writes the value, then calls [`close_variant`]. `Ok(false)` if quiet.
fn open_variant(state: &mut State, variant: &str) -> Result<bool, SerError> {
    if !open(state, tag::MAP)? {
        return Ok(false);
    }
    state.scalar(Scalar::Str(variant.as_bytes()));
    Ok(true)
}

fn close_variant(state: &mut State) {
    state.end_entry();
    state.close_entries();
}

/// Opens a list or a map, inside `{variant: …}` if it is a variant's value; `Ok(false)` if
/// quiet.
fn open_container(
    state: &mut State,
    tag: u8,
    variant: Option<&'static str>,
) -> Result<bool, SerError> {
    if let Some(variant) = variant
        && !open_variant(state, variant)?
    {
        return Ok(false);
    }
    open(state, tag).map_err(|error| in_variant(variant, error))
}

/// A failure inside the list or map of `{variant: …}` passes the variant's key on its way
/// out.
fn in_variant(variant: Option<&'static str>, mut error: SerError) -> SerError {
    if let Some(variant) = variant {
        error
            .0
            .segments
            .push(Segment::Key(Key::Str(variant.into())));
    }
    error
}

/// The elements of a list, streamed; a declared length is checked at the end.
struct List<'a> {
    state: &'a mut State,
    open: bool,
    declared: Option<usize>,
    written: usize,
    /// The list is the value of `{variant: […]}`.
    variant: Option<&'static str>,
}

impl<'a> List<'a> {
    fn new(
        state: &'a mut State,
        declared: Option<usize>,
        variant: Option<&'static str>,
    ) -> Result<Self, SerError> {
        Ok(List {
            open: open_container(state, tag::LIST, variant)?,
            state,
            declared,
            written: 0,
            variant,
        })
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), SerError> {
        let index = self.written;
        self.written += 1;
        if !self.open {
            return Ok(());
        }
        part(self.state, value, || Segment::Index(index)).map_err(|error| self.in_variant(error))
    }

    fn end(self) -> Result<(), SerError> {
        match self.declared {
            // A length that does not match the elements is a broken `Serialize`.
            Some(declared) if declared != self.written => {
                return Err(self.in_variant(SerError::unencodable(format_args!(
                    "the sequence declared {declared} elements and gave {}",
                    self.written
                ))));
            }
            _ => {}
        }
        if self.open {
            self.state.close_list();
            if self.variant.is_some() {
                close_variant(self.state);
            }
        }
        Ok(())
    }

    fn in_variant(&self, error: SerError) -> SerError {
        in_variant(self.variant, error)
    }
}

/// The serde traits of a list's four kinds, each a name for [`List::element`] and
/// [`List::end`].
macro_rules! list_traits {
    ($($trait:ident::$method:ident),+) => {
        $(
            impl ser::$trait for List<'_> {
                type Ok = ();
                type Error = SerError;

                fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), SerError> {
                    self.element(value)
                }

                fn end(self) -> Result<(), SerError> {
                    List::end(self)
                }
            }
        )+
    };
}

list_traits!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// The entries of a map or struct, each hashed on its own.
struct Map<'a> {
    state: &'a mut State,
    open: bool,
    /// A key was written and its value not yet.
    pending_key: bool,
    index: usize,
    /// The map is the value of `{variant: {…}}`.
    variant: Option<&'static str>,
}

impl<'a> Map<'a> {
    fn new(state: &'a mut State, variant: Option<&'static str>) -> Result<Self, SerError> {
        Ok(Map {
            open: open_container(state, tag::MAP, variant)?,
            state,
            pending_key: false,
            index: 0,
            variant,
        })
    }

    fn in_variant(&self, error: SerError) -> SerError {
        in_variant(self.variant, error)
    }

    fn key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), SerError> {
        if self.pending_key {
            return Err(self.in_variant(SerError::unencodable(
                "a map key was given where its value was due",
            )));
        }
        self.pending_key = true;
        if !self.open {
            return Ok(());
        }
        let index = self.index;
        part(self.state, key, || Segment::KeyOf(index)).map_err(|error| self.in_variant(error))
    }

    fn value<T: Serialize + ?Sized>(
        &mut self,
        value: &T,
        segment: impl FnOnce() -> Segment,
    ) -> Result<(), SerError> {
        if !self.pending_key {
            return Err(self.in_variant(SerError::unencodable(
                "a map value was given without its key",
            )));
        }
        self.pending_key = false;
        if !self.open {
            return Ok(());
        }
        part(self.state, value, segment).map_err(|error| self.in_variant(error))?;
        self.state.end_entry();
        self.index += 1;
        Ok(())
    }

    fn field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), SerError> {
        if self.pending_key {
            return Err(self.in_variant(SerError::unencodable(
                "a struct field was given where a map value was due",
            )));
        }
        if !self.open {
            return Ok(());
        }
        self.state.scalar(Scalar::Str(key.as_bytes()));
        self.pending_key = true;
        self.value(value, || Segment::Key(Key::Str(key.into())))
    }

    fn end(self) -> Result<(), SerError> {
        if self.pending_key {
            return Err(self.in_variant(SerError::unencodable(
                "the map ended after a key, without its value",
            )));
        }
        if self.open {
            self.state.close_entries();
            if self.variant.is_some() {
                close_variant(self.state);
            }
        }
        Ok(())
    }
}

impl ser::SerializeMap for Map<'_> {
    type Ok = ();
    type Error = SerError;

    // An entry is a key and then its value: a Serialize impl that calls these out of turn
    // would leave an entry without a key or a value, so it gets no encoding.
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), SerError> {
        self.key(key)
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), SerError> {
        let index = self.index;
        self.value(value, || Segment::Entry(index))
    }

    // With the key at hand, a failure in the value can name it.
    fn serialize_entry<K, V>(&mut self, key: &K, value: &V) -> Result<(), SerError>
    where
        K: Serialize + ?Sized,
        V: Serialize + ?Sized,
    {
        self.key(key)?;
        let index = self.index;
        self.value(value, || {
            render_key(key).map_or(Segment::Entry(index), Segment::Key)
        })
    }

    fn end(self) -> Result<(), SerError> {
        Map::end(self)
    }
}

/// The serde traits of a struct and a struct variant, both [`Map::field`] and [`Map::end`].
macro_rules! struct_traits {
    ($($trait:ident),+) => {
        $(
            impl ser::$trait for Map<'_> {
                type Ok = ();
                type Error = SerError;

                fn serialize_field<T: Serialize + ?Sized>(
                    &mut self,
                    key: &'static str,
                    value: &T,
                ) -> Result<(), SerError> {
                    self.field(key, value)
                }

                fn end(self) -> Result<(), SerError> {
                    Map::end(self)
                }
            }
        )+
    };
}

struct_traits!(SerializeStruct, SerializeStructVariant);
