"""ULID, UUIDv7 and ObjectId: text, order, explicit timestamps, argument checks, batches, and
the same ids read by independent implementations (python-ulid, uuid and uuid-utils, bson)."""

from __future__ import annotations

import uuid
from datetime import datetime, timezone

import bson
import pytest
import ulid as python_ulid
import uuid_utils

import identifier
from conftest import OBJECT_ID, ULID, UUID7, Format, now_ms, python_ran_during

FORMATS = [ULID, UUID7, OBJECT_ID]
each_format = pytest.mark.parametrize("fmt", FORMATS, ids=lambda f: f.text_param)


def strictly_increasing(ids: list) -> bool:
    return all(a < b for a, b in zip(ids, ids[1:]))


@each_format
def test_ids_are_canonical_text(fmt: Format):
    for text in [fmt.generate() for _ in range(1000)] + fmt.batch(1000):
        assert type(text) is str
        assert fmt.pattern.fullmatch(text), text


@each_format
def test_ids_strictly_increase_and_carry_the_clock(fmt: Format):
    before = fmt.earliest_now()
    ids = [fmt.generate() for _ in range(20_000)]
    after = fmt.now()
    assert strictly_increasing(ids)
    assert len(set(ids)) == len(ids)
    for text in (ids[0], ids[-1]):
        assert before <= fmt.extract(text) <= after


@each_format
def test_an_explicit_timestamp_is_the_ids_timestamp_with_random_bits(fmt: Format):
    for timestamp in (0, 1, 1_700_000_000, fmt.now(), fmt.max_timestamp):
        first, second = fmt.at(timestamp), fmt.at(timestamp)
        assert fmt.pattern.fullmatch(first)
        assert fmt.extract(first) == fmt.extract(second) == timestamp
        assert first != second  # 64 to 80 random bits
    # An int subclass is an int.
    assert fmt.extract(fmt.at(type("Millis", (int,), {})(12345))) == 12345


@each_format
@pytest.mark.parametrize("value", [True, False, 1.0, "1", b"1", [1], 1j])
def test_a_timestamp_that_is_not_an_int_is_a_type_error(fmt: Format, value):
    with pytest.raises(TypeError, match=fmt.timestamp):
        fmt.at(value)


@each_format
def test_a_timestamp_out_of_range_is_a_value_error_naming_it(fmt: Format):
    for value in (-1, fmt.max_timestamp + 1, 2**64, 2**100, -(2**100)):
        with pytest.raises(ValueError, match=rf"^{fmt.timestamp} {value} is out of range"):
            fmt.at(value)


@each_format
def test_options_are_keyword_only(fmt: Format):
    with pytest.raises(TypeError):
        fmt.generate(1_700_000_000)
    with pytest.raises(TypeError, match="unexpected keyword"):
        fmt.generate(timestamp=1)
    # None is the default.
    assert fmt.pattern.fullmatch(fmt.generate(**{fmt.timestamp: None}))


@each_format
@pytest.mark.parametrize("value", [None, 1, b"0" * 26, bytearray(26), ["x"]])
def test_extracting_from_a_non_str_is_a_type_error(fmt: Format, value):
    if fmt is OBJECT_ID and type(value) is bytes:
        # An ObjectId's bytes are one of its forms: only their length is wrong.
        with pytest.raises(ValueError, match=r"^object_id b'0+'\.\.\. is not valid: an ObjectId is 12 bytes, found 26$"):
            fmt.extract(value)
        return
    with pytest.raises(TypeError, match=fmt.text_param):
        fmt.extract(value)


@each_format
def test_extracting_from_a_non_canonical_text_is_a_value_error(fmt: Format):
    good = fmt.generate()
    bad = ["", good[:-1], good + "0", " " + good[1:], good[:-1] + "\n", good[:-1] + "é", "\ud800" * 24]
    if fmt is UUID7:
        bad += ["{" + good[1:-1] + "}", "urn:uuid:" + good, good.replace("-", "") + "0000"]
        bad += [good[:14] + "4" + good[15:], good[:19] + "c" + good[20:]]
    if fmt is OBJECT_ID:
        bad += [good.upper() if good.upper() != good else "A" * 24]
    if fmt is ULID:
        bad += ["8" + good[1:], good[:-1] + "U"]
    for text in bad:
        with pytest.raises(ValueError, match=rf"^{fmt.text_param} "):
            fmt.extract(text)
    # Named as such, not as a replacement character that is not in the text.
    with pytest.raises(ValueError, match="lone surrogate"):
        fmt.extract(good[:-1] + "\ud800")


def test_ulid_text_reads_either_case_and_the_aliases():
    text = identifier.generate_ulid(timestamp_ms=1_469_922_850_259)
    timestamp = identifier.extract_ulid_timestamp_ms(text)
    assert identifier.extract_ulid_timestamp_ms(text.lower()) == timestamp
    assert identifier.extract_ulid_timestamp_ms("01ARZ3NDEKTSV4RRFFQ69G5FAV") == 1_469_922_850_259
    assert identifier.extract_ulid_timestamp_ms("oIARZ3NDEKTSV4RRFFQ69G5FAV") == 1_469_922_850_259
    assert identifier.extract_ulid_timestamp_ms("0lARZ3NDEKTSV4RRFFQ69G5FAV") == 1_469_922_850_259


def test_uuid7_text_reads_either_case():
    text = identifier.generate_uuid7()
    assert identifier.extract_uuid7_timestamp_ms(text.upper()) == identifier.extract_uuid7_timestamp_ms(text)


@each_format
def test_a_batch_is_the_next_ids_of_the_sequence(fmt: Format):
    assert fmt.batch(0) == []
    before = fmt.generate()
    ids = fmt.batch(50_000)
    after = fmt.generate()
    assert len(ids) == 50_000
    assert strictly_increasing([before, *ids, after])
    assert all(fmt.pattern.fullmatch(text) for text in ids)
    assert fmt.batch(1)[0] > after


@each_format
def test_a_batch_checks_its_count(fmt: Format):
    for value in (True, 1.0, "3", None):
        with pytest.raises(TypeError, match="^n must be an int"):
            fmt.batch(value)
    for value in (-1, -(2**70)):
        with pytest.raises(ValueError, match=rf"^n {value} is out of range"):
            fmt.batch(value)
    for value in (2**62, 2**64):
        with pytest.raises(MemoryError, match=rf"^n {value}: that many ids do not fit in memory"):
            fmt.batch(value)
    with pytest.raises(TypeError):
        fmt.batch(n=3)


@each_format
def test_a_batch_releases_the_gil_while_it_generates(fmt: Format):
    # Ten batches, as for Snowflake's: one stretch without the GIL lasts a few ms.
    assert python_ran_during(lambda: all(fmt.batch(1_000_000) for _ in range(10))) > 0


def test_the_gil_probe_sees_a_call_that_keeps_the_gil():
    # The control of the test above: hashing a list holds the GIL throughout.
    assert python_ran_during(lambda: identifier.generate_stable_content_id(list(range(300_000)))) == 0


# Independent implementations read the same ids, with the same timestamps.


def test_python_ulid_reads_our_ulids():
    for text in [identifier.generate_ulid() for _ in range(100)] + identifier.generate_ulids(100):
        parsed = python_ulid.ULID.from_str(text)
        assert str(parsed) == text
        assert parsed.milliseconds == identifier.extract_ulid_timestamp_ms(text)
    for timestamp in (0, 1_469_922_850_259, 2**48 - 1):
        parsed = python_ulid.ULID.from_str(identifier.generate_ulid(timestamp_ms=timestamp))
        assert parsed.milliseconds == timestamp
    # And ours reads theirs.
    theirs = python_ulid.ULID()
    assert identifier.extract_ulid_timestamp_ms(str(theirs)) == theirs.milliseconds


def test_uuid_and_uuid_utils_read_our_uuid7s():
    for text in [identifier.generate_uuid7() for _ in range(100)] + identifier.generate_uuid7s(100):
        std = uuid.UUID(text)
        assert (str(std), std.version, std.variant) == (text, 7, uuid.RFC_4122)
        fast = uuid_utils.UUID(text)
        assert fast.version == 7
        assert fast.timestamp == identifier.extract_uuid7_timestamp_ms(text)
    for timestamp in (0, 1_645_557_742_000, 2**48 - 1):
        assert uuid_utils.UUID(identifier.generate_uuid7(timestamp_ms=timestamp)).timestamp == timestamp
    theirs = uuid_utils.uuid7()
    assert identifier.extract_uuid7_timestamp_ms(str(theirs)) == theirs.timestamp


def test_bson_reads_our_object_ids():
    for text in [identifier.generate_object_id() for _ in range(100)] + identifier.generate_object_ids(100):
        oid = bson.ObjectId(text)
        assert str(oid) == text
        seconds = identifier.extract_object_id_timestamp_s(text)
        assert oid.generation_time == datetime.fromtimestamp(seconds, timezone.utc)
    for timestamp in (0, 1_350_000_000, 2**32 - 1):
        oid = bson.ObjectId(identifier.generate_object_id(timestamp_s=timestamp))
        assert oid.generation_time == datetime.fromtimestamp(timestamp, timezone.utc)
    theirs = bson.ObjectId()
    assert identifier.extract_object_id_timestamp_s(str(theirs)) == int(theirs.generation_time.timestamp())


def test_the_clock_agrees_with_python():
    assert abs(identifier.extract_ulid_timestamp_ms(identifier.generate_ulid()) - now_ms()) < 1_000
