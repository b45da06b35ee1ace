"""Type stubs of the ``identifier`` package (the extension ``identifier._identifier``)."""

import uuid
from collections.abc import Callable
from types import TracebackType
from typing import Any, Final, Literal, final, overload

from identifier._bounds import max_object_id_at as max_object_id_at
from identifier._bounds import max_snowflake_id_at as max_snowflake_id_at
from identifier._bounds import max_ulid_at as max_ulid_at
from identifier._bounds import max_uuid7_at as max_uuid7_at
from identifier._bounds import min_object_id_at as min_object_id_at
from identifier._bounds import min_snowflake_id_at as min_snowflake_id_at
from identifier._bounds import min_ulid_at as min_ulid_at
from identifier._bounds import min_uuid7_at as min_uuid7_at
from identifier._datetimes import extract_object_id_datetime as extract_object_id_datetime
from identifier._datetimes import extract_snowflake_datetime as extract_snowflake_datetime
from identifier._datetimes import extract_ulid_datetime as extract_ulid_datetime
from identifier._datetimes import extract_uuid7_datetime as extract_uuid7_datetime
from identifier._lease_state import LeaseState as LeaseState
from identifier._registry import HasherRegistry as HasherRegistry
from identifier._registry import get_stable_registry as get_stable_registry

__version__: Final[str]
__all__ = [
    "HasherRegistry",
    "LeaseError",
    "LeaseState",
    "LeasedSnowflakeIdGenerator",
    "SnowflakeIdGenerator",
    "__version__",
    "extract_object_id_datetime",
    "extract_object_id_timestamp_s",
    "extract_snowflake_datetime",
    "extract_snowflake_timestamp_ms",
    "extract_ulid_datetime",
    "extract_ulid_timestamp_ms",
    "extract_uuid7_datetime",
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
    "generation_policy",
    "get_stable_registry",
    "max_object_id_at",
    "max_snowflake_id_at",
    "max_ulid_at",
    "max_uuid7_at",
    "min_object_id_at",
    "min_snowflake_id_at",
    "min_ulid_at",
    "min_uuid7_at",
    "object_id_from_parts",
    "parse_checksummed_id",
    "parse_object_id",
    "parse_snowflake_id",
    "parse_ulid",
    "parse_uuid7",
    "snowflake_id_from_parts",
    "to_uuid",
    "ulid_from_parts",
    "ulid_from_uuid",
    "ulid_to_uuid",
    "uuid7_from_parts",
    "verify_checksummed_id",
]

def generate_ulid(*, timestamp_ms: int | None = None) -> str:
    """A new ULID: 26 Crockford Base32 characters, upper case; strictly increasing within the
    process without ``timestamp_ms``, 80 random bits with it (0 to 2**48 - 1)."""

def generate_ulids(n: int, /) -> list[str]:
    """``n`` new ULIDs, in increasing order, generated with the GIL released."""

def extract_ulid_timestamp_ms(ulid: str | uuid.UUID) -> int:
    """The timestamp of a ULID (26 characters, either case, O as 0, I and L as 1; or a
    ``uuid.UUID``, read as the ULID of its 128 bits), in ms."""

def parse_ulid(ulid: str | uuid.UUID) -> str:
    """The canonical text of a ULID (26 characters, upper case), from its text in either case
    (O as 0, I and L as 1) or a ``uuid.UUID``."""

@overload
def generate_uuid7(*, timestamp_ms: int | None = None, as_uuid: Literal[False] = False) -> str:
    """A new UUIDv7: 36 characters, lower case, hyphenated (a ``uuid.UUID`` with
    ``as_uuid=True``); strictly increasing within the process without ``timestamp_ms``, 74
    random bits with it (0 to 2**48 - 1)."""

@overload
def generate_uuid7(*, timestamp_ms: int | None = None, as_uuid: Literal[True]) -> uuid.UUID: ...
@overload
def generate_uuid7(*, timestamp_ms: int | None = None, as_uuid: bool) -> str | uuid.UUID: ...

def generate_uuid7s(n: int, /) -> list[str]:
    """``n`` new UUIDv7s, in increasing order, generated with the GIL released."""

def extract_uuid7_timestamp_ms(uuid7: str | uuid.UUID) -> int:
    """The timestamp of a UUIDv7 in its canonical 36-character form (either case) or a
    ``uuid.UUID`` of version 7, in ms."""

def parse_uuid7(uuid7: str | uuid.UUID) -> str:
    """The canonical text of a UUIDv7 (36 characters, lower case), from its text in either case
    or a ``uuid.UUID`` of version 7."""

def to_uuid(id: str | uuid.UUID) -> uuid.UUID:
    """The ``uuid.UUID`` of a ULID (its 128 bits) or a UUIDv7, from the text of either or a
    ``uuid.UUID``."""

def ulid_to_uuid(ulid: str | uuid.UUID, *, compliant: bool = False) -> uuid.UUID:
    """The ``uuid.UUID`` of a ULID: its 128 bits (lossless, as a ``uuid`` column stores it), or
    with ``compliant=True`` an RFC 9562 UUIDv7 (version 7, variant ``10``, 74 of the 80 random
    bits: the top 12 and the low 62), as python-ulid's ``to_uuid7(compliant=True)``."""

def ulid_from_uuid(value: uuid.UUID | str) -> str:
    """The ULID of the same 128 bits as a UUID (a ``uuid.UUID``, or its text in any form): the
    ULID a ``uuid`` column holds, as ``ulid_to_uuid(ulid)`` wrote it."""

def ulid_from_parts(timestamp_ms: int, random: int) -> str:
    """The ULID of ``timestamp_ms`` (0 to 2**48 - 1) and ``random`` (0 to 2**80 - 1); a
    ``ValueError`` names an argument out of its range."""

def uuid7_from_parts(timestamp_ms: int, counter: int) -> str:
    """The UUIDv7 of ``timestamp_ms`` (0 to 2**48 - 1) and ``counter`` (0 to 2**74 - 1, its top
    12 bits in ``rand_a``); a ``ValueError`` names an argument out of its range."""

def generate_object_id(*, timestamp_s: int | None = None) -> str:
    """A new ObjectId-shaped id: 24 lower-case hex characters, 32-bit seconds then a 64-bit
    counter; strictly increasing within the process without ``timestamp_s`` (0 to 2**32 - 1)."""

def generate_object_ids(n: int, /) -> list[str]:
    """``n`` new ObjectId-shaped ids, in increasing order, generated with the GIL released."""

def extract_object_id_timestamp_s(object_id: str | bytes | Any) -> int:
    """The timestamp of an ObjectId (exactly 24 lower-case hex characters, its 12 bytes, or a
    ``bson.ObjectId``: any object whose ``binary`` is 12 bytes), in seconds."""

def object_id_from_parts(timestamp_s: int, counter: int) -> str:
    """The ObjectId of ``timestamp_s`` (0 to 2**32 - 1) and ``counter`` (0 to 2**64 - 1, the 8
    bytes after it); a ``ValueError`` names an argument out of its range."""

def parse_object_id(object_id: str | bytes | Any) -> str:
    """The canonical text of an ObjectId (24 lower-case hex characters), from that text, its
    12 bytes, or a ``bson.ObjectId`` (any object whose ``binary`` is 12 bytes)."""

@final
class SnowflakeIdGenerator:
    """Strictly increasing 63-bit Snowflake ids for one ``worker_id`` (0 to 1023): 41 bits of
    ms since 2024-01-01, the worker id, a 12-bit sequence. Raises ``RuntimeError`` in a child
    process forked after it was created."""

    def __new__(cls, *, worker_id: int) -> SnowflakeIdGenerator: ...
    @staticmethod
    def leased(
        location: str,
        *,
        table: str = "snowflake_worker_lease",
        ttl_s: float = 10.0,
        max_clock_skew_s: float = 1.0,
        worker_ids: range | None = None,
        on_event: Callable[[dict[str, object]], object] | None = None,
    ) -> LeasedSnowflakeIdGenerator:
        """A generator whose worker id is leased from the store at ``location``: a PostgreSQL
        connection string, a ``mysql://`` URL, or ``file:`` and a directory of this host;
        ``table`` for a database store; renewed every ``ttl_s / 3`` (0.3 to 86400 s; at least
        every 3.3 s); a new holder starts ``max_clock_skew_s`` (0 to 60 s) plus the lead of
        6.666 s above the store's clock. ``worker_ids`` (a ``range``) limits the worker ids
        taken; ``on_event`` is called with a dict for each event of the lease. Raises
        ``TypeError``/``ValueError`` naming a bad argument, ``LeaseError`` if the store, the
        table or a full range refuses the lease."""

    @property
    def policy(self) -> str:
        """How this generator makes ids, as ``identifier snowflake --policy`` prints it."""

    @property
    def worker_id(self) -> int:
        """The worker id written into every id of this generator."""

    def generate(self, *, timestamp_ms: int | None = None) -> int:
        """The next id; ``timestamp_ms`` stands for the clock reading."""

    def generate_ids(self, n: int, /) -> list[int]:
        """``n`` new ids, in increasing order, generated with the GIL released."""

class LeaseError(RuntimeError):
    """A worker id lease that could not be acquired, kept or released: the server, the table,
    every worker id held; or, from ``generate``, a lease lost, expired or released, an id
    ahead of the lease's high-water mark, or a child forked after the lease was acquired."""

@final
class LeasedSnowflakeIdGenerator:
    """Strictly increasing Snowflake ids under a worker id leased from a PostgreSQL table, from
    ``SnowflakeIdGenerator.leased``. Raises ``LeaseError`` rather than risk a duplicate; a
    context manager that releases the lease."""

    @property
    def policy(self) -> str:
        """How this generator makes ids: a Snowflake policy with the boot clock from the
        lease's floor."""

    @property
    def worker_id(self) -> int:
        """The leased worker id written into every id (also after ``release()``)."""

    @property
    def state(self) -> LeaseState:
        """The lease as it stands; raises ``LeaseError`` after ``release()``."""

    def generate(self, *, timestamp_ms: int | None = None) -> int:
        """The next id; raises ``LeaseError`` if the lease does not allow it."""

    def generate_ids(self, n: int, /) -> list[int]:
        """``n`` new ids, in increasing order, generated with the GIL released."""

    def release(self) -> None:
        """Frees the worker id at once; does nothing if already released."""

    def __enter__(self) -> LeasedSnowflakeIdGenerator: ...
    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc_value: BaseException | None,
        traceback: TracebackType | None,
    ) -> Literal[False]: ...

def extract_snowflake_timestamp_ms(snowflake_id: int) -> int:
    """The timestamp of a Snowflake id (an int from 0 to 2**63 - 1), in ms since the epoch."""

def snowflake_id_from_parts(timestamp_ms: int, worker_id: int, sequence: int) -> int:
    """The Snowflake id of ``timestamp_ms`` (1704067200000 to 3903090455551), ``worker_id`` (0
    to 1023) and ``sequence`` (0 to 4095); a ``ValueError`` names an argument out of its
    range."""

def parse_snowflake_id(snowflake_id: int | str) -> int:
    """A Snowflake id as an ``int``, from an ``int`` (0 to 2**63 - 1) or its decimal text."""

def generation_policy(format: Literal["ulid", "uuid7", "objectid", "snowflake"]) -> str:
    """How this package generates ids of ``format``, as ``identifier <format> --policy``
    prints it: record it beside stored ids."""

def generate_checksummed_id(*, length: int = 12, group_size: int = 4, sep: str = "-") -> str:
    """A random code of ``length`` Crockford symbols and a mod-37 check symbol, in groups of
    ``group_size`` (0: no groups) joined by ``sep``."""

def verify_checksummed_id(identifier: object, *, sep: str = "-") -> bool:
    """Whether ``identifier`` is a code with a correct check symbol; never raises for it."""

def parse_checksummed_id(checksummed_id: str, *, sep: str = "-") -> str:
    """``checksummed_id`` as given if its check symbol is correct; a ``ValueError`` naming the
    first rule it breaks (with the character and its byte index) otherwise."""

def generate_stable_content_id(
    data: object,
    *,
    registry: HasherRegistry | None = None,
    length: int = 64,
    ignore_unhashable: bool = False,
) -> str:
    """The content id of ``data`` (dict, list, tuple, str, int, float, bool, None, bytes,
    bytearray, set, frozenset, and the classes of ``registry``: by default
    ``get_stable_registry()``, with dataclasses and ``uuid.UUID``): ``length`` hex characters,
    equal to the Rust crate's. A subclass without a hasher is hashed as its base type's value
    (an ``int`` subclass as its ``int``); no method of ``data`` runs."""

def generate_stable_uuid5(
    data: object,
    *,
    registry: HasherRegistry | None = None,
    namespace: uuid.UUID = ...,
    ignore_unhashable: bool = False,
) -> str:
    """A UUIDv5 of the 128-character content id of ``data``, under ``namespace``
    (default ``361d425a-83f3-5c34-bc1b-1fb0a53128cd``)."""
