//! The ids users hold, read as ids: the text the package returns, and the same ids as the
//! standard library and bson hold them (`uuid.UUID`, `bytes`, `bson.ObjectId`). The
//! extractors, the `parse_*` functions and `to_uuid` read their argument here, and the
//! framework modules (`identifier.pydantic`, `.sqlalchemy`, `.django`) through `parse_*`.

use std::fmt::Display;
use std::str::FromStr;

use objectid::ObjectId;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt, PyString};
use snowflake::SnowflakeId;
use ulid::Ulid;
use uuid7::Uuid7;

use crate::args::{self, Opt};
use crate::exact;
use crate::text::{self, Text};

/// The `ValueError` of a value that is not an id, shown as `shown`.
fn invalid(name: &str, shown: impl Display, reason: impl Display) -> PyErr {
    PyValueError::new_err(format!("{name} {shown} is not valid: {reason}"))
}

/// `uuid.UUID('…')`, as `repr` shows a `uuid.UUID`, from its value (no method of a subclass).
fn uuid_repr(value: u128) -> String {
    format!("UUID('{}')", uuid::Uuid::from_u128(value).hyphenated())
}

/// The `TypeError` of an argument of none of the accepted types.
fn wrong_type(name: &str, expected: &str, obj: &Bound<'_, PyAny>) -> PyErr {
    PyTypeError::new_err(format!(
        "{name} must be {expected}, not {}",
        args::type_name(obj)
    ))
}

/// A text id: parsed by its crate's `FromStr`, with the error of `args::parse_error`.
fn from_text<T: FromStr>(obj: &Bound<'_, PyString>, name: &str) -> PyResult<T>
where
    T::Err: Display,
{
    let text = args::text(obj.as_any(), name)?;
    text.parse()
        .map_err(|error| args::parse_error(name, obj.as_any(), error))
}

/// A ULID from its text (26 characters, either case, O as 0, I and L as 1) or a `uuid.UUID`
/// (its 128 bits).
pub(crate) fn ulid(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Ulid> {
    if let Ok(text) = obj.cast::<PyString>() {
        return from_text(text, name);
    }
    match exact::uuid_value(obj, name)? {
        Some(value) => Ok(Ulid::from_u128(value)),
        None => Err(wrong_type(name, "a str or a uuid.UUID", obj)),
    }
}

/// A UUIDv7 from its canonical text (either case) or a `uuid.UUID` of version 7 and the
/// variant of RFC 9562.
pub(crate) fn uuid7(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<Uuid7> {
    if let Ok(text) = obj.cast::<PyString>() {
        return from_text(text, name);
    }
    match exact::uuid_value(obj, name)? {
        Some(value) => {
            Uuid7::from_u128(value).map_err(|error| invalid(name, uuid_repr(value), error))
        }
        None => Err(wrong_type(name, "a str or a uuid.UUID", obj)),
    }
}

/// An ObjectId from its 24 lower-case hex characters, its 12 `bytes`, or an object with the
/// attribute `binary` of 12 bytes (a `bson.ObjectId`, read without a dependency on bson).
pub(crate) fn object_id(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<ObjectId> {
    const EXPECTED: &str = "a str, bytes or a bson.ObjectId";
    if let Ok(text) = obj.cast::<PyString>() {
        return from_text(text, name);
    }
    let (bytes, shown) = match obj.cast::<PyBytes>() {
        Ok(bytes) => (bytes.clone(), None),
        Err(_) => {
            // bson's ObjectId keeps its 12 bytes in `binary`; so may any other such type.
            let binary = obj
                .getattr_opt("binary")?
                .ok_or_else(|| wrong_type(name, EXPECTED, obj))?;
            let bytes = binary.cast_into::<PyBytes>().map_err(|binary| {
                PyTypeError::new_err(format!(
                    "{name} must be {EXPECTED}, not {} whose binary is {}",
                    args::type_name(obj),
                    args::type_name(binary.into_inner().as_any())
                ))
            })?;
            (bytes, Some(args::type_name(obj)))
        }
    };
    ObjectId::try_from(bytes.as_bytes()).map_err(|error| {
        let shown = match shown {
            Some(type_name) => format!("(a {type_name})"),
            None => bytes_repr(bytes.as_bytes()),
        };
        invalid(name, shown, error)
    })
}

/// `repr` of bytes, shortened as `args::parse_error` shortens a str.
fn bytes_repr(bytes: &[u8]) -> String {
    const SHOWN: usize = 24;
    let mut out = String::from("b'");
    for &byte in bytes.iter().take(SHOWN) {
        out.extend(std::ascii::escape_default(byte).map(char::from));
    }
    out.push('\'');
    if bytes.len() > SHOWN {
        out.push_str("...");
    }
    out
}

/// A Snowflake id from an `int` (0 to 2**63 - 1) or its decimal text.
pub(crate) fn snowflake_id(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<SnowflakeId> {
    if let Ok(text) = obj.cast::<PyString>() {
        return from_text(text, name);
    }
    if obj.cast::<PyInt>().is_err() {
        return Err(wrong_type(name, "an int or a str", obj));
    }
    args::checked_u64(obj, name, "an int or a str", SnowflakeId::from_u64)
}

/// The canonical text of a ULID (26 characters, upper case), given as `extract_ulid_timestamp_ms`
/// takes it: its text in either case (O as 0, I and L as 1) or a `uuid.UUID`.
///
/// Raises `TypeError` for another type and `ValueError` (with the length found, or the first
/// bad character and its index) for a str that is not a ULID.
#[pyfunction]
pub(crate) fn parse_ulid<'py>(
    py: Python<'py>,
    ulid: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyString>> {
    text::str_of(py, self::ulid(ulid, "ulid")?)
}

/// The canonical text of a UUIDv7 (36 characters, lower case, hyphenated), from its text in
/// either case or a `uuid.UUID` of version 7.
///
/// Raises `TypeError` for another type and `ValueError` (with the length, the first character
/// out of place and its index, or the version or variant found) for a value that is not a
/// UUIDv7.
#[pyfunction]
pub(crate) fn parse_uuid7<'py>(
    py: Python<'py>,
    uuid7: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyString>> {
    text::str_of(py, self::uuid7(uuid7, "uuid7")?)
}

/// The canonical text of an ObjectId (24 lower-case hex characters), from that text, its 12
/// bytes, or a `bson.ObjectId` (any object whose `binary` is 12 bytes).
///
/// Raises `TypeError` for another type and `ValueError` (with the length found, or the first
/// bad character and its index) for a value that is not an ObjectId.
#[pyfunction]
pub(crate) fn parse_object_id<'py>(
    py: Python<'py>,
    object_id: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyString>> {
    text::str_of(py, self::object_id(object_id, "object_id")?)
}

/// A Snowflake id as an `int`, from an `int` (0 to 2**63 - 1) or its decimal text (digits
/// only: no sign, space or leading zero).
///
/// Raises `TypeError` for another type and `ValueError` for a value out of range or a str that
/// is not the decimal of one.
#[pyfunction]
pub(crate) fn parse_snowflake_id(snowflake_id: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(u64::from(self::snowflake_id(snowflake_id, "snowflake_id")?))
}

/// The `uuid.UUID` of a ULID (its 128 bits) or a UUIDv7: from the text of either (26 or 36
/// characters, as `parse_ulid` and `parse_uuid7` take them) or a `uuid.UUID`, returned as an
/// equal plain `uuid.UUID`.
///
/// Raises `TypeError` for another type and `ValueError` for a str that is neither.
#[pyfunction]
pub(crate) fn to_uuid<'py>(py: Python<'py>, id: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let value = match id.cast::<PyString>() {
        Ok(text) => match text.len()? {
            n if n == <Ulid as Text>::LEN => self::ulid(id, "id")?.to_u128(),
            n if n == <Uuid7 as Text>::LEN => self::uuid7(id, "id")?.to_u128(),
            n => {
                return Err(args::parse_error(
                    "id",
                    id,
                    format_args!(
                        "a ULID has {} characters and a UUIDv7 {}, found {n}",
                        <Ulid as Text>::LEN,
                        <Uuid7 as Text>::LEN
                    ),
                ));
            }
        },
        Err(_) => match exact::uuid_value(id, "id")? {
            Some(value) => value,
            None => return Err(wrong_type("id", "a str or a uuid.UUID", id)),
        },
    };
    exact::new_uuid(py, value)
}

/// The `uuid.UUID` of a ULID (its text in either case, or a `uuid.UUID` read as its 128 bits),
/// in one of two ways:
///
/// - `compliant=False` (the default): the same 128 bits, lossless, as storing the ULID in a
///   `uuid` column keeps it; `ulid_from_uuid` gives the ULID back. The UUID's version and
///   variant fields hold whatever bits the ULID has there (its `version` is usually not 7).
/// - `compliant=True`: an RFC 9562 UUIDv7 of the ULID: its timestamp, version 7, variant `10`,
///   and 74 of its 80 random bits, the top 12 and the low 62 (the 6 between them, bits 67 to
///   62, are dropped), as python-ulid's `ULID.to_uuid7(compliant=True)` makes it. The ULID
///   cannot be had back from it.
///
/// Raises `TypeError` if `ulid` is neither a str nor a `uuid.UUID` or `compliant` is not a
/// bool, and `ValueError` (with the length found, or the first bad character and its index) if
/// the str is not a ULID.
#[pyfunction]
#[pyo3(
    signature = (ulid, *, compliant = Opt::Absent),
    text_signature = "(ulid, *, compliant=False)"
)]
pub(crate) fn ulid_to_uuid<'py>(
    py: Python<'py>,
    ulid: &Bound<'py, PyAny>,
    compliant: Opt<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let value = self::ulid(ulid, "ulid")?.to_u128();
    let compliant = compliant.read_or(false, |flag| args::flag(flag, "compliant"))?;
    let value = if compliant {
        Uuid7::from_ulid_compliant(value).to_u128()
    } else {
        value
    };
    exact::new_uuid(py, value)
}

/// The ULID of the same 128 bits as a UUID (a `uuid.UUID`, or its text: hyphenated, braced,
/// `urn:uuid:` or 32 hex digits, in either case): the ULID a `uuid` column holds when a ULID
/// was stored in it, as `ulid_to_uuid(ulid)` wrote it. Any UUID gives one; from a compliant
/// UUIDv7 of a ULID (`ulid_to_uuid(ulid, compliant=True)`) it is not that ULID, whose 6
/// dropped bits are lost. The same as python-ulid's `ULID.from_uuid` and `ULID.from_uuid7`.
///
/// Raises `TypeError` if `value` is neither a `uuid.UUID` nor a str, and `ValueError` if the
/// str is not a UUID.
#[pyfunction]
pub(crate) fn ulid_from_uuid<'py>(
    py: Python<'py>,
    value: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyString>> {
    let bits = match value.cast::<PyString>() {
        Ok(_) => {
            let text = args::text(value, "value")?;
            uuid::Uuid::parse_str(&text)
                .map_err(|error| args::parse_error("value", value, error))?
                .as_u128()
        }
        Err(_) => match exact::uuid_value(value, "value")? {
            Some(bits) => bits,
            None => return Err(wrong_type("value", "a uuid.UUID or a str", value)),
        },
    };
    text::str_of(py, Ulid::from_u128(bits))
}

/// Adds the functions of this module to `module`.
pub(crate) fn add(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(parse_ulid, module)?)?;
    module.add_function(wrap_pyfunction!(parse_uuid7, module)?)?;
    module.add_function(wrap_pyfunction!(parse_object_id, module)?)?;
    module.add_function(wrap_pyfunction!(parse_snowflake_id, module)?)?;
    module.add_function(wrap_pyfunction!(to_uuid, module)?)?;
    module.add_function(wrap_pyfunction!(ulid_to_uuid, module)?)?;
    module.add_function(wrap_pyfunction!(ulid_from_uuid, module)?)?;
    Ok(())
}
