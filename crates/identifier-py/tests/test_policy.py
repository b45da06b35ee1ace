"""The generation policy from Python: the text `identifier <format> --policy` prints."""

from __future__ import annotations

import subprocess

import pytest

import identifier
from conftest import identifier_cli

FORMATS = ["ulid", "uuid7", "objectid", "snowflake"]


def cli_policy(fmt: str) -> str:
    done = subprocess.run(
        [str(identifier_cli()), fmt, "--policy"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.parametrize("fmt", FORMATS)
def test_the_policy_is_the_text_the_command_prints(fmt):
    # Both read "fork detection" as chosen in their own process: compare what comes before it.
    ours, theirs = identifier.generation_policy(fmt), cli_policy(fmt)
    assert ours.split("; fork detection")[0] == theirs.split("; fork detection")[0]
    assert "; fork detection: " in ours
    assert fmt.replace("objectid", "ObjectId").lower() in ours.lower()


def test_the_policy_names_the_layout_and_the_crate_version():
    assert identifier.generation_policy("ulid").startswith("ULID layout 1 (48-bit Unix milliseconds")
    assert "tick-ulid " in identifier.generation_policy("ulid")
    assert "12-bit sequence" in identifier.generation_policy("snowflake")


def test_a_snowflake_generator_has_its_policy():
    generator = identifier.SnowflakeIdGenerator(worker_id=4)
    assert generator.policy == identifier.generation_policy("snowflake")


def test_the_format_is_checked():
    with pytest.raises(ValueError, match=r'^format "ksuid" is not a format with a generator: expected "ulid", "uuid7", "objectid" or "snowflake"$'):
        identifier.generation_policy("ksuid")
    with pytest.raises(TypeError, match="^format must be a str"):
        identifier.generation_policy(7)  # type: ignore[arg-type]
