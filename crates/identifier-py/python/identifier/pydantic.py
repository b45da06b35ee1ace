"""Pydantic 2 field types for the package's ids, validated by the package's own parsers.

```python
import bson
import identifier
from identifier.pydantic import ULID, UUID7, ChecksummedId, ObjectId, SnowflakeId
from pydantic import BaseModel, Field

events = identifier.SnowflakeIdGenerator(worker_id=3)  # once per process


class Order(BaseModel):
    id: ULID = Field(default_factory=identifier.generate_ulid)
    request: UUID7
    document: ObjectId
    event: SnowflakeId = Field(default_factory=events.generate)
    coupon: ChecksummedId | None = None


order = Order(
    request=identifier.generate_uuid7(), document=bson.ObjectId(), coupon="7K3M-9QPA-XW2B-G"
)
order.document            # a str of 24 lower-case hex characters; order.event is an int
order.model_dump_json()   # {"id":"01J...","request":"019...","document":"...","event":"8...",...}
Order.model_validate_json(order.model_dump_json()) == order  # True
Order(request="0190163d-8694-739b-aea5-966c26f8ad9", document=b"twelve bytes")  # 12 bytes: fine
# ValidationError: request: uuid7 '0190163d-8694-739b-aea5-966c26f8ad9' is not valid: a UUIDv7
# has 36 characters (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx), found 35 [type=uuid7_value, ...]
```

| type | accepts | value | JSON |
|---|---|---|---|
| ``ULID`` | 26 Crockford characters, either case, ``O`` as 0, ``I`` and ``L`` as 1; a ``uuid.UUID`` (its 128 bits) | ``str``, 26 upper-case characters | that text |
| ``UUID7`` | 36 hyphenated hex characters, either case; a ``uuid.UUID`` (version 7, RFC 9562 variant) | ``str``, 36 lower-case characters | that text |
| ``ObjectId`` | 24 lower-case hex characters; ``bytes`` of exactly 12; a ``bson.ObjectId`` (any object whose ``binary`` is 12 bytes) | ``str``, 24 lower-case hex characters | that text |
| ``SnowflakeId`` | an ``int`` from 0 to 2**63 - 1, or its decimal digits in a ``str`` (no sign, space or leading zero), from Python and from JSON | ``int`` | a string of decimal digits |
| ``ChecksummedId`` | a ``str`` that ``identifier.verify_checksummed_id`` accepts, groups separated by ``"-"`` | ``str``, as given | that text |

The values are what the package's functions return (``identifier.parse_ulid``,
``parse_uuid7``, ``parse_object_id``, ``parse_snowflake_id``; a ``ChecksummedId`` is kept as
given, case and separators included), so a model holds the text the package generates and two
spellings of one ULID or UUIDv7 validate to equal values. A ``SnowflakeId`` is serialized to
JSON as a string because it exceeds the integers JavaScript represents exactly (2**53); it is
read back from a string or an integer. ``model_dump()`` gives the ``int``.

A value the package refuses is a ``ValidationError`` whose message is the package's own: it
names the id, the value, and the first character out of place with its byte index, such as
``ulid '01ARZ3NDEKTSV4RRFFQ69G5FAU' is not valid: invalid character 'U' at byte index 25: not
a Crockford Base32 symbol``. The error's ``type`` is ``<kind>_type`` for a value of another
type (the package's ``TypeError``) and ``<kind>_value`` for a value that is not an id (its
``ValueError``), with the kinds ``ulid``, ``uuid7``, ``object_id``, ``snowflake_id`` and
``checksummed_id``; its ``ctx`` is ``{"error": message}``. Pydantic's strict mode changes
nothing: each type accepts what its parser accepts.

JSON Schema (``model_json_schema()``): each type is a ``string`` with a ``pattern``. In
``mode="serialization"`` the pattern is the canonical text the model writes (ULID
``^[0-7][0-9A-HJKMNP-TV-Z]{25}$``); in ``mode="validation"`` (the default) it is the text the
model reads, wider for ``ULID`` (either case, ``O``, ``I``, ``L``) and ``UUID7`` (either case).
``UUID7`` adds ``format: uuid``. A ``SnowflakeId`` is the string of its digits in both modes,
with a description saying so, even though an integer is also read: that keeps clients from
sending numbers that JavaScript rounds. A ``ChecksummedId`` is payload symbols then a check
symbol, separators anywhere. A pattern checks the form only, not a Snowflake id's range (19
digits may exceed 2**63 - 1) or whether a check symbol matches its payload.

Defaults come from the package's generators, whose values are already canonical (pydantic
does not validate defaults unless ``validate_default=True``):

```python
class Event(BaseModel):
    id: ULID = Field(default_factory=identifier.generate_ulid)
    trace: UUID7 = Field(default_factory=identifier.generate_uuid7)
    code: ChecksummedId = Field(default_factory=identifier.generate_checksummed_id)
```

For checksummed codes with another separator, annotate with ``ChecksummedIdFormat``:
``code: Annotated[str, ChecksummedIdFormat(sep=" ")]``.

Each type is ``typing.Annotated[str, ...]`` (``SnowflakeId``: ``Annotated[int, ...]``), so a
type checker sees a field's value as the ``str`` or ``int`` it is. The module needs pydantic 2;
importing it without pydantic, or with pydantic 1, raises ``ImportError``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from copy import deepcopy
from typing import Annotated, Any, Final, TypeAlias

from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import PydanticCustomError, core_schema

import identifier

__all__ = ["ULID", "UUID7", "ChecksummedId", "ChecksummedIdFormat", "ObjectId", "SnowflakeId"]



def _string(pattern: str, format: str | None, description: str | None) -> JsonSchemaValue:
    """The JSON Schema of a string matching ``pattern``, with a ``format`` and a
    ``description`` if given."""
    schema = {"type": "string", "format": format, "pattern": pattern, "description": description}
    return {key: value for key, value in schema.items() if value is not None}


def _validator(kind: str, parse: Callable[[Any], object]) -> Callable[[Any], object]:
    """``parse`` with its ``TypeError`` and ``ValueError`` turned into pydantic's errors of the
    types ``<kind>_type`` and ``<kind>_value``, keeping the package's message."""

    def validate(value: Any) -> object:
        try:
            return parse(value)
        except TypeError as error:
            raise PydanticCustomError(f"{kind}_type", "{error}", {"error": str(error)}) from None
        except ValueError as error:
            raise PydanticCustomError(f"{kind}_value", "{error}", {"error": str(error)}) from None

    return validate


class _IdSchema:
    """The metadata of one id type: its validation by the package's parser
    ``identifier.parse_<kind>`` and its JSON Schemas, strings matching ``read``, the text read
    (mode ``validation``), and ``written`` (by default ``read``), the text written
    (``serialization``)."""

    __slots__ = ("_json_string", "_kind", "_serialization", "_validate", "_validation")

    def __init__(
        self,
        kind: str,
        read: str,
        written: str | None = None,
        *,
        format: str | None = None,
        description: str | None = None,
        json_string: bool = False,
    ) -> None:
        self._kind = kind
        # The parser's name is the kind's: one name for both.
        self._validate = _validator(kind, getattr(identifier, f"parse_{kind}"))
        self._validation = _string(read, format, description)
        self._serialization = _string(written or read, format, description)
        self._json_string = json_string

    def __get_pydantic_core_schema__(
        self, source_type: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """A plain validator calling the package's parser; for a Snowflake id, a serializer
        that writes the ``int`` as a string in JSON."""
        serialization = (
            core_schema.plain_serializer_function_ser_schema(
                str, return_schema=core_schema.str_schema(), when_used="json"
            )
            if self._json_string
            else None
        )
        return core_schema.no_info_plain_validator_function(
            self._validate, serialization=serialization
        )

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """The JSON Schema of the text read (mode ``validation``) or written
        (``serialization``)."""
        chosen = self._validation if handler.mode == "validation" else self._serialization
        return deepcopy(chosen)

    def __repr__(self) -> str:
        return f"<identifier.pydantic schema of {self._kind}>"


ULID: TypeAlias = Annotated[
    str, _IdSchema("ulid", "^[0-7OoIiLl][0-9A-TV-Za-tv-z]{25}$", "^[0-7][0-9A-HJKMNP-TV-Z]{25}$")
]
ULID.__doc__ = """A ULID field: reads 26 Crockford Base32 characters (either case, O as 0, I and L
as 1) or a ``uuid.UUID`` (its 128 bits as a ULID); holds and writes the canonical text, 26
upper-case characters, a ``str`` (``identifier.parse_ulid``)."""


def _uuid7_pattern(digit: str, variant: str) -> str:
    """The hyphenated text of a UUIDv7 whose hex digits match ``digit`` and whose variant
    digit matches ``variant``."""
    return f"^{digit}{{8}}-{digit}{{4}}-7{digit}{{3}}-{variant}{digit}{{3}}-{digit}{{12}}$"


UUID7: TypeAlias = Annotated[
    str,
    _IdSchema(
        "uuid7",
        _uuid7_pattern("[0-9a-fA-F]", "[89abAB]"),
        _uuid7_pattern("[0-9a-f]", "[89ab]"),
        format="uuid",
    ),
]
UUID7.__doc__ = """A UUIDv7 field: reads the 36-character hyphenated text (either case) or a
``uuid.UUID``, of version 7 and the RFC 9562 variant; holds and writes the canonical text, 36
lower-case characters, a ``str`` (``identifier.parse_uuid7``)."""

ObjectId: TypeAlias = Annotated[str, _IdSchema("object_id", "^[0-9a-f]{24}$")]
ObjectId.__doc__ = """An ObjectId field: reads 24 lower-case hex characters, ``bytes`` of exactly
12, or a ``bson.ObjectId`` (any object whose ``binary`` is 12 bytes: no dependency on bson);
holds and writes the 24 lower-case hex characters, a ``str`` (``identifier.parse_object_id``)."""

SnowflakeId: TypeAlias = Annotated[
    int,
    _IdSchema(
        "snowflake_id",
        "^(0|[1-9][0-9]{0,18})$",
        description=(
            "A Snowflake id: an integer from 0 to 2**63 - 1, written as its "
            "decimal digits in a string (an integer is also read)"
        ),
        json_string=True,
    ),
]
SnowflakeId.__doc__ = """A Snowflake id field: reads an ``int`` from 0 to 2**63 - 1 or its decimal
digits in a ``str`` (no sign, space or leading zero), from Python and from JSON; holds an
``int`` (``identifier.parse_snowflake_id``); writes a string of its digits to JSON, since
JavaScript rounds integers above 2**53, and the ``int`` in ``model_dump()``."""


def _class_of(character: str) -> str:
    """A regular expression's class of the one character ``character``, in the syntax that
    Python and ECMA-262 (with or without the ``u`` flag) share."""
    return f"[\\{character}]" if character in "\\]^" else f"[{character}]"


@dataclasses.dataclass(frozen=True, kw_only=True)
class ChecksummedIdFormat:
    """The metadata of a checksummed code field whose groups are separated by ``sep``:

        code: Annotated[str, ChecksummedIdFormat(sep=" ")]  # such as "7K3M 9QPA XW2B G"

    ``ChecksummedId`` is ``Annotated[str, ChecksummedIdFormat()]``, with ``sep="-"``. A value
    is accepted when ``identifier.verify_checksummed_id(value, sep=sep)`` is true, and kept as
    given (a ``str``), case and separators included. Raises ``TypeError`` if ``sep`` is not a
    ``str`` and ``ValueError`` if it is not one character, or one that reads as part of a code
    (``0-9``, ``A-Z``, ``a-z``, ``*~$=``), as ``identifier.generate_checksummed_id`` does."""

    sep: str = "-"
    """The separator of the groups: one character, not a symbol of a code."""

    def __post_init__(self) -> None:
        # The package's own check of a separator, which names `sep` in its errors.
        identifier.generate_checksummed_id(length=1, group_size=1, sep=self.sep)

    def _parse(self, value: Any) -> str:
        # The package's check: the reason a code is refused, in the crate's words.
        return identifier.parse_checksummed_id(value, sep=self.sep)

    def __get_pydantic_core_schema__(
        self, source_type: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """A plain validator calling ``identifier.parse_checksummed_id``."""
        return core_schema.no_info_plain_validator_function(
            _validator("checksummed_id", self._parse)
        )

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        """A string of payload symbols then a check symbol, ``sep`` anywhere: read and written
        alike, since the value is kept as given. The check symbol's value is not checked."""
        sep = _class_of(self.sep)
        return {
            "type": "string",
            "pattern": f"^{sep}*(?:[0-9A-TV-Za-tv-z]{sep}*)+[0-9A-Za-z*~$=]{sep}*$",
        }


ChecksummedId: TypeAlias = Annotated[str, ChecksummedIdFormat()]
ChecksummedId.__doc__ = """A checksummed code field, groups separated by ``-``: reads a ``str``
that ``identifier.verify_checksummed_id`` accepts (either case, ``O`` as 0, ``I`` and ``L`` as
1, ``-`` anywhere) and keeps it as given. For another separator, annotate with
``Annotated[str, ChecksummedIdFormat(sep=...)]``."""
