"""SnowflakeIdGenerator and extract_snowflake_timestamp_ms."""

from __future__ import annotations

import pytest

import identifier
from conftest import now_ms, python_ran_during
from identifier import SnowflakeIdGenerator, extract_snowflake_timestamp_ms

EPOCH_MS = 1_704_067_200_000
MAX_MS = EPOCH_MS + 2**41 - 1


def fields(snowflake_id: int) -> tuple[int, int, int]:
    """(timestamp_ms, worker_id, sequence), by the documented layout."""
    return (EPOCH_MS + (snowflake_id >> 22), (snowflake_id >> 12) & 1023, snowflake_id & 4095)


def test_worker_id_is_required_keyword_only_and_checked():
    with pytest.raises(TypeError):
        SnowflakeIdGenerator()
    with pytest.raises(TypeError):
        SnowflakeIdGenerator(3)
    for value in (True, 3.0, "3", None):
        with pytest.raises(TypeError, match="^worker_id must be an int"):
            SnowflakeIdGenerator(worker_id=value)
    for value in (-1, 1024, 2**16, 2**64):
        with pytest.raises(ValueError, match=rf"^worker_id {value} is out of range: .* 0 to 1023"):
            SnowflakeIdGenerator(worker_id=value)
    for worker_id in (0, 1023):
        assert SnowflakeIdGenerator(worker_id=worker_id).worker_id == worker_id
    assert repr(SnowflakeIdGenerator(worker_id=7)) == "SnowflakeIdGenerator(worker_id=7)"


def test_ids_are_ints_that_increase_and_carry_the_worker_and_the_clock():
    generator = SnowflakeIdGenerator(worker_id=42)
    before = now_ms()
    ids = [generator.generate() for _ in range(20_000)]
    after = now_ms()
    assert all(type(i) is int and 0 <= i < 2**63 for i in ids)
    assert all(a < b for a, b in zip(ids, ids[1:]))
    assert all(fields(i)[1] == 42 for i in ids)
    # More than 4096 ids a millisecond borrow the next ones: never before the clock.
    assert before <= extract_snowflake_timestamp_ms(ids[0])
    assert fields(ids[0])[0] <= after
    for i in ids[:100]:
        assert extract_snowflake_timestamp_ms(i) == fields(i)[0]


def test_an_explicit_timestamp_follows_the_clock_rule():
    generator = SnowflakeIdGenerator(worker_id=1)
    t = 1_704_067_201_000
    assert generator.generate(timestamp_ms=t) == 4_194_308_096  # sequence 0
    assert fields(generator.generate(timestamp_ms=t)) == (t, 1, 1)
    assert fields(generator.generate(timestamp_ms=t - 5)) == (t, 1, 2)  # the clock went back
    for _ in range(3, 4096):
        generator.generate(timestamp_ms=t)
    assert fields(generator.generate(timestamp_ms=t)) == (t + 1, 1, 0)  # the 4097th borrows
    assert fields(SnowflakeIdGenerator(worker_id=0).generate(timestamp_ms=EPOCH_MS)) == (EPOCH_MS, 0, 0)
    assert SnowflakeIdGenerator(worker_id=1023).generate(timestamp_ms=MAX_MS) == 2**63 - 4096 + 0


def test_a_millisecond_borrowed_past_the_range_is_a_value_error_like_an_explicit_one():
    generator = SnowflakeIdGenerator(worker_id=2)
    ids = [generator.generate(timestamp_ms=MAX_MS) for _ in range(4096)]
    assert fields(ids[-1]) == (MAX_MS, 2, 4095)
    with pytest.raises(ValueError, match=rf"^timestamp_ms {MAX_MS + 1} is out of range"):
        generator.generate(timestamp_ms=MAX_MS)


def test_an_explicit_timestamp_is_checked():
    generator = SnowflakeIdGenerator(worker_id=1)
    for value in (True, 1.5, "1"):
        with pytest.raises(TypeError, match="^timestamp_ms must be an int or None"):
            generator.generate(timestamp_ms=value)
    for value in (-1, 0, EPOCH_MS - 1, MAX_MS + 1, 2**64, -(2**64)):
        with pytest.raises(ValueError, match=rf"^timestamp_ms {value} is out of range"):
            generator.generate(timestamp_ms=value)
    with pytest.raises(TypeError):
        generator.generate(EPOCH_MS)
    assert generator.generate(timestamp_ms=None) > 0


def test_extract_takes_ints_below_2_63():
    assert extract_snowflake_timestamp_ms(0) == EPOCH_MS
    assert extract_snowflake_timestamp_ms(4_194_308_098) == 1_704_067_201_000
    assert extract_snowflake_timestamp_ms(2**63 - 1) == MAX_MS
    for value in (-1, 2**63, 2**64, 2**100):
        with pytest.raises(ValueError, match=rf"^snowflake_id {value} is out of range"):
            extract_snowflake_timestamp_ms(value)
    for value in (True, "1", 1.0, None):
        with pytest.raises(TypeError, match="^snowflake_id must be an int"):
            extract_snowflake_timestamp_ms(value)


def test_a_batch_is_the_next_ids_of_the_generator():
    generator = SnowflakeIdGenerator(worker_id=9)
    assert generator.generate_ids(0) == []
    before = generator.generate()
    ids = generator.generate_ids(10_000)
    after = generator.generate()
    assert len(ids) == 10_000
    chain = [before, *ids, after]
    assert all(a < b for a, b in zip(chain, chain[1:]))
    assert all(fields(i)[1] == 9 for i in ids)
    with pytest.raises(ValueError, match="^n -1 is out of range"):
        generator.generate_ids(-1)
    with pytest.raises(TypeError, match="^n must be an int"):
        generator.generate_ids(True)


def test_a_batch_releases_the_gil():
    generator = SnowflakeIdGenerator(worker_id=9)
    # Ten batches: one batch's stretch without the GIL lasts a few ms, which a busy machine
    # may let pass without scheduling the other thread.
    assert python_ran_during(lambda: all(generator.generate_ids(2_000_000) for _ in range(10))) > 0


def test_generators_of_different_workers_never_share_an_id():
    ids = set()
    for worker_id in range(4):
        generator = SnowflakeIdGenerator(worker_id=worker_id)
        ids.update(generator.generate_ids(5_000))
    assert len(ids) == 20_000


def test_the_class_is_exported_once():
    assert identifier.SnowflakeIdGenerator is SnowflakeIdGenerator
    assert SnowflakeIdGenerator.__module__ == "identifier"
