"""The Rust crate's documentation of its ``unsafe`` code (``src/lib.rs``, "Unsafe code") is the
code's: the blocks and ``unsafe fn``s of each file, counted in the source, are the numbers of its
table, every file with ``unsafe`` has a row, and every block has a ``SAFETY:`` argument just
above it (every ``unsafe fn`` a ``# Safety`` section)."""

from __future__ import annotations

import re

from conftest import ROOT

SRC = ROOT / "crates" / "identifier-py" / "src"


def counted() -> tuple[dict[str, tuple[int, int]], list[str]]:
    counts, missing = {}, []
    for path in sorted(SRC.rglob("*.rs")):
        name = path.relative_to(SRC).as_posix()
        lines = path.read_text(encoding="utf-8").splitlines()
        blocks = functions = 0
        for index, line in enumerate(lines):
            code = line.split("//", 1)[0]
            above = lines[max(0, index - 6) : index]
            if re.search(r"\bunsafe (extern \"C\" )?fn ", code):
                functions += 1
                if not any("/// # Safety" in line for line in above):
                    missing.append(f"{name}:{index + 1}: an unsafe fn without # Safety")
            opened = code.count("unsafe {")
            blocks += opened
            if opened and not any("// SAFETY:" in line for line in above):
                missing.append(f"{name}:{index + 1}: a block without SAFETY")
        if blocks or functions:
            counts[name] = (blocks, functions)
    return counts, missing


def documented() -> dict[str, tuple[int, int]]:
    lib = (SRC / "lib.rs").read_text(encoding="utf-8")
    table = lib.split("//! | file | `unsafe` blocks | `unsafe fn` |", 1)[1].splitlines()[2:]
    rows = {}
    for line in table:
        if not line.startswith("//! | `"):
            break
        cells = line[len("//! |") :].split(" | ")
        rows[cells[0].strip().strip("`")] = (int(cells[1]), int(cells[2]))
    return rows


def test_the_documented_unsafe_code_is_the_code_s():
    counts, _ = counted()
    assert documented() == counts


def test_every_unsafe_block_has_its_argument():
    _, missing = counted()
    assert missing == []
