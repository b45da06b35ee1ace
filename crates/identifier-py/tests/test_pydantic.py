"""identifier.pydantic: the pydantic 2 field types, validated by the package's parsers, against
python-ulid, the standard library's uuid and bson."""

from __future__ import annotations

import json
import os
import random
import re
import typing
import uuid
from typing import Annotated, Any, Optional

import bson
import pytest
import ulid as python_ulid
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

import identifier
import identifier.pydantic
from identifier.pydantic import (
    ULID,
    UUID7,
    ChecksummedId,
    ChecksummedIdFormat,
    ObjectId,
    SnowflakeId,
)

SNOWFLAKE_MAX = 2**63 - 1
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CHECK_SYMBOLS = CROCKFORD + "*~$=U"

ULIDS = TypeAdapter(ULID)
UUID7S = TypeAdapter(UUID7)
OBJECT_IDS = TypeAdapter(ObjectId)
SNOWFLAKES = TypeAdapter(SnowflakeId)
CODES = TypeAdapter(ChecksummedId)

snowflakes = identifier.SnowflakeIdGenerator(worker_id=3)


class Order(BaseModel):
    id: ULID
    request: UUID7
    document: ObjectId
    event: SnowflakeId
    coupon: ChecksummedId


def refusal(adapter: TypeAdapter[Any], value: object, *, json_text: str | None = None) -> dict:
    """The one error of validating `value` (or the JSON `json_text`), checked to carry the
    package's message in both `msg` and `ctx`."""
    with pytest.raises(ValidationError) as caught:
        if json_text is None:
            adapter.validate_python(value)
        else:
            adapter.validate_json(json_text)
    errors = caught.value.errors()
    assert len(errors) == 1, errors
    error = errors[0]
    assert error["msg"] == error["ctx"]["error"]
    return error


def assert_refused(adapter, value, error_type: str, *fragments: str, json_text=None) -> str:
    error = refusal(adapter, value, json_text=json_text)
    assert error["type"] == error_type, error
    for fragment in fragments:
        assert fragment in error["msg"], (fragment, error["msg"])
    return error["msg"]


# ULID


def crockford_value(text: str) -> int:
    """The value of Crockford Base32 text, either case, O as 0, I and L as 1."""
    value = 0
    for character in text.upper().replace("O", "0").replace("I", "1").replace("L", "1"):
        value = value * 32 + CROCKFORD.index(character)
    return value


def test_a_ulid_is_read_in_either_case_with_the_aliases_and_held_in_canonical_upper_case():
    for canonical in identifier.generate_ulids(200):
        for text in (canonical, canonical.lower(), canonical.swapcase()):
            value = ULIDS.validate_python(text)
            assert type(value) is str
            assert value == canonical
            assert value == str(python_ulid.ULID.from_int(crockford_value(text)))
    # The specification's example, spelled with each alias.
    aliased = ("OlARZ3NDEKTSV4RRFFQ69G5FAV", "0iarz3ndektsv4rrffq69g5fav", "o1ARZ3NDEKTSV4RRFFQ69G5FAV")
    for text in aliased:
        value = ULIDS.validate_python(text)
        assert value == "01ARZ3NDEKTSV4RRFFQ69G5FAV"
        assert python_ulid.ULID.from_str(value).milliseconds == 1_469_922_850_259


def test_a_ulid_is_read_from_a_uuid_as_its_128_bits():
    uuids = [uuid.UUID(int=0), uuid.UUID(int=2**128 - 1), uuid.UUID(identifier.generate_uuid7())]
    uuids += [uuid.uuid4() for _ in range(200)]
    for value in uuids:
        assert ULIDS.validate_python(value) == str(python_ulid.ULID.from_uuid(value))


@pytest.mark.parametrize(
    ("value", "error_type", "fragments"),
    [
        ("01ARZ3NDEKTSV4RRFFQ69G5FAU", "ulid_value", ["'U'", "byte index 25"]),
        ("01ARZ3NDEK-SV4RRFFQ69G5FAV", "ulid_value", ["'-'", "byte index 10"]),
        ("01ARZ3NDEKTSV4RRFFQ69G5Fé1", "ulid_value", ["'é'", "byte index 24"]),
        ("01ARZ3NDEKTSV4RRFFQ69G5FA", "ulid_value", ["26 characters", "found 25"]),
        ("", "ulid_value", ["found 0"]),
        ("81ARZ3NDEKTSV4RRFFQ69G5FAV", "ulid_value", ["'8'", "'7'"]),
        (1234, "ulid_type", ["ulid", "int"]),
        (b"0123456789abcdef", "ulid_type", ["ulid", "bytes"]),
        (None, "ulid_type", ["ulid", "NoneType"]),
    ],
)
def test_a_ulid_refusal_is_the_packages_error(value, error_type, fragments):
    message = assert_refused(ULIDS, value, error_type, *fragments)
    if isinstance(value, str):
        assert message.startswith(f"ulid {value!r} is not valid: ")


def test_a_refusal_in_a_model_names_the_field():
    class Item(BaseModel):
        id: ULID

    with pytest.raises(ValidationError) as caught:
        Item(id="01ARZ3NDEKTSV4RRFFQ69G5FAU")
    (error,) = caught.value.errors()
    assert error["loc"] == ("id",)
    assert error["type"] == "ulid_value"
    assert "invalid character 'U' at byte index 25" in str(caught.value)


# UUIDv7


def uuid7_of(rest: int) -> uuid.UUID:
    """A UUIDv7 with 122 bits `rest` around the version 7 and the RFC 9562 variant."""
    value = (rest >> 74 << 80) | (7 << 76) | ((rest >> 62 & 0xFFF) << 64) | (0b10 << 62)
    return uuid.UUID(int=value | (rest & (2**62 - 1)))


def test_a_uuid7_is_read_in_either_case_and_held_in_canonical_lower_case():
    for text in identifier.generate_uuid7s(200):
        for spelled in (text, text.upper(), text.swapcase()):
            value = UUID7S.validate_python(spelled)
            assert type(value) is str
            assert value == str(uuid.UUID(spelled))
            assert uuid.UUID(value).version == 7


def test_a_uuid7_is_read_from_a_uuid_of_version_7():
    rng = random.Random(3)
    values = [uuid7_of(0), uuid7_of(2**122 - 1)] + [uuid7_of(rng.getrandbits(122)) for _ in range(200)]
    for value in values:
        assert value.version == 7 and value.variant == uuid.RFC_4122
        assert UUID7S.validate_python(value) == str(value)


@pytest.mark.parametrize(
    ("value", "error_type", "fragments"),
    [
        ("0190163d-8694-739b-aea5-966c26f8ad9g", "uuid7_value", ["'g'", "byte index 35"]),
        ("0190163dX8694-739b-aea5-966c26f8ad9f", "uuid7_value", ["'X'", "byte index 8"]),
        ("0190163d-8694-439b-aea5-966c26f8ad9f", "uuid7_value", ["version 4"]),
        ("0190163d-8694-739b-cea5-966c26f8ad9f", "uuid7_value", ["variant", "byte index 19"]),
        ("0190163d-8694-739b-aea5-966c26f8ad9", "uuid7_value", ["36 characters", "found 35"]),
        ("{0190163d-8694-739b-aea5-966c26f8ad9f}", "uuid7_value", ["found 38"]),
        ("0190163d8694739baea5966c26f8ad9f", "uuid7_value", ["found 32"]),
        (uuid.UUID("0190163d-8694-439b-aea5-966c26f8ad9f"), "uuid7_value", ["version 4"]),
        (uuid.UUID("0190163d-8694-739b-cea5-966c26f8ad9f"), "uuid7_value", ["variant"]),
        (7, "uuid7_type", ["uuid7", "int"]),
        (uuid.UUID(int=0).bytes, "uuid7_type", ["uuid7", "bytes"]),
    ],
)
def test_a_uuid7_refusal_is_the_packages_error(value, error_type, fragments):
    message = assert_refused(UUID7S, value, error_type, *fragments)
    if isinstance(value, str):
        assert message.startswith(f"uuid7 {value!r} is not valid: ")


def test_a_uuid4_is_not_a_uuid7():
    for value in (uuid.uuid4() for _ in range(50)):
        assert_refused(UUID7S, value, "uuid7_value", "version 4")
        assert_refused(UUID7S, str(value), "uuid7_value", "version 4", "byte index 14")


# ObjectId


class BinaryHolder:
    """Not a bson.ObjectId, but holds 12 bytes in `binary` as one does."""

    def __init__(self, binary: object) -> None:
        self.binary = binary


def test_an_object_id_is_read_from_its_text_its_bytes_or_a_bson_object_id():
    for _ in range(200):
        oid = bson.ObjectId(os.urandom(12))
        expected = str(oid)
        for value in (expected, oid.binary, oid, BinaryHolder(oid.binary)):
            result = OBJECT_IDS.validate_python(value)
            assert type(result) is str
            assert result == expected
    generated = identifier.generate_object_id()
    assert OBJECT_IDS.validate_python(bson.ObjectId(generated)) == generated


@pytest.mark.parametrize(
    ("value", "error_type", "fragments"),
    [
        ("5F0C6A1B2C3D4E5F6A7B8C9D", "object_id_value", ["'F'", "byte index 1"]),
        ("5f0c6a1b2c3d4e5f6a7b8c9g", "object_id_value", ["'g'", "byte index 23"]),
        ("5f0c6a1b2c3d4e5f6a7b8c9", "object_id_value", ["24", "found 23"]),
        (b"\x00" * 11, "object_id_value", ["12 bytes", "found 11"]),
        (b"\x00" * 13, "object_id_value", ["12 bytes", "found 13"]),
        (BinaryHolder(b"\x00" * 11), "object_id_value", ["12 bytes", "found 11"]),
        (BinaryHolder("5f0c6a1b2c3d4e5f6a7b8c9d"), "object_id_type", ["object_id", "str"]),
        (bytearray(12), "object_id_type", ["object_id", "bytearray"]),
        (12, "object_id_type", ["object_id", "int"]),
    ],
)
def test_an_object_id_refusal_is_the_packages_error(value, error_type, fragments):
    message = assert_refused(OBJECT_IDS, value, error_type, *fragments)
    if isinstance(value, str):
        assert message.startswith(f"object_id {value!r} is not valid: ")


# Snowflake ids


class Event(BaseModel):
    event: SnowflakeId


def test_a_snowflake_id_is_read_from_an_int_or_its_decimal_text_as_an_int():
    values = [0, 1, SNOWFLAKE_MAX] + snowflakes.generate_ids(100)
    for value in values:
        for given in (value, str(value)):
            result = SNOWFLAKES.validate_python(given)
            assert type(result) is int
            assert result == value


def test_a_snowflake_id_is_written_to_json_as_a_string_and_read_back_from_a_string_or_a_number():
    for value in [0, 2**53 + 1, SNOWFLAKE_MAX, snowflakes.generate()]:
        event = Event(event=value)
        assert event.model_dump() == {"event": value}
        assert type(event.model_dump()["event"]) is int
        assert event.model_dump(mode="json") == {"event": str(value)}
        text = event.model_dump_json()
        assert json.loads(text) == {"event": str(value)}
        assert Event.model_validate_json(text) == event
        assert Event.model_validate_json(json.dumps({"event": value})).event == value
        assert SNOWFLAKES.dump_json(value) == json.dumps(str(value)).encode()


@pytest.mark.parametrize(
    ("value", "error_type", "fragments"),
    [
        (2**63, "snowflake_id_value", [str(2**63), "out of range"]),
        (2**64, "snowflake_id_value", [str(2**64)]),
        (-1, "snowflake_id_value", ["-1", "out of range"]),
        ("9223372036854775808", "snowflake_id_value", ["out of range"]),
        ("-1", "snowflake_id_value", ["'-'", "byte index 0"]),
        ("12a", "snowflake_id_value", ["'a'", "byte index 2"]),
        (" 12", "snowflake_id_value", ["' '", "byte index 0"]),
        ("007", "snowflake_id_value", ["leading zero"]),
        ("", "snowflake_id_value", ["empty"]),
        (True, "snowflake_id_type", ["snowflake_id", "bool"]),
        (1.0, "snowflake_id_type", ["snowflake_id", "float"]),
        (None, "snowflake_id_type", ["snowflake_id", "NoneType"]),
    ],
)
def test_a_snowflake_id_refusal_is_the_packages_error(value, error_type, fragments):
    assert_refused(SNOWFLAKES, value, error_type, *fragments)


@pytest.mark.parametrize(
    ("json_text", "error_type", "fragment"),
    [
        (str(2**63), "snowflake_id_value", str(2**63)),
        ("-1", "snowflake_id_value", "-1"),
        ('"9223372036854775808"', "snowflake_id_value", "out of range"),
        ('"0x10"', "snowflake_id_value", "'x'"),
        ("1.5", "snowflake_id_type", "float"),
        ("true", "snowflake_id_type", "bool"),
        ("null", "snowflake_id_type", "NoneType"),
    ],
)
def test_a_snowflake_id_from_json_is_refused_out_of_range(json_text, error_type, fragment):
    assert_refused(SNOWFLAKES, None, error_type, fragment, json_text=json_text)


# Checksummed codes


NO_SYMBOLS = "no symbols: a checksummed code is payload symbols, then a check symbol"
ONE_SYMBOL = "one symbol: a checksummed code has payload symbols before its check symbol"


def checksummed(payload: str) -> str:
    """`payload` and its check symbol (its value modulo 37)."""
    return payload + CHECK_SYMBOLS[crockford_value(payload) % 37]


def test_a_checksummed_code_is_kept_as_given():
    codes = [identifier.generate_checksummed_id() for _ in range(100)]
    payload = "H88CMK9BVJ1V"
    code = checksummed(payload)
    assert code == "H88CMK9BVJ1VP"  # the crate's worked example
    codes += [code, code.lower(), "H88C-MK9B-VJ1V-P", "-H8-8CMK9BVJ1V-P-", "10*", checksummed("1" * 40)]
    codes += ["h88c-mk9b-vj1v-p", "H88C-MK9B-VJLV-P", "H88C-MK9B-VJIV-P"]
    for given in codes:
        assert identifier.verify_checksummed_id(given)
        value = CODES.validate_python(given)
        assert type(value) is str
        assert value == given


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("H88C-MK9B-VJ1V-Q", "check symbol 'Q' does not match the payload"),
        ("H88C-MK9B-V1JV-P", "check symbol 'P' does not match the payload"),
        ("H88C-MK9U-VJ1V-P", "invalid character 'U' at byte index 8: not a Crockford Base32 symbol"),
        ("1*0", "invalid character '*' at byte index 1: not a Crockford Base32 symbol"),
        (
            "H88C-MK9B-VJ1V-#",
            "invalid check symbol '#' at byte index 15: not a Crockford Base32 symbol or one of *~$=U",
        ),
        ("H88C MK9B VJ1V P", "invalid character ' ' at byte index 4: not a Crockford Base32 symbol"),
        ("H88C-MKé9B-VJ1V-P", "invalid character 'é' at byte index 7: not a Crockford Base32 symbol"),
        ("---", NO_SYMBOLS),
        ("", NO_SYMBOLS),
        ("P", ONE_SYMBOL),
        ("H88C\ud800", "it holds a lone surrogate, which no id does"),
        (1234, "checksummed_id must be a str, not int"),
        (b"H88C-MK9B-VJ1V-P", "checksummed_id must be a str, not bytes"),
    ],
)
def test_a_checksummed_code_refusal_names_the_rule_it_breaks(value, message):
    assert not identifier.verify_checksummed_id(value)
    error = refusal(CODES, value)
    # A str is refused as a value (the parser's ValueError), anything else as a type.
    if isinstance(value, str):
        assert error["type"] == "checksummed_id_value"
        assert error["msg"] == f"checksummed_id {value!r} is not valid: {message}"
    else:
        assert error["type"] == "checksummed_id_type"
        assert error["msg"] == message


def test_a_checksummed_code_is_accepted_exactly_when_the_package_verifies_it():
    rng = random.Random(5)
    alphabet = CROCKFORD + "ILOUilou*~$=-_ é"
    accepted = 0
    for _ in range(5000):
        code = list(identifier.generate_checksummed_id(length=rng.randint(1, 12)))
        for _ in range(rng.randint(0, 2)):
            index = rng.randrange(len(code) + 1)
            if rng.random() < 0.5 and index < len(code):
                code[index] = rng.choice(alphabet)
            else:
                code.insert(index, rng.choice(alphabet))
        text = "".join(code)
        if identifier.verify_checksummed_id(text):
            accepted += 1
            assert CODES.validate_python(text) == text
        else:
            assert refusal(CODES, text)["type"] == "checksummed_id_value"
    assert 0 < accepted < 5000


def test_another_separator_is_a_parameter_of_the_type():
    Spaced = Annotated[str, ChecksummedIdFormat(sep=" ")]
    spaced = TypeAdapter(Spaced)
    for _ in range(50):
        code = identifier.generate_checksummed_id(sep=" ")
        assert spaced.validate_python(code) == code
        dashed = code.replace(" ", "-")
        assert CODES.validate_python(dashed) == dashed
        error = refusal(spaced, dashed)
        assert "invalid character '-' at byte index 4" in error["msg"]
    # The crate's example of a separator of two bytes in UTF-8.
    dotted = TypeAdapter(Annotated[str, ChecksummedIdFormat(sep="·")])
    assert refusal(dotted, "H88C·MK9B·VJ1V·é")["msg"].endswith(
        "invalid check symbol 'é' at byte index 18: not a Crockford Base32 symbol or one of *~$=U"
    )
    assert refusal(dotted, "H88C·MK#9B·VJ1V·P")["msg"].endswith(
        "invalid character '#' at byte index 8: not a Crockford Base32 symbol"
    )
    assert dotted.validate_python("H88C·MK9B·VJ1V·P") == "H88C·MK9B·VJ1V·P"
    assert ChecksummedIdFormat() == ChecksummedIdFormat(sep="-")
    assert ChecksummedIdFormat(sep=" ").sep == " "


@pytest.mark.parametrize(
    ("sep", "error"),
    [("A", ValueError), ("l", ValueError), ("*", ValueError), ("--", ValueError), ("", ValueError)]
    + [(1, TypeError), (None, TypeError)],
)
def test_a_separator_that_no_code_can_have_is_refused_when_the_type_is_made(sep, error):
    with pytest.raises(error, match="sep"):
        ChecksummedIdFormat(sep=sep)


# Models: JSON, schemas, defaults, optional fields


def new_order() -> Order:
    return Order(
        id=identifier.generate_ulid(),
        request=identifier.generate_uuid7(),
        document=bson.ObjectId(),
        event=snowflakes.generate(),
        coupon=identifier.generate_checksummed_id(),
    )


def test_a_model_round_trips_through_json_as_canonical_text():
    for _ in range(100):
        order = new_order()
        data = json.loads(order.model_dump_json())
        assert data == {
            "id": order.id,
            "request": order.request,
            "document": order.document,
            "event": str(order.event),
            "coupon": order.coupon,
        }
        assert Order.model_validate_json(order.model_dump_json()) == order
        assert Order.model_validate(order.model_dump()) == order
        assert Order.model_validate(order.model_dump(mode="json")) == order


def test_json_input_in_other_spellings_reads_as_the_canonical_values():
    u = uuid.UUID(identifier.generate_uuid7())
    oid = bson.ObjectId()
    text = json.dumps(
        {
            "id": "01arz3ndektsv4rrffq69g5fav",
            "request": str(u).upper(),
            "document": str(oid),
            "event": 42,
            "coupon": "h88c-mk9b-vj1v-p",
        }
    )
    order = Order.model_validate_json(text)
    assert order.id == "01ARZ3NDEKTSV4RRFFQ69G5FAV"
    assert order.request == str(u)
    assert order.document == str(oid)
    assert order.event == 42
    assert order.coupon == "h88c-mk9b-vj1v-p"


def test_strict_mode_reads_what_the_parsers_read():
    class Strict(BaseModel):
        model_config = ConfigDict(strict=True)
        id: ULID
        event: SnowflakeId

    value = uuid.uuid4()
    strict = Strict(id=value, event="12")
    assert strict.id == str(python_ulid.ULID.from_uuid(value))
    assert strict.event == 12


ULID_OUT = "^[0-7][0-9A-HJKMNP-TV-Z]{25}$"
ULID_IN = "^[0-7OoIiLl][0-9A-TV-Za-tv-z]{25}$"
UUID7_OUT = "^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"
UUID7_IN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-7[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$"
OBJECT_ID = "^[0-9a-f]{24}$"
SNOWFLAKE = "^(0|[1-9][0-9]{0,18})$"
CODE = "^[-]*(?:[0-9A-TV-Za-tv-z][-]*)+[0-9A-Za-z*~$=][-]*$"
SNOWFLAKE_DESCRIPTION = (
    "A Snowflake id: an integer from 0 to 2**63 - 1, written as its "
    "decimal digits in a string (an integer is also read)"
)


@pytest.mark.parametrize(
    ("mode", "ulid_pattern", "uuid7_pattern"),
    [("validation", ULID_IN, UUID7_IN), ("serialization", ULID_OUT, UUID7_OUT)],
)
def test_the_json_schema_is_a_string_with_the_pattern_of_the_text_read_or_written(
    mode, ulid_pattern, uuid7_pattern
):
    schema = Order.model_json_schema(mode=mode)
    assert schema["properties"] == {
        "id": {"title": "Id", "type": "string", "pattern": ulid_pattern},
        "request": {"title": "Request", "type": "string", "format": "uuid", "pattern": uuid7_pattern},
        "document": {"title": "Document", "type": "string", "pattern": OBJECT_ID},
        "event": {
            "title": "Event",
            "type": "string",
            "pattern": SNOWFLAKE,
            "description": SNOWFLAKE_DESCRIPTION,
        },
        "coupon": {"title": "Coupon", "type": "string", "pattern": CODE},
    }
    assert schema["required"] == ["id", "request", "document", "event", "coupon"]


def test_the_serialization_patterns_match_every_id_written_and_no_other_spelling():
    for _ in range(300):
        data = json.loads(new_order().model_dump_json())
        assert re.fullmatch(ULID_OUT, data["id"])
        assert not re.fullmatch(ULID_OUT, data["id"].lower())
        assert re.fullmatch(UUID7_OUT, data["request"])
        assert not re.fullmatch(UUID7_OUT, data["request"].upper())
        assert re.fullmatch(OBJECT_ID, data["document"])
        assert re.fullmatch(SNOWFLAKE, data["event"])
        assert re.fullmatch(CODE, data["coupon"])
    for value in (0, 9, 10, SNOWFLAKE_MAX):
        assert re.fullmatch(SNOWFLAKE, SNOWFLAKES.dump_json(value).decode().strip('"'))
    for text in ("", "-1", "007", "1" * 20):
        assert not re.fullmatch(SNOWFLAKE, text)


def test_the_validation_patterns_match_the_other_spellings_that_are_read():
    rng = random.Random(7)
    for canonical in identifier.generate_ulids(100):
        spelled = "".join(rng.choice((c.lower(), c)) for c in canonical)
        spelled = spelled.replace("0", rng.choice("0oO")).replace("1", rng.choice("1iIlL"))
        assert ULIDS.validate_python(spelled) == canonical
        assert re.fullmatch(ULID_IN, spelled)
    for canonical in identifier.generate_uuid7s(100):
        assert re.fullmatch(UUID7_IN, canonical.upper())
    for text in ("01ARZ3NDEKTSV4RRFFQ69G5FAU", "8" + "0" * 25, "01ARZ3NDEKTSV4RRFFQ69G5FA"):
        assert not re.fullmatch(ULID_IN, text)
        refusal(ULIDS, text)
    # A separator that a regular expression's class must escape.
    for sep in ("]", "\\", "^", " "):
        pattern = TypeAdapter(Annotated[str, ChecksummedIdFormat(sep=sep)]).json_schema()["pattern"]
        for _ in range(20):
            code = identifier.generate_checksummed_id(sep=sep, group_size=3)
            assert re.fullmatch(pattern, code), (pattern, code)
        assert not re.fullmatch(pattern, "H88C-MK9B")


def test_defaults_come_from_the_generators():
    events = identifier.SnowflakeIdGenerator(worker_id=7)

    class Created(BaseModel):
        id: ULID = Field(default_factory=identifier.generate_ulid)
        trace: UUID7 = Field(default_factory=identifier.generate_uuid7)
        document: ObjectId = Field(default_factory=identifier.generate_object_id)
        event: SnowflakeId = Field(default_factory=events.generate)
        code: ChecksummedId = Field(default_factory=identifier.generate_checksummed_id)

    made = [Created() for _ in range(100)]
    for field in ("id", "trace", "document", "event"):
        values = [getattr(item, field) for item in made]
        assert values == sorted(values) and len(set(values)) == len(values), field
    assert len({item.code for item in made}) == 100
    for item in made:
        assert re.fullmatch(ULID_OUT, item.id)
        assert re.fullmatch(UUID7_OUT, item.trace)
        assert re.fullmatch(OBJECT_ID, item.document)
        assert identifier.extract_snowflake_timestamp_ms(item.event) > 0
        assert type(item.event) is int
        assert identifier.verify_checksummed_id(item.code)
        assert Created.model_validate_json(item.model_dump_json()) == item
    given = Created(id="01arz3ndektsv4rrffq69g5fav")
    assert given.id == "01ARZ3NDEKTSV4RRFFQ69G5FAV"
    assert "id" not in Created.model_json_schema().get("required", [])


def test_optional_fields_take_none_and_validate_a_value():
    class Maybe(BaseModel):
        id: ULID | None = None
        request: Optional[UUID7] = None
        event: SnowflakeId | None = None

    empty = Maybe()
    assert (empty.id, empty.request, empty.event) == (None, None, None)
    assert json.loads(empty.model_dump_json()) == {"id": None, "request": None, "event": None}
    assert Maybe(id=None, event=None).id is None
    value = Maybe(id="01arz3ndektsv4rrffq69g5fav", request=uuid7_of(1), event="5")
    assert value.id == "01ARZ3NDEKTSV4RRFFQ69G5FAV"
    assert value.request == str(uuid7_of(1))
    assert json.loads(value.model_dump_json())["event"] == "5"
    assert Maybe.model_validate_json(value.model_dump_json()) == value
    with pytest.raises(ValidationError) as caught:
        Maybe(id="01ARZ3NDEKTSV4RRFFQ69G5FAU")
    assert "invalid character 'U' at byte index 25" in str(caught.value)
    properties = Maybe.model_json_schema()["properties"]
    assert properties["id"] == {
        "anyOf": [{"type": "string", "pattern": ULID_IN}, {"type": "null"}],
        "default": None,
        "title": "Id",
    }
    assert properties["event"]["anyOf"][1] == {"type": "null"}
    assert properties["event"]["anyOf"][0]["pattern"] == SNOWFLAKE


def test_the_module_docstring_opens_with_an_example_that_runs_as_it_says():
    doc = identifier.pydantic.__doc__
    example = re.search(r"```python\n(.*?)```", doc, re.S)
    assert example and example.start() < 100
    code = example.group(1)
    assert "class Order(BaseModel):" in code
    last = code.rstrip().split("\n# ValidationError")[0].rstrip().rsplit("\n", 1)[1]
    assert last.startswith("Order(request=")
    namespace: dict[str, Any] = {}
    with pytest.raises(ValidationError) as caught:
        exec(compile(code, "identifier.pydantic.__doc__", "exec"), namespace)
    (error,) = caught.value.errors()
    assert error["loc"] == ("request",) and error["type"] == "uuid7_value"
    assert error["msg"].endswith("found 35")
    order = namespace["order"]
    assert type(order.event) is int and re.fullmatch(OBJECT_ID, order.document)
    assert namespace["Order"].model_validate_json(order.model_dump_json()) == order


def test_every_public_name_is_documented():
    assert sorted(identifier.pydantic.__all__) == sorted(
        ["ULID", "UUID7", "ObjectId", "SnowflakeId", "ChecksummedId", "ChecksummedIdFormat"]
    )
    assert identifier.pydantic.__doc__.lstrip().startswith("Pydantic 2 field types")
    generic = typing.Annotated[str, object()].__doc__
    for name in identifier.pydantic.__all__:
        doc = getattr(identifier.pydantic, name).__doc__
        assert doc and doc != generic, name
    aliases = ((ULID, str), (UUID7, str), (ObjectId, str), (SnowflakeId, int), (ChecksummedId, str))
    for alias, base in aliases:
        assert typing.get_origin(alias) is Annotated
        assert typing.get_args(alias)[0] is base
