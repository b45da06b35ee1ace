"""SQLAlchemy 2 column types for the time-ordered ids, stored as the Rust crates store them.

```python
import identifier
from identifier.sqlalchemy import ULID, UUID7, ObjectId, SnowflakeId
from sqlalchemy import create_engine, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

invoices = identifier.SnowflakeIdGenerator(worker_id=3)  # once per process


class Base(DeclarativeBase):
    pass


class Order(Base):
    __tablename__ = "orders"

    id: Mapped[str] = mapped_column(ULID, primary_key=True, default=identifier.generate_ulid)
    request: Mapped[str] = mapped_column(UUID7, default=identifier.generate_uuid7)
    document: Mapped[str | None] = mapped_column(ObjectId)
    invoice: Mapped[int] = mapped_column(SnowflakeId, default=invoices.generate)


engine = create_engine("sqlite://")  # or "postgresql+psycopg://app@db.internal/app"
Base.metadata.create_all(engine)
with Session(engine) as session:
    session.add_all([Order(document=identifier.generate_object_id()), Order()])
    session.commit()
    first = session.scalars(select(Order).order_by(Order.id)).first()  # generation order
    first.id, first.request, first.document, first.invoice  # str, str, str (or None), int
    session.scalars(select(Order).where(Order.id == first.id.lower())).one()  # is first
```

| type | Python value | PostgreSQL | SQLite and other databases |
|---|---|---|---|
| ``ULID`` | ``str``, 26 upper-case Crockford characters | ``uuid`` | BLOB of 16 bytes |
| ``UUID7`` | ``str``, 36 lower-case characters | ``uuid`` | BLOB of 16 bytes |
| ``ObjectId`` | ``str``, 24 lower-case hex characters | ``bytea`` of 12 bytes | BLOB of 12 bytes |
| ``SnowflakeId`` | ``int``, 0 to 2**63 - 1 | ``bigint`` | ``INTEGER`` (``BIGINT`` elsewhere) |

A ULID is stored as its 128 bits, big-endian, which is also the ``uuid`` that
``identifier.to_uuid`` returns for it; a UUIDv7 as its 16 bytes; an ObjectId as its 12 bytes.
Both databases compare these bytes (and integers) in the ids' order, so ``ORDER BY`` the column
and an index on it are in generation order, and rows written by the Rust crates read here, and
the other way round.

A value bound to a column (inserted, updated, or compared with it in a query) may also be what
the package's parsers accept: a ``uuid.UUID`` for ``ULID`` and ``UUID7``, 12 bytes or a
``bson.ObjectId`` for ``ObjectId``, a decimal ``str`` for ``SnowflakeId``; one that is not an id
of the column's type raises the parser's ``TypeError`` or ``ValueError``, prefixed with the
column's type (SQLAlchemy wraps it in a ``StatementError``). A stored value that is not an id of
the type (a ``uuid`` of version 4 read as a ``UUID7``, a BLOB of 11 bytes, a negative integer)
raises ``ValueError`` naming the type and what was found, rather than reading as something
else. NULL reads as ``None``.

A ``SnowflakeId`` primary key needs a ``default`` (a generator's ``generate``) or
``autoincrement=False``: without either, SQLAlchemy makes a single integer primary key
autoincrementing (``BIGSERIAL`` on PostgreSQL, the rowid on SQLite), which numbers rows 1, 2,
3 instead of taking ids.

The module needs SQLAlchemy 2; importing it without SQLAlchemy raises ``ImportError``.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from sqlalchemy.engine import Dialect
from sqlalchemy.types import UUID as _SqlUuid
from sqlalchemy.types import BigInteger, Integer, LargeBinary, TypeDecorator, TypeEngine

import identifier

__all__ = ["ULID", "UUID7", "ObjectId", "SnowflakeId"]

_V = TypeVar("_V", str, int)


def _is_postgresql(dialect: Dialect) -> bool:
    return dialect.name == "postgresql"


def _found(value: object) -> str:
    """What a stored value is, for an error: its type and, shortened, its value."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        data = bytes(value)
        return f"a BLOB of {len(data)} bytes ({data[:32].hex()}{'...' if len(data) > 32 else ''})"
    if isinstance(value, int) and not isinstance(value, bool):
        return f"the integer {value}"
    text = repr(value)
    return f"a {type(value).__name__} ({text[:80]}{'...' if len(text) > 80 else ''})"


def _stored_bytes(value: object, size: int, type_name: str) -> bytes:
    """The stored bytes of an id of ``size`` bytes; ``ValueError`` if it is not such a value."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        data = bytes(value)
        if len(data) == size:
            return data
    raise ValueError(f"{type_name} column: found {_found(value)}, not {size} bytes")


def _stored_uuid(value: object, type_name: str) -> uuid.UUID:
    """The uuid of a stored ``uuid`` or BLOB of 16 bytes."""
    if isinstance(value, uuid.UUID):
        return value
    return uuid.UUID(bytes=_stored_bytes(value, 16, type_name))


class _IdType(TypeDecorator[_V]):
    """A column of one type of id. A subclass names the type (``_name``, in errors) and its
    parser (``_parse``), and says what is stored for a parsed value (``_store``) and what a
    stored value reads as (``_read``); NULL binds and reads as ``None`` in every type. Each
    subclass sets ``cache_ok = True`` itself: SQLAlchemy reads the flag from the class's own
    attributes, not from a base class."""

    impl: type[TypeEngine[Any]] = LargeBinary
    _name: ClassVar[str]
    _parse: Callable[[Any], _V]
    _python_type: ClassVar[type[Any]] = str

    @property
    def python_type(self) -> type[_V]:
        """The type of the values read, what the parser returns: ``str`` (``int`` for a
        ``SnowflakeId``)."""
        return self._python_type

    def process_bind_param(self, value: Any, dialect: Dialect) -> object:
        """What the column stores for a value the type's parser accepts; ``None`` for NULL. A
        value it refuses raises its ``TypeError`` or ``ValueError``, of the same class,
        prefixed with the column's type."""
        if value is None:
            return None
        try:
            parsed = self._parse(value)
        except (TypeError, ValueError) as error:
            raise type(error)(f"{self._name} column: {error}") from error
        return self._store(parsed, dialect)

    def process_result_value(self, value: object, dialect: Dialect) -> _V | None:
        """The id of a stored value; ``None`` for NULL. Raises ``ValueError`` for a value
        that is not an id of the type."""
        if value is None:
            return None
        return self._read(value)

    def _store(self, parsed: _V, dialect: Dialect) -> object:
        """What the column stores for ``parsed``, a value of the type's parser."""
        return parsed

    def _read(self, value: object) -> _V:
        """The id of a stored value other than NULL."""
        raise NotImplementedError


class _UuidType(_IdType[str]):
    """A type stored as a ``uuid``: ``uuid`` on PostgreSQL, a BLOB of 16 bytes elsewhere."""

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        """``uuid`` on PostgreSQL, a BLOB elsewhere."""
        if _is_postgresql(dialect):
            return dialect.type_descriptor(_SqlUuid(as_uuid=True))
        return dialect.type_descriptor(LargeBinary())

    def _store(self, parsed: str, dialect: Dialect) -> uuid.UUID | bytes:
        """The ``uuid.UUID`` (PostgreSQL) or the 16 bytes of the id."""
        value = identifier.to_uuid(parsed)
        return value if _is_postgresql(dialect) else value.bytes

    def _read(self, value: object) -> str:
        """The canonical text of a stored ``uuid`` or BLOB of 16 bytes. Raises ``ValueError``
        for a BLOB that is not of 16 bytes, or a value of another type."""
        return self._parse(_stored_uuid(value, self._name))


class ULID(_UuidType):
    """A ULID column: ``uuid`` on PostgreSQL, a BLOB of 16 bytes (the ULID's 128 bits,
    big-endian) elsewhere. Reads as the canonical text (26 upper-case Crockford characters);
    binds that text in either case, or a ``uuid.UUID``."""

    cache_ok = True
    _name = "ULID"
    _parse: Callable[[Any], str] = staticmethod(identifier.parse_ulid)


class UUID7(_UuidType):
    """A UUIDv7 column: ``uuid`` on PostgreSQL, a BLOB of the UUID's 16 bytes elsewhere. Reads
    as the canonical text (36 lower-case characters); binds text in either case or a
    ``uuid.UUID``, of version 7 (another version raises ``ValueError``)."""

    cache_ok = True
    _name = "UUID7"
    _parse: Callable[[Any], str] = staticmethod(identifier.parse_uuid7)

    def _read(self, value: object) -> str:
        """The canonical text of a stored UUIDv7. Raises ``ValueError`` for a uuid of another
        version or variant, a BLOB that is not of 16 bytes, or a value of another type."""
        stored = _stored_uuid(value, self._name)
        try:
            return self._parse(stored)
        except ValueError as error:
            reason = str(error).partition(" is not valid: ")[2] or str(error)
            raise ValueError(
                f"{self._name} column: found the uuid {stored} (version {stored.int >> 76 & 0xF}), "
                f"not a UUIDv7: {reason}"
            ) from error


class ObjectId(_IdType[str]):
    """An ObjectId column: ``bytea`` of 12 bytes on PostgreSQL, a BLOB of 12 bytes elsewhere.
    Reads as the canonical text (24 lower-case hex characters); binds hex text, 12 bytes, or a
    ``bson.ObjectId`` (anything with 12 bytes in ``.binary``)."""

    cache_ok = True
    _name = "ObjectId"
    _parse: Callable[[Any], str] = staticmethod(identifier.parse_object_id)

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        """``bytea`` on PostgreSQL, a BLOB elsewhere."""
        return dialect.type_descriptor(LargeBinary())

    def _store(self, parsed: str, dialect: Dialect) -> bytes:
        """The 12 bytes of the ObjectId."""
        return bytes.fromhex(parsed)

    def _read(self, value: object) -> str:
        """The hex text of a stored ObjectId. Raises ``ValueError`` for a value that is not
        12 bytes."""
        return self._parse(_stored_bytes(value, 12, self._name))


class SnowflakeId(_IdType[int]):
    """A Snowflake id column: ``bigint`` on PostgreSQL, ``INTEGER`` on SQLite, ``BIGINT``
    elsewhere. Reads as an ``int`` from 0 to 2**63 - 1; binds such an ``int`` or its decimal
    text. As a primary key, give it a ``default`` or ``autoincrement=False``."""

    impl = BigInteger
    cache_ok = True
    _name = "SnowflakeId"
    _parse: Callable[[Any], int] = staticmethod(identifier.parse_snowflake_id)
    _python_type = int

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        """``INTEGER`` on SQLite (64 bits there), ``BIGINT`` elsewhere."""
        if dialect.name == "sqlite":
            return dialect.type_descriptor(Integer())
        return dialect.type_descriptor(BigInteger())

    def _read(self, value: object) -> int:
        """The stored Snowflake id. Raises ``ValueError`` for a negative integer or a value
        that is not an integer."""
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{self._name} column: found {_found(value)}, not an integer")
        try:
            return self._parse(int(value))
        except ValueError as error:
            # The parser's range, from the crate's constant: "... is out of range: <range>".
            reason = str(error).partition(": ")[2] or str(error)
            raise ValueError(f"{self._name} column: found {_found(value)}: {reason}") from None
