"""The ids users hold: every extractor and parser takes the text, a ULID or UUIDv7 also as a
`uuid.UUID`, an ObjectId also as 12 bytes or a `bson.ObjectId`; `to_uuid` and the datetime
extractors. Expected values come from python-ulid, the standard library's uuid and bson."""

from __future__ import annotations

import uuid
from datetime import datetime, timedelta, timezone

import bson
import pytest
import ulid as python_ulid

import identifier

UTC = timezone.utc


def test_a_ulid_is_read_from_its_text_in_any_case_and_from_a_uuid():
    for text in identifier.generate_ulids(200) + ["7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "00000000000000000000000000"]:
        reference = python_ulid.ULID.from_str(text)
        as_uuid = reference.to_uuid()
        assert identifier.parse_ulid(text.lower()) == text
        assert identifier.parse_ulid(as_uuid) == text
        assert identifier.to_uuid(text) == as_uuid
        assert type(identifier.to_uuid(text)) is uuid.UUID
        assert identifier.extract_ulid_timestamp_ms(as_uuid) == reference.milliseconds
    # Crockford's reading of O, I and L, as in the text extractor.
    assert identifier.parse_ulid("01ARZ3NDEKTSV4RRFFQ69G5FAO") == "01ARZ3NDEKTSV4RRFFQ69G5FA0"
    assert identifier.parse_ulid("0IARZ3NDEKTSV4RRFFQ69G5FAV") == "01ARZ3NDEKTSV4RRFFQ69G5FAV"


def test_a_uuid7_is_read_from_its_text_and_from_a_uuid_of_version_7():
    for text in identifier.generate_uuid7s(200):
        value = uuid.UUID(text)
        assert identifier.parse_uuid7(value) == text
        assert identifier.parse_uuid7(text.upper()) == text
        assert identifier.to_uuid(text.upper()) == value
        assert identifier.extract_uuid7_timestamp_ms(value) == value.int >> 80
    for other in (uuid.uuid4(), uuid.uuid1(), uuid.UUID(int=0), uuid.UUID(int=7 << 76)):
        with pytest.raises(ValueError, match=r"^uuid7 UUID\('.*'\) is not valid: (version \d|variant)"):
            identifier.parse_uuid7(other)
        with pytest.raises(ValueError, match=r"^uuid7 UUID\('.*'\) is not valid"):
            identifier.extract_uuid7_timestamp_ms(other)


def test_an_object_id_is_read_from_its_text_bytes_and_a_bson_object_id():
    for text in identifier.generate_object_ids(200):
        reference = bson.ObjectId(text)
        assert identifier.parse_object_id(reference) == text
        assert identifier.parse_object_id(reference.binary) == text
        assert identifier.parse_object_id(bytes.fromhex(text)) == text
        seconds = int(reference.generation_time.timestamp())
        assert identifier.extract_object_id_timestamp_s(reference) == seconds
        assert identifier.extract_object_id_timestamp_s(reference.binary) == seconds
    for wrong in (b"", b"\x00" * 11, b"\x00" * 13):
        with pytest.raises(ValueError, match=rf"^object_id b'.*' is not valid: an ObjectId is 12 bytes, found {len(wrong)}$"):
            identifier.parse_object_id(wrong)

    class Short:
        binary = b"\x01" * 11

    with pytest.raises(ValueError, match=r"^object_id \(a Short\) is not valid: an ObjectId is 12 bytes, found 11"):
        identifier.parse_object_id(Short())

    class NotBytes:
        binary = "0" * 12

    with pytest.raises(TypeError, match="^object_id must be a str, bytes or a bson.ObjectId, not NotBytes whose binary is str"):
        identifier.parse_object_id(NotBytes())


def test_a_snowflake_id_is_read_from_an_int_or_its_decimal_text():
    generator = identifier.SnowflakeIdGenerator(worker_id=5)
    for value in generator.generate_ids(100) + [0, 2**63 - 1]:
        assert identifier.parse_snowflake_id(value) == value
        assert identifier.parse_snowflake_id(str(value)) == value
    for bad in (-1, 2**63, 2**64):
        with pytest.raises(ValueError, match=rf"^snowflake_id {bad} is out of range: a Snowflake id is 0 to {2**63 - 1}"):
            identifier.parse_snowflake_id(bad)
    with pytest.raises(ValueError, match=r"^snowflake_id \(an int of 201 bits\) is out of range"):
        identifier.parse_snowflake_id(2**200)
    for bad in ("-1", "+1", " 1", "01", "9223372036854775808", "", "1e3"):
        with pytest.raises(ValueError, match=r"^snowflake_id '.*' is not valid: "):
            identifier.parse_snowflake_id(bad)
    for wrong in (True, 1.0, b"1", None):
        with pytest.raises(TypeError, match="^snowflake_id must be an int or a str, not "):
            identifier.parse_snowflake_id(wrong)


def test_bad_text_names_the_character_and_its_index():
    with pytest.raises(ValueError, match=r"^ulid '01ARZ3NDEKTSV4RRFFQ69G5FA\*' is not valid: .*'\*'.* 25"):
        identifier.parse_ulid("01ARZ3NDEKTSV4RRFFQ69G5FA*")
    with pytest.raises(ValueError, match=r"^uuid7 '.*' is not valid: invalid character 'g' at byte index 3"):
        identifier.parse_uuid7("017g22e2-79b0-7cc3-98c4-dc0c0c07398f")
    with pytest.raises(ValueError, match=r"^object_id '.*' is not valid: .*'A'.* 0"):
        identifier.parse_object_id("A07c7f79bcf86cd7994f6c0e")
    with pytest.raises(ValueError, match=r"^id 'abc' is not valid: a ULID has 26 characters and a UUIDv7 36, found 3$"):
        identifier.to_uuid("abc")


def test_the_wrong_type_is_a_type_error_naming_the_parameter_and_the_type():
    cases = [
        (identifier.parse_ulid, "ulid must be a str or a uuid.UUID, not bytes", b"x" * 16),
        (identifier.extract_ulid_timestamp_ms, "ulid must be a str or a uuid.UUID, not int", 1),
        (identifier.parse_uuid7, "uuid7 must be a str or a uuid.UUID, not NoneType", None),
        (identifier.extract_uuid7_timestamp_ms, "uuid7 must be a str or a uuid.UUID, not bytes", b""),
        (identifier.parse_object_id, "object_id must be a str, bytes or a bson.ObjectId, not bytearray", bytearray(12)),
        (identifier.extract_object_id_timestamp_s, "object_id must be a str, bytes or a bson.ObjectId, not int", 5),
        (identifier.to_uuid, "id must be a str or a uuid.UUID, not int", 5),
    ]
    for function, message, value in cases:
        with pytest.raises(TypeError, match=f"^{message}$"):
            function(value)


def test_a_uuid_subclass_is_read_by_its_value_not_its_methods():
    class Liar(uuid.UUID):
        @property
        def bytes(self):  # type: ignore[override]
            return b"\xff" * 16

        def __str__(self) -> str:
            return "not a uuid"

    text = identifier.generate_uuid7()
    liar = Liar(text)
    assert identifier.parse_uuid7(liar) == text
    assert identifier.to_uuid(liar) == uuid.UUID(text)
    assert type(identifier.to_uuid(liar)) is uuid.UUID


def test_the_datetime_extractors_give_aware_utc_datetimes():
    epoch = datetime(1970, 1, 1, tzinfo=UTC)
    ulid_text = identifier.generate_ulid(timestamp_ms=1_700_000_000_123)
    assert identifier.extract_ulid_datetime(ulid_text) == datetime(2023, 11, 14, 22, 13, 20, 123000, tzinfo=UTC)
    assert identifier.extract_ulid_datetime(uuid.UUID(int=0)) == epoch
    uuid7_text = identifier.generate_uuid7(timestamp_ms=253_402_300_799_999)  # 9999-12-31T23:59:59.999
    assert identifier.extract_uuid7_datetime(uuid7_text) == datetime(9999, 12, 31, 23, 59, 59, 999000, tzinfo=UTC)
    object_id = identifier.generate_object_id(timestamp_s=2**32 - 1)
    assert identifier.extract_object_id_datetime(object_id) == datetime(2106, 2, 7, 6, 28, 15, tzinfo=UTC)
    assert identifier.extract_object_id_datetime(bson.ObjectId(object_id)) == bson.ObjectId(object_id).generation_time
    snowflake = identifier.SnowflakeIdGenerator(worker_id=1).generate(timestamp_ms=1_704_067_200_000)
    assert identifier.extract_snowflake_datetime(snowflake) == datetime(2024, 1, 1, tzinfo=UTC)
    now = datetime.now(UTC)
    made = identifier.extract_ulid_datetime(identifier.generate_ulid())
    assert made.tzinfo is UTC and abs(made - now) < timedelta(seconds=5)
    # A ULID's 48 bits reach past the last datetime: an error that says so, not OverflowError.
    with pytest.raises(ValueError, match=r"the ULID's timestamp 281474976710655 ms is after the last datetime"):
        identifier.extract_ulid_datetime(identifier.generate_ulid(timestamp_ms=2**48 - 1))
    with pytest.raises(ValueError, match=r"UUIDv7's timestamp 253402300800000 ms is after the last datetime"):
        identifier.extract_uuid7_datetime(identifier.generate_uuid7(timestamp_ms=253_402_300_800_000))
