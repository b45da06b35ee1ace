"""The hashers of the content ids: how a value of a class of the caller's gets an id.

    from dataclasses import dataclass
    from identifier import HasherRegistry, generate_stable_content_id, get_stable_registry

    class Point:
        def __init__(self, x: int, y: int) -> None:
            self.x, self.y = x, y

    registry = get_stable_registry().copy()
    registry.register(Point, lambda p: {"x": p.x, "y": p.y})
    generate_stable_content_id([Point(1, -2)], registry=registry)

A hasher returns a value the encoding already has (a dict, list, str, int, ...; or a value of
another registered class), and the value is hashed as that value: two values of a class share
an id exactly when their hashers return equal values, and a value hashes as what its hasher
returns (``Point(1, -2)`` above has the id of ``{"x": 1, "y": -2}``, which is also the id of a
Rust ``struct Point { x: i64, y: i64 }`` hashed with serde).

The built-in types (``dict``, ``list``, ``tuple``, ``str``, ``int``, ``float``, ``bool``,
``None``, ``bytes``, ``bytearray``, ``set``, ``frozenset``) are not looked up: their encoding
is fixed, so no registry changes their ids. A subclass of one (an ``IntEnum``, a named tuple)
is looked up by its method resolution order first, and without a hasher is hashed as its base
type's value, as without a registry.

``get_stable_registry()``, the registry of ``registry=None``, has hashers for the standard
types whose value has one unambiguous form, each the form serde gives the same value in Rust:

- dataclasses: the dict of their fields, by name (``dataclasses.fields``), as serde writes a
  struct, so a dataclass and the Rust struct with the same fields have one id;
- ``uuid.UUID``: its 36-character lower-case text, as serde writes ``uuid::Uuid``.

Other types a user may expect are left out on purpose, because their value has more than one
reasonable form and the choice is the caller's: ``enum.Enum`` (its name or its value; an
``IntEnum`` stays its ``int``), ``datetime`` (naive or aware, which offset, which precision:
register ``lambda d: d.isoformat()`` for aware values), ``date`` and ``time`` (likewise) and
``decimal.Decimal`` (``Decimal("1.0") == Decimal("1.00")`` but their texts differ: register
``str`` to keep the digits, or ``lambda d: d.as_tuple()``).
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

__all__ = ["HasherRegistry", "get_stable_registry"]

T = TypeVar("T")

Hasher = Callable[[Any], object]


def _dataclass_fields(value: Any) -> dict[str, object]:
    """The fields of a dataclass instance, by name: serde's map of a struct."""
    return {field.name: getattr(value, field.name) for field in dataclasses.fields(value)}


# The slot that holds a uuid.UUID's value, read past any property of a subclass.
_UUID_INT: Any = vars(uuid.UUID)["int"]


def _uuid_text(value: uuid.UUID) -> str:
    """The text of a ``uuid.UUID``, from its value (not a subclass's ``__str__``)."""
    return str(uuid.UUID(int=_UUID_INT.__get__(value, uuid.UUID)))


class HasherRegistry:
    """Maps a class to the function (its hasher) that gives the value its instances are hashed
    as, for ``generate_stable_content_id`` and ``generate_stable_uuid5``.

    A class is looked up by its method resolution order: the hasher of the nearest registered
    base applies. With ``dataclasses=True``, a dataclass without a registered hasher is hashed
    as the dict of its fields.

        registry = HasherRegistry({Path: str}, dataclasses=True)
        registry.register(Point, lambda p: (p.x, p.y))
    """

    __slots__ = ("_dataclasses", "_hashers")

    def __init__(
        self, hashers: Mapping[type, Hasher] | None = None, *, dataclasses: bool = False
    ) -> None:
        self._hashers: dict[type, Hasher] = {}
        self._dataclasses = bool(dataclasses)
        for cls, hasher in (hashers or {}).items():
            self.register(cls, hasher)

    def register(self, cls: type[T], hasher: Callable[[T], object], *, replace: bool = False) -> None:
        """Hashes the instances of ``cls`` (and of its subclasses without a hasher of their
        own) as ``hasher(value)`` returns them.

        Raises ``TypeError`` if ``cls`` is not a class, is a built-in type of the encoding, or
        ``hasher`` is not callable, and ``KeyError`` if ``cls`` has a hasher already (pass
        ``replace=True`` to change it)."""
        if not isinstance(cls, type):
            raise TypeError(f"cls must be a class, not {type(cls).__name__}")
        if cls in _BUILTINS:
            raise TypeError(
                f"{cls.__name__} has a fixed encoding: its values have the same id with or "
                "without a registry"
            )
        if not callable(hasher):
            raise TypeError(f"hasher must be callable, not {type(hasher).__name__}")
        if cls in self._hashers and not replace:
            raise KeyError(f"{cls.__qualname__} has a hasher already: pass replace=True to change it")
        self._hashers[cls] = hasher

    def unregister(self, cls: type) -> None:
        """Removes the hasher of ``cls``; raises ``KeyError`` if it has none."""
        try:
            del self._hashers[cls]
        except KeyError:
            raise KeyError(f"{getattr(cls, '__qualname__', cls)!r} has no hasher") from None

    def hasher_for(self, cls: type) -> Hasher | None:
        """The hasher of the values of ``cls``: that of the first class of its method
        resolution order that has one; or, for a dataclass with ``dataclasses=True``, the dict
        of its fields; ``None`` if there is none. The content walk applies the same rule to the
        registry's table itself, without calling this method, so that no method of a class or
        metaclass runs while a value is hashed."""
        for base in cls.__mro__:
            hasher = self._hashers.get(base)
            if hasher is not None:
                return hasher
        if self._dataclasses and dataclasses.is_dataclass(cls):
            return _dataclass_fields
        return None

    def copy(self) -> HasherRegistry:
        """A new registry with the same hashers, to extend without changing this one."""
        return HasherRegistry(self._hashers, dataclasses=self._dataclasses)

    def __contains__(self, cls: object) -> bool:
        return cls in self._hashers

    def __repr__(self) -> str:
        names = ", ".join(cls.__qualname__ for cls in self._hashers)
        return f"HasherRegistry([{names}], dataclasses={self._dataclasses})"


_BUILTINS: frozenset[type] = frozenset(
    {dict, list, tuple, str, int, float, bool, type(None), bytes, bytearray, set, frozenset}
)

_STABLE = HasherRegistry({uuid.UUID: _uuid_text}, dataclasses=True)


def get_stable_registry() -> HasherRegistry:
    """The registry of ``registry=None``: dataclasses as the dict of their fields and
    ``uuid.UUID`` as its text, as serde writes them in Rust. It is shared by the process:
    ``get_stable_registry().copy()`` gives one to extend for a call; registering into this one
    changes the ids of ``registry=None`` everywhere in the process (of values that had none)."""
    return _STABLE
