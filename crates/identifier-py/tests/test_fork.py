"""Fork: children created by os.fork and by multiprocessing's fork start method while threads
generate (singly and in batches, with the GIL released) share no id with the parent or with
each other, never hang, and a SnowflakeIdGenerator of the parent raises in them."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import sys
import threading
import time
import traceback
from contextlib import contextmanager

import pytest

import identifier



FORKED = "SnowflakeIdGenerator cannot be used in a forked process: create one with its own worker_id"
FORMATS = ("ulid", "uuid7", "objectid")
# Created at import, before any fork: its worker id belongs to this process.
SNOWFLAKES = identifier.SnowflakeIdGenerator(worker_id=5)
CHILD_TIMEOUT_S = 60


def some_ids(count: int) -> dict[str, list]:
    """`count` ids of each format, half singly and half in one batch."""
    half = count // 2
    return {
        "ulid": [identifier.generate_ulid() for _ in range(half)] + identifier.generate_ulids(half),
        "uuid7": [identifier.generate_uuid7() for _ in range(half)] + identifier.generate_uuid7s(half),
        "objectid": [identifier.generate_object_id() for _ in range(half)]
        + identifier.generate_object_ids(half),
    }


def child_work(_: object = None) -> dict:
    """What a child does: ids of each format, and the parent's Snowflake generator (which must
    raise) next to one of its own (which must work)."""
    result: dict = some_ids(2_000)
    errors = []
    for call in (
        SNOWFLAKES.generate,
        lambda: SNOWFLAKES.generate(timestamp_ms=1_800_000_000_000),
        lambda: SNOWFLAKES.generate_ids(10),
    ):
        try:
            call()
            errors.append(None)
        except RuntimeError as error:
            errors.append(str(error))
    result["snowflake_errors"] = errors
    result["own_snowflakes"] = identifier.SnowflakeIdGenerator(worker_id=6).generate_ids(100)
    result["checksummed"] = identifier.verify_checksummed_id(identifier.generate_checksummed_id())
    result["content_id"] = identifier.generate_stable_content_id({"a": [1, 2.5, None]})
    result["pid"] = os.getpid()
    return result


@contextmanager
def generating_threads(count: int = 4):
    """Threads that generate ids of every format until the block ends; yields the ids they got
    (complete once the block has ended)."""
    stop = threading.Event()
    collected: dict[str, list] = {name: [] for name in (*FORMATS, "snowflake")}
    lock = threading.Lock()

    def run(index: int):
        local: dict[str, list] = {name: [] for name in collected}
        while not stop.is_set():
            for name, ids in some_ids(200 if index % 2 else 20_000).items():
                local[name].extend(ids)
            local["snowflake"].extend(SNOWFLAKES.generate_ids(500))
            local["snowflake"].append(SNOWFLAKES.generate())
        with lock:
            for name, ids in local.items():
                collected[name].extend(ids)

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    time.sleep(0.05)
    try:
        yield collected
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=120)
            assert not thread.is_alive(), "a generating thread did not stop"


def wait_for(pid: int, timeout: float = CHILD_TIMEOUT_S) -> int:
    """The exit status of child `pid`; a failure (and the child killed) if it takes longer."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else status
        time.sleep(0.005)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    pytest.fail(f"forked child {pid} hung: no exit in {timeout} s")


def fork_child(path, work=None) -> int:
    """Forks a child that runs `work` (`child_work` by default) and writes its result to `path`
    as JSON."""
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            result = (work or child_work)()
            with open(path, "w", encoding="utf-8") as file:
                json.dump(result, file)
            code = 0
        except BaseException:
            # The parent sees only the exit status: say here what went wrong.
            traceback.print_exc()
            sys.stderr.flush()
        finally:
            os._exit(code)
    return pid


def check_child(result: dict, pid: int):
    assert result["pid"] == pid
    assert result["snowflake_errors"] == [FORKED, FORKED, FORKED]
    own = result["own_snowflakes"]
    assert all(a < b for a, b in zip(own, own[1:])) and all((i >> 12) & 1023 == 6 for i in own)
    assert result["checksummed"] is True
    assert result["content_id"] == identifier.generate_stable_content_id({"a": [1, 2.5, None]})
    for name in FORMATS:
        ids = result[name]
        assert len(ids) == 2_000
        singles = ids[:1_000]
        assert all(a < b for a, b in zip(singles, singles[1:]))


def assert_disjoint(groups: list[dict[str, list]]):
    for name in FORMATS:
        everything = [i for group in groups for i in group[name]]
        assert len(set(everything)) == len(everything), f"a {name} id was served twice across processes"


def test_os_fork_while_threads_generate(tmp_path):
    children = []
    with generating_threads() as parent_threads:
        for index in range(24):
            path = tmp_path / f"child-{index}.json"
            children.append((fork_child(path), path))
            time.sleep(0.002)
        statuses = [(pid, path, wait_for(pid)) for pid, path in children]
        after = some_ids(2_000)
    results = []
    for pid, path, status in statuses:
        assert status == 0, f"child {pid} failed (exit status {status})"
        result = json.loads(path.read_text(encoding="utf-8"))
        check_child(result, pid)
        results.append(result)
    assert all(len(parent_threads[name]) > 1_000 for name in FORMATS)
    assert_disjoint([*results, parent_threads, after])
    # The parent's generator still serves, and its ids stayed unique.
    assert SNOWFLAKES.generate() > 0
    assert len(set(parent_threads["snowflake"])) == len(parent_threads["snowflake"])


def test_a_child_forked_during_a_batch_starts_at_once(tmp_path):
    # Batches of a million ids release the GIL while the sequence's lock is taken in another
    # thread: the fork can copy the lock held. The child must not wait for it.
    stop = threading.Event()

    def batches():
        while not stop.is_set():
            identifier.generate_uuid7s(200_000)
            identifier.generate_ulids(200_000)

    threads = [threading.Thread(target=batches, daemon=True) for _ in range(3)]
    for thread in threads:
        thread.start()
    try:
        pids = []
        for index in range(40):
            path = tmp_path / f"child-{index}.json"
            pids.append((fork_child(path), path))
            time.sleep(0.003)
        for pid, path in pids:
            assert wait_for(pid, timeout=30) == 0
            check_child(json.loads(path.read_text(encoding="utf-8")), pid)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=120)


def test_the_parents_snowflake_generator_raises_in_the_child_and_nowhere_else(tmp_path):
    path = tmp_path / "child.json"
    pid = fork_child(path)
    assert wait_for(pid) == 0
    assert json.loads(path.read_text(encoding="utf-8"))["snowflake_errors"] == [FORKED] * 3
    before = SNOWFLAKES.generate()
    assert SNOWFLAKES.generate_ids(3)[0] > before


def test_a_generator_created_in_the_child_raises_in_the_grandchild_only(tmp_path):
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            os.close(read)
            mine = identifier.SnowflakeIdGenerator(worker_id=8)
            mine.generate()
            grandchild = os.fork()
            if grandchild == 0:
                try:
                    mine.generate()
                    os._exit(3)
                except RuntimeError as error:
                    os._exit(0 if str(error) == FORKED else 4)
            _, status = os.waitpid(grandchild, 0)
            mine.generate()
            os.write(write, str(os.waitstatus_to_exitcode(status)).encode())
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    assert wait_for(pid) == 0
    with os.fdopen(read) as pipe:
        assert pipe.read() == "0"


def test_multiprocessing_with_the_fork_start_method_while_threads_generate():
    context = multiprocessing.get_context("fork")
    with generating_threads() as parent_threads:
        # One fresh process per task: eight forks while the threads generate.
        with context.Pool(processes=4, maxtasksperchild=1) as pool:
            results = pool.map_async(child_work, range(8)).get(timeout=120)
        queue = context.Queue()
        process = context.Process(target=lambda: queue.put(child_work()))
        process.start()
        single = queue.get(timeout=CHILD_TIMEOUT_S)
        process.join(timeout=CHILD_TIMEOUT_S)
        assert process.exitcode == 0, "the forked Process hung or failed"
        after = some_ids(2_000)
    results.append(single)
    assert len({result["pid"] for result in results}) == 9
    for result in results:
        check_child(result, result["pid"])
    assert_disjoint([*results, parent_threads, after])
