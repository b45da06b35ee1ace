"""The timestamps of ids as aware UTC ``datetime`` values.

    from identifier import extract_ulid_datetime, generate_ulid

    extract_ulid_datetime(generate_ulid())  # datetime(2026, 12, 3, 19, 38, 14, 123000, tzinfo=utc)

Each is the format's ``extract_*_timestamp_*`` (which takes the same inputs and raises the same
errors) as a ``datetime`` in UTC, exact to the millisecond (to the second for an ObjectId).
"""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta, timezone
from typing import Any

# The extractors, looked up when called: this module is imported by the package's __init__.
import identifier

__all__ = [
    "extract_object_id_datetime",
    "extract_snowflake_datetime",
    "extract_ulid_datetime",
    "extract_uuid7_datetime",
]

_UNIX_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def _at(offset: timedelta, shown: str) -> datetime:
    try:
        return _UNIX_EPOCH + offset
    except OverflowError:
        raise ValueError(
            f"{shown} is after the last datetime ({datetime.max.isoformat()}): a datetime "
            "cannot hold it; use the extract_*_timestamp_* function"
        ) from None


def extract_ulid_datetime(ulid: str | uuid.UUID) -> datetime:
    """The timestamp of a ULID as an aware UTC ``datetime``; a ULID's 48-bit milliseconds
    reach the year 10889, and one after 9999 is a ``ValueError``. Takes what
    ``extract_ulid_timestamp_ms`` takes."""
    ms = identifier.extract_ulid_timestamp_ms(ulid)
    return _at(timedelta(milliseconds=ms), f"the ULID's timestamp {ms} ms")


def extract_uuid7_datetime(uuid7: str | uuid.UUID) -> datetime:
    """The timestamp of a UUIDv7 as an aware UTC ``datetime``; one after the year 9999 is a
    ``ValueError``. Takes what ``extract_uuid7_timestamp_ms`` takes."""
    ms = identifier.extract_uuid7_timestamp_ms(uuid7)
    return _at(timedelta(milliseconds=ms), f"the UUIDv7's timestamp {ms} ms")


def extract_object_id_datetime(object_id: str | bytes | Any) -> datetime:
    """The timestamp of an ObjectId as an aware UTC ``datetime`` (whole seconds, up to
    2106-02-07). Takes what ``extract_object_id_timestamp_s`` takes."""
    return _UNIX_EPOCH + timedelta(seconds=identifier.extract_object_id_timestamp_s(object_id))


def extract_snowflake_datetime(snowflake_id: int) -> datetime:
    """The timestamp of a Snowflake id as an aware UTC ``datetime`` (41-bit milliseconds since
    2024-01-01, up to 2093). Takes what ``extract_snowflake_timestamp_ms`` takes."""
    return _UNIX_EPOCH + timedelta(milliseconds=identifier.extract_snowflake_timestamp_ms(snowflake_id))
