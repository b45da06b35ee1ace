//! `Serde`: the encoding of any `Serialize` value, streamed by a `serde::Serializer`.

use core::fmt;

use serde::Serialize;
use serde::ser;

use crate::encoder::{Frame, Order, tag};
use crate::{Encoder, StableHash};

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
/// So a struct, a `BTreeMap<String, _>` with the same entries and the struct's
/// `serde_json::Value` all give one id, and enums are tagged as serde_json tags them. The
/// serializer is human-readable (`is_human_readable` is `true`), like serde_json. Map keys
/// need not be strings.
///
/// A `HashSet` reaches serde as a sequence, in its iteration order, which varies from one
/// `HashSet` to another: hash it through [`StableHash`] (a set) or store a `BTreeSet`.
///
/// If `serialize` fails (a custom error, a poisoned `Mutex`, a `Path` that is not UTF-8), or a
/// sequence yields another number of elements than it declared, the value has no encoding:
/// its id is that of the unencodable record, `0xFF` (see the crate documentation), the same
/// for every such value. Serialize with serde_json first where that must be detected.
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
/// assert_eq!(generate(&Serde(&user)), generate(&Serde(&value)));
///
/// let fields: BTreeMap<&str, &dyn content_id::StableHash> =
///     BTreeMap::from([("name", &"Ada" as _), ("age", &36 as _)]);
/// assert_eq!(generate(&Serde(&user)), generate(&fields));
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
    fn stable_hash(&self, encoder: &mut Encoder) {
        let checkpoint = encoder.checkpoint();
        if self.0.serialize(ValueSerializer(encoder)).is_err() {
            encoder.fail_since(checkpoint);
        }
    }
}

/// The value has no encoding; the message of the cause is not kept (an id cannot carry it).
#[derive(Debug)]
struct Unencodable;

impl fmt::Display for Unencodable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the value has no content-id encoding")
    }
}

impl std::error::Error for Unencodable {}

impl ser::Error for Unencodable {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Unencodable
    }
}

struct ValueSerializer<'a>(&'a mut Encoder);

impl<'a> ser::Serializer for ValueSerializer<'a> {
    type Ok = ();
    type Error = Unencodable;
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

    fn serialize_bool(self, v: bool) -> Result<(), Unencodable> {
        self.0.write_bool(v);
        Ok(())
    }

    fn serialize_i8(self, v: i8) -> Result<(), Unencodable> {
        self.serialize_i128(v.into())
    }

    fn serialize_i16(self, v: i16) -> Result<(), Unencodable> {
        self.serialize_i128(v.into())
    }

    fn serialize_i32(self, v: i32) -> Result<(), Unencodable> {
        self.serialize_i128(v.into())
    }

    fn serialize_i64(self, v: i64) -> Result<(), Unencodable> {
        self.serialize_i128(v.into())
    }

    fn serialize_i128(self, v: i128) -> Result<(), Unencodable> {
        self.0.write_i128(v);
        Ok(())
    }

    fn serialize_u8(self, v: u8) -> Result<(), Unencodable> {
        self.serialize_u128(v.into())
    }

    fn serialize_u16(self, v: u16) -> Result<(), Unencodable> {
        self.serialize_u128(v.into())
    }

    fn serialize_u32(self, v: u32) -> Result<(), Unencodable> {
        self.serialize_u128(v.into())
    }

    fn serialize_u64(self, v: u64) -> Result<(), Unencodable> {
        self.serialize_u128(v.into())
    }

    fn serialize_u128(self, v: u128) -> Result<(), Unencodable> {
        self.0.write_u128(v);
        Ok(())
    }

    fn serialize_f32(self, v: f32) -> Result<(), Unencodable> {
        self.serialize_f64(v.into())
    }

    fn serialize_f64(self, v: f64) -> Result<(), Unencodable> {
        self.0.write_f64(v);
        Ok(())
    }

    fn serialize_char(self, v: char) -> Result<(), Unencodable> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(self, v: &str) -> Result<(), Unencodable> {
        self.0.write_str(v);
        Ok(())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<(), Unencodable> {
        self.0.write_bytes(v);
        Ok(())
    }

    fn serialize_none(self) -> Result<(), Unencodable> {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Unencodable> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), Unencodable> {
        self.0.write_null();
        Ok(())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Unencodable> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Unencodable> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Unencodable> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Unencodable> {
        let encoder = variant_key(self.0, variant);
        value.serialize(ValueSerializer(encoder))
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<List<'a>, Unencodable> {
        Ok(match len {
            Some(len) => List::streamed(self.0, len),
            // The count comes first: without a length, buffer the items to count them.
            None => {
                let frame = self.0.begin_buffered();
                List::Buffered {
                    encoder: self.0,
                    frame,
                }
            }
        })
    }

    fn serialize_tuple(self, len: usize) -> Result<List<'a>, Unencodable> {
        Ok(List::streamed(self.0, len))
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<List<'a>, Unencodable> {
        Ok(List::streamed(self.0, len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<List<'a>, Unencodable> {
        Ok(List::streamed(variant_key(self.0, variant), len))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Map<'a>, Unencodable> {
        Ok(Map::new(self.0))
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Map<'a>, Unencodable> {
        Ok(Map::new(self.0))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Map<'a>, Unencodable> {
        Ok(Map::new(variant_key(self.0, variant)))
    }
}

/// Opens the one-entry map `{variant: …}` of an enum variant with data, and writes its key:
/// the caller writes the value. One entry needs no sorting, so nothing is buffered.
fn variant_key<'a>(encoder: &'a mut Encoder, variant: &str) -> &'a mut Encoder {
    encoder.write_header(tag::MAP, 1);
    encoder.write_str(variant);
    encoder
}

/// The elements of a list: streamed when serde declares their number, else buffered.
enum List<'a> {
    Streamed {
        encoder: &'a mut Encoder,
        declared: usize,
        written: usize,
    },
    Buffered {
        encoder: &'a mut Encoder,
        frame: Frame,
    },
}

impl<'a> List<'a> {
    fn streamed(encoder: &'a mut Encoder, len: usize) -> Self {
        encoder.write_header(tag::LIST, len);
        List::Streamed {
            encoder,
            declared: len,
            written: 0,
        }
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unencodable> {
        match self {
            List::Streamed {
                encoder, written, ..
            } => {
                *written += 1;
                value.serialize(ValueSerializer(encoder))
            }
            List::Buffered { encoder, .. } => {
                encoder.begin_entry();
                value.serialize(ValueSerializer(encoder))?;
                encoder.end_entry();
                Ok(())
            }
        }
    }

    fn end(self) -> Result<(), Unencodable> {
        match self {
            // A count that does not match the elements would make the encoding ambiguous.
            List::Streamed {
                declared, written, ..
            } if declared != written => Err(Unencodable),
            List::Streamed { .. } => Ok(()),
            List::Buffered { encoder, frame } => {
                encoder.end_buffered(frame, tag::LIST, Order::AsWritten);
                Ok(())
            }
        }
    }
}

impl ser::SerializeSeq for List<'_> {
    type Ok = ();
    type Error = Unencodable;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unencodable> {
        self.element(value)
    }

    fn end(self) -> Result<(), Unencodable> {
        List::end(self)
    }
}

impl ser::SerializeTuple for List<'_> {
    type Ok = ();
    type Error = Unencodable;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unencodable> {
        self.element(value)
    }

    fn end(self) -> Result<(), Unencodable> {
        List::end(self)
    }
}

impl ser::SerializeTupleStruct for List<'_> {
    type Ok = ();
    type Error = Unencodable;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unencodable> {
        self.element(value)
    }

    fn end(self) -> Result<(), Unencodable> {
        List::end(self)
    }
}

impl ser::SerializeTupleVariant for List<'_> {
    type Ok = ();
    type Error = Unencodable;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unencodable> {
        self.element(value)
    }

    fn end(self) -> Result<(), Unencodable> {
        List::end(self)
    }
}

/// The entries of a map or struct, buffered to be sorted by their encoding.
struct Map<'a> {
    encoder: &'a mut Encoder,
    frame: Frame,
    /// A key was written and its value not yet.
    pending_key: bool,
}

impl<'a> Map<'a> {
    fn new(encoder: &'a mut Encoder) -> Self {
        let frame = encoder.begin_buffered();
        Map {
            encoder,
            frame,
            pending_key: false,
        }
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &str, value: &T) -> Result<(), Unencodable> {
        self.encoder.begin_entry();
        self.encoder.write_str(key);
        value.serialize(ValueSerializer(self.encoder))?;
        self.encoder.end_entry();
        Ok(())
    }

    fn end(self) -> Result<(), Unencodable> {
        if self.pending_key {
            return Err(Unencodable);
        }
        self.encoder
            .end_buffered(self.frame, tag::MAP, Order::Sorted);
        Ok(())
    }
}

impl ser::SerializeMap for Map<'_> {
    type Ok = ();
    type Error = Unencodable;

    // An entry is a key and then its value: a Serialize impl that calls these out of turn
    // would leave an entry without a key or a value, so it gets no encoding.
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Unencodable> {
        if self.pending_key {
            return Err(Unencodable);
        }
        self.pending_key = true;
        self.encoder.begin_entry();
        key.serialize(ValueSerializer(self.encoder))
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Unencodable> {
        if !self.pending_key {
            return Err(Unencodable);
        }
        self.pending_key = false;
        value.serialize(ValueSerializer(self.encoder))?;
        self.encoder.end_entry();
        Ok(())
    }

    fn end(self) -> Result<(), Unencodable> {
        Map::end(self)
    }
}

impl ser::SerializeStruct for Map<'_> {
    type Ok = ();
    type Error = Unencodable;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unencodable> {
        self.field(key, value)
    }

    fn end(self) -> Result<(), Unencodable> {
        Map::end(self)
    }
}

impl ser::SerializeStructVariant for Map<'_> {
    type Ok = ();
    type Error = Unencodable;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Unencodable> {
        self.field(key, value)
    }

    fn end(self) -> Result<(), Unencodable> {
        Map::end(self)
    }
}
