"""Ids of given fields (``*_from_parts``), the smallest and the largest id of an instant
(``min_*_at``, ``max_*_at``), ULIDs as UUIDs both ways (``ulid_to_uuid``, ``ulid_from_uuid``) and
``generate_uuid7(as_uuid=True)``: against python-ulid 4 (whose ``to_uuid7(compliant=True)`` rule
the compliant conversion follows), pymongo's ``bson``, the standard library's ``uuid`` and
``datetime``, and arithmetic done by hand."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import uuid
from datetime import date, datetime, timedelta, timezone

import bson
import pytest
from ulid import ULID as PythonUlid

import identifier
from conftest import ROOT

# 2024-01-01T00:00:00Z: 19,723 days of 86,400 s after the Unix epoch.
NEW_YEAR_2024_S = 19_723 * 86_400
NEW_YEAR_2024_MS = NEW_YEAR_2024_S * 1000
NEW_YEAR_2024 = datetime(2024, 1, 1, tzinfo=timezone.utc)
LAST_48_BITS = 2**48 - 1
SNOWFLAKE_LAST_MS = NEW_YEAR_2024_MS + 2**41 - 1


def python_ulid(value: int) -> str:
    """The text python-ulid writes for a ULID's 128-bit value."""
    return str(PythonUlid.from_bytes(value.to_bytes(16, "big")))


def uuid7_by_hand(ms: int, counter: int) -> str:
    """RFC 9562's layout: 48 bits of ms, version 7, 12 bits, variant 10, 62 bits."""
    value = ms << 80 | 7 << 76 | (counter >> 62) << 64 | 2 << 62 | counter & (2**62 - 1)
    return str(uuid.UUID(int=value))


# The bounds of an instant.


def test_the_bounds_of_a_day_by_hand_and_by_the_independent_implementations():
    assert NEW_YEAR_2024_MS == 1_704_067_200_000
    assert NEW_YEAR_2024.timestamp() == NEW_YEAR_2024_S
    last_ms = NEW_YEAR_2024_MS + 86_399_999
    assert identifier.min_ulid_at(NEW_YEAR_2024_MS) == "01HK153X00" + "0" * 16
    assert identifier.min_ulid_at(NEW_YEAR_2024_MS) == python_ulid(NEW_YEAR_2024_MS << 80)
    assert identifier.max_ulid_at(last_ms) == python_ulid(last_ms << 80 | (2**80 - 1))
    assert identifier.min_uuid7_at(NEW_YEAR_2024_MS) == "018cc251-f400-7000-8000-000000000000"
    assert identifier.max_uuid7_at(last_ms) == uuid7_by_hand(last_ms, 2**74 - 1)
    assert identifier.max_uuid7_at(last_ms) == "018cc778-4fff-7fff-bfff-ffffffffffff"
    # bson's own lower bound of a second, made for range queries.
    assert identifier.min_object_id_at(NEW_YEAR_2024_S) == str(bson.ObjectId.from_datetime(NEW_YEAR_2024))
    last_s = NEW_YEAR_2024_S + 86_399
    assert identifier.max_object_id_at(last_s) == str(bson.ObjectId(last_s.to_bytes(4, "big") + b"\xff" * 8))
    assert identifier.min_snowflake_id_at(NEW_YEAR_2024_MS) == 0
    assert identifier.max_snowflake_id_at(last_ms) == 86_399_999 << 22 | 1023 << 12 | 4095
    assert identifier.max_snowflake_id_at(SNOWFLAKE_LAST_MS) == 2**63 - 1


@pytest.mark.parametrize(
    "at",
    [
        NEW_YEAR_2024,
        datetime(2024, 1, 1, 2, 0, tzinfo=timezone(timedelta(hours=2))),
        datetime(2024, 1, 1, 0, 0, 0, 999, tzinfo=timezone.utc),  # truncated to its millisecond
    ],
)
def test_an_aware_datetime_is_its_instant_truncated_to_the_unit(at: datetime):
    assert identifier.min_ulid_at(at) == identifier.min_ulid_at(NEW_YEAR_2024_MS)
    assert identifier.max_ulid_at(at) == identifier.max_ulid_at(NEW_YEAR_2024_MS)
    assert identifier.min_uuid7_at(at) == identifier.min_uuid7_at(NEW_YEAR_2024_MS)
    assert identifier.max_uuid7_at(at) == identifier.max_uuid7_at(NEW_YEAR_2024_MS)
    assert identifier.min_object_id_at(at) == identifier.min_object_id_at(NEW_YEAR_2024_S)
    assert identifier.max_object_id_at(at + timedelta(milliseconds=999)) == identifier.max_object_id_at(
        NEW_YEAR_2024_S
    )
    assert identifier.min_snowflake_id_at(at) == 0
    assert identifier.max_snowflake_id_at(at) == 1023 << 12 | 4095


def test_every_id_of_the_instant_and_no_other_lies_between_the_bounds():
    rng = random.Random(48)
    for _ in range(200):
        ms = rng.randrange(NEW_YEAR_2024_MS + 1, SNOWFLAKE_LAST_MS)
        s = ms // 1000
        cases = [
            (identifier.min_ulid_at, identifier.max_ulid_at, ms, lambda t: identifier.generate_ulid(timestamp_ms=t)),
            (identifier.min_uuid7_at, identifier.max_uuid7_at, ms, lambda t: identifier.generate_uuid7(timestamp_ms=t)),
            (
                identifier.min_object_id_at,
                identifier.max_object_id_at,
                s,
                lambda t: identifier.generate_object_id(timestamp_s=t),
            ),
        ]
        for min_at, max_at, t, generate in cases:
            assert min_at(t) <= generate(t) <= max_at(t)
            assert generate(t - 1) < min_at(t) and max_at(t) < generate(t + 1)
        worker = identifier.SnowflakeIdGenerator(worker_id=rng.randrange(1024))
        assert identifier.min_snowflake_id_at(ms) <= worker.generate(timestamp_ms=ms)
        assert worker.generate(timestamp_ms=ms) <= identifier.max_snowflake_id_at(ms)


@pytest.mark.parametrize(
    ("function", "value", "message"),
    [
        (identifier.min_ulid_at, 2**48, "timestamp_ms 281474976710656 is out of range: a ULID holds 0 to 281474976710655 (48 bits)"),
        (identifier.max_uuid7_at, -1, "timestamp_ms -1 is out of range: a UUIDv7 holds 0 to 281474976710655"),
        (identifier.max_object_id_at, 2**32, "timestamp_s 4294967296 is out of range: an ObjectId holds 0 to 4294967295 seconds"),
        (identifier.min_snowflake_id_at, NEW_YEAR_2024_MS - 1, "timestamp_ms 1704067199999 is out of range: a Snowflake id holds 1704067200000 to 3903090455551 ms"),
        (
            identifier.min_ulid_at,
            datetime(1969, 12, 31, 23, 59, 59, 999_999, tzinfo=timezone.utc),
            "timestamp_ms 1969-12-31T23:59:59.999999+00:00 is out of range: a ULID holds 0 to",
        ),
        (
            identifier.max_snowflake_id_at,
            datetime(2023, 12, 31, 23, 59, 59, tzinfo=timezone.utc),
            "timestamp_ms 2023-12-31T23:59:59+00:00 is out of range: a Snowflake id holds 1704067200000",
        ),
    ],
)
def test_an_instant_out_of_range_is_a_value_error_naming_it_and_the_range(function, value, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        function(value)


def test_a_naive_datetime_is_a_value_error_naming_it():
    for function in (identifier.min_ulid_at, identifier.max_object_id_at, identifier.min_snowflake_id_at):
        with pytest.raises(ValueError, match=r"must be an aware datetime .* not a naive one: 2024-01-01T00:00:00"):
            function(datetime(2024, 1, 1))


@pytest.mark.parametrize("value", [True, 1.5, "1704067200000", date(2024, 1, 1), None])
def test_a_timestamp_of_another_type_is_a_type_error_naming_it(value):
    with pytest.raises(TypeError, match="timestamp_ms must be an int or an aware datetime"):
        identifier.min_uuid7_at(value)
    with pytest.raises(TypeError, match="timestamp_s must be an int or an aware datetime"):
        identifier.max_object_id_at(value)


def test_an_int_subclass_and_a_datetime_subclass_are_read_as_their_values():
    millis = type("Millis", (int,), {"__index__": lambda self: 0})
    assert identifier.min_ulid_at(millis(NEW_YEAR_2024_MS)) == identifier.min_ulid_at(NEW_YEAR_2024_MS)
    shifted = type("Shifted", (datetime,), {"__sub__": lambda self, other: timedelta(0)})
    at = shifted(2024, 1, 1, tzinfo=timezone.utc)
    assert identifier.min_uuid7_at(at) == identifier.min_uuid7_at(NEW_YEAR_2024_MS)


# Ids of given fields.


def test_ids_of_given_fields_are_those_the_independent_implementations_make():
    rng = random.Random(4)
    for _ in range(500):
        ms, bits = rng.randrange(2**48), rng.getrandbits(80)
        assert identifier.ulid_from_parts(ms, bits) == python_ulid(ms << 80 | bits)
        counter = rng.getrandbits(74)
        made = identifier.uuid7_from_parts(ms, counter)
        assert made == uuid7_by_hand(ms, counter)
        assert uuid.UUID(made).version == 7 and identifier.extract_uuid7_timestamp_ms(made) == ms
        s, counter = rng.randrange(2**32), rng.getrandbits(64)
        oid = identifier.object_id_from_parts(s, counter)
        assert bson.ObjectId(oid).binary == s.to_bytes(4, "big") + counter.to_bytes(8, "big")
        ms = rng.randrange(NEW_YEAR_2024_MS, SNOWFLAKE_LAST_MS + 1)
        worker, sequence = rng.randrange(1024), rng.randrange(4096)
        sid = identifier.snowflake_id_from_parts(ms, worker, sequence)
        assert sid == (ms - NEW_YEAR_2024_MS) << 22 | worker << 12 | sequence
    # The edges.
    assert identifier.ulid_from_parts(LAST_48_BITS, 2**80 - 1) == "7" + "Z" * 25
    assert identifier.uuid7_from_parts(0, 0) == "00000000-0000-7000-8000-000000000000"
    assert identifier.object_id_from_parts(2**32 - 1, 2**64 - 1) == "f" * 24
    assert identifier.snowflake_id_from_parts(NEW_YEAR_2024_MS, 0, 0) == 0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: identifier.ulid_from_parts(2**48, 0), "timestamp_ms 281474976710656 is out of range: a ULID holds 0 to 281474976710655 (48 bits)"),
        (lambda: identifier.ulid_from_parts(0, 2**80), "random 1208925819614629174706176 is out of range: a ULID holds 0 to 1208925819614629174706175 (80 bits)"),
        (lambda: identifier.ulid_from_parts(-1, -1), "timestamp_ms -1 is out of range"),
        (lambda: identifier.uuid7_from_parts(0, 2**74), "counter 18889465931478580854784 is out of range: a UUIDv7 holds 0 to 18889465931478580854783 (74 bits)"),
        (lambda: identifier.uuid7_from_parts(2**200, 0), "timestamp_ms (an int of 201 bits) is out of range"),
        (lambda: identifier.object_id_from_parts(2**32, 0), "timestamp_s 4294967296 is out of range: an ObjectId holds 0 to 4294967295"),
        (lambda: identifier.object_id_from_parts(0, 2**64), "counter 18446744073709551616 is out of range: an ObjectId holds 0 to 18446744073709551615 (64 bits)"),
        (lambda: identifier.snowflake_id_from_parts(0, 0, 0), "timestamp_ms 0 is out of range: a Snowflake id holds 1704067200000 to 3903090455551 ms"),
        (lambda: identifier.snowflake_id_from_parts(NEW_YEAR_2024_MS, 1024, 0), "worker_id 1024 is out of range: a Snowflake worker id is 0 to 1023"),
        (lambda: identifier.snowflake_id_from_parts(NEW_YEAR_2024_MS, 0, 70_000), "sequence 70000 is out of range: a Snowflake sequence is 0 to 4095"),
    ],
)
def test_a_field_out_of_range_is_a_value_error_naming_it_and_its_range(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


@pytest.mark.parametrize("value", [True, 1.0, "1", None])
def test_a_field_that_is_not_an_int_is_a_type_error_naming_it(value):
    with pytest.raises(TypeError, match="random must be an int"):
        identifier.ulid_from_parts(1, value)
    with pytest.raises(TypeError, match="timestamp_s must be an int"):
        identifier.object_id_from_parts(value, 1)
    with pytest.raises(TypeError, match="sequence must be an int"):
        identifier.snowflake_id_from_parts(NEW_YEAR_2024_MS, 1, value)


def test_the_guide_s_snowflake_backfill_runs_as_written():
    # The Python block of the guide's "Backfilling old data", run as it is.
    guide = (ROOT / "crates" / "identifier" / "src" / "ids_and_order.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", guide, flags=re.S)
    assert len(blocks) == 1, blocks
    scope: dict = {}
    exec(compile(blocks[0], "ids_and_order.md", "exec"), scope)
    ids, records = scope["ids"], scope["records"]
    assert len(ids) == len(records) and len(set(ids)) == len(ids)
    for snowflake_id, (at, _) in zip(ids, records):
        assert identifier.extract_snowflake_timestamp_ms(snowflake_id) == at


# ULIDs as UUIDs, both ways.


def edge_ulids() -> list[int]:
    """The edges, each run of bits the compliant rule treats apart (the timestamp, the top 12
    random bits, the 6 it drops, the low 62), and single bits at the seams."""
    values = [0, 2**128 - 1, LAST_48_BITS << 80, 2**80 - 1, 0x3F << 62, (2**80 - 1) ^ (0x3F << 62)]
    values += [1 << bit for bit in range(128)]
    values += [(2**128 - 1) ^ (1 << bit) for bit in range(128)]
    return values


def test_ulid_to_uuid_is_python_ulid_s_to_uuid7_both_ways_over_random_ids_and_edges():
    rng = random.Random(7)
    values = edge_ulids() + [rng.getrandbits(128) for _ in range(20_000)]
    for value in values:
        theirs = PythonUlid.from_bytes(value.to_bytes(16, "big"))
        text = str(theirs)
        lossless = identifier.ulid_to_uuid(text)
        assert lossless == theirs.to_uuid7() == theirs.to_uuid() == uuid.UUID(int=value), text
        compliant = identifier.ulid_to_uuid(text, compliant=True)
        assert compliant == theirs.to_uuid7(compliant=True), text
        assert compliant.version == 7 and compliant.variant == uuid.RFC_4122, text
        # The same ULID given as a uuid.UUID of its bits, and in lower case.
        assert identifier.ulid_to_uuid(lossless, compliant=True) == compliant
        assert identifier.ulid_to_uuid(text.lower()) == lossless
        # Back: the ULID of the UUID's bits, as python-ulid reads either UUID.
        assert identifier.ulid_from_uuid(lossless) == text == str(PythonUlid.from_uuid7(lossless))
        assert identifier.ulid_from_uuid(compliant) == str(PythonUlid.from_uuid7(compliant))
        assert identifier.ulid_from_uuid(str(compliant).upper()) == str(PythonUlid.from_uuid(compliant))


def test_the_compliant_uuid7_drops_exactly_bits_67_to_62_of_the_ulid():
    rng = random.Random(67)
    for _ in range(2_000):
        value, bit = rng.getrandbits(128), rng.randrange(128)
        text, flipped = python_ulid(value), python_ulid(value ^ (1 << bit))
        same = identifier.ulid_to_uuid(text, compliant=True) == identifier.ulid_to_uuid(flipped, compliant=True)
        assert same == (62 <= bit <= 67), bit


def test_ulid_from_uuid_reads_every_text_form_of_a_uuid():
    value = uuid.UUID("01563e3a-b5d3-d676-4c61-efb99302bd5b")
    for text in (str(value), str(value).upper(), f"{{{value}}}", f"urn:uuid:{value}", value.hex):
        assert identifier.ulid_from_uuid(text) == "01ARZ3NDEKTSV4RRFFQ69G5FAV", text


def test_ulid_uuid_conversions_check_their_arguments():
    with pytest.raises(TypeError, match="ulid must be a str or a uuid.UUID, not int"):
        identifier.ulid_to_uuid(1)
    with pytest.raises(TypeError, match="compliant must be a bool, not int"):
        identifier.ulid_to_uuid("01ARZ3NDEKTSV4RRFFQ69G5FAV", compliant=1)
    with pytest.raises(ValueError, match=r"ulid '01ARZ3NDEKTSV4RRFFQ69G5FAU' is not valid: invalid character 'U' at byte index 25"):
        identifier.ulid_to_uuid("01ARZ3NDEKTSV4RRFFQ69G5FAU")
    with pytest.raises(TypeError, match="value must be a uuid.UUID or a str, not bytes"):
        identifier.ulid_from_uuid(b"x" * 16)
    with pytest.raises(ValueError, match=r"value 'not a uuid' is not valid"):
        identifier.ulid_from_uuid("not a uuid")


# generate_uuid7(as_uuid=True).


def test_generate_uuid7_as_uuid_gives_a_uuid_of_the_same_sequence():
    first = identifier.generate_uuid7()
    made = identifier.generate_uuid7(as_uuid=True)
    assert type(made) is uuid.UUID and made.version == 7 and made.variant == uuid.RFC_4122
    assert uuid.UUID(first) < made < uuid.UUID(identifier.generate_uuid7())
    assert type(identifier.generate_uuid7(as_uuid=False)) is str
    at = identifier.generate_uuid7(timestamp_ms=NEW_YEAR_2024_MS, as_uuid=True)
    assert type(at) is uuid.UUID and identifier.extract_uuid7_timestamp_ms(at) == NEW_YEAR_2024_MS
    with pytest.raises(TypeError, match="as_uuid must be a bool, not int"):
        identifier.generate_uuid7(as_uuid=1)
    with pytest.raises(TypeError):
        identifier.generate_uuid7(True)



# The ends of each format's range, under a clock set there by faketime.

CLOCK_CASES = [
    # (clock, code, what it prints)
    ("@281488089600", "identifier.generate_ulid()", "ValueError: timestamp_ms 2814880896"),
    ("@281488089600", "identifier.generate_uuid7s(3)", "ValueError: timestamp_ms 2814880896"),
    ("@4323283200", "identifier.generate_object_id()", "ValueError: timestamp_s 4323283"),
    ("@1672531200", "identifier.SnowflakeIdGenerator(worker_id=1).generate()", "ValueError: timestamp_ms 16725312"),
    ("@1969-06-01 00:00:00", "print(identifier.extract_ulid_timestamp_ms(identifier.generate_ulid()))", "0\n"),
]


@pytest.mark.parametrize(("clock", "code", "expected"), CLOCK_CASES)
def test_a_clock_outside_a_format_s_range_is_a_value_error_and_one_before_1970_reads_as_1970(
    clock, code, expected
):
    # Seconds (FAKETIME_FMT=%s) where libfaketime reads no date (a year past 9999), a date in
    # UTC for an instant before 1970.
    env = {**os.environ, "TZ": "UTC"}
    if not clock.startswith("@1969"):
        env["FAKETIME_FMT"] = "%s"
    program = f"import identifier\ntry:\n    {code}\nexcept ValueError as e:\n    print(f'ValueError: {{e}}')"
    try:
        run = subprocess.run(
            ["faketime", "-f", clock, sys.executable, "-c", program],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        )
    except FileNotFoundError:
        pytest.fail("this test needs `faketime`: apt-get install faketime")
    assert run.returncode == 0, run.stderr
    assert expected in run.stdout, (run.stdout, run.stderr)
