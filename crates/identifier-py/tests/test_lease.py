"""SnowflakeIdGenerator.leased: worker ids leased from a real PostgreSQL server (the session's
`postgres` fixture), a real MariaDB server (`mariadb`) and a directory, released by release()
and by `with`; LeaseError for what the lease refuses (released, ahead of the mark, lost,
expired, a forked child), TypeError and ValueError naming a bad argument; ranges of worker
ids; events; unique ids across threads; the GIL released while waiting for the server; and no
libpq in the process."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time
import uuid

import pytest

import identifier
from conftest import now_ms, python_ran_during
from identifier import (
    LeasedSnowflakeIdGenerator,
    LeaseError,
    LeaseState,
    SnowflakeIdGenerator,
    extract_snowflake_timestamp_ms,
)
from test_fork import fork_child, wait_for
from test_threads import THREADS, run_threads

DEFAULT_TABLE = "snowflake_worker_lease"


@pytest.fixture
def table() -> str:
    """A lease table of the test's own (created by the first acquire), so that tests do not
    share worker ids."""
    return f"lease_{uuid.uuid4().hex[:12]}"


def worker_of(snowflake_id: int) -> int:
    return (snowflake_id >> 12) & 1023


def increasing(ids: list[int]) -> bool:
    return all(a < b for a, b in zip(ids, ids[1:]))


def row(postgres, table: str, worker_id: int) -> dict[str, str]:
    """The lease row of `worker_id`: whether it is held (expires_at in the future), whether it
    is free at once (released), its generation and token, as psql prints them."""
    line = postgres.sql(
        f"SELECT expires_at > now(), expires_at = '-infinity', generation, token "
        f"FROM {table} WHERE worker_id = {worker_id}"
    )
    held, released, generation, token = line.split("|")
    return {"held": held == "t", "released": released == "t", "generation": int(generation), "token": token}


def poll(what: str, limit_s: float, attempt):
    """Calls `attempt` until it returns a value other than None; a failure after `limit_s`."""
    deadline = time.monotonic() + limit_s
    while True:
        value = attempt()
        if value is not None:
            return value
        assert time.monotonic() < deadline, f"{what}: not within {limit_s} s"
        time.sleep(0.01)


def lease_error(call) -> str | None:
    """The message of the LeaseError `call()` raises, or None if it returns."""
    try:
        call()
    except LeaseError as error:
        return str(error)
    return None


def test_a_leased_generator_serves_increasing_ids_under_its_worker_id(postgres, table):
    generator = SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0)
    try:
        assert isinstance(generator, LeasedSnowflakeIdGenerator)
        # A new table: every row is free, and the first in order is worker id 0.
        assert generator.worker_id == 0
        # The plain generator's policy, but for the clock a leased generator reads.
        plain = identifier.generation_policy("snowflake")
        assert generator.policy.split("; clock")[0] == plain.split("; clock")[0]
        assert "and at each reading the boot clock for the lease's deadline" in generator.policy and generator.policy != plain
        before = now_ms()
        ids = [generator.generate() for _ in range(3_000)]
        batch = generator.generate_ids(1_000)
        ids += batch + [generator.generate()]
        assert len(batch) == 1_000 and generator.generate_ids(0) == []
        assert increasing(ids)
        assert all(isinstance(i, int) and 0 < i < 2**63 for i in ids)
        assert {worker_of(i) for i in ids} == {generator.worker_id}
        # A new holder serves from its floor, ahead of the clock, up to its ceiling.
        state = generator.state
        assert state["floor_ms"] > before
        assert state["floor_ms"] <= extract_snowflake_timestamp_ms(ids[0]) <= state["high_water_ms"]
        explicit = generator.generate(timestamp_ms=now_ms())
        assert explicit > ids[-1] and worker_of(explicit) == generator.worker_id
        assert row(postgres, table, generator.worker_id)["held"]
    finally:
        generator.release()


def test_state_and_repr_describe_the_lease(postgres, table):
    started = now_ms()
    generator = SnowflakeIdGenerator.leased(postgres.dsn, table=table, ttl_s=6)
    acquired = now_ms()
    state = generator.state
    assert set(state) == set(LeaseState.__annotations__)
    # The table is named with its schema: a name without one is public's.
    assert state["worker_id"] == generator.worker_id and state["store"] == f"public.{table}"
    assert state["generation"] == row(postgres, table, generator.worker_id)["generation"] >= 1
    assert state["lost"] is False and state["forked"] is False
    assert state["last_renewal_error"] is None
    # The deadline is ttl - margin (6 s - 0.6 s) after the last renewal was sent.
    assert 0 < state["time_left_s"] <= 5.4
    # A new holder starts above the database's clock (the test's) at its claim, plus the lead
    # (6,666 ms, whatever the ttl), plus the default skew (1 s), plus 1 ms: ahead of the clock.
    assert started + 7_667 <= state["floor_ms"] <= acquired + 7_667
    assert state["took_over_ahead"] is True
    # Acquire waited for a ceiling above the floor; no mark is above the clock plus the lead.
    assert state["floor_ms"] < state["high_water_ms"] <= now_ms() + 6_666
    assert state["renewals"] >= 1
    assert (state["late_renewals"], state["failed_renewals"], state["refused"]) == (0, 0, 0)
    assert abs(state["clock_ahead_ms"]) < 1_000
    assert all(
        isinstance(state[key], int)
        for key in ("generation", "floor_ms", "high_water_ms", "clock_ahead_ms", "renewals", "refused")
    )
    description = repr(generator)
    assert description.startswith(f"<LeasedSnowflakeIdGenerator: worker_id {generator.worker_id} ")
    assert f'of "public.{table}"' in description and description.endswith(" left>"), description
    generator.release()
    assert repr(generator) == (
        f"<LeasedSnowflakeIdGenerator: worker_id {generator.worker_id} "
        f'(generation {state["generation"]}) of "public.{table}": released>'
    )


def test_two_generators_get_different_worker_ids_and_release_frees_the_row(postgres, table):
    first = SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0)
    second = SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0)
    assert first.worker_id != second.worker_id
    ids = first.generate_ids(100) + second.generate_ids(100)
    assert len(set(ids)) == 200
    generation = row(postgres, table, first.worker_id)["generation"]
    assert row(postgres, table, first.worker_id)["held"]

    assert first.release() is None
    freed = row(postgres, table, first.worker_id)
    assert freed["released"] and not freed["held"]
    assert row(postgres, table, second.worker_id)["held"], "the other lease stays"
    # The freed row is the first in order again: a third acquire gets its worker id back.
    third = SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0)
    try:
        assert third.worker_id == first.worker_id
        assert row(postgres, table, third.worker_id)["generation"] == generation + 1
        # Above every id of the previous holder of the worker id.
        assert min(third.generate_ids(10)) > max(ids[:100])
    finally:
        third.release()
        second.release()
    first.release()  # a second release does nothing


def test_generate_after_release_raises(postgres, table):
    generator = SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0)
    worker_id = generator.worker_id
    generator.release()
    released = (
        f"the lease on worker_id {worker_id} was released: acquire a new one with "
        "SnowflakeIdGenerator.leased()"
    )
    for call in (
        generator.generate,
        lambda: generator.generate(timestamp_ms=now_ms()),
        lambda: generator.generate_ids(10),
        lambda: generator.state,
    ):
        with pytest.raises(LeaseError) as raised:
            call()
        assert str(raised.value) == released
        assert isinstance(raised.value, RuntimeError)
    assert generator.worker_id == worker_id
    with pytest.raises(LeaseError, match="was released"):
        with generator:
            pass


def test_a_with_block_releases_the_lease_also_on_an_exception(postgres, table):
    with SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0) as generator:
        assert isinstance(generator, LeasedSnowflakeIdGenerator)
        worker_id = generator.worker_id
        assert generator.generate() > 0
        assert row(postgres, table, worker_id)["held"]
    assert row(postgres, table, worker_id)["released"]
    with pytest.raises(LeaseError, match="was released"):
        generator.generate()

    with pytest.raises(KeyError):
        with SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0) as failing:
            assert failing.worker_id == worker_id
            raise KeyError("from the block")
    assert row(postgres, table, worker_id)["released"]


def test_dropping_a_generator_releases_its_lease(postgres, table):
    generator = SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0)
    worker_id = generator.worker_id
    del generator  # the last reference: freed at once
    assert row(postgres, table, worker_id)["released"]


def test_a_generator_left_at_exit_lets_the_interpreter_end(postgres, table):
    # CPython frees the module's globals as it finalizes: the lease is released then, with the
    # GIL let go for the round trip, and the process ends without an error.
    script = (
        "import identifier\n"
        f"generator = identifier.SnowflakeIdGenerator.leased({postgres.dsn!r}, table={table!r}, max_clock_skew_s=0)\n"
        "generator.generate_ids(10)\n"
        "print(generator.worker_id)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert row(postgres, table, int(done.stdout))["released"]


def test_the_default_table(postgres):
    with SnowflakeIdGenerator.leased(postgres.dsn, max_clock_skew_s=0) as generator:
        assert generator.state["store"] == f"public.{DEFAULT_TABLE}"
        assert row(postgres, DEFAULT_TABLE, generator.worker_id)["held"]
    assert postgres.sql(f"SELECT count(*) FROM {DEFAULT_TABLE}") == "1024"


def test_an_id_ahead_of_the_lease_is_refused(postgres, table):
    with SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0) as generator:
        ceiling = generator.state["high_water_ms"]
        at_ceiling = generator.generate(timestamp_ms=ceiling)
        assert extract_snowflake_timestamp_ms(at_ceiling) == ceiling
        far = ceiling + 1_000_000
        message = lease_error(lambda: generator.generate(timestamp_ms=far))
        assert message is not None and message.startswith(f"timestamp_ms {far} is ahead of the lease")
        # The sequence has moved past the mark: nothing is served until the mark passes it.
        assert "ahead of the lease" in (lease_error(generator.generate) or "")
        assert "ahead of the lease" in (lease_error(lambda: generator.generate_ids(5)) or "")
        # Arguments are checked as SnowflakeIdGenerator checks them.
        with pytest.raises(TypeError, match="timestamp_ms must be an int or None, not bool"):
            generator.generate(timestamp_ms=True)
        # Named as given, not as raised to the lease's floor.
        with pytest.raises(ValueError, match=r"^timestamp_ms 1000 is out of range: a Snowflake id holds "):
            generator.generate(timestamp_ms=1_000)
        with pytest.raises(ValueError, match=r"^timestamp_ms 1180591620717411303424 is out of range"):
            generator.generate(timestamp_ms=2**70)
        with pytest.raises(TypeError):
            generator.generate_ids("5")
        with pytest.raises(ValueError, match="^n -1 is out of range"):
            generator.generate_ids(-1)


def test_a_batch_larger_than_any_ceiling_is_refused_at_once(postgres, table):
    # Whatever the ttl (1 s here), a lead of 6,666 ms: at most 6,667 milliseconds of 4096 ids
    # in one batch.
    with SnowflakeIdGenerator.leased(postgres.dsn, table=table, ttl_s=1.0, max_clock_skew_s=0) as generator:
        limit = 6_667 * 4096
        with pytest.raises(ValueError) as raised:
            generator.generate_ids(limit + 1)
        assert str(raised.value) == (
            f"a batch of {limit + 1} ids is more than a lease can serve at once: at most {limit} "
            "(4096 a millisecond, over the lead of 6666 ms)"
        )
        # Nothing was used up: had the batch been served up to its refusal, the sequence
        # would be hundreds of milliseconds ahead.
        reading = max(now_ms(), generator.state["floor_ms"])
        assert extract_snowflake_timestamp_ms(generator.generate()) <= reading + 50
        assert generator.state["refused"] == 0


def test_a_stolen_row_makes_the_lease_lost_for_good(postgres, table):
    generator = SnowflakeIdGenerator.leased(postgres.dsn, table=table, ttl_s=1.0, max_clock_skew_s=0)
    worker_id = generator.worker_id
    generator.generate()
    postgres.sql(f"UPDATE {table} SET token = token + 1 WHERE worker_id = {worker_id}")
    stolen = row(postgres, table, worker_id)["token"]
    # At the next renewal (every 333 ms); a late one lets the mark or the deadline come first.
    lost = f"the lease on worker_id {worker_id} was lost: another process took it over"
    poll("LeaseError (lost)", 10, lambda: m if (m := lease_error(generator.generate)) and lost in m else None)
    assert lost in (lease_error(lambda: generator.generate_ids(3)) or "")
    state = generator.state
    assert state["lost"] is True and state["time_left_s"] is None
    assert ", lost (last renewal failed: " in repr(generator), repr(generator)
    # Releasing leaves the new holder's row alone.
    generator.release()
    assert row(postgres, table, worker_id)["token"] == stolen


def test_a_stalled_renewal_expires_the_lease_until_a_renewal_succeeds(postgres, table):
    generator = SnowflakeIdGenerator.leased(postgres.dsn, table=table, ttl_s=1.0, max_clock_skew_s=0)
    try:
        ids = [generator.generate()]
        # Renewals time out (ttl/3) while another session holds the table locked for 3 s.
        locker = subprocess.Popen(
            postgres.psql_command(
                f"BEGIN; LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(3); COMMIT;"
            ),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        seen: list[str] = []

        def expired():
            try:
                ids.append(generator.generate())
            except LeaseError as error:
                seen.append(str(error))
                return True if "has expired" in str(error) else None
            return None

        poll("LeaseError (expired)", 10, expired)
        # The high-water mark may refuse first ("ahead of the lease"), depending on timing.
        assert all("ahead of the lease" in m or "has expired" in m for m in seen), seen
        state = generator.state
        assert state["time_left_s"] is None and state["lost"] is False
        assert repr(generator).endswith(")>") or repr(generator).endswith("expired>")
        _, stderr = locker.communicate(timeout=30)
        assert locker.returncode == 0, stderr
        # The token is still in the row: the next renewal succeeds and it serves again.
        ids.append(poll("serving again", 10, lambda: None if lease_error(generator.generate) else generator.generate()))
        assert increasing(ids) and {worker_of(i) for i in ids} == {generator.worker_id}
        assert generator.state["time_left_s"] is not None
    finally:
        generator.release()


def test_threads_sharing_a_leased_generator_get_unique_ids(postgres, table):
    with SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0) as generator:

        def work() -> list[int]:
            ids = []
            for _ in range(10):
                ids.extend(generator.generate() for _ in range(500))
                ids.extend(generator.generate_ids(500))
            return ids

        results = run_threads(work)
        for ids in results:
            assert increasing(ids), "ids of one thread did not increase"
        everything = [i for ids in results for i in ids]
        assert len(everything) == THREADS * 10_000
        assert len(set(everything)) == len(everything), "two threads got the same id"
        assert {worker_of(i) for i in everything} == {generator.worker_id}


def test_a_forked_child_cannot_use_the_parents_lease_but_can_acquire_its_own(postgres, table, tmp_path):
    generator = SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0)
    before = generator.generate()

    def in_the_child() -> dict:
        outcomes = []
        for call in (
            generator.generate,
            lambda: generator.generate(timestamp_ms=now_ms()),
            lambda: generator.generate_ids(3),
            generator.release,
        ):
            try:
                call()
                outcomes.append(None)
            except RuntimeError as error:
                outcomes.append([type(error).__name__, str(error)])
        # The parent's lease is not this process's.
        outcomes.append([generator.state["forked"], generator.state["time_left_s"], generator.state["lost"]])
        # A pre-fork server's worker: a lease of its own, after the fork.
        with SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0) as own:
            mine = {"worker_id": own.worker_id, "ids": own.generate_ids(10)}
        return {"outcomes": outcomes, "own": mine}

    path = tmp_path / "child.json"
    pid = fork_child(path, in_the_child)
    assert wait_for(pid) == 0
    result = json.loads(path.read_text(encoding="utf-8"))
    worker_id = generator.worker_id
    forked = (
        f"LeasedSnowflakeIdGenerator cannot be used in a forked process: the lease on worker_id "
        f"{worker_id} belongs to the parent; acquire a new one in the child with "
        "SnowflakeIdGenerator.leased()"
    )
    not_released = (
        f"the lease on worker_id {worker_id} belongs to the parent process: a forked child "
        "cannot release it"
    )
    assert result["outcomes"] == [["LeaseError", forked]] * 3 + [["LeaseError", not_released]] + [
        [True, None, False]
    ]
    own = result["own"]
    assert own["worker_id"] != worker_id
    assert increasing(own["ids"]) and {worker_of(i) for i in own["ids"]} == {own["worker_id"]}
    assert row(postgres, table, own["worker_id"])["released"]
    # The parent's lease is untouched by the child.
    assert row(postgres, table, worker_id)["held"]
    assert generator.generate() > before
    generator.release()
    assert row(postgres, table, worker_id)["released"]


def test_acquire_and_release_let_other_threads_run(postgres, table):
    held = []
    assert python_ran_during(lambda: held.append(SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0))) > 0
    assert python_ran_during(held[0].release) > 0
    assert row(postgres, table, held[0].worker_id)["released"]


def test_an_unreachable_server_raises_naming_it():
    socket_dir = f"/nonexistent/identifier-py-{uuid.uuid4().hex[:8]}"
    with pytest.raises(LeaseError) as raised:
        SnowflakeIdGenerator.leased(f"host={socket_dir} port=5432 user=identifier dbname=postgres")
    message = str(raised.value)
    assert message.startswith(f"could not connect to PostgreSQL (host={socket_dir} port=5432 ")
    assert "No such file or directory" in message


def test_a_missing_database_raises_naming_it(postgres):
    with pytest.raises(LeaseError, match='database "lease_no_such_db" does not exist'):
        SnowflakeIdGenerator.leased(postgres.connection_string("lease_no_such_db"))


def test_a_table_of_another_shape_raises_naming_the_column(postgres, table):
    postgres.sql(f"CREATE TABLE {table} (worker_id smallint PRIMARY KEY)")
    with pytest.raises(LeaseError, match=f'lease table "public.{table}" has another shape: column "token"'):
        SnowflakeIdGenerator.leased(postgres.dsn, table=table, max_clock_skew_s=0)


def test_bad_arguments_raise_naming_them(postgres, table):
    leased = SnowflakeIdGenerator.leased
    for location in (None, 5, b"host=/tmp", ["host=/tmp"]):
        with pytest.raises(TypeError, match=f"^location must be a str, not {type(location).__name__}$"):
            leased(location)
    with pytest.raises(ValueError, match="^location is not a valid PostgreSQL connection string"):
        leased("host=/tmp port=not-a-port")
    with pytest.raises(ValueError, match="^location must be text that UTF-8 can encode"):
        leased("host=/tmp\ud800")
    with pytest.raises(ValueError, match="^location is not valid: invalid lease location: file: needs a directory"):
        leased("file:")
    with pytest.raises(ValueError, match="^location is not valid: "):
        leased("mysql://root@localhost/ids?no-such-key=1")
    for bad in ([96, 127], "96-127", (96, 127)):
        with pytest.raises(TypeError, match=r"^worker_ids must be a range of worker ids, such as range\(96, 128\)"):
            leased(postgres.dsn, table=table, worker_ids=bad)
    for bad, shown in (
        (range(7, 3), "range(7, 3)"),
        (range(1000, 1025), "range(1000, 1025)"),
        (range(0, 10, 2), "range(0, 10, 2)"),
        (range(-1, 3), "range(-1, 3)"),
    ):
        with pytest.raises(ValueError) as raised:
            leased(postgres.dsn, table=table, worker_ids=bad)
        assert str(raised.value) == (
            f"worker_ids {shown} is not a range of worker ids: give a non-empty range of step 1 "
            "within range(0, 1024)"
        )
    for bad in (5, "print"):
        with pytest.raises(TypeError, match=f"^on_event must be a callable taking one dict, not {type(bad).__name__}$"):
            leased(postgres.dsn, table=table, on_event=bad)
    for bad in (None, 5, b"t"):
        with pytest.raises(TypeError, match=f"^table must be a str, not {type(bad).__name__}$"):
            leased(postgres.dsn, table=bad)
    for bad in ("bad-name", "", "a.b.c", "1table"):
        with pytest.raises(ValueError, match=r"^table is not valid: invalid lease table name"):
            leased(postgres.dsn, table=bad)
    for bad in (True, False, None, "10", b"10", [10], 10j):
        with pytest.raises(TypeError, match=r"^ttl_s must be a number of seconds \(an int or a float\), not "):
            leased(postgres.dsn, table=table, ttl_s=bad)
    rule = "is out of range: a lease lasts 0.3 to 86400 seconds"
    for bad, shown in (
        (-1, "-1"),
        (-0.5, "-0.5"),
        (math.nan, "nan"),
        (math.inf, "inf"),
        (-math.inf, "-inf"),
        (0, "0"),
        (0.0, "0.0"),
        (0.299, "0.299"),
        (86_401, "86401"),
        (1e300, "1e300"),
        (2**70, "1180591620717411303424"),
        (-(2**70), "-1180591620717411303424"),
    ):
        with pytest.raises(ValueError) as raised:
            leased(postgres.dsn, table=table, ttl_s=bad)
        assert str(raised.value) == f"ttl_s {shown} {rule}"
    for bad in (True, None, "1"):
        with pytest.raises(TypeError, match=r"^max_clock_skew_s must be a number of seconds"):
            leased(postgres.dsn, table=table, max_clock_skew_s=bad)
    for bad, shown in ((-1, "-1"), (61, "61"), (86_401, "86401"), (math.nan, "nan")):
        with pytest.raises(ValueError) as raised:
            leased(postgres.dsn, table=table, max_clock_skew_s=bad)
        assert str(raised.value) == f"max_clock_skew_s {shown} is out of range: a clock skew is 0 to 60 seconds"
    # Positional options are refused.
    with pytest.raises(TypeError):
        leased(postgres.dsn, table)  # type: ignore[misc]
    with pytest.raises(TypeError):
        LeasedSnowflakeIdGenerator()  # type: ignore[call-arg]
    # The refused calls never reached the server: no table was created.
    assert postgres.sql(f"SELECT to_regclass('{table}') IS NULL") == "t"


def test_ttl_s_takes_ints_floats_and_their_subclasses(postgres, table):
    class Seconds(float):
        def __float__(self):
            raise AssertionError("read as the float's value")

    class Whole(int):
        def __index__(self):
            raise AssertionError("read as the int's value")

    # The shortest ttl last: its statement timeout (100 ms) is no time to create the table in.
    for ttl_s, left in ((2, 1.8), (Seconds(4.5), 4.05), (Whole(30), 29), (86_400, 86_399), (0.3, 0.27)):
        with SnowflakeIdGenerator.leased(postgres.dsn, table=table, ttl_s=ttl_s, max_clock_skew_s=0) as generator:
            # The deadline is ttl - min(ttl/10, 1 s) after the acquire was sent (a busy machine
            # may let the 270 ms of the shortest pass before the state is read).
            time_left_s = generator.state["time_left_s"]
            assert (time_left_s is None and ttl_s < 1) or 0 < time_left_s <= left, ttl_s
            if ttl_s >= 1:
                assert generator.generate() > 0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/self/maps is Linux's")
def test_no_libpq_is_loaded(postgres, table):
    # The client is the pure-Rust `postgres` crate: no system library for it in the process. In
    # a process of its own: other tests load libpq through psycopg.
    program = f"""
import json, os, identifier
with identifier.SnowflakeIdGenerator.leased({postgres.dsn!r}, table={table!r}, max_clock_skew_s=0) as g:
    g.generate()
    with open("/proc/self/maps", encoding="utf-8") as maps:
        loaded = sorted({{line.split()[-1] for line in maps if "/" in line}})
print(json.dumps([os.path.realpath(identifier._identifier.__file__), loaded]))
"""
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    extension, loaded = json.loads(done.stdout)
    assert extension in loaded, loaded
    assert not [path for path in loaded if "libpq" in os.path.basename(path)], loaded
    # Nor a MySQL client library or a system TLS library: the wheel links neither.
    for library in ("libmysqlclient", "libmariadb", "libssl", "libcrypto"):
        assert not [path for path in loaded if library in os.path.basename(path)], (library, loaded)


def test_a_directory_leases_distinct_worker_ids_to_the_processes_of_one_host(tmp_path):
    location = f"file:{tmp_path}"
    events: list[dict] = []
    with SnowflakeIdGenerator.leased(location, on_event=events.append) as first:
        with SnowflakeIdGenerator.leased(location) as second:
            assert {first.worker_id, second.worker_id} == {0, 1}
            assert first.state["store"] == str(tmp_path)
            # Another process of the host, at the same time: another worker id.
            program = (
                "import identifier\n"
                f"with identifier.SnowflakeIdGenerator.leased({location!r}) as g:\n"
                "    print(g.worker_id, g.generate() >> 12 & 1023)\n"
            )
            done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=60)
            assert done.returncode == 0, done.stderr
            assert done.stdout.split() == ["2", "2"]
            ids = [first.generate() for _ in range(1_000)]
            assert increasing(ids) and {worker_of(i) for i in ids} == {first.worker_id}
    # One lock file a worker id claimed, in the directory.
    assert len(list(tmp_path.iterdir())) == 3
    acquired = events[0]
    assert acquired["event"] == "acquired" and acquired["worker_id"] == first.worker_id
    assert acquired["store"] == str(tmp_path)
    assert acquired["floor_ms"] <= acquired["high_water_ms"]
    assert acquired["message"].startswith(f"acquired worker_id {first.worker_id} (generation ")
    assert events[-1] == {
        "event": "released",
        "worker_id": first.worker_id,
        "message": f"lease on worker_id {first.worker_id} released",
    }


def test_worker_ids_limit_the_worker_ids_leased(tmp_path):
    location = f"file:{tmp_path}"
    with SnowflakeIdGenerator.leased(location, worker_ids=range(96, 98)) as first:
        with SnowflakeIdGenerator.leased(location, worker_ids=range(96, 98)) as second:
            assert (first.worker_id, second.worker_id) == (96, 97)
            with pytest.raises(LeaseError, match="2 held by live leases"):
                SnowflakeIdGenerator.leased(location, worker_ids=range(96, 98))
            # Another fleet's range of the same directory.
            with SnowflakeIdGenerator.leased(location, worker_ids=range(0, 1)) as other:
                assert other.worker_id == 0


def test_an_event_callback_that_raises_leaves_the_lease_serving(tmp_path, monkeypatch):
    unraisable: list = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)

    def broken(event: dict) -> None:
        raise RuntimeError(f"a broken callback, on {event['event']}")

    with SnowflakeIdGenerator.leased(f"file:{tmp_path}", on_event=broken) as generator:
        assert generator.generate() > 0
    messages = [str(report.exc_value) for report in unraisable]
    assert messages == ["a broken callback, on acquired", "a broken callback, on released"]


def test_a_mysql_table_leases_distinct_worker_ids(mariadb):
    table = f"lease_{uuid.uuid4().hex[:12]}"
    location = mariadb.url("ids")
    events: list[dict] = []
    with SnowflakeIdGenerator.leased(location, table=table, max_clock_skew_s=0, on_event=events.append) as first:
        with SnowflakeIdGenerator.leased(location, table=table, max_clock_skew_s=0) as second:
            assert {first.worker_id, second.worker_id} == {0, 1}
            assert first.state["store"] == f"ids.{table}"
            ids = [first.generate() for _ in range(1_000)] + first.generate_ids(1_000)
            assert increasing(ids) and {worker_of(i) for i in ids} == {first.worker_id}
            held = mariadb.sql(f"SELECT COUNT(*) FROM ids.{table} WHERE expires_at > UTC_TIMESTAMP(3)")
            assert held == "2"
    assert [event["event"] for event in events] == ["table_created", "acquired", "released"]
    assert events[0]["table"] == f"ids.{table}"
    assert mariadb.sql(f"SELECT COUNT(*) FROM ids.{table} WHERE expires_at > UTC_TIMESTAMP(3)") == "0"
