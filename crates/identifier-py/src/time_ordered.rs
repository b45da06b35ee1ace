//! ULID, UUIDv7 and ObjectId: generation (one id, or a batch with the GIL released) and the
//! timestamp extractors. Each is the Rust crate's function with Python arguments.

use objectid::ObjectId;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString};
use ulid::Ulid;
use uuid7::Uuid7;

use crate::args::{self, Opt};
use crate::text::{self, Text};
use crate::{exact, fastcall, inputs};

/// Ids generated per lock of the sequence in a batch: large enough that the lock and the
/// clock are not what a batch costs, small enough to stay on the stack.
const CHUNK: usize = 512;

/// The `ValueError` of a clock (or a borrowed tick) past the range of a format.
fn clock_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// `n` ids from `fill`, as a `list[str]`. The ids are generated and their text written with
/// the GIL released, `CHUNK` per call to `fill`.
fn batch<'py, T, E>(
    py: Python<'py>,
    n: &Bound<'py, PyAny>,
    nil: T,
    fill: impl Fn(&mut [T]) -> Result<(), E> + Send,
) -> PyResult<Bound<'py, PyList>>
where
    T: Text,
    E: std::fmt::Display + Send,
{
    let width = T::LEN;
    let n = args::count(n)?;
    let bytes = n.checked_mul(width).ok_or_else(|| args::too_many(n))?;
    let mut out: Vec<u8> = Vec::new();
    out.try_reserve_exact(bytes)
        .map_err(|_| args::too_many(n))?;
    let out = py
        .detach(move || {
            let mut ids = [nil; CHUNK];
            while out.len() < bytes {
                let ids = &mut ids[..((bytes - out.len()) / width).min(CHUNK)];
                fill(ids)?;
                for &id in ids.iter() {
                    out.extend_from_slice(id.ascii().as_ref());
                }
            }
            Ok::<_, E>(out)
        })
        .map_err(clock_error)?;
    text::list_of(py, &out, width)
}

/// The three functions of each time-ordered format, each its crate's function with Python
/// arguments: one id, from the sequence or at an explicit timestamp; a batch of `n`; and the
/// timestamp of a text. Written as the Python signatures they get; `fast` names the slot of
/// the generator's entry point in `fastcall`, which has the generator's name. Then `add`,
/// which puts them all in the module.
macro_rules! time_ordered {
    ($(
        rust: $krate:ident, nil: $nil:expr, extract: $timestamp_of:path, read: $read:path, $stamp:ident,
        fast: $slot:ident;
        $(#[$generate_doc:meta])*
        fn $generate:ident(*, $timestamp:ident = None $(, $as_uuid:ident = False)?) $signature:literal;
        $(#[$batch_doc:meta])*
        fn $batch:ident(n, /);
        $(#[$extract_doc:meta])*
        fn $extract:ident($param:ident);
    )+) => {
        $(
            $(#[$generate_doc])*
            #[pyfunction]
            #[pyo3(
                signature = (*, $timestamp = None $(, $as_uuid = Opt::Absent)?),
                text_signature = $signature
            )]
            pub(crate) fn $generate<'py>(
                py: Python<'py>,
                $timestamp: Option<&Bound<'py, PyAny>>,
                $($as_uuid: Opt<'py>,)?
            ) -> PyResult<Bound<'py, PyAny>> {
                let id = match $timestamp {
                    None => $krate::try_generate().map_err(clock_error)?,
                    Some(timestamp) => args::checked_u64(
                        timestamp,
                        stringify!($timestamp),
                        "an int or None",
                        $krate::generate_at,
                    )?,
                };
                $(
                    if let Some(flag) = $as_uuid.given()
                        && args::flag(flag, stringify!($as_uuid))?
                    {
                        return exact::new_uuid(py, id.to_u128());
                    }
                )?
                Ok(text::str_of(py, id)?.into_any())
            }

            $(#[$batch_doc])*
            #[pyfunction]
            #[pyo3(signature = (n, /))]
            pub(crate) fn $batch<'py>(
                py: Python<'py>,
                n: &Bound<'py, PyAny>,
            ) -> PyResult<Bound<'py, PyList>> {
                batch(py, n, $nil, $krate::try_fill)
            }

            $(#[$extract_doc])*
            #[pyfunction]
            pub(crate) fn $extract($param: &Bound<'_, PyAny>) -> PyResult<u64> {
                if $param.cast::<PyString>().is_err() {
                    // Not a text: the same id as Python's other types hold it.
                    return Ok($read($param, stringify!($param))?.$stamp());
                }
                let text = args::text($param, stringify!($param))?;
                $timestamp_of(&text)
                    .map_err(|error| args::parse_error(stringify!($param), $param, error))
            }
        )+

        /// Adds the functions of every format to `module`, each generator of one id with its
        /// entry point for calls without arguments.
        pub(crate) fn add(module: &Bound<'_, PyModule>) -> PyResult<()> {
            $(
                fastcall::add(
                    module,
                    wrap_pyfunction!($generate, module)?,
                    fastcall::$generate,
                    &fastcall::$slot,
                )?;
                module.add_function(wrap_pyfunction!($batch, module)?)?;
                module.add_function(wrap_pyfunction!($extract, module)?)?;
            )+
            Ok(())
        }
    };
}

time_ordered! {
    rust: ulid, nil: Ulid::MIN, extract: ulid::extract_timestamp_ms,
    read: inputs::ulid, timestamp_ms, fast: ULID;

    /// A new ULID: 26 Crockford Base32 characters, upper case (such as
    /// `01ARZ3NDEKTSV4RRFFQ69G5FAV`), a 48-bit timestamp in milliseconds then an 80-bit counter.
    ///
    /// Without `timestamp_ms`, the id comes from the process-wide sequence: greater than every
    /// ULID generated before in this process, from any thread. The timestamp is the clock's
    /// millisecond; the counter starts at a random value on each new millisecond. The timestamp
    /// may run ahead of the clock (after the clock steps back, or after 2**80 ids in one
    /// millisecond): order and uniqueness never break. A child process created by `fork` starts
    /// a fresh sequence, so parent and child share no id.
    ///
    /// With `timestamp_ms` (an int from 0 to 2**48 - 1, milliseconds since the Unix epoch), the
    /// 80 bits are random, from a generator reseeded after `fork`; such ids take no part in the
    /// order of the sequence.
    ///
    /// Raises `TypeError` if `timestamp_ms` is not an int (a bool is not), and `ValueError` if it
    /// is out of range, or without it if the clock is past 10889-08-02T05:31:50.655Z, the last
    /// millisecond a ULID holds (a clock before 1970 reads as 1970).
    fn generate_ulid(*, timestamp_ms = None) "(*, timestamp_ms=None)";

    /// `n` new ULIDs from the process-wide sequence, in increasing order: the ids of `n` calls to
    /// `generate_ulid()`, generated with the GIL released.
    ///
    /// Raises `TypeError` if `n` is not an int, `ValueError` if it is negative and `MemoryError`
    /// if the ids do not fit in memory.
    fn generate_ulids(n, /);

    /// The timestamp of a ULID, in milliseconds since the Unix epoch.
    ///
    /// Takes exactly 26 characters in either case, with `O` read as `0` and `I`, `L` as `1`, and
    /// a first character of at most `7`: the strict inverse of `generate_ulid`; or a
    /// `uuid.UUID`, read as the ULID of its 128 bits.
    ///
    /// Raises `TypeError` if `ulid` is neither a str nor a `uuid.UUID`, and `ValueError` (with the length found, or the
    /// first bad character and its index) if it is not a ULID.
    fn extract_ulid_timestamp_ms(ulid);

    rust: uuid7, nil: Uuid7::MIN, extract: uuid7::extract_timestamp_ms,
    read: inputs::uuid7, timestamp_ms, fast: UUID7;

    /// A new UUIDv7 (RFC 9562): 36 characters, lower case, hyphenated (such as
    /// `017f22e2-79b0-7cc3-98c4-dc0c0c07398f`), a 48-bit timestamp in milliseconds, version 7,
    /// then a 74-bit counter around the variant bits `10`.
    ///
    /// Without `timestamp_ms`, the id comes from the process-wide sequence: greater than every
    /// UUIDv7 generated before in this process, from any thread (the "monotonic random" method
    /// of RFC 9562, section 6.2). The counter starts at a random value on each new millisecond;
    /// the timestamp may run ahead of the clock after a backward step or a burst, and order and
    /// uniqueness never break. A child process created by `fork` starts a fresh sequence.
    ///
    /// With `timestamp_ms` (an int from 0 to 2**48 - 1), the 74 counter bits are random.
    ///
    /// With `as_uuid=True`, the same id as a `uuid.UUID` rather than its text (for a model
    /// field or a driver that takes `uuid.UUID`): no str is made and parsed again.
    ///
    /// Raises `TypeError` if `timestamp_ms` is not an int (a bool is not) or `as_uuid` is not a
    /// bool, and `ValueError` if `timestamp_ms` is out of range, or without it if the clock is
    /// past 10889-08-02T05:31:50.655Z (a clock before 1970 reads as 1970).
    fn generate_uuid7(*, timestamp_ms = None, as_uuid = False) "(*, timestamp_ms=None, as_uuid=False)";

    /// `n` new UUIDv7s from the process-wide sequence, in increasing order: the ids of `n` calls
    /// to `generate_uuid7()`, generated with the GIL released.
    ///
    /// Raises `TypeError` if `n` is not an int, `ValueError` if it is negative and `MemoryError`
    /// if the ids do not fit in memory.
    fn generate_uuid7s(n, /);

    /// The timestamp of a UUIDv7, in milliseconds since the Unix epoch.
    ///
    /// Takes the canonical 36-character form `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in either
    /// case, with version 7 and the variant of RFC 9562; not `{...}`, `urn:uuid:` or 32 digits
    /// without hyphens; or a `uuid.UUID` of version 7.
    ///
    /// Raises `TypeError` if `uuid7` is neither a str nor a `uuid.UUID`, and `ValueError` (with
    /// the length, the first character out of place and its index, or the version or variant
    /// found) if it is not a UUIDv7.
    fn extract_uuid7_timestamp_ms(uuid7);

    rust: objectid, nil: ObjectId::MIN, extract: objectid::extract_timestamp_s,
    read: inputs::object_id, timestamp_s, fast: OBJECT_ID;

    /// A new ObjectId-shaped id: 24 lower-case hex characters (such as
    /// `507c7f79bcf86cd7994f6c0e`), 4 bytes of seconds since the Unix epoch then a 64-bit
    /// counter.
    ///
    /// The timestamp field and the sort order are those of a MongoDB ObjectId, which parses it;
    /// the other 8 bytes are one counter rather than MongoDB's per-process value and 3-byte
    /// counter. Without `timestamp_s`, the id comes from the process-wide sequence: greater than
    /// every id generated before in this process, from any thread; the counter starts at a
    /// random value each second. A child process created by `fork` starts a fresh sequence.
    ///
    /// With `timestamp_s` (an int from 0 to 2**32 - 1), the 64 counter bits are random.
    ///
    /// Raises `TypeError` if `timestamp_s` is not an int (a bool is not), and `ValueError` if it
    /// is out of range, or without it if the clock is past 2106-02-07T06:28:15Z, the last second
    /// an ObjectId holds (a clock before 1970 reads as 1970).
    fn generate_object_id(*, timestamp_s = None) "(*, timestamp_s=None)";

    /// `n` new ObjectId-shaped ids from the process-wide sequence, in increasing order: the ids of
    /// `n` calls to `generate_object_id()`, generated with the GIL released.
    ///
    /// Raises `TypeError` if `n` is not an int, `ValueError` if it is negative and `MemoryError`
    /// if the ids do not fit in memory.
    fn generate_object_ids(n, /);

    /// The timestamp of an ObjectId, in seconds since the Unix epoch.
    ///
    /// Takes exactly 24 lower-case hex characters, as `generate_object_id` returns them, the 12
    /// bytes as `bytes`, or a `bson.ObjectId` (any object whose `binary` is 12 bytes).
    ///
    /// Raises `TypeError` if `object_id` is none of those types, and `ValueError` (with the length found, or
    /// the first bad character and its index) if it is not an ObjectId.
    fn extract_object_id_timestamp_s(object_id);
}
