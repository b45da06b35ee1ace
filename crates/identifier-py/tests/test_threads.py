"""8 threads x 100,000 ids of each time-ordered format: no duplicate, increasing in each
thread; and batches interleaved with single ids."""

from __future__ import annotations

import threading

import pytest

import identifier

THREADS = 8
PER_THREAD = 100_000

SNOWFLAKES = identifier.SnowflakeIdGenerator(worker_id=77)
SINGLE = {
    "ulid": identifier.generate_ulid,
    "uuid7": identifier.generate_uuid7,
    "objectid": identifier.generate_object_id,
    "snowflake": SNOWFLAKES.generate,
}
BATCH = {
    "ulid": identifier.generate_ulids,
    "uuid7": identifier.generate_uuid7s,
    "objectid": identifier.generate_object_ids,
    "snowflake": SNOWFLAKES.generate_ids,
}


def run_threads(work) -> list[list]:
    """`work()` in THREADS threads started together; the lists they return."""
    barrier = threading.Barrier(THREADS)
    results: list[list] = [[] for _ in range(THREADS)]
    errors: list[BaseException] = []

    def run(index: int):
        try:
            barrier.wait()
            results[index] = work()
        except BaseException as error:  # reported by the test
            errors.append(error)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=240)
        assert not thread.is_alive(), "a generating thread did not finish in 240 s"
    assert not errors, errors
    return results


def check(results: list[list], total: int):
    for ids in results:
        assert all(a < b for a, b in zip(ids, ids[1:])), "ids of one thread did not increase"
    everything = [i for ids in results for i in ids]
    assert len(everything) == total
    assert len(set(everything)) == total, "two threads got the same id"


@pytest.mark.parametrize("name", SINGLE)
def test_threads_get_unique_increasing_ids(name):
    generate = SINGLE[name]
    results = run_threads(lambda: [generate() for _ in range(PER_THREAD)])
    check(results, THREADS * PER_THREAD)


@pytest.mark.parametrize("name", SINGLE)
def test_threads_mixing_batches_and_single_ids(name):
    generate, batch = SINGLE[name], BATCH[name]

    def work():
        ids = []
        for round in range(50):
            ids.extend(batch(1 + 997 * (round % 3)))
            ids.append(generate())
        return ids

    results = run_threads(work)
    check(results, sum(len(ids) for ids in results))
    assert sum(len(ids) for ids in results) == THREADS * (50 + sum(1 + 997 * (r % 3) for r in range(50)))
