"""Shared helpers: the golden vectors of the workspace and the independent implementations."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = ROOT / "golden"


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
