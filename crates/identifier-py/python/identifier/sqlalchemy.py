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
from typing import Any

from sqlalchemy.engine import Dialect
from sqlalchemy.types import UUID as _SqlUuid
from sqlalchemy.types import BigInteger, Integer, LargeBinary, TypeDecorator, TypeEngine

import identifier

__all__ = ["ULID", "UUID7", "ObjectId", "SnowflakeId"]


def _is_postgresql(dialect: Dialect) -> bool:
    return dialect.name == "postgresql"


def _uuid_impl(dialect: Dialect) -> TypeEngine[Any]:
    if _is_postgresql(dialect):
        return dialect.type_descriptor(_SqlUuid(as_uuid=True))
    return dialect.type_descriptor(LargeBinary())


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


def _bind_error(type_name: str, error: Exception) -> Exception:
    """The parser's error, of the same class, prefixed with the column's type."""
    return type(error)(f"{type_name} column: {error}")


def _uuid_bind(text: str, dialect: Dialect) -> uuid.UUID | bytes:
    value = identifier.to_uuid(text)
    return value if _is_postgresql(dialect) else value.bytes


class ULID(TypeDecorator[str]):
    """A ULID column: ``uuid`` on PostgreSQL, a BLOB of 16 bytes (the ULID's 128 bits,
    big-endian) elsewhere. Reads as the canonical text (26 upper-case Crockford characters);
    binds that text in either case, or a ``uuid.UUID``."""

    impl = LargeBinary
    cache_ok = True

    @property
    def python_type(self) -> type[str]:
        """``str``: a ULID reads as its text."""
        return str

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        """``uuid`` on PostgreSQL, a BLOB elsewhere."""
        return _uuid_impl(dialect)

    def process_bind_param(self, value: Any, dialect: Dialect) -> uuid.UUID | bytes | None:
        """The ``uuid.UUID`` (PostgreSQL) or the 16 bytes of a ULID given as text or
        ``uuid.UUID``; ``None`` for NULL."""
        if value is None:
            return None
        try:
            text = identifier.parse_ulid(value)
        except (TypeError, ValueError) as error:
            raise _bind_error("ULID", error) from error
        return _uuid_bind(text, dialect)

    def process_result_value(self, value: object, dialect: Dialect) -> str | None:
        """The canonical text of a stored ULID; ``None`` for NULL. Raises ``ValueError`` for a
        BLOB that is not of 16 bytes, or a value of another type."""
        if value is None:
            return None
        return identifier.parse_ulid(_stored_uuid(value, "ULID"))


class UUID7(TypeDecorator[str]):
    """A UUIDv7 column: ``uuid`` on PostgreSQL, a BLOB of the UUID's 16 bytes elsewhere. Reads
    as the canonical text (36 lower-case characters); binds text in either case or a
    ``uuid.UUID``, of version 7."""

    impl = LargeBinary
    cache_ok = True

    @property
    def python_type(self) -> type[str]:
        """``str``: a UUIDv7 reads as its text."""
        return str

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        """``uuid`` on PostgreSQL, a BLOB elsewhere."""
        return _uuid_impl(dialect)

    def process_bind_param(self, value: Any, dialect: Dialect) -> uuid.UUID | bytes | None:
        """The ``uuid.UUID`` (PostgreSQL) or the 16 bytes of a UUIDv7 given as text or
        ``uuid.UUID``; ``None`` for NULL. Another version raises ``ValueError``."""
        if value is None:
            return None
        try:
            text = identifier.parse_uuid7(value)
        except (TypeError, ValueError) as error:
            raise _bind_error("UUID7", error) from error
        return _uuid_bind(text, dialect)

    def process_result_value(self, value: object, dialect: Dialect) -> str | None:
        """The canonical text of a stored UUIDv7; ``None`` for NULL. Raises ``ValueError`` for
        a uuid of another version or variant, a BLOB that is not of 16 bytes, or a value of
        another type."""
        if value is None:
            return None
        stored = _stored_uuid(value, "UUID7")
        try:
            return identifier.parse_uuid7(stored)
        except ValueError as error:
            reason = str(error).partition(" is not valid: ")[2] or str(error)
            raise ValueError(
                f"UUID7 column: found the uuid {stored} (version {stored.int >> 76 & 0xF}), "
                f"not a UUIDv7: {reason}"
            ) from error


class ObjectId(TypeDecorator[str]):
    """An ObjectId column: ``bytea`` of 12 bytes on PostgreSQL, a BLOB of 12 bytes elsewhere.
    Reads as the canonical text (24 lower-case hex characters); binds hex text, 12 bytes, or a
    ``bson.ObjectId`` (anything with 12 bytes in ``.binary``)."""

    impl = LargeBinary
    cache_ok = True

    @property
    def python_type(self) -> type[str]:
        """``str``: an ObjectId reads as its hex text."""
        return str

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        """``bytea`` on PostgreSQL, a BLOB elsewhere."""
        return dialect.type_descriptor(LargeBinary())

    def process_bind_param(self, value: Any, dialect: Dialect) -> bytes | None:
        """The 12 bytes of an ObjectId; ``None`` for NULL."""
        if value is None:
            return None
        try:
            text = identifier.parse_object_id(value)
        except (TypeError, ValueError) as error:
            raise _bind_error("ObjectId", error) from error
        return bytes.fromhex(text)

    def process_result_value(self, value: object, dialect: Dialect) -> str | None:
        """The hex text of a stored ObjectId; ``None`` for NULL. Raises ``ValueError`` for a
        value that is not 12 bytes."""
        if value is None:
            return None
        return identifier.parse_object_id(_stored_bytes(value, 12, "ObjectId"))


class SnowflakeId(TypeDecorator[int]):
    """A Snowflake id column: ``bigint`` on PostgreSQL, ``INTEGER`` on SQLite, ``BIGINT``
    elsewhere. Reads as an ``int`` from 0 to 2**63 - 1; binds such an ``int`` or its decimal
    text. As a primary key, give it a ``default`` or ``autoincrement=False``."""

    impl = BigInteger
    cache_ok = True

    @property
    def python_type(self) -> type[int]:
        """``int``."""
        return int

    def load_dialect_impl(self, dialect: Dialect) -> TypeEngine[Any]:
        """``INTEGER`` on SQLite (64 bits there), ``BIGINT`` elsewhere."""
        if dialect.name == "sqlite":
            return dialect.type_descriptor(Integer())
        return dialect.type_descriptor(BigInteger())

    def process_bind_param(self, value: Any, dialect: Dialect) -> int | None:
        """The Snowflake id as an ``int``; ``None`` for NULL."""
        if value is None:
            return None
        try:
            return identifier.parse_snowflake_id(value)
        except (TypeError, ValueError) as error:
            raise _bind_error("SnowflakeId", error) from error

    def process_result_value(self, value: object, dialect: Dialect) -> int | None:
        """The stored Snowflake id; ``None`` for NULL. Raises ``ValueError`` for a negative
        integer or a value that is not an integer."""
        if value is None:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            try:
                return identifier.parse_snowflake_id(int(value))
            except ValueError:
                pass
        raise ValueError(
            f"SnowflakeId column: found {_found(value)}, not a Snowflake id "
            "(an integer from 0 to 2**63 - 1)"
        )
