"""Shared helpers: the golden vectors of the workspace, the independent implementations, and the
time-ordered formats as the tests reach them."""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest
from hypothesis.configuration import set_hypothesis_home_dir

import identifier

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = ROOT / "golden"

# Hypothesis keeps its caches (Unicode tables) with the build, out of the sources.
set_hypothesis_home_dir(ROOT / "target" / "hypothesis")


def golden(name: str) -> dict[str, Any]:
    """The golden vectors `golden/<name>.json` of the workspace; a failure if missing."""
    path = GOLDEN / f"{name}.json"
    if not path.is_file():
        pytest.fail(f"the golden vectors {path} are missing: run the tests from a checkout")
    with path.open(encoding="utf-8") as file:
        return json.load(file)


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def identifier_cli() -> Path:
    """The `identifier` command of this checkout (run-tests.sh builds it and sets
    IDENTIFIER_CLI); a failure if it cannot be found."""
    candidates = [os.environ.get("IDENTIFIER_CLI", "")]
    candidates += [str(ROOT / "target" / kind / "identifier") for kind in ("debug", "release")]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return Path(candidate)
    pytest.fail(
        "the identifier command is not built: run crates/identifier-py/run-tests.sh, or "
        "`cargo build -p identifier-cli` and set IDENTIFIER_CLI to target/debug/identifier"
    )


def python_ran_during(call) -> int:
    """How many times another thread ran Python code while `call()` ran in this one: more than
    0 only if `call` released the GIL. Forced switches between threads are put off (a 30 s
    switch interval), so the other thread runs only when this one lets go of the GIL."""
    import sys
    import threading

    counter, stop, ready = [0], threading.Event(), threading.Event()

    def spin():
        ready.set()
        while not stop.is_set():
            counter[0] += 1
            time.sleep(0)  # lets go of the GIL, then waits for it

    interval = sys.getswitchinterval()
    sys.setswitchinterval(30)
    try:
        thread = threading.Thread(target=spin, daemon=True)
        thread.start()
        ready.wait()
        time.sleep(0.01)
        before = counter[0]
        call()
        after = counter[0]
        stop.set()
        thread.join()
    finally:
        sys.setswitchinterval(interval)
    return after - before


# ULID, UUIDv7 and ObjectId, the time-ordered formats, as the tests reach them.


@dataclass(frozen=True)
class Format:
    generate: Callable[..., str]
    batch: Callable[[int], list]
    extract: Callable[[str], int]
    timestamp: str  # the keyword of the explicit timestamp
    text_param: str  # the parameter of the extractor
    pattern: re.Pattern
    max_timestamp: int
    unit_ns: int

    def now(self) -> int:
        return time.time_ns() // self.unit_ns

    def earliest_now(self) -> int:
        """The clock as an id made now may carry it: ObjectIds read the coarse clock, which
        may lag the exact one by its resolution (under 10 ms)."""
        return (time.time_ns() - 10_000_000) // self.unit_ns

    def at(self, timestamp) -> str:
        return self.generate(**{self.timestamp: timestamp})


UNIT_NS = {"ms": 1_000_000, "s": 1_000_000_000}


def time_ordered(text_param: str, unit: str, bits: int, pattern: str) -> Format:
    """The format whose functions are generate_<text_param>(s) and
    extract_<text_param>_timestamp_<unit>, as the API names all three."""
    return Format(
        getattr(identifier, f"generate_{text_param}"),
        getattr(identifier, f"generate_{text_param}s"),
        getattr(identifier, f"extract_{text_param}_timestamp_{unit}"),
        f"timestamp_{unit}",
        text_param,
        re.compile(pattern),
        2**bits - 1,
        UNIT_NS[unit],
    )


ULID = time_ordered("ulid", "ms", 48, r"[0-7][0-9A-HJKMNP-TV-Z]{25}")
UUID7 = time_ordered(
    "uuid7", "ms", 48, r"[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"
)
OBJECT_ID = time_ordered("object_id", "s", 32, r"[0-9a-f]{24}")
