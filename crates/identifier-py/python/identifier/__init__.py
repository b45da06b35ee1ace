"""Identifiers: ULID, UUIDv7, ObjectId and Snowflake ids from one engine, checksummed codes
for humans, and content ids.

The time-ordered ids (``generate_ulid``, ``generate_uuid7``, ``generate_object_id``,
``SnowflakeIdGenerator``) are strictly increasing within a process, from any number of
threads: each is a bit layout over one engine that hands out ``(tick, counter)`` pairs. A
new tick restarts the counter (at a random value, or at 0 for Snowflake), the same tick or a
clock that went back increments it, and an exhausted counter borrows the next tick, so the
embedded timestamp may run ahead of the clock; order and uniqueness never break. None of
them waits or raises on a backward clock. A child process created by ``os.fork`` starts a
fresh sequence and a reseeded random generator, so parent and child share no id; a
``SnowflakeIdGenerator`` created before the fork raises ``RuntimeError`` in the child
instead, since its worker id belongs to the parent.

``SnowflakeIdGenerator.leased(dsn)`` leases the worker id from a PostgreSQL table instead of
taking it from the caller: a ``LeasedSnowflakeIdGenerator``, whose refusals (a lease lost,
expired or released, an id ahead of the lease, a forked child) raise ``LeaseError``, a
``RuntimeError``. Its ``state`` is a ``LeaseState`` dict.

``min_ulid_at`` and ``max_ulid_at`` (and the same for ``uuid7``, ``object_id`` and
``snowflake_id``) give the smallest and the largest id of an instant, an int or an aware
``datetime``, for range queries; ``ulid_from_parts`` and the other ``*_from_parts`` make the id
of given fields, for backfills; ``ulid_to_uuid`` turns a ULID into a ``uuid.UUID`` of the same
bits, or with ``compliant=True`` into an RFC 9562 UUIDv7, and ``ulid_from_uuid`` reads one back.

The content ids (``generate_stable_content_id``, ``generate_stable_uuid5``) are a function of
the data: a typed encoding streamed into BLAKE2b, the same as the Rust crate ``content-id``,
so one JSON document read by ``json.loads`` has one id in Python, in Rust and from the
``identifier`` command.

No function runs code of the caller's while it reads its arguments: a subclass of ``int``,
``str``, ``dict``, ``set`` or ``uuid.UUID`` is read as the value of its base type, whatever
its methods say, and a metaclass's ``__name__`` is not asked. The content walk calls only
``int.bit_length``, ``int.__abs__`` and ``int.to_bytes`` (for ints of 64 bits or more),
``set.__iter__`` and ``frozenset.__iter__``, and the getter of ``type.__name__`` (for an
error), each looked up on the built-in type itself. A dict or set that changes while it is
hashed (through a finalizer or ``gc.callbacks`` that the garbage collector runs) raises
``RuntimeError``.

None of these ids is a secret: use ``secrets.token_urlsafe`` for tokens.

The package is a Rust extension over the crates of the ``identifier`` workspace.
"""

from identifier._bounds import (
    max_object_id_at,
    max_snowflake_id_at,
    max_ulid_at,
    max_uuid7_at,
    min_object_id_at,
    min_snowflake_id_at,
    min_ulid_at,
    min_uuid7_at,
)
from identifier._datetimes import (
    extract_object_id_datetime,
    extract_snowflake_datetime,
    extract_ulid_datetime,
    extract_uuid7_datetime,
)
from identifier._identifier import (
    LeasedSnowflakeIdGenerator,
    LeaseError,
    SnowflakeIdGenerator,
    __version__,
    extract_object_id_timestamp_s,
    extract_snowflake_timestamp_ms,
    extract_ulid_timestamp_ms,
    extract_uuid7_timestamp_ms,
    generate_checksummed_id,
    generate_object_id,
    generate_object_ids,
    generate_stable_content_id,
    generate_stable_uuid5,
    generate_ulid,
    generate_ulids,
    generate_uuid7,
    generate_uuid7s,
    generation_policy,
    object_id_from_parts,
    parse_checksummed_id,
    parse_object_id,
    parse_snowflake_id,
    parse_ulid,
    parse_uuid7,
    snowflake_id_from_parts,
    to_uuid,
    ulid_from_parts,
    ulid_from_uuid,
    ulid_to_uuid,
    uuid7_from_parts,
    verify_checksummed_id,
)
from identifier._lease_state import LeaseState
from identifier._registry import HasherRegistry, get_stable_registry

# Every public name imported above (the stub lists them, for type checkers).
__all__ = sorted(name for name in dir() if not name.startswith("_")) + ["__version__"]
