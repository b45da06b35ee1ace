"""Speed of the package beside its Python peers, as ratios (ours / theirs; below 1 is faster).

Run in the environment of run-tests.sh (target/py-test-venv), after it has installed the wheel:

    target/py-test-venv/bin/python crates/identifier-py/bench.py [--quick] [--write BENCHMARKS.md]
        [--reference-python PYTHON3.14]

Each time is the best of several `timeit` runs (GC off), in nanoseconds per id. The floor is
what CPython needs to call a builtin that returns a new 36-character str (`bytes.hex` of 18
bytes), and, for batches, to build a list of new strs as long as the ids (`str.split`). The
exit status is 1 when a ratio misses its goal.

With `--reference-python`, the table also shows, as a reference without a goal, what
`uuid.uuid7()` of CPython 3.14's standard library (pure Python) costs in that interpreter,
measured the same way.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import platform
import shlex
import subprocess
import sys
import timeit
from dataclasses import dataclass
from importlib import metadata

import bson
import ulid as python_ulid
import uuid_utils

import identifier

BATCH = 1_000


@dataclass
class Row:
    name: str
    ours: str
    theirs: str
    ours_ns: float
    theirs_ns: float
    goal: float | None

    @property
    def ratio(self) -> float:
        return self.ours_ns / self.theirs_ns

    @property
    def met(self) -> str:
        if self.goal is None:
            return "-"
        return "yes" if self.ratio <= self.goal else "**no**"


def best_ns(statement: str, per_call: int, namespace: dict, budget_s: float, repeat: int) -> float:
    """The best time of `statement`, in ns per id (`per_call` ids a call)."""
    timer = timeit.Timer(statement, globals=namespace)
    number, elapsed = 1, 0.0
    while elapsed < budget_s / 10:  # calibrate: about a tenth of the budget per run
        number *= 2
        elapsed = timer.timeit(number)
    runs = timer.repeat(repeat=repeat, number=number)
    return min(runs) / number / per_call * 1e9


def settings(quick: bool) -> tuple[float, int, int]:
    """The time budget of a measurement (s), its repeats, and the rounds over all statements."""
    return (0.3, 3, 1) if quick else (0.5, 3, 4)


def measure(quick: bool) -> tuple[list[Row], dict[str, float]]:
    snowflakes = identifier.SnowflakeIdGenerator(worker_id=1)
    namespace = {
        "identifier": identifier,
        "generate_uuid7": identifier.generate_uuid7,
        "generate_ulid": identifier.generate_ulid,
        "generate_object_id": identifier.generate_object_id,
        "generate_uuid7s": identifier.generate_uuid7s,
        "generate_ulids": identifier.generate_ulids,
        "generate_object_ids": identifier.generate_object_ids,
        "snowflake": snowflakes.generate,
        "snowflakes": snowflakes.generate_ids,
        "uuid7": uuid_utils.uuid7,
        "ULID": python_ulid.ULID,
        "ObjectId": bson.ObjectId,
        "hex": bytes(18).hex,
        # The floors of the batches: a list of BATCH new strs as long as each format's ids.
        "uuid7_texts": " ".join(["0190b6b5-6c5e-7c3a-9f1e-3c2b1a0f9e8d"] * BATCH),
        "ulid_texts": " ".join(["01J2VBAV2Y7GX3W8D5C1K0P9QZ"] * BATCH),
        "object_id_texts": " ".join(["6657a1b2c3d4e5f601234567"] * BATCH),
        "BATCH": BATCH,
    }
    # Every statement is measured in each of several rounds, and keeps its best: a burst of
    # load on a shared machine spoils a round of one statement, not the comparison.
    budget, repeat, rounds = settings(quick)
    statements = [
        ("generate_uuid7()", 1), ("str(uuid7())", 1), ("uuid7()", 1), ("generate_ulid()", 1),
        ("str(ULID())", 1), ("generate_object_id()", 1), ("str(ObjectId())", 1),
        ("generate_uuid7s(BATCH)", BATCH), ("generate_ulids(BATCH)", BATCH),
        ("generate_object_ids(BATCH)", BATCH), ("snowflakes(BATCH)", BATCH), ("snowflake()", 1),
        ("hex()", 1), ("uuid7_texts.split()", BATCH), ("ulid_texts.split()", BATCH),
        ("object_id_texts.split()", BATCH),
    ]
    cache: dict[str, float] = {}
    for _ in range(rounds):
        for statement, per_call in statements:
            time_ns = best_ns(statement, per_call, namespace, budget, repeat)
            cache[statement] = min(time_ns, cache.get(statement, time_ns))

    def ns(statement: str) -> float:
        return cache[statement]

    rows = [
        Row("UUIDv7 str vs uuid-utils str", "generate_uuid7()", "str(uuid_utils.uuid7())",
            ns("generate_uuid7()"), ns("str(uuid7())"), 0.5),
        Row("UUIDv7 str vs uuid-utils UUID object", "generate_uuid7()", "uuid_utils.uuid7()",
            ns("generate_uuid7()"), ns("uuid7()"), 1.0),
        Row("ULID str vs python-ulid str", "generate_ulid()", "str(ulid.ULID())",
            ns("generate_ulid()"), ns("str(ULID())"), 0.05),
        Row("ObjectId str vs bson str", "generate_object_id()", "str(bson.ObjectId())",
            ns("generate_object_id()"), ns("str(ObjectId())"), 0.3),
        # A batch of strs is held to the floor of a list of new strs (a str costs more than a
        # third of a single call, so 0.3x the single call is out of reach); a batch of ints
        # to 0.3x its single call.
        Row("UUIDv7 batch, per id, vs the floor", f"generate_uuid7s({BATCH})",
            f"str.split() of {BATCH} UUIDs", ns("generate_uuid7s(BATCH)"),
            ns("uuid7_texts.split()"), 1.0),
        Row("ULID batch, per id, vs the floor", f"generate_ulids({BATCH})",
            f"str.split() of {BATCH} ULIDs", ns("generate_ulids(BATCH)"),
            ns("ulid_texts.split()"), 1.0),
        Row("ObjectId batch, per id, vs the floor", f"generate_object_ids({BATCH})",
            f"str.split() of {BATCH} ObjectIds", ns("generate_object_ids(BATCH)"),
            ns("object_id_texts.split()"), 1.0),
        Row("Snowflake batch, per id, vs single", f"SnowflakeIdGenerator.generate_ids({BATCH})",
            "SnowflakeIdGenerator.generate()", ns("snowflakes(BATCH)"), ns("snowflake()"), 0.3),
        Row("UUIDv7 str vs the floor", "generate_uuid7()", "bytes(18).hex()",
            ns("generate_uuid7()"), ns("hex()"), None),
    ]
    return rows, cache


def reference_ns(python: str, quick: bool) -> tuple[str, dict[str, float]]:
    """The version of the interpreter `python` (a command), and the best times of its standard
    library's `uuid.uuid7()` and `str(uuid.uuid7())` there, measured by this script's own
    `best_ns` (its source is sent to the interpreter)."""
    budget, repeat, rounds = settings(quick)
    script = "\n".join([
        "import json, platform, timeit, uuid",
        inspect.getsource(best_ns),
        "statements = ['uuid.uuid7()', 'str(uuid.uuid7())']",
        f"times = {{s: min(best_ns(s, 1, {{'uuid': uuid}}, {budget}, {repeat}) for _ in range({rounds})) for s in statements}}",
        "print(json.dumps({'version': platform.python_version(), 'times': times}))",
    ])
    done = subprocess.run([*shlex.split(python), "-c", script], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"--reference-python {python}: exit {done.returncode}: {done.stderr.strip()}")
    answer = json.loads(done.stdout)
    return answer["version"], answer["times"]


def reference_rows(version: str, times: dict[str, float], cache: dict[str, float]) -> list[Row]:
    ours = cache["generate_uuid7()"]
    return [
        Row(f"UUIDv7 str vs CPython {version}'s uuid str (reference)", "generate_uuid7()",
            "str(uuid.uuid7())", ours, times["str(uuid.uuid7())"], None),
        Row(f"UUIDv7 str vs CPython {version}'s uuid.UUID (reference)", "generate_uuid7()",
            "uuid.uuid7()", ours, times["uuid.uuid7()"], None),
    ]


def table(rows: list[Row]) -> str:
    lines = [
        "| comparison | ours | theirs | ours (ns/id) | theirs (ns/id) | ratio | goal | met |",
        "|---|---|---|---:|---:|---:|---:|---|",
    ]
    for row in rows:
        goal = f"≤ {row.goal:.2f}×" if row.goal is not None else "-"
        lines.append(
            f"| {row.name} | `{row.ours}` | `{row.theirs}` | {row.ours_ns:.1f} | {row.theirs_ns:.1f} "
            f"| {row.ratio:.3f}× | {goal} | {row.met} |"
        )
    return "\n".join(lines)


def versions() -> str:
    names = ["identifier", "uuid-utils", "python-ulid", "pymongo"]
    found = []
    for name in names:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name} (not installed)")
    return ", ".join(found)


def notes(cache: dict[str, float], quick: bool) -> str:
    budget, repeat, rounds = settings(quick)
    single, floor = cache["generate_uuid7()"], cache["hex()"]
    batch, split = cache["generate_uuid7s(BATCH)"], cache["uuid7_texts.split()"]
    return f"""\
Notes:

- **The floor of a single call.** `bytes(18).hex()` is a builtin that returns a new
  36-character `str`: a call and a `str`, nothing else ({floor:.1f} ns). `generate_uuid7()`
  is {single - floor:.1f} ns above it: reading the clock (`clock_gettime`), the sequence's lock and
  fork check, and writing 36 characters.
- **The floor of a batch.** `str.split()` of {BATCH} UUIDs builds a list of {BATCH} new
  36-character `str`s in C: {split:.1f} ns a `str`. `generate_uuid7s({BATCH})` takes {batch:.1f} ns an id,
  {batch / split:.2f}× that: generating the ids (with the GIL released) costs little, and allocating
  one `str` an id is what a `list[str]` costs. So the batches of `str`s are held to at most
  the floor of their length: 0.3× the single call per id would need a `str` in about
  {0.3 * single:.0f} ns, below what CPython's own `str.split` needs. The Snowflake batch, whose
  ids are `int`s, is held to 0.3× its single call.
- **The single calls skip PyO3's call path.** Without arguments, `generate_uuid7()`,
  `generate_ulid()` and `generate_object_id()` are builtins of their own (`src/fastcall.rs`).
  Through PyO3's function alone, which CPython also calls with `METH_FASTCALL`, they took
  78.4, 75.6 and 76.0 ns against 66.2, 61.5 and 61.4 ns (+19 %, +23 %, +24 %): the medians
  of 16 runs of this script's measurement on each build, alternated, with CPython 3.11.7 on 2
  x86_64 cores. Their best runs differ as much (72.6, 71.1, 69.3 against 59.5, 58.7, 57.0 ns),
  while the best runs of the statements the two builds share differ by 3 % at most. PyO3's
  trampoline and keyword parser are the difference.
- Each time is the best of {repeat * rounds} runs of about {budget / 10:.2f} s (`timeit`, GC off), taken in {rounds} round{'s' if rounds > 1 else ''}
  over all the statements, on a machine shared with other work: ratios move by a few
  hundredths from run to run.
"""


HEADING = "## In Python"


def with_section(text: str, section: str) -> str:
    """`text` with its "## In Python" section (up to the next "## " heading) replaced by
    `section`, or with `section` appended: the rest of BENCHMARKS.md is other commands'."""
    start = text.find(HEADING)
    if start < 0:
        return text.rstrip("\n") + "\n\n" + section.rstrip("\n") + "\n"
    end = text.find("\n## ", start + len(HEADING))
    if end < 0:
        return text[:start] + section.rstrip("\n") + "\n"
    return text[:start] + section.rstrip("\n") + "\n\n" + text[end + 1 :]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter runs (noisier)")
    parser.add_argument(
        "--write",
        metavar="FILE",
        help='also write the report into FILE (BENCHMARKS.md) as its "## In Python" section',
    )
    parser.add_argument(
        "--reference-python",
        metavar="PYTHON",
        help="a CPython 3.14 or later (a command) whose uuid.uuid7() to show as a reference",
    )
    args = parser.parse_args()
    rows, cache = measure(args.quick)
    reference = ""
    if args.reference_python:
        version, times = reference_ns(args.reference_python, args.quick)
        rows += reference_rows(version, times, cache)
        reference = (
            f" The reference rows time CPython {version}'s own `uuid.uuid7()`, pure Python in"
            f" its standard library, in that interpreter (`--reference-python`): a different"
            f" interpreter from ours, so they show the order of magnitude, not a goal."
        )
    command = "target/py-test-venv/bin/python crates/identifier-py/bench.py" + (" --quick" if args.quick else "")
    if args.reference_python:
        command += " --reference-python python3.14"
    report = "\n".join(
        [
            HEADING,
            "",
            f"`{command}`, after `bash crates/identifier-py/run-tests.sh` installed the wheel: "
            f"CPython {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
            f"{versions()}. Times in ns per id; the ratio is ours / theirs (below 1: ours is faster)."
            + reference,
            "",
            table(rows),
            "",
            notes(cache, args.quick),
        ]
    )
    print(report)
    if args.write:
        with open(args.write, encoding="utf-8") as file:
            old = file.read()
        with open(args.write, "w", encoding="utf-8") as file:
            file.write(with_section(old, report))
    return 0 if all(row.met != "**no**" for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
