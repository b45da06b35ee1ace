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

from typing import TypedDict

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
    verify_checksummed_id,
)


class LeaseState(TypedDict):
    """The ``state`` of a ``LeasedSnowflakeIdGenerator``, a snapshot of its lease: the leased
    ``worker_id``; the row's ``generation`` (incremented by every acquisition); the ``table``;
    ``floor_ms`` and ``high_water_ms``, the lowest and highest timestamps (ms since the Unix
    epoch) it may serve now; ``took_over_ahead``, whether the floor was ahead of the clock at
    the claim (a new holder starts above the database's clock by about two renewal intervals
    and the skew); ``lost``, whether another process took the row over, or the row is gone
    (for good); ``forked``, whether this is a child forked after the lease was acquired (the
    lease is the parent's); ``time_left_s``, the seconds until the local deadline (None once
    it has passed, the lease is lost, or in a forked child); ``last_renewal_error``, why the
    last renewal failed (None after a success); ``clock_ahead_ms``, this host's clock minus
    the database's at the last renewal; and the counts ``renewals``, ``late_renewals``
    (succeeded after failed attempts), ``failed_renewals`` and ``refused`` (calls the lease
    refused)."""

    worker_id: int
    generation: int
    table: str
    floor_ms: int
    high_water_ms: int
    took_over_ahead: bool
    lost: bool
    time_left_s: float | None
    last_renewal_error: str | None
    forked: bool
    clock_ahead_ms: int
    renewals: int
    late_renewals: int
    failed_renewals: int
    refused: int


__all__ = [
    "LeaseError",
    "LeaseState",
    "LeasedSnowflakeIdGenerator",
    "SnowflakeIdGenerator",
    "__version__",
    "extract_object_id_timestamp_s",
    "extract_snowflake_timestamp_ms",
    "extract_ulid_timestamp_ms",
    "extract_uuid7_timestamp_ms",
    "generate_checksummed_id",
    "generate_object_id",
    "generate_object_ids",
    "generate_stable_content_id",
    "generate_stable_uuid5",
    "generate_ulid",
    "generate_ulids",
    "generate_uuid7",
    "generate_uuid7s",
    "verify_checksummed_id",
]
