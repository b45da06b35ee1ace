#!/usr/bin/env python3
"""golden/content-id.json checked by an implementation that shares no code with Rust's.

Each case's typed tree (`value`) is encoded from the specification in the content-id crate
documentation (encoding version 2), hashed with Python's hashlib.blake2b and compared with
every filed id; its UUIDv5 is recomputed with Python's uuid module. Each JSON document
(`json`) is read with Python's json module, by the rules of `content_id::json`, into a typed
tree that must equal the filed one; each rejected document must be rejected by those rules.

Run from the repository root: python3 crates/content-id/tests/golden_check.py
"""

import hashlib
import json
import math
import struct
import sys
import uuid

PERSON = b"identifier:cid:2"
ENTRY_PERSON = b"identifier:ent:2"
NAMESPACE = uuid.UUID("361d425a-83f3-5c34-bc1b-1fb0a53128cd")


def u64(n):
    return n.to_bytes(8, "big")


def encode(node):
    """The encoding of a typed tree: {"kind": payload}."""
    ((kind, inner),) = node.items()
    if kind == "null":
        return b"\x00"
    if kind == "bool":
        return b"\x01" + (b"\x01" if inner else b"\x00")
    if kind == "int":
        n = int(inner)
        return b"\x02" + (b"\x01" if n < 0 else b"\x00") + abs(n).to_bytes(16, "big")
    if kind == "float":
        value = struct.unpack(">d", bytes.fromhex(inner))[0]
        if math.isnan(value):
            bits = bytes.fromhex("7ff8000000000000")
        elif value == 0.0:
            bits = bytes(8)
        else:
            bits = struct.pack(">d", value)
        return b"\x03" + bits
    if kind == "str":
        data = inner.encode("utf-8")
        return b"\x04" + u64(len(data)) + data
    if kind == "bytes":
        data = bytes.fromhex(inner)
        return b"\x05" + u64(len(data)) + data
    if kind == "list":
        return b"\x06" + b"".join(encode(item) for item in inner) + b"\x09"
    if kind in ("map", "set"):
        if kind == "map":
            parts = [encode(key) + encode(value) for key, value in inner]
        else:
            parts = [encode(item) for item in inner]
        digests = sorted(
            hashlib.blake2b(part, digest_size=32, person=ENTRY_PERSON).digest() for part in parts
        )
        tag = b"\x07" if kind == "map" else b"\x08"
        return tag + u64(len(digests)) + b"".join(digests)
    if kind == "unhashable":
        written = bytes.fromhex(inner)
        return written + b"\x0a" + u64(len(written))
    raise ValueError(f"unknown kind {kind}")


def check_ids(case):
    encoding = encode(case["value"])
    for length, expected in case["ids"].items():
        found = hashlib.blake2b(encoding, digest_size=int(length) // 2, person=PERSON).hexdigest()
        assert found == expected, (case, length, found)
    uuid5 = uuid.uuid5(NAMESPACE, case["ids"]["128"])
    # uuid.uuid5 hashes the name's UTF-8: the 128 ASCII hex characters.
    assert str(uuid5) == case["uuid5"], case


class Rejected(Exception):
    pass


def typed(value):
    """The typed tree of a value read by `read`."""
    if value is None:
        return {"null": None}
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, int):
        return {"int": str(value)}
    if isinstance(value, float):
        return {"float": struct.pack(">d", value).hex()}
    if isinstance(value, str):
        return {"str": value}
    if isinstance(value, list):
        return {"list": [typed(item) for item in value]}
    if isinstance(value, tuple):  # an object, as its pairs
        return {"map": [[{"str": key}, typed(item)] for key, item in value]}
    raise ValueError(value)


def read(document):
    """A JSON document by the rules of content_id::json, or Rejected."""
    try:
        text = document.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Rejected("invalid UTF-8") from error
    if text.startswith("\ufeff"):
        raise Rejected("byte order mark")

    def pairs(items):
        keys = [key for key, _ in items]
        if len(set(keys)) != len(keys):
            raise Rejected("duplicate key")
        return tuple(items)

    def integer(literal):
        n = int(literal)
        if not -(2**127) <= n <= 2**128 - 1:
            raise Rejected("integer out of range")
        return n

    def floating(literal):
        value = float(literal)
        if math.isinf(value):
            raise Rejected("float overflow")
        mantissa = literal.lower().split("e")[0]
        if value == 0.0 and any(c in "123456789" for c in mantissa):
            raise Rejected("float underflow")
        return value

    def constant(name):
        raise Rejected(name)

    try:
        value = json.loads(
            text,
            object_pairs_hook=pairs,
            parse_int=integer,
            parse_float=floating,
            parse_constant=constant,
        )
    except json.JSONDecodeError as error:
        raise Rejected(str(error)) from error

    def check_strings(value):
        # Python accepts lone surrogates in \u escapes; the rules do not.
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as error:
                raise Rejected("lone surrogate") from error
        elif isinstance(value, list):
            for item in value:
                check_strings(item)
        elif isinstance(value, tuple):
            for key, item in value:
                check_strings(key)
                check_strings(item)

    check_strings(value)
    return value


def same_tree(a, b):
    """Typed trees equal up to the order of map entries and set elements, -0.0 and NaNs:
    equal encodings."""
    return encode(a) == encode(b)


def main():
    with open("golden/content-id.json", encoding="utf-8") as file:
        golden = json.load(file)
    for case in golden["cases"]:
        check_ids(case)
        if "json" in case:
            tree = typed(read(case["json"].encode("utf-8")))
            assert same_tree(tree, case["value"]), (case["json"], tree, case["value"])
    for case in golden["json_errors"]:
        document = (
            case["json"].encode("utf-8") if "json" in case else bytes.fromhex(case["json_hex"])
        )
        try:
            read(document)
        except Rejected:
            continue
        raise AssertionError(f"accepted: {case}")
    print(
        f"golden/content-id.json: {len(golden['cases'])} cases and "
        f"{len(golden['json_errors'])} rejected documents agree with Python"
    )


if __name__ == "__main__":
    sys.exit(main())
