"""The smallest and the largest id of an instant, for range queries and partitions.

    from datetime import datetime, timedelta, timezone
    from identifier import max_uuid7_at, min_uuid7_at

    day = datetime(2024, 1, 1, tzinfo=timezone.utc)
    low = min_uuid7_at(day)                                      # '018cc251-f400-7000-8000-000000000000'
    high = max_uuid7_at(day + timedelta(days=1, milliseconds=-1))  # the day's last millisecond
    # SELECT ... WHERE id BETWEEN %s AND %s: every UUIDv7 of that day, whatever made it.

Each takes the instant as an int in the format's unit (milliseconds since the Unix epoch, or
seconds for an ObjectId, as everywhere in the package) or as an aware ``datetime``, truncated
toward the past to that unit. A naive ``datetime`` is a ``ValueError``: the package does not
guess its time zone. The smallest id has its counter (for a Snowflake id, its worker id and
sequence) all zeros, the largest all ones (for a UUIDv7, around its version and variant), so
that every id of the instants ``a`` to ``b`` lies between ``min_*_at(a)`` and ``max_*_at(b)``.
An instant outside the format's range is a ``ValueError`` that gives the range.
"""

from __future__ import annotations

import importlib
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, TypeVar, cast

# The extension's functions that take an int, which the package's stub does not list: they are
# the bodies of the functions below, not its API.
_identifier = importlib.import_module("identifier._identifier")

__all__ = [
    "max_object_id_at",
    "max_snowflake_id_at",
    "max_ulid_at",
    "max_uuid7_at",
    "min_object_id_at",
    "min_snowflake_id_at",
    "min_ulid_at",
    "min_uuid7_at",
]

_UNIX_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_MILLISECOND = timedelta(milliseconds=1)
_SECOND = timedelta(seconds=1)

_Id = TypeVar("_Id")


def _bound(
    bound: Callable[[Any, bool], _Id], at: object, name: str, unit: timedelta, largest: bool
) -> _Id:
    """``bound`` (the extension's function, which takes an int) of ``at``: an int as it is
    (the extension checks its type and range), or a datetime in ``unit``s, floored."""
    # The type itself, not `isinstance`, which may ask the object's `__class__`.
    if not issubclass(type(at), datetime):
        return bound(at, largest)
    instant = cast(datetime, at)
    # datetime's own methods, not a subclass's: its tzinfo's `utcoffset` is the one call out.
    shown = datetime.isoformat(instant)
    if datetime.utcoffset(instant) is None:
        raise ValueError(
            f"{name} must be an aware datetime (with a tzinfo that gives its offset), not a "
            f"naive one: {shown}; for UTC, datetime(..., tzinfo=timezone.utc)"
        )
    units = datetime.__sub__(instant, _UNIX_EPOCH) // unit
    try:
        return bound(units, largest)
    except ValueError as error:
        # The range the extension states, with the datetime as given.
        reason = str(error).split(" is out of range: ", 1)[-1]
        raise ValueError(f"{name} {shown} is out of range: {reason}") from None


def min_ulid_at(timestamp_ms: int | datetime) -> str:
    """The smallest ULID of a millisecond (an int from 0 to 2**48 - 1, or an aware
    ``datetime``, truncated to its millisecond): its random part all zeros. Every ULID of the
    instants ``a`` to ``b`` lies from ``min_ulid_at(a)`` to ``max_ulid_at(b)``.

    Raises ``TypeError`` if ``timestamp_ms`` is neither an int (a bool is not) nor a
    ``datetime``, and ``ValueError`` for a naive ``datetime`` or an instant out of range."""
    return _bound(_identifier._ulid_at, timestamp_ms, "timestamp_ms", _MILLISECOND, False)


def max_ulid_at(timestamp_ms: int | datetime) -> str:
    """The largest ULID of a millisecond (an int from 0 to 2**48 - 1, or an aware ``datetime``,
    truncated to its millisecond): its random part all ones (80 bits). The upper bound of a
    range, as ``min_ulid_at`` is the lower.

    Raises ``TypeError`` if ``timestamp_ms`` is neither an int (a bool is not) nor a
    ``datetime``, and ``ValueError`` for a naive ``datetime`` or an instant out of range."""
    return _bound(_identifier._ulid_at, timestamp_ms, "timestamp_ms", _MILLISECOND, True)


def min_uuid7_at(timestamp_ms: int | datetime) -> str:
    """The smallest UUIDv7 of a millisecond (an int from 0 to 2**48 - 1, or an aware
    ``datetime``, truncated to its millisecond): version 7, variant ``10`` and its 74 counter
    bits all zeros. Every UUIDv7 of the instants ``a`` to ``b`` lies from ``min_uuid7_at(a)``
    to ``max_uuid7_at(b)``.

    Raises ``TypeError`` if ``timestamp_ms`` is neither an int (a bool is not) nor a
    ``datetime``, and ``ValueError`` for a naive ``datetime`` or an instant out of range."""
    return _bound(_identifier._uuid7_at, timestamp_ms, "timestamp_ms", _MILLISECOND, False)


def max_uuid7_at(timestamp_ms: int | datetime) -> str:
    """The largest UUIDv7 of a millisecond (an int from 0 to 2**48 - 1, or an aware
    ``datetime``, truncated to its millisecond): its 74 counter bits all ones, around version 7
    and variant ``10``. The upper bound of a range, as ``min_uuid7_at`` is the lower.

    Raises ``TypeError`` if ``timestamp_ms`` is neither an int (a bool is not) nor a
    ``datetime``, and ``ValueError`` for a naive ``datetime`` or an instant out of range."""
    return _bound(_identifier._uuid7_at, timestamp_ms, "timestamp_ms", _MILLISECOND, True)


def min_object_id_at(timestamp_s: int | datetime) -> str:
    """The smallest ObjectId of a second (an int from 0 to 2**32 - 1, seconds as everywhere
    for ObjectIds, or an aware ``datetime``, truncated to its second): its 8 bytes after the
    timestamp all zeros. Every ObjectId of the seconds ``a`` to ``b`` (a MongoDB driver's
    included) lies from ``min_object_id_at(a)`` to ``max_object_id_at(b)``.

    Raises ``TypeError`` if ``timestamp_s`` is neither an int (a bool is not) nor a
    ``datetime``, and ``ValueError`` for a naive ``datetime`` or an instant out of range."""
    return _bound(_identifier._object_id_at, timestamp_s, "timestamp_s", _SECOND, False)


def max_object_id_at(timestamp_s: int | datetime) -> str:
    """The largest ObjectId of a second (an int from 0 to 2**32 - 1, or an aware ``datetime``,
    truncated to its second): its 8 bytes after the timestamp all ``0xff``. The upper bound of a
    range, as ``min_object_id_at`` is the lower.

    Raises ``TypeError`` if ``timestamp_s`` is neither an int (a bool is not) nor a
    ``datetime``, and ``ValueError`` for a naive ``datetime`` or an instant out of range."""
    return _bound(_identifier._object_id_at, timestamp_s, "timestamp_s", _SECOND, True)


def min_snowflake_id_at(timestamp_ms: int | datetime) -> int:
    """The smallest Snowflake id of a millisecond (an int from 1704067200000, 2024-01-01, to
    3903090455551, or an aware ``datetime``, truncated to its millisecond): its worker id and
    sequence 0. Every id of the instants ``a`` to ``b``, from every worker id, lies from
    ``min_snowflake_id_at(a)`` to ``max_snowflake_id_at(b)``.

    Raises ``TypeError`` if ``timestamp_ms`` is neither an int (a bool is not) nor a
    ``datetime``, and ``ValueError`` for a naive ``datetime`` or an instant out of range."""
    return _bound(_identifier._snowflake_id_at, timestamp_ms, "timestamp_ms", _MILLISECOND, False)


def max_snowflake_id_at(timestamp_ms: int | datetime) -> int:
    """The largest Snowflake id of a millisecond (an int from 1704067200000 to 3903090455551,
    or an aware ``datetime``, truncated to its millisecond): its worker id 1023 and sequence
    4095. The upper bound of a range, as ``min_snowflake_id_at`` is the lower.

    Raises ``TypeError`` if ``timestamp_ms`` is neither an int (a bool is not) nor a
    ``datetime``, and ``ValueError`` for a naive ``datetime`` or an instant out of range."""
    return _bound(_identifier._snowflake_id_at, timestamp_ms, "timestamp_ms", _MILLISECOND, True)
