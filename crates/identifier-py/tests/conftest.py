"""Shared helpers: the golden vectors of the workspace, the independent implementations, the
time-ordered formats as the tests reach them, and a throwaway PostgreSQL server for the leases."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
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


# A throwaway PostgreSQL server for the leased Snowflake generators, as the Rust tests start
# theirs (crates/test-support/src/postgres.rs): initdb into a new temporary directory, the
# server listening on a Unix socket in that directory only, stopped and removed at the end.

PG_PORT = 5432  # in the socket's file name only: no TCP port is opened
PG_USER = "identifier"  # the superuser initdb creates, trusted on the socket
PG_MISSING = (
    "the lease tests need a PostgreSQL server (initdb, pg_ctl), and none was found: install "
    "the Debian package `postgresql` (apt-get install postgresql), or set PG_BINDIR to the "
    "directory that holds initdb"
)


def postgres_bindir() -> Path:
    """The directory of initdb, pg_ctl and psql: PG_BINDIR, `pg_config --bindir`, or the newest
    /usr/lib/postgresql/*/bin; a failure (not a skip) naming the package if there is none."""
    if os.environ.get("PG_BINDIR"):
        return Path(os.environ["PG_BINDIR"])
    try:
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=False)
        if out.returncode == 0 and (Path(out.stdout.strip()) / "initdb").exists():
            return Path(out.stdout.strip())
    except OSError:
        pass  # Debian's pg_config comes from libpq-dev, which a server machine may lack
    found = [path.parent for path in Path("/usr/lib/postgresql").glob("*/bin/initdb")]
    if not found:
        pytest.fail(PG_MISSING)

    def version(bindir: Path) -> tuple:
        return tuple(int(part) if part.isdigit() else 0 for part in bindir.parent.name.split("."))

    return max(found, key=version)


@dataclass
class Postgres:
    """A running throwaway server: its socket directory and the binaries that run it."""

    dir: Path
    bindir: Path
    as_postgres: bool  # as root, the server's programs run as the `postgres` user

    @property
    def dsn(self) -> str:
        return self.connection_string("postgres")

    def connection_string(self, dbname: str) -> str:
        return f"host={self.dir} port={PG_PORT} user={PG_USER} dbname={dbname}"

    def command(self, program: str, *args: str) -> list[str]:
        command = [str(self.bindir / program), *args]
        return ["runuser", "-u", "postgres", "--", *command] if self.as_postgres else command

    def run(self, program: str, *args: str) -> None:
        done = subprocess.run(self.command(program, *args), capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = self.dir / "server.log"
            pytest.fail(
                f"PostgreSQL's {program} failed (exit status {done.returncode}):\n"
                f"{done.stdout}{done.stderr}\nserver log:\n"
                f"{log.read_text(errors='replace') if log.exists() else '(none)'}"
            )

    def psql_command(self, sql: str) -> list[str]:
        return [
            str(self.bindir / "psql"), "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1",
            "-h", str(self.dir), "-p", str(PG_PORT), "-U", PG_USER, "-d", "postgres", "-c", sql,
        ]

    def sql(self, sql: str) -> str:
        """The output of `sql` run by psql (unaligned, tuples only), stripped."""
        done = subprocess.run(self.psql_command(sql), capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, f"psql failed on {sql!r}: {done.stderr}"
        return done.stdout.strip()

    def stop(self) -> None:
        # Errors ignored: this also runs after a failed start, and must still remove the files.
        try:
            subprocess.run(
                self.command("pg_ctl", "stop", "-w", "-m", "immediate", "-D", str(self.dir / "data")),
                capture_output=True,
                timeout=120,
            )
        except (OSError, subprocess.SubprocessError):
            pass
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server for the session, on a Unix socket in a new temporary directory."""
    bindir = postgres_bindir()
    for program in ("initdb", "pg_ctl", "psql"):
        if not (bindir / program).exists():
            pytest.fail(f"{bindir / program} is missing: {PG_MISSING}")
    as_postgres = os.geteuid() == 0
    server = Postgres(Path(tempfile.mkdtemp(prefix="identifier-py-pg-")), bindir, as_postgres)
    try:
        if as_postgres:
            # initdb refuses root: the server runs as `postgres`, in a directory it owns.
            try:
                shutil.chown(server.dir, "postgres", "postgres")
            except (LookupError, OSError) as error:
                pytest.fail(f"running as root, the server needs the `postgres` user: {error}; {PG_MISSING}")
        data, log = str(server.dir / "data"), str(server.dir / "server.log")
        server.run(
            "initdb", "-D", data, "-U", PG_USER, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"
        )
        options = f"-k {server.dir} -p {PG_PORT} -c listen_addresses='' -c fsync=off"
        server.run("pg_ctl", "start", "-w", "-D", data, "-l", log, "-o", options)
        yield server
    finally:
        server.stop()


# A throwaway MariaDB server for the MySQL store's lease tests, as the Rust tests start theirs
# (crates/test-support/src/mariadb.rs): mariadb-install-db into a new temporary directory, then
# mariadbd on those files, listening on a Unix socket there only (no TCP port to share), with a
# tmpdir of its own; stopped and removed at the end.

MARIADB_MISSING = (
    "the MySQL lease tests need a MariaDB server (mariadbd, mariadb-install-db), and none was "
    "found: install the Debian package `mariadb-server` (apt-get install mariadb-server), or set "
    "MARIADB_BINDIR to the directory that holds them"
)


def mariadb_program(*names: str) -> Path:
    """The first of `names` in MARIADB_BINDIR, or the system's directories; a failure (not a
    skip) naming the package if there is none."""
    dirs = (
        [Path(os.environ["MARIADB_BINDIR"])]
        if os.environ.get("MARIADB_BINDIR")
        else [Path(d) for d in ("/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin")]
    )
    for name in names:
        for directory in dirs:
            if os.access(directory / name, os.X_OK):
                return directory / name
    pytest.fail(MARIADB_MISSING)


@dataclass
class Mariadb:
    """A running throwaway server: its directory, its process and its client."""

    dir: Path
    process: subprocess.Popen | None
    client: Path

    @property
    def socket(self) -> Path:
        return self.dir / "mysqld.sock"

    def url(self, database: str) -> str:
        """A location for the lease: `root` over the socket, to `database`."""
        return f"mysql://root@/{database}?socket={self.socket}"

    def sql(self, sql: str) -> str:
        """The output of `sql` run by the command-line client (batch, no column names)."""
        done = subprocess.run(
            [str(self.client), "--no-defaults", f"--socket={self.socket}", "--user=root",
             "--batch", "--skip-column-names", "--execute", sql],
            capture_output=True, text=True, timeout=60,
        )
        assert done.returncode == 0, f"mariadb failed on {sql!r}: {done.stderr}"
        return done.stdout.strip()

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


@pytest.fixture(scope="session")
def mariadb():
    """A MariaDB server for the session, on a Unix socket in a new temporary directory."""
    server_program = mariadb_program("mariadbd", "mysqld")
    install = mariadb_program("mariadb-install-db", "mysql_install_db")
    client = mariadb_program("mariadb", "mysql")
    root = os.geteuid() == 0
    server = Mariadb(Path(tempfile.mkdtemp(prefix="identifier-py-mariadb-")), None, client)
    try:
        tmp = server.dir / "tmp"
        tmp.mkdir()
        user = []
        if root:
            # mariadbd refuses to run as root: it runs as the package's `mysql` user.
            for path in (server.dir, tmp):
                shutil.chown(path, "mysql", "mysql")
            user = ["--user=mysql"]
        common = [f"--datadir={server.dir / 'data'}", f"--tmpdir={tmp}", "--skip-log-bin",
                  "--innodb-buffer-pool-size=64M", "--innodb-flush-log-at-trx-commit=0"]
        done = subprocess.run(
            [str(install), "--no-defaults", *common, "--auth-root-authentication-method=normal",
             "--skip-test-db", "--skip-name-resolve", *user],
            capture_output=True, text=True, timeout=300,
        )
        if done.returncode != 0:
            pytest.fail(f"mariadb-install-db failed (exit status {done.returncode}):\n{done.stderr}{done.stdout}")
        log = open(server.dir / "server.log", "wb")
        server.process = subprocess.Popen(
            [str(server_program), "--no-defaults", *common, f"--socket={server.socket}",
             f"--pid-file={server.dir / 'mysqld.pid'}", "--skip-networking", *user],
            stdin=subprocess.DEVNULL, stdout=log, stderr=log,
        )
        deadline = time.monotonic() + 120
        while True:
            ping = subprocess.run(
                [str(client), "--no-defaults", f"--socket={server.socket}", "--user=root",
                 "--connect-timeout=1", "--execute", "SELECT 1"],
                capture_output=True, timeout=30,
            )
            if ping.returncode == 0:
                break
            if server.process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(
                    "MariaDB's server did not start:\n"
                    + (server.dir / "server.log").read_text(errors="replace")
                )
            time.sleep(0.05)
        server.sql("CREATE DATABASE ids")
        yield server
    finally:
        server.stop()
