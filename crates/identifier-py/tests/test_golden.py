"""The golden vectors of every format (golden/*.json at the root of the workspace), through
the Python API: what it can reach of each file, and a count that says so."""

from __future__ import annotations

import json
import struct

import pytest

import identifier
from conftest import OBJECT_ID, ULID, UUID7, Format, golden

SYMBOLS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CHECK_SYMBOLS = SYMBOLS + "*~$=U"


# ULID, UUIDv7 and ObjectId: the text's timestamp both ways; decoding; rejected texts and
# timestamps.

# The golden file of each; the keys of its texts with their timestamps and of its rejected
# texts; how many characters of a text its timestamp alone fixes (the rest is random); and
# the cases of a timestamp out of range (with their error, where the key holds others too).
TIME_ORDERED = [
    pytest.param(ULID, "ulid", "canonical", "invalid", 10, "out_of_range", "timestamp_out_of_range", id="ulid"),
    pytest.param(UUID7, "uuid7", "encode", "invalid_text", 15, "invalid_parts", "timestamp", id="uuid7"),
    pytest.param(OBJECT_ID, "objectid", "valid", "invalid", 8, "out_of_range", None, id="objectid"),
]


@pytest.mark.parametrize("fmt, file, valid, invalid, prefix, out_of_range, error", TIME_ORDERED)
def test_time_ordered_vectors(fmt: Format, file, valid, invalid, prefix, out_of_range, error):
    vectors = golden(file)
    for case in vectors[valid]:
        timestamp = int(case[fmt.timestamp])
        assert fmt.extract(case["text"]) == timestamp
        assert fmt.at(timestamp)[:prefix] == case["text"][:prefix]
    for case in vectors[invalid]:
        with pytest.raises(ValueError, match=f"^{fmt.text_param} "):
            fmt.extract(case["text"])
    timestamps = [case for case in vectors[out_of_range] if error is None or case["error"] == error]
    assert timestamps
    for case in timestamps:
        with pytest.raises(ValueError, match=f"^{fmt.timestamp} {case[fmt.timestamp]} is out of range"):
            fmt.at(int(case[fmt.timestamp]))


def test_ulid_value_and_decode_vectors():
    vectors = golden("ulid")
    assert len(vectors["canonical"]) >= 20
    # The file is written by the Rust crate: its layout (48-bit time, then 80 bits) checked
    # here by the spec, independently of the package.
    for case in vectors["canonical"]:
        assert int(case["value"]) >> 80 == int(case["timestamp_ms"])
    for case in vectors["decode"]:
        assert identifier.extract_ulid_timestamp_ms(case["text"]) == int(case["value"]) >> 80
        assert identifier.extract_ulid_timestamp_ms(case["canonical"]) == int(case["value"]) >> 80


def test_uuid7_decode_vectors():
    for case in golden("uuid7")["decode"]:
        assert identifier.extract_uuid7_timestamp_ms(case["text"]) == int(case["value"]) >> 80


def test_snowflake_vectors():
    vectors = golden("snowflake")
    assert int(vectors["epoch_ms"]) == 1_704_067_200_000
    for case in vectors["valid"]:
        timestamp, worker_id, sequence = int(case["timestamp_ms"]), case["worker_id"], case["sequence"]
        assert identifier.extract_snowflake_timestamp_ms(int(case["id"])) == timestamp
        # A fresh generator serves sequence 0, 1, ... at one timestamp: the id is exact.
        generator = identifier.SnowflakeIdGenerator(worker_id=worker_id)
        for _ in range(sequence):
            generator.generate(timestamp_ms=timestamp)
        assert generator.generate(timestamp_ms=timestamp) == int(case["id"])
    checked = {"timestamp_out_of_range": 0, "worker_id_out_of_range": 0}
    for case in vectors["invalid_parts"]:
        if case["error"] in checked:
            checked[case["error"]] += 1
        if case["error"] == "timestamp_out_of_range":
            generator = identifier.SnowflakeIdGenerator(worker_id=case["worker_id"])
            with pytest.raises(ValueError, match=f"^timestamp_ms {case['timestamp_ms']} is out of range"):
                generator.generate(timestamp_ms=int(case["timestamp_ms"]))
        elif case["error"] == "worker_id_out_of_range":
            with pytest.raises(ValueError, match=f"^worker_id {case['worker_id']} is out of range"):
                identifier.SnowflakeIdGenerator(worker_id=case["worker_id"])
    # Every kind of error the loop checks is in the file: a renamed kind would skip it.
    assert all(checked.values()), checked
    for case in vectors["invalid_ids"]:
        with pytest.raises(ValueError, match=f"^snowflake_id {case['id']} is out of range"):
            identifier.extract_snowflake_timestamp_ms(int(case["id"]))


def test_checksummed_vectors():
    vectors = golden("checksummed-id")
    for case in vectors["codes"]:
        assert identifier.verify_checksummed_id(case["code"], sep=case["sep"])
        # The Rust crate's check symbol against the spec's table, kept here independently.
        assert CHECK_SYMBOLS[case["remainder"]] == case["check_symbol"]
        if case["generated"]:
            # The generator's shape for these options: same length, separators in place.
            code = identifier.generate_checksummed_id(
                length=len(case["payload"]), group_size=case["group_size"], sep=case["sep"]
            )
            assert len(code) == len(case["code"])
            assert [c == case["sep"] for c in code] == [c == case["sep"] for c in case["code"]]
            assert identifier.verify_checksummed_id(code, sep=case["sep"])
    assert len(vectors["verify"]) >= 40
    for case in vectors["verify"]:
        assert identifier.verify_checksummed_id(case["text"], sep=case["sep"]) is case["valid"], case["why"]


def test_crockford32_vectors_through_the_checksum_and_the_ulid_decoder():
    vectors = golden("crockford32")
    for case in vectors["check"]:
        payload, symbol = case["payload"], case["check_symbol"]
        assert identifier.verify_checksummed_id(payload + symbol)
        wrong = CHECK_SYMBOLS[(CHECK_SYMBOLS.index(symbol) + 1) % 37]
        assert not identifier.verify_checksummed_id(payload + wrong)
    for case in vectors["decode"]:
        symbol = CHECK_SYMBOLS[int(case["value"]) % 37]
        assert identifier.verify_checksummed_id(case["text"] + symbol), case
    for case in vectors["encode"]:
        if case["len"] == 26:
            assert identifier.extract_ulid_timestamp_ms(case["text"]) == int(case["value"]) >> 80
    for case in vectors["invalid"]:
        if case["error"] == "invalid_character":
            assert not identifier.verify_checksummed_id(case["text"] + "0")


def value_of(node):
    """A Python value from the typed tree of golden/content-id.json (lists as keys and set
    elements become tuples, which have the same encoding)."""
    ((kind, payload),) = node.items()
    if kind == "null":
        return None
    if kind in ("bool", "str"):
        return payload
    if kind == "int":
        return int(payload)
    if kind == "float":
        return struct.unpack(">d", bytes.fromhex(payload))[0]
    if kind == "bytes":
        return bytes.fromhex(payload)
    if kind == "list":
        return [value_of(item) for item in payload]
    if kind == "map":
        return {frozen(value_of(key)): value_of(value) for key, value in payload}
    if kind == "set":
        return {frozen(value_of(element)) for element in payload}
    if kind == "unhashable":
        assert payload == "", "a marker after bytes: no Python value fails after writing"
        return Unsupported()
    raise AssertionError(f"unknown kind {kind}")


def frozen(value):
    return tuple(frozen(item) for item in value) if isinstance(value, list) else value


class Unsupported:
    """A value of a type the encoding does not support (hashable, to sit in a set)."""


def reachable(case) -> bool:
    """Every case but the markers written after part of a value (a Rust `serialize` that
    failed half-way): a Python value either is supported or fails before writing."""
    return "\"unhashable\": \"0" not in json.dumps(case["value"])


def test_content_id_vectors():
    vectors = golden("content-id")
    cases = [case for case in vectors["cases"] if reachable(case)]
    assert len(cases) == len(vectors["cases"]) - 2
    assert sum("json" in case for case in cases) >= 30
    for case in cases:
        ignore = case.get("ignore_unhashable", False)
        values = [value_of(case["value"])]
        if "json" in case:
            values.append(json.loads(case["json"]))
        for value in values:
            for length, expected in case["ids"].items():
                got = identifier.generate_stable_content_id(
                    value, length=int(length), ignore_unhashable=ignore
                )
                assert got == expected, case.get("rust", case.get("json"))
            assert identifier.generate_stable_uuid5(value, ignore_unhashable=ignore) == case["uuid5"]
        if "unhashable" in json.dumps(case["value"]):
            with pytest.raises(TypeError, match="unsupported type Unsupported"):
                identifier.generate_stable_content_id(values[0])
