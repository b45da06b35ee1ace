"""The seed's `registry=`: a user's class gets a content id through a hasher that returns a
value the encoding has; built-in values keep their ids under any registry; the default
registry's entries have the ids Rust gives the same values under serde (golden vectors)."""

from __future__ import annotations

import dataclasses
import enum
import uuid
from collections import OrderedDict, namedtuple
from datetime import datetime, timezone
from decimal import Decimal

import pytest
from hypothesis import given, strategies as st

import identifier
from conftest import golden
from identifier import HasherRegistry, generate_stable_content_id as content_id, get_stable_registry


class Point:
    def __init__(self, x: int, y: int) -> None:
        self.x, self.y = x, y


class Point3(Point):
    def __init__(self, x: int, y: int, z: int) -> None:
        super().__init__(x, y)
        self.z = z


@dataclasses.dataclass
class RustPoint:  # the golden vectors' `struct Point { x: i64, y: i64 }`
    x: int
    y: int


def golden_id(rust: str) -> str:
    cases = [case for case in golden("content-id")["cases"] if case.get("rust") == rust]
    assert len(cases) == 1, f"no single golden vector {rust!r}"
    return cases[0]["ids"]["64"]


def point_registry() -> HasherRegistry:
    registry = HasherRegistry()
    registry.register(Point, lambda p: {"x": p.x, "y": p.y})
    return registry


def test_a_registered_class_hashes_as_the_value_its_hasher_returns():
    registry = point_registry()
    assert content_id(Point(1, -2), registry=registry) == content_id({"x": 1, "y": -2})
    assert content_id([Point(1, 2), {"p": Point(3, 4)}], registry=registry) == content_id(
        [{"x": 1, "y": 2}, {"p": {"x": 3, "y": 4}}]
    )
    # uuid5 goes through the same walk.
    assert identifier.generate_stable_uuid5(Point(1, -2), registry=registry) == identifier.generate_stable_uuid5(
        {"x": 1, "y": -2}
    )


@given(st.integers(-(2**64), 2**64), st.integers(-(2**64), 2**64), st.integers(-(2**64), 2**64), st.integers(-(2**64), 2**64))
def test_two_values_share_an_id_exactly_when_their_hashers_return_equal_values(a, b, c, d):
    registry = point_registry()
    same = content_id(Point(a, b), registry=registry) == content_id(Point(c, d), registry=registry)
    assert same == ((a, b) == (c, d))


def test_a_class_is_looked_up_by_its_method_resolution_order():
    registry = point_registry()
    # A subclass without a hasher of its own takes its base's.
    assert content_id(Point3(1, -2, 9), registry=registry) == content_id({"x": 1, "y": -2})
    registry.register(Point3, lambda p: [p.x, p.y, p.z])
    assert content_id(Point3(1, -2, 9), registry=registry) == content_id([1, -2, 9])
    assert registry.hasher_for(bool) is None
    # A subclass of a built-in type may be registered; without a hasher it stays its base value.
    Pair = namedtuple("Pair", "a b")
    assert content_id(Pair(1, 2), registry=registry) == content_id([1, 2])
    registry.register(Pair, lambda p: {"a": p.a, "b": p.b})
    assert content_id(Pair(1, 2), registry=registry) == content_id({"a": 1, "b": 2})


def test_built_in_values_keep_their_ids_under_any_registry():
    registry = point_registry()
    values = [1, -5, 2**100, 1.5, "x", b"x", bytearray(b"x"), None, True, [1, "a"], (1,), {"a": [1]}, {1, 2}, frozenset({3})]
    for value in values:
        assert content_id(value, registry=registry) == content_id(value, registry=get_stable_registry())
        assert content_id(value, registry=registry) == content_id(value, registry=HasherRegistry())
    for builtin in (int, str, dict, list, tuple, bool, float, bytes, bytearray, set, frozenset, type(None)):
        with pytest.raises(TypeError, match="has a fixed encoding"):
            registry.register(builtin, repr)
    # Subclasses of built-ins without hashers: their base value, as before registries existed.
    class Colour(enum.IntEnum):
        RED = 1

    assert content_id(Colour.RED) == content_id(1)
    assert content_id(OrderedDict(a=1)) == content_id({"a": 1})


def test_an_unregistered_class_is_refused_or_marked_as_without_a_registry():
    with pytest.raises(TypeError, match=r"at \$\[0\]: unsupported type Point: .*HasherRegistry.register"):
        content_id([Point(1, 2)])
    with pytest.raises(TypeError, match=r"unsupported type Point"):
        content_id([Point(1, 2)], registry=HasherRegistry())
    marked = content_id([Point(1, 2)], ignore_unhashable=True)
    assert marked == content_id([object()], ignore_unhashable=True)


def test_a_hasher_that_raises_or_loops_is_an_error_not_an_id():
    registry = HasherRegistry()

    def broken(value: Point) -> object:
        raise ArithmeticError("no coordinates")

    registry.register(Point, broken)
    with pytest.raises(ArithmeticError, match="no coordinates"):
        content_id({"p": Point(1, 2)}, registry=registry)
    registry.register(Point, lambda p: Point(p.x, p.y), replace=True)
    with pytest.raises(ValueError, match=r"more than 64 registered hashers in a row at a Point"):
        content_id(Point(1, 2), registry=registry)
    registry.register(Point, lambda p: [p], replace=True)
    with pytest.raises(ValueError, match="nested too deep"):
        content_id(Point(1, 2), registry=registry)

    # A tree of registered nodes deeper than 64 is fine: containers separate the hashers.
    class Node:
        def __init__(self, child: "Node | None") -> None:
            self.child = child

    registry.register(Node, lambda node: {"child": node.child})
    tree: Node | None = None
    nested: object = None
    for _ in range(200):
        tree, nested = Node(tree), {"child": nested}
    assert content_id(tree, registry=registry) == content_id(nested)


def test_the_registry_is_checked():
    with pytest.raises(TypeError, match="^registry must be a HasherRegistry or None, not dict"):
        content_id(1, registry={})
    with pytest.raises(TypeError, match="^registry must be a HasherRegistry or None, not object"):
        identifier.generate_stable_uuid5(1, registry=object())
    registry = HasherRegistry()
    registry.register(Point, repr)
    with pytest.raises(KeyError, match="Point has a hasher already"):
        registry.register(Point, str)
    with pytest.raises(TypeError, match="cls must be a class, not int"):
        registry.register(3, str)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="hasher must be callable"):
        registry.register(Point, 3)  # type: ignore[arg-type]
    registry.unregister(Point)
    assert Point not in registry
    with pytest.raises(KeyError):
        registry.unregister(Point)


def test_the_default_registry_gives_the_ids_rust_gives_under_serde():
    # A dataclass is the map of its fields, as serde writes a struct.
    assert content_id(RustPoint(1, -2)) == golden_id("Serde(&Point { x: 1, y: -2 })")
    assert content_id(RustPoint(1, -2), registry=get_stable_registry()) == golden_id("Serde(&Point { x: 1, y: -2 })")

    @dataclasses.dataclass(frozen=True)
    class Record:
        id: int
        name: str
        tags: list
        score: float
        parent: object

    ada = Record(42, "Ada", ["math", "engine"], 0.5, None)
    assert content_id(ada) == golden_id(
        'Serde(&Record { id: 42, name: "Ada", tags: vec!["math", "engine"], score: 0.5, parent: None })'
    )
    # A uuid.UUID is its hyphenated text, as serde writes uuid::Uuid.
    value = uuid.UUID("01907e5a-c0de-7abc-8123-456789abcdef")
    assert content_id(value) == golden_id("Serde(&uuid::Uuid::from_u128(0x01907e5a_c0de_7abc_8123_456789abcdef))")
    # A user's registry starts empty: no dataclass or UUID entry unless asked for.
    with pytest.raises(TypeError, match="unsupported type UUID"):
        content_id(value, registry=HasherRegistry())
    assert content_id(RustPoint(1, -2), registry=HasherRegistry(dataclasses=True)) == content_id({"x": 1, "y": -2})


def test_the_types_left_to_the_caller_are_refused_by_default_and_registrable():
    for value in (datetime(2026, 1, 1, tzinfo=timezone.utc), Decimal("1.0"), enum.Enum("E", "A").A):
        with pytest.raises(TypeError, match="unsupported type"):
            content_id(value)
    registry = get_stable_registry().copy()
    registry.register(Decimal, str)
    assert content_id(Decimal("1.00"), registry=registry) == content_id("1.00")
    assert content_id(Decimal("1.0"), registry=registry) != content_id(Decimal("1.00"), registry=registry)
    # copy() left the process's registry as it was.
    with pytest.raises(TypeError, match="unsupported type Decimal"):
        content_id(Decimal("1"))
