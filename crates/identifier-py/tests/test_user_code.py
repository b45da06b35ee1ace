"""No code of the caller's runs while the package reads a value or an argument: not the methods
of a subclass (of int, float, str, bytes, bytearray, list, tuple, dict, set, frozenset or
uuid.UUID), not a metaclass, not a key's __hash__ or __eq__. A subclass is read as the value of
its base type; a container that changes while it is hashed is a RuntimeError; no Rust panic
reaches Python."""

from __future__ import annotations

import contextlib
import gc
import sys
import uuid

import pytest

import identifier
from identifier import generate_stable_content_id as content_id
from identifier import generate_stable_uuid5 as content_uuid5
from test_content import expected_id

# The call logs of the armed checks: a hook records its call while one is armed, and behaves
# as its base type's method otherwise (so that the test can build and compare values).
ARMED: list[list[str]] = []


@contextlib.contextmanager
def armed():
    """Records the hooks that run inside the block; none may run."""
    calls: list[str] = []
    ARMED.append(calls)
    try:
        yield calls
    finally:
        ARMED.pop()
    assert calls == [], f"the package ran the caller's code: {calls}"


METHODS = """
    __getattribute__ __repr__ __str__ __format__ __hash__ __eq__ __ne__ __lt__ __le__ __gt__
    __ge__ __bool__ __len__ __iter__ __reversed__ __getitem__ __contains__ __index__ __int__
    __float__ __abs__ __neg__ __pos__ __invert__ __trunc__ __round__ __add__ __sub__ __mul__
    __floordiv__ __truediv__ __mod__ __divmod__ __pow__ __rshift__ __lshift__ __and__ __or__
    __xor__ __bytes__ bit_length to_bytes as_integer_ratio hex is_integer encode decode keys
    values items get copy index count union issubset
""".split()


def hostile(base: type, decoy, answer: str = "decoy") -> type:
    """A subclass of `base` whose methods, while a check is armed, record their call and then
    answer for `decoy` instead of the value (`answer="decoy"`) or raise (`answer="raise"`)."""

    def hook(name):
        method = getattr(base, name)

        def call(self, *args, **kwargs):
            if not ARMED:
                return method(self, *args, **kwargs)
            ARMED[-1].append(f"{base.__name__}.{name}")
            if answer == "raise":
                raise LookupError(f"{name} of a subclass ran")
            return method(decoy, *args, **kwargs)

        return call

    methods = {name: hook(name) for name in METHODS if getattr(base, name, None) is not None}
    return type(f"Hostile{base.__name__.title()}", (base,), methods)


class Meta(type):
    """A metaclass whose `__name__` and attribute lookups record their call."""

    @property
    def __name__(cls):
        if ARMED:
            ARMED[-1].append("Meta.__name__")
        return "Decoy"

    def __getattribute__(cls, name):
        if ARMED:
            ARMED[-1].append(f"Meta.__getattribute__({name})")
        return super().__getattribute__(name)


class Odd(metaclass=Meta):
    pass


def plain(value):
    """`value` with every subclass instance replaced by its base type's value (hooks unarmed)."""
    for base in (bool, int, float, str, bytes, bytearray):
        if isinstance(value, base):
            return base(value)
    if isinstance(value, (list, tuple)):
        return type(value).__mro__[-2](plain(item) for item in value)
    if isinstance(value, dict):
        return {plain(key): plain(item) for key, item in value.items()}
    if isinstance(value, (set, frozenset)):
        return frozenset(plain(element) for element in value)
    return value


INTS = [0, 5, -5, 2**63, -(2**63) - 1, 2**64 + 5, -(2**64 + 5), 2**127, -(2**127), 2**128 - 1]


@pytest.mark.parametrize("answer", ["decoy", "raise"])
@pytest.mark.parametrize("value", INTS, ids=hex)
def test_an_int_subclass_is_hashed_as_its_int_value(value, answer):
    # Which int is hashed is not for the subclass's `>>`, `bit_length` or `__index__` to say.
    number = hostile(int, 6 if value == 5 else 5, answer)(value)
    nested = [number, {"k": number, number: 1}, {number}]
    with armed():
        assert content_id(number) == expected_id(value)
        assert content_id(nested) == expected_id([value, {"k": value, value: 1}, {value}])


@pytest.mark.parametrize("answer", ["decoy", "raise"])
def test_an_int_subclass_out_of_range_is_named_by_its_own_sign_and_bits(answer):
    for value, bound in ((2**128, "2\\*\\*128"), (-(2**127) - 1, "-2\\*\\*127"), (-(2**300), "-2\\*\\*127")):
        number = hostile(int, 5, answer)(value)
        bits = value.bit_length()
        with armed(), pytest.raises(ValueError, match=rf"at \$\[0\]: int {bound} or beyond .*\(an int of {bits} bits\)$"):
            content_id([number])
    # 71 bits are in range, whatever the subclass's methods say.
    with armed():
        assert content_id(hostile(int, 5, answer)(2**70)) == expected_id(2**70)


@pytest.mark.parametrize("answer", ["decoy", "raise"])
def test_no_method_of_a_subclass_or_a_metaclass_runs_during_hashing(answer):
    number = hostile(int, 5, answer)
    text = hostile(str, "decoy", answer)
    value = {
        text("name"): [number(2**100), hostile(float, 2.5, answer)(1.25), text("héllo")],
        number(7): hostile(bytes, b"decoy", answer)(b"raw"),
        hostile(tuple, ("decoy",), answer)((1, text("t"))): hostile(bytearray, bytearray(b"decoy"), answer)(b"ba"),
        hostile(frozenset, frozenset({"decoy"}), answer)({1, text("f")}): hostile(list, ["decoy"], answer)([1, 2]),
        "inner": hostile(dict, {"decoy": 1}, answer)({text("k"): hostile(set, {"decoy"}, answer)({number(3)})}),
    }
    expected = expected_id(plain(value))
    expected_uuid5 = content_uuid5(plain(value))
    unsupported = {text("name"): [1, Odd()]}
    marked = content_id([object(), 2**200], ignore_unhashable=True)
    parts = [Odd(), number(2**200)]
    with armed():
        assert content_id(value) == expected
        assert content_id(value, ignore_unhashable=True) == expected
        assert content_uuid5(value) == expected_uuid5
        # The path of an error shows the key as it is, and the type by its own name.
        with pytest.raises(TypeError, match=r"at \$\.name\[1\]: unsupported type Odd"):
            content_id(unsupported)
        assert content_id(parts, ignore_unhashable=True) == marked


@pytest.mark.parametrize("answer", ["decoy", "raise"])
def test_an_int_subclass_argument_is_read_as_its_int_value(answer):
    number = hostile(int, 5, answer)
    epoch_ms = 1_704_067_200_000
    with armed():
        for fmt, timestamp in (("ulid", "ms"), ("uuid7", "ms"), ("object_id", "s")):
            at = getattr(identifier, f"generate_{fmt}")(**{f"timestamp_{timestamp}": number(1_700_000_000)})
            assert getattr(identifier, f"extract_{fmt}_timestamp_{timestamp}")(at) == 1_700_000_000
            assert len(getattr(identifier, f"generate_{fmt}s")(number(3))) == 3
            with pytest.raises(ValueError, match=rf"^timestamp_{timestamp} -1 is out of range"):
                getattr(identifier, f"generate_{fmt}")(**{f"timestamp_{timestamp}": number(-1)})
            with pytest.raises(ValueError, match=r"^n -2 is out of range"):
                getattr(identifier, f"generate_{fmt}s")(number(-2))
        generator = identifier.SnowflakeIdGenerator(worker_id=number(7))
        assert generator.worker_id == 7
        snowflake = generator.generate(timestamp_ms=number(epoch_ms + 9))
        assert identifier.extract_snowflake_timestamp_ms(number(snowflake)) == epoch_ms + 9
        with pytest.raises(ValueError, match=r"^worker_id 1024 is out of range"):
            identifier.SnowflakeIdGenerator(worker_id=number(1024))
        with pytest.raises(ValueError, match=r"^snowflake_id -3 is out of range"):
            identifier.extract_snowflake_timestamp_ms(number(-3))
        code = identifier.generate_checksummed_id(length=number(5), group_size=number(0))
        assert len(code) == 6 and identifier.verify_checksummed_id(code)
        assert len(content_id(1, length=number(16))) == 16
        with pytest.raises(ValueError, match=r"^length 3 is odd"):
            content_id(1, length=number(3))


def test_a_str_or_a_type_in_an_error_is_shown_as_it_is():
    text = hostile(str, "decoy")
    with armed():
        with pytest.raises(ValueError, match=r"^sep must be one character, not 'ab' \(2 characters\)"):
            identifier.generate_checksummed_id(sep=text("ab"))
        with pytest.raises(ValueError, match=r"^ulid 'bad' is not valid"):
            identifier.extract_ulid_timestamp_ms(text("bad"))
        assert identifier.verify_checksummed_id(text(identifier.generate_checksummed_id(sep=text("_"))), sep=text("_"))
        with pytest.raises(TypeError, match=r"^timestamp_ms must be an int or None, not Odd$"):
            identifier.generate_ulid(timestamp_ms=Odd())
        with pytest.raises(TypeError, match=r"^registry must be a HasherRegistry or None, not Odd"):
            content_id(1, registry=Odd())


def test_a_uuid_subclass_namespace_is_read_as_its_value():
    class Forged(uuid.UUID):
        def __getattribute__(self, name):
            if ARMED:
                ARMED[-1].append(f"Forged.__getattribute__({name})")
            return uuid.NAMESPACE_DNS.bytes if name == "bytes" else super().__getattribute__(name)

    namespace = Forged("0b7bfbcb-7bd2-4a5c-9c9e-2c1e1f0b3a4d")
    expected = str(uuid.uuid5(uuid.UUID(int=namespace.int), content_id([1], length=128)))
    with armed():
        assert content_uuid5([1], namespace=namespace) == expected


HUGE = 10**5000  # past the 4300 digits that str() prints


def test_an_int_past_the_digits_of_str_is_named_by_its_bits():
    bits = HUGE.bit_length()
    positive, negative = rf"\(an int of {bits} bits\)", rf"\(a negative int of {bits} bits\)"
    calls = [
        (lambda v: identifier.generate_ulid(timestamp_ms=v), "timestamp_ms"),
        (lambda v: identifier.generate_object_id(timestamp_s=v), "timestamp_s"),
        (lambda v: identifier.SnowflakeIdGenerator(worker_id=v), "worker_id"),
        (lambda v: identifier.SnowflakeIdGenerator(worker_id=1).generate(timestamp_ms=v), "timestamp_ms"),
        (identifier.extract_snowflake_timestamp_ms, "snowflake_id"),
        (lambda v: identifier.generate_checksummed_id(length=v), "length"),
        (lambda v: content_id(1, length=v), "length"),
    ]
    for call, name in calls:
        for value, shown in ((HUGE, positive), (-HUGE, negative)):
            with pytest.raises(ValueError, match=rf"^{name} {shown} is out of range: "):
                call(value)
    with pytest.raises(ValueError, match=rf"^group_size {negative} is out of range: "):
        identifier.generate_checksummed_id(group_size=-HUGE)
    # A negative count is out of range, not too many ids for memory.
    with pytest.raises(ValueError, match=rf"^n {negative} is out of range: a count of ids is 0 or more$"):
        identifier.generate_ulids(-HUGE)
    with pytest.raises(MemoryError, match=rf"^n {positive}: that many ids do not fit in memory$"):
        identifier.generate_ulids(HUGE)
    with pytest.raises(ValueError, match=rf"at \$\[0\]: int -2\*\*127 or beyond .*\(an int of {bits} bits\)$"):
        content_id([-HUGE])


def no_panic(call):
    """`call()`, failing the test if it raises anything but an `Exception` (a Rust panic is a
    `BaseException`, which `except Exception` misses)."""
    try:
        return call()
    except Exception:
        raise
    except BaseException as error:
        pytest.fail(f"{type(error).__name__} escaped: {error}")


@pytest.mark.parametrize("ignore", [False, True])
@pytest.mark.parametrize("kind", ["dict", "set"])
def test_hooks_that_change_the_container_are_not_called(kind, ignore):
    # Each hook adds to the container being hashed: `>>` of an int past 64 bits, `bit_length`
    # and `<` of one out of range, and a metaclass's `__name__`.
    container: dict | set = {} if kind == "dict" else set()

    def grow():
        if kind == "dict":
            container[f"added {len(container)}"] = 1
        else:
            container.add(f"added {len(container)}")

    class Growing(int):
        def __rshift__(self, other):
            grow()
            return int.__rshift__(self, other)

        def bit_length(self):
            grow()
            return int.bit_length(self)

        def __lt__(self, other):
            grow()
            return int.__lt__(self, other)

    class GrowingMeta(type):
        @property
        def __name__(cls):
            grow()
            return "Growing"

    class Unsupported(metaclass=GrowingMeta):
        pass

    parts = [Growing(2**64 + 5), 1] + ([Growing(2**200), Unsupported()] if ignore else [])
    if kind == "dict":
        container.update({f"k{index}": part for index, part in enumerate(parts)})
    else:
        container.update(parts)
    length = len(container)
    result = no_panic(lambda: content_id(container, ignore_unhashable=ignore))
    assert len(container) == length

    # The same container of plain values, with an `object()` for the unsupported part.
    def stand_in(part):
        return object() if isinstance(part, Unsupported) else plain(part)

    if kind == "dict":
        same = {f"k{index}": stand_in(part) for index, part in enumerate(parts)}
    else:
        same = {stand_in(part) for part in parts}
    assert result == (content_id(same, ignore_unhashable=True) if ignore else expected_id(same))


class Node:
    """An object the collector tracks, allocated one by one."""


@pytest.mark.skipif(
    sys.version_info >= (3, 12),
    reason="from 3.12 the collector runs between bytecodes only, never inside a call of the package",
)
@pytest.mark.parametrize("ignore", [False, True])
@pytest.mark.parametrize("kind", ["dict", "set"])
def test_a_container_changed_during_hashing_is_a_runtime_error(kind, ignore):
    # Before 3.12 the collector runs (with its callbacks and the finalizers it calls) inside
    # the allocation that crosses its threshold: here, the first set iterator of the walk,
    # once the count of tracked objects is brought to the threshold.
    values = [frozenset({index}) for index in range(100)]
    container = {f"k{index}": value for index, value in enumerate(values)} if kind == "dict" else set(values)
    original = plain(container)
    state = {"armed": False, "changed": False}

    def change(phase, info):
        if state["armed"] and not state["changed"] and phase == "start":
            state["changed"] = True
            if kind == "dict":
                container["added"] = 1
            else:
                container.add("added")

    threshold = gc.get_threshold()
    gc.callbacks.append(change)
    kept = []
    try:
        gc.set_threshold(1000)
        with pytest.raises(RuntimeError) as raised:
            gc.collect()
            # A first call refills the free lists that the collection emptied, so that the
            # second allocates no tracked object (its arguments) before the walk.
            content_id(container, ignore_unhashable=ignore)
            while gc.get_count()[0] < 1000:
                kept.append(Node())
            state["armed"] = True
            # Called directly: a lambda here would be a tracked allocation before the walk.
            content_id(container, ignore_unhashable=ignore)
    finally:
        state["armed"] = False
        gc.callbacks.remove(change)
        gc.set_threshold(*threshold)
    assert state["changed"]
    assert str(raised.value) == f"{'dictionary' if kind == 'dict' else 'set'} changed size during hashing"
    # Nothing is left behind: the next call hashes the container as it is now.
    changed = dict(original, added=1) if kind == "dict" else original | {"added"}
    assert content_id(container, ignore_unhashable=ignore) == expected_id(changed)
