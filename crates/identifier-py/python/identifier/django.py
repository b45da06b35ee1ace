"""Django model fields for the ids of ``identifier``: ``ULIDField``, ``UUID7Field``,
``ObjectIdField`` and ``SnowflakeIdField``.

.. code-block:: python

    # models.py
    import identifier
    from django.db import models
    from identifier.django import ObjectIdField, SnowflakeIdField, ULIDField, UUID7Field

    snowflakes = identifier.SnowflakeIdGenerator(worker_id=3)  # one worker id per process


    def next_snowflake_id() -> int:
        # A function of the module, which a migration can import: not a lambda, and not
        # ``snowflakes.generate`` itself (a migration cannot name a bound method).
        return snowflakes.generate()


    class Order(models.Model):
        id = ULIDField(primary_key=True, default=identifier.generate_ulid)
        request = UUID7Field(default=identifier.generate_uuid7, unique=True)
        document = ObjectIdField(null=True, blank=True)
        event = SnowflakeIdField(default=next_snowflake_id, db_index=True)

    order = Order.objects.create()
    order.id                                    # '01J...': 26 characters, upper case
    Order.objects.get(id=order.id.lower())      # any text the parser accepts
    Order.objects.filter(id__in=[order.id]).order_by("id")  # generation order

A field's Python value is the package's value: the canonical text of a ULID (upper case),
a UUIDv7 (lower case, hyphenated) or an ObjectId (24 lower-case hex characters), and an
``int`` for a Snowflake id. ``to_python`` and the lookups (``filter(id=...)``,
``id__in``, ``id__gt``) accept whatever ``parse_ulid``, ``parse_uuid7``,
``parse_object_id`` and ``parse_snowflake_id`` accept (a ``uuid.UUID`` for a ULID or a
UUIDv7, a ``bson.ObjectId`` or 12 bytes for an ObjectId, a decimal string for a Snowflake
id), and raise ``ValidationError`` with the package's message otherwise.

The database holds ids as the Rust crates store them, so that ordering by the field is
generation order: on PostgreSQL a ``uuid`` for ULIDs and UUIDv7s, a ``bytea`` of 12 bytes
for ObjectIds, a ``bigint`` for Snowflake ids; on MySQL and MariaDB ``binary(16)`` and
``binary(12)``, on Oracle ``RAW(16)`` and ``RAW(12)``, on SQLite and others a ``BLOB`` (the
128 bits big-endian, which for a UUIDv7 are the UUID's bytes; the 12 bytes of an ObjectId),
and the backend's 64-bit integer for Snowflake ids. A stored value of the wrong kind (a
uuid of another version in a UUIDv7 column, 11 bytes in a ULID column, a negative Snowflake
id) raises ``ValueError`` naming the field and what the database holds.

A default must be a function of a module, so that migrations can import it:
``identifier.generate_ulid``, ``identifier.generate_uuid7`` and
``identifier.generate_object_id`` are (a migration writes them under their module,
``identifier._identifier``); for Snowflake ids wrap ``SnowflakeIdGenerator(worker_id=...)
.generate`` in a function of your own, as above. A generator belongs to the process that
created it and raises ``RuntimeError`` in a child forked after: under a server that forks
workers after importing the models (``gunicorn --preload``), create it in the worker, on
first use.

``formfield()`` gives ``ULIDFormField``, ``UUID7FormField``, ``ObjectIdFormField`` or
``SnowflakeIdFormField``: text inputs that clean with the same parsers, whose error is the
package's message (which names the offending character and its index), and whose empty value
is ``None``.
"""

from __future__ import annotations

import uuid
from typing import Any

from django import forms
from django.core import exceptions
from django.db import models
from django.db.backends.base.base import BaseDatabaseWrapper

import identifier

__all__ = [
    "ObjectIdField",
    "ObjectIdFormField",
    "SnowflakeIdField",
    "SnowflakeIdFormField",
    "ULIDField",
    "ULIDFormField",
    "UUID7Field",
    "UUID7FormField",
]


def _invalid(error: Exception) -> exceptions.ValidationError:
    # No params: the message is shown as the package wrote it, never %-formatted.
    return exceptions.ValidationError(str(error), code="invalid")


def _found(value: object) -> str:
    """What the database returned, for the error of a stored value of the wrong kind."""
    if isinstance(value, (bytes, bytearray, memoryview)):
        data = bytes(value)
        shown = data[:32].hex() + ("..." if len(data) > 32 else "")
        return f"{len(data)} bytes (0x{shown})"
    if isinstance(value, uuid.UUID):
        return f"the uuid {value} (version {(value.int >> 76) & 0xF})"
    return f"{type(value).__name__} {value!r}"[:120]


class _IdField(models.Field):  # type: ignore[type-arg]
    """What the four fields share: conversion through the package's parser."""

    empty_strings_allowed = False
    _kind = ""  # "a ULID", for the errors of stored values

    def _parse(self, value: Any) -> Any:
        raise NotImplementedError

    def _from_stored(self, value: Any) -> Any:
        """The Python value of the database's ``value``; raises ``ValueError``/``TypeError``."""
        return self._parse(value)

    def _label(self) -> str:
        model = getattr(self, "model", None)
        if model is not None:
            return f"{type(self).__name__} {model._meta.label}.{self.name}"
        return type(self).__name__

    def to_python(self, value: Any) -> Any:
        """The package's value of ``value`` (``None`` stays ``None``); raises
        ``ValidationError`` with the package's message if the parser refuses it."""
        if value is None:
            return None
        try:
            return self._parse(value)
        except (TypeError, ValueError) as error:
            raise _invalid(error) from error

    def from_db_value(self, value: Any, expression: Any, connection: BaseDatabaseWrapper) -> Any:
        """The package's value of a value read from the database; raises ``ValueError`` naming
        the field and what the database holds if it is not an id of the field's kind."""
        if value is None:
            return None
        try:
            return self._from_stored(value)
        except (TypeError, ValueError) as error:
            raise ValueError(
                f"{self._label()}: the database holds {_found(value)}, which is not {self._kind}: "
                f"{error}"
            ) from error

    def get_prep_value(self, value: Any) -> Any:
        """The package's value of ``value``, as ``to_python`` gives it."""
        value = super().get_prep_value(value)
        return self.to_python(value)

    def _to_db(self, value: Any, connection: BaseDatabaseWrapper) -> Any:
        raise NotImplementedError

    def get_db_prep_value(
        self, value: Any, connection: BaseDatabaseWrapper, prepared: bool = False
    ) -> Any:
        """The value as ``connection`` stores it: a ``uuid.UUID`` or ``bytes`` on PostgreSQL,
        ``bytes`` elsewhere; an ``int`` for Snowflake ids."""
        if hasattr(value, "as_sql"):
            return value
        if not prepared:
            value = self.get_prep_value(value)
        if value is None:
            return value
        return self._to_db(value, connection)


class _Id128Field(_IdField):
    """A 128-bit id: ``uuid`` on PostgreSQL, 16 bytes elsewhere."""

    def db_type(self, connection: BaseDatabaseWrapper) -> str:
        """``uuid`` on PostgreSQL, ``binary(16)`` on MySQL, ``RAW(16)`` on Oracle, ``BLOB``
        elsewhere."""
        return _BINARY_TYPES.get(connection.vendor, "BLOB").format(size=16)

    def _uuid(self, value: Any) -> uuid.UUID:
        raise NotImplementedError

    def _to_db(self, value: Any, connection: BaseDatabaseWrapper) -> Any:
        as_uuid = self._uuid(value)
        return as_uuid if connection.vendor == "postgresql" else as_uuid.bytes

    def _from_stored(self, value: Any) -> Any:
        if isinstance(value, (bytes, bytearray, memoryview)):
            data = bytes(value)
            if len(data) != 16:
                raise ValueError(f"{self._kind} is 16 bytes, not {len(data)}")
            value = uuid.UUID(bytes=data)
        elif not isinstance(value, uuid.UUID):
            raise TypeError(f"{self._kind} is read from a uuid or 16 bytes")
        return self._parse(value)


_BINARY_TYPES = {
    "postgresql": "uuid",
    "mysql": "binary({size})",
    "oracle": "RAW({size})",
}


class ULIDField(_Id128Field):
    """A ULID, in Python its canonical text (26 Crockford Base32 characters, upper case): a
    ``uuid`` on PostgreSQL, 16 bytes (the 128 bits big-endian) elsewhere. Parsed by
    ``identifier.parse_ulid``; a default is ``identifier.generate_ulid``."""

    description = "ULID"
    _kind = "a ULID"

    def _parse(self, value: Any) -> str:
        return identifier.parse_ulid(value)

    def _uuid(self, value: Any) -> uuid.UUID:
        return identifier.to_uuid(value)

    def formfield(self, **kwargs: Any) -> forms.Field | None:
        """A ``ULIDFormField``, unless ``form_class`` says otherwise."""
        return super().formfield(**{"form_class": ULIDFormField, **kwargs})


class UUID7Field(_Id128Field):
    """A UUIDv7, in Python its canonical text (36 characters, lower case, hyphenated): a
    ``uuid`` on PostgreSQL, its 16 bytes elsewhere. Parsed by ``identifier.parse_uuid7``,
    which refuses other versions; a default is ``identifier.generate_uuid7``."""

    description = "UUIDv7"
    _kind = "a UUIDv7"

    def _parse(self, value: Any) -> str:
        return identifier.parse_uuid7(value)

    def _uuid(self, value: Any) -> uuid.UUID:
        return uuid.UUID(value)

    def formfield(self, **kwargs: Any) -> forms.Field | None:
        """A ``UUID7FormField``, unless ``form_class`` says otherwise."""
        return super().formfield(**{"form_class": UUID7FormField, **kwargs})


class ObjectIdField(_IdField):
    """An ObjectId, in Python its text (24 lower-case hex characters): its 12 bytes in the
    database (``bytea`` on PostgreSQL, ``binary(12)`` on MySQL). Parsed by
    ``identifier.parse_object_id`` (text, 12 bytes, a ``bson.ObjectId``); a default is
    ``identifier.generate_object_id``."""

    description = "ObjectId"
    _kind = "an ObjectId"

    def db_type(self, connection: BaseDatabaseWrapper) -> str:
        """``bytea`` on PostgreSQL, ``binary(12)`` on MySQL, ``RAW(12)`` on Oracle, ``BLOB``
        elsewhere."""
        if connection.vendor == "postgresql":
            return "bytea"
        return _BINARY_TYPES.get(connection.vendor, "BLOB").format(size=12)

    def _parse(self, value: Any) -> str:
        return identifier.parse_object_id(value)

    def _from_stored(self, value: Any) -> Any:
        if isinstance(value, (bytearray, memoryview)):
            value = bytes(value)
        if not isinstance(value, bytes):
            raise TypeError("an ObjectId is read from 12 bytes")
        if len(value) != 12:
            raise ValueError(f"an ObjectId is 12 bytes, not {len(value)}")
        return self._parse(value)

    def _to_db(self, value: Any, connection: BaseDatabaseWrapper) -> Any:
        return bytes.fromhex(value)

    def formfield(self, **kwargs: Any) -> forms.Field | None:
        """An ``ObjectIdFormField``, unless ``form_class`` says otherwise."""
        return super().formfield(**{"form_class": ObjectIdFormField, **kwargs})


class SnowflakeIdField(_IdField):
    """A Snowflake id, in Python an ``int`` from 0 to 2**63 - 1: the backend's 64-bit integer
    (``bigint``). Parsed by ``identifier.parse_snowflake_id`` (an int or a decimal string);
    a default is a function of a module that calls
    ``SnowflakeIdGenerator(worker_id=...).generate``."""

    description = "Snowflake id"
    _kind = "a Snowflake id"

    def get_internal_type(self) -> str:
        """``BigIntegerField``: the column type and conversions of the backend's 64-bit
        integer."""
        return "BigIntegerField"

    def _parse(self, value: Any) -> int:
        return identifier.parse_snowflake_id(value)

    def _from_stored(self, value: Any) -> Any:
        if not isinstance(value, int):
            raise TypeError("a Snowflake id is read from an integer")
        return self._parse(value)

    def _to_db(self, value: Any, connection: BaseDatabaseWrapper) -> Any:
        return value

    def formfield(self, **kwargs: Any) -> forms.Field | None:
        """A ``SnowflakeIdFormField``, unless ``form_class`` says otherwise."""
        return super().formfield(**{"form_class": SnowflakeIdFormField, **kwargs})


class _IdFormField(forms.Field):
    """A text input cleaned by one of the package's parsers; empty is ``None``."""

    def _parse(self, value: Any) -> Any:
        raise NotImplementedError

    def to_python(self, value: Any) -> Any:
        """``None`` for an empty input, else the parser's value of the stripped text; raises
        ``ValidationError`` with the package's message."""
        if isinstance(value, str):
            value = value.strip()
        if value in self.empty_values:
            return None
        try:
            return self._parse(value)
        except (TypeError, ValueError) as error:
            raise _invalid(error) from error


class ULIDFormField(_IdFormField):
    """A ULID typed in any case (O read as 0, I and L as 1), cleaned to its canonical text by
    ``identifier.parse_ulid``."""

    def _parse(self, value: Any) -> str:
        return identifier.parse_ulid(value)


class UUID7FormField(_IdFormField):
    """A UUIDv7, cleaned to its lower-case text by ``identifier.parse_uuid7``, which refuses
    other versions."""

    def _parse(self, value: Any) -> str:
        return identifier.parse_uuid7(value)


class ObjectIdFormField(_IdFormField):
    """An ObjectId, cleaned to its 24 lower-case hex characters by
    ``identifier.parse_object_id``."""

    def _parse(self, value: Any) -> str:
        return identifier.parse_object_id(value)


class SnowflakeIdFormField(_IdFormField):
    """A Snowflake id in decimal, cleaned to an ``int`` by ``identifier.parse_snowflake_id``."""

    def _parse(self, value: Any) -> int:
        return identifier.parse_snowflake_id(value)
