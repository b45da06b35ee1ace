"""identifier.sqlalchemy: the column types ULID, UUID7, ObjectId and SnowflakeId on SQLite and on
PostgreSQL (the session's throwaway server, through psycopg 3): the storage of the Rust crates
(checked with plain SQL against python-ulid, uuid and bytes.fromhex), the values accepted on
the way in, errors for stored values of another kind, ORDER BY in generation order, NULL,
insert defaults, and rows exchanged with the Rust example `storage_rows`."""

from __future__ import annotations

import os
import random
import re
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import bson
import pytest
import sqlalchemy as sa
import ulid as python_ulid
from sqlalchemy.exc import StatementError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

import identifier
import identifier.sqlalchemy
from conftest import PG_PORT, PG_USER, ROOT
from identifier.sqlalchemy import ULID, UUID7, ObjectId, SnowflakeId

DATABASE = "identifier_sqlalchemy"
SNOWFLAKES = identifier.SnowflakeIdGenerator(worker_id=77)

ULID_TEXT = re.compile(r"[0-7][0-9A-HJKMNP-TV-Z]{25}")
UUID7_TEXT = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")
OBJECT_ID_TEXT = re.compile(r"[0-9a-f]{24}")
UUID4 = uuid.UUID("1b4e28ba-2fa1-41d2-883f-0016d3cca427")  # version 4, variant 10


class Base(DeclarativeBase):
    """The tests' tables, apart from the example's in the module's docstring."""


class Ids(Base):
    """Every type, each with an insert default; the ULID is the primary key."""

    __tablename__ = "ids"

    ulid: Mapped[str] = mapped_column(ULID, primary_key=True, default=identifier.generate_ulid)
    uuid7: Mapped[str] = mapped_column(UUID7, default=identifier.generate_uuid7)
    object_id: Mapped[str] = mapped_column(ObjectId, default=identifier.generate_object_id)
    snowflake: Mapped[int] = mapped_column(SnowflakeId, default=SNOWFLAKES.generate)


class OptionalIds(Base):
    """Every type, nullable, under an integer key: also the table the bad values go into."""

    __tablename__ = "optional_ids"

    n: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    ulid: Mapped[str | None] = mapped_column(ULID)
    uuid7: Mapped[str | None] = mapped_column(UUID7)
    object_id: Mapped[str | None] = mapped_column(ObjectId)
    snowflake: Mapped[int | None] = mapped_column(SnowflakeId)


class SnowflakeKeyed(Base):
    """A Snowflake id as the primary key, from a generator's `generate`."""

    __tablename__ = "snowflake_keyed"

    id: Mapped[int] = mapped_column(SnowflakeId, primary_key=True, default=SNOWFLAKES.generate)
    note: Mapped[str] = mapped_column(sa.String(20))


COLUMNS = ("ulid", "uuid7", "object_id", "snowflake")


# The two databases.


class Database:
    """An engine on one of the two databases, and plain SQL on it."""

    def __init__(self, kind: str, engine: sa.Engine, target: str) -> None:
        self.kind = kind
        self.engine = engine
        self.target = target  # the SQLite file or the libpq connection string, for Rust

    @property
    def postgresql(self) -> bool:
        return self.kind == "postgresql"

    def create(self) -> None:
        Base.metadata.create_all(self.engine)

    def raw(self, sql: str, **params: Any) -> list[tuple[Any, ...]]:
        """Plain SQL, its parameters handed to the driver as they are."""
        with self.engine.begin() as connection:
            result = connection.execute(sa.text(sql), params)
            return [tuple(row) for row in result] if result.returns_rows else []


@pytest.fixture(scope="module")
def pg_database(postgres) -> str:
    """A database of its own on the session's server, for this module's tables."""
    postgres.sql(f"CREATE DATABASE {DATABASE}")
    return DATABASE


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request, tmp_path) -> Iterator[Database]:
    """An engine on a new SQLite file, or on the PostgreSQL database emptied for the test."""
    if request.param == "sqlite":
        path = tmp_path / "ids.sqlite3"
        engine = sa.create_engine(f"sqlite:///{path}")
        target = str(path)
    else:
        server = request.getfixturevalue("postgres")
        name = request.getfixturevalue("pg_database")
        engine = sa.create_engine(
            f"postgresql+psycopg://{PG_USER}@/{name}?host={server.dir}&port={PG_PORT}"
        )
        with engine.begin() as connection:
            connection.exec_driver_sql("DROP SCHEMA public CASCADE")
            connection.exec_driver_sql("CREATE SCHEMA public")
        target = server.connection_string(name)
    try:
        yield Database(request.param, engine, target)
    finally:
        engine.dispose()


def stored_bytes(value: Any) -> bytes:
    """The bytes of a value as the driver returns it: a uuid.UUID (psycopg) or bytes."""
    return value.bytes if isinstance(value, uuid.UUID) else bytes(value)


def ulid_bytes(text: str) -> bytes:
    return python_ulid.ULID.from_str(text).bytes


def test_the_usage_in_the_module_docstring_runs():
    [example] = re.findall(r"```python\n(.*?)```", identifier.sqlalchemy.__doc__ or "", re.S)
    namespace: dict[str, Any] = {"__name__": "identifier_sqlalchemy_usage"}
    # dont_inherit: without this file's future import, as a module of its own would run it.
    exec(compile(example, "identifier.sqlalchemy usage", "exec", dont_inherit=True), namespace)
    first, order = namespace["first"], namespace["Order"]
    assert ULID_TEXT.fullmatch(first.id) and UUID7_TEXT.fullmatch(first.request)
    assert OBJECT_ID_TEXT.fullmatch(first.document) and isinstance(first.invoice, int)
    with namespace["Session"](namespace["engine"]) as session:
        ids = session.scalars(sa.select(order.id).order_by(order.id)).all()
        assert len(ids) == 2 and ids[0] == first.id
    namespace["engine"].dispose()


# Storage.


def test_columns_have_the_storage_types_of_the_rust_crates(db):
    db.create()
    if db.postgresql:
        rows = db.raw(
            "SELECT column_name, data_type, column_default FROM information_schema.columns "
            "WHERE table_name = 'ids' OR table_name = 'snowflake_keyed' AND column_name = 'id'"
        )
        assert {name: (kind, default) for name, kind, default in rows} == {
            "ulid": ("uuid", None),
            "uuid7": ("uuid", None),
            "object_id": ("bytea", None),
            "snowflake": ("bigint", None),
            "id": ("bigint", None),  # not BIGSERIAL: the Snowflake key has a default
        }
    else:
        columns = {row[1]: row[2] for row in db.raw("PRAGMA table_info(ids)")}
        assert columns == {
            "ulid": "BLOB", "uuid7": "BLOB", "object_id": "BLOB", "snowflake": "INTEGER"
        }
        keyed = {row[1]: row[2] for row in db.raw("PRAGMA table_info(snowflake_keyed)")}
        assert keyed["id"] == "INTEGER"


def test_values_round_trip_as_the_bytes_and_integers_of_the_ids(db):
    db.create()
    ulid, uuid7 = identifier.generate_ulid(), identifier.generate_uuid7()
    object_id, snowflake = identifier.generate_object_id(), SNOWFLAKES.generate()
    with Session(db.engine) as session:
        session.add(Ids(ulid=ulid, uuid7=uuid7, object_id=object_id, snowflake=snowflake))
        session.commit()
    with Session(db.engine) as session:
        row = session.scalars(sa.select(Ids)).one()
        read = (row.ulid, row.uuid7, row.object_id, row.snowflake)
        assert read == (ulid, uuid7, object_id, snowflake)

    [(raw_ulid, raw_uuid7, raw_object_id, raw_snowflake)] = db.raw(
        "SELECT ulid, uuid7, object_id, snowflake FROM ids"
    )
    assert stored_bytes(raw_ulid) == ulid_bytes(ulid)
    assert stored_bytes(raw_uuid7) == uuid.UUID(uuid7).bytes
    assert stored_bytes(raw_object_id) == bytes.fromhex(object_id)
    assert raw_snowflake == snowflake
    if db.postgresql:
        [(ulid_as_uuid, uuid7_as_text, size)] = db.raw(
            "SELECT ulid::text, uuid7::text, octet_length(object_id) FROM ids"
        )
        assert ulid_as_uuid == str(uuid.UUID(bytes=ulid_bytes(ulid)))
        assert uuid7_as_text == uuid7
        assert size == 12
    else:
        assert db.raw("SELECT typeof(ulid), length(ulid), typeof(object_id), length(object_id), "
                      "typeof(snowflake) FROM ids") == [("blob", 16, "blob", 12, "integer")]


def test_extreme_values_round_trip(db):
    db.create()
    rows = [
        dict(n=0, ulid="00000000000000000000000000", uuid7="00000000-0000-7000-8000-000000000000",
             object_id="0" * 24, snowflake=0),
        dict(n=1, ulid="7ZZZZZZZZZZZZZZZZZZZZZZZZZ", uuid7="ffffffff-ffff-7fff-bfff-ffffffffffff",
             object_id="f" * 24, snowflake=2**63 - 1),
    ]
    with Session(db.engine) as session:
        session.add_all(OptionalIds(**row) for row in rows)
        session.commit()
    with Session(db.engine) as session:
        read = session.scalars(sa.select(OptionalIds).order_by(OptionalIds.n)).all()
        assert [{key: getattr(row, key) for key in ("n", *COLUMNS)} for row in read] == rows
    stored = db.raw("SELECT ulid FROM optional_ids ORDER BY n")
    assert [stored_bytes(value) for (value,) in stored] == [bytes(16), b"\xff" * 16]


def test_the_parsers_inputs_bind_as_the_same_ids(db):
    db.create()
    ulid, uuid7 = identifier.generate_ulid(), identifier.generate_uuid7()
    object_id, snowflake = identifier.generate_object_id(), SNOWFLAKES.generate()
    inputs = [
        (ulid.lower(), uuid7.upper(), bytes.fromhex(object_id), str(snowflake)),
        (uuid.UUID(bytes=ulid_bytes(ulid)), uuid.UUID(uuid7), bson.ObjectId(object_id), snowflake),
    ]
    with Session(db.engine) as session:
        for n, values in enumerate(inputs):
            session.add(OptionalIds(n=n, **dict(zip(COLUMNS, values))))
        session.commit()
    with Session(db.engine) as session:
        read = session.scalars(sa.select(OptionalIds).order_by(OptionalIds.n)).all()
        assert [(row.ulid, row.uuid7, row.object_id, row.snowflake) for row in read] == [
            (ulid, uuid7, object_id, snowflake)
        ] * 2


def test_queries_compare_through_the_column_type(db):
    db.create()
    ulids, uuid7s = identifier.generate_ulids(3), identifier.generate_uuid7s(3)
    object_ids, snowflakes = identifier.generate_object_ids(3), SNOWFLAKES.generate_ids(3)
    with Session(db.engine) as session:
        session.add_all(
            OptionalIds(n=n, ulid=a, uuid7=b, object_id=c, snowflake=d)
            for n, (a, b, c, d) in enumerate(zip(ulids, uuid7s, object_ids, snowflakes))
        )
        session.commit()

    def where(*criteria: Any) -> list[int]:
        with Session(db.engine) as session:
            statement = sa.select(OptionalIds.n).where(*criteria).order_by(OptionalIds.n)
            return list(session.scalars(statement))

    assert where(OptionalIds.ulid == ulids[1]) == [1]
    assert where(OptionalIds.ulid == ulids[2].lower()) == [2]
    assert where(OptionalIds.ulid == uuid.UUID(bytes=ulid_bytes(ulids[0]))) == [0]
    assert where(OptionalIds.uuid7 == uuid7s[1]) == [1]
    assert where(OptionalIds.uuid7 == uuid.UUID(uuid7s[2])) == [2]
    assert where(OptionalIds.object_id == object_ids[1]) == [1]
    assert where(OptionalIds.object_id == bson.ObjectId(object_ids[0])) == [0]
    assert where(OptionalIds.snowflake == snowflakes[2]) == [2]
    assert where(OptionalIds.snowflake == str(snowflakes[0])) == [0]
    assert where(OptionalIds.ulid.in_([ulids[0], ulids[2]])) == [0, 2]
    assert where(OptionalIds.uuid7 > uuid7s[0], OptionalIds.object_id < object_ids[2]) == [1]
    assert where(OptionalIds.ulid == identifier.generate_ulid()) == []
    # The same statement again, from SQLAlchemy's statement cache, with another parameter.
    assert where(OptionalIds.ulid == ulids[0]) == [0]


@pytest.mark.parametrize(
    ("column", "value", "error", "words"),
    [
        ("ulid", "01ARZ3NDEKTSV4RRFFQ69G5FA", ValueError, ["ULID column", "01ARZ3NDEKTSV4RRFFQ69G5FA"]),
        ("ulid", b"\x01" * 16, TypeError, ["ULID column", "bytes"]),
        ("uuid7", str(UUID4), ValueError, ["UUID7 column"]),
        ("object_id", b"\x01" * 11, ValueError, ["ObjectId column"]),
        ("snowflake", -1, ValueError, ["SnowflakeId column", "-1"]),
        ("snowflake", 1.0, TypeError, ["SnowflakeId column", "float"]),
    ],
    ids=[
        "ulid-25-chars", "ulid-bytes", "uuid7-v4", "object_id-11-bytes", "snowflake-negative",
        "snowflake-float",
    ],
)
def test_binding_a_value_of_another_kind_raises(db, column, value, error, words):
    db.create()
    with Session(db.engine) as session:
        session.add(OptionalIds(n=1, **{column: value}))
        with pytest.raises(StatementError) as raised:
            session.commit()
    assert isinstance(raised.value.orig, error)
    for word in words:
        assert word in str(raised.value.orig)
    assert db.raw("SELECT count(*) FROM optional_ids") == [(0,)]


# A stored value of another kind: the column, then for each database that can hold it the SQL
# expression and its parameter; the words of the error. A ULID is a uuid column on PostgreSQL,
# where every value is a ULID, so its bad values are SQLite's.
BAD_VALUES: dict[str, tuple[str, dict[str, tuple[str, Any]], list[str]]] = {
    "uuid7 of version 4": (
        "uuid7",
        {"sqlite": (":v", UUID4.bytes), "postgresql": ("CAST(:v AS uuid)", str(UUID4))},
        ["UUID7 column", "version 4", str(UUID4)],
    ),
    "object_id of 11 bytes": (
        "object_id",
        {"sqlite": (":v", bytes(range(11))), "postgresql": (":v", bytes(range(11)))},
        ["ObjectId column", "11 bytes", bytes(range(11)).hex()],
    ),
    "uuid7 of variant 0": (
        "uuid7",
        {"sqlite": (":v", bytes.fromhex("01890000000070000000000000000000")),
         "postgresql": ("CAST(:v AS uuid)", "01890000-0000-7000-0000-000000000000")},
        ["UUID7 column", "01890000-0000-7000-0000-000000000000"],
    ),
    "negative snowflake": (
        "snowflake",
        {"sqlite": (":v", -5), "postgresql": (":v", -5)},
        ["SnowflakeId column", "-5", "a Snowflake id is 0 to 9223372036854775807"],
    ),
    "ulid of 11 bytes": ("ulid", {"sqlite": (":v", bytes(range(11)))}, ["ULID column", "11 bytes"]),
    "ulid as text": (
        "ulid",
        {"sqlite": (":v", "01ARZ3NDEKTSV4RRFFQ69G5FAV")},
        ["ULID column", "str", "01ARZ3NDEKTSV4RRFFQ69G5FAV"],
    ),
    "uuid7 of 15 bytes": ("uuid7", {"sqlite": (":v", bytes(15))}, ["UUID7 column", "15 bytes"]),
    "snowflake as a real": ("snowflake", {"sqlite": (":v", 1.5)}, ["SnowflakeId column", "float"]),
}


@pytest.mark.parametrize(
    ("db", "case"),
    [(kind, case) for case, (_, stored, _) in BAD_VALUES.items() for kind in stored],
    indirect=["db"],
)
def test_reading_a_stored_value_of_another_kind_raises(db, case):
    column, stored, words = BAD_VALUES[case]
    sql, value = stored[db.kind]
    db.create()
    db.raw(f"INSERT INTO optional_ids (n, {column}) VALUES (7, {sql})", v=value)
    db.raw("INSERT INTO optional_ids (n) VALUES (8)")

    selected = sa.select(OptionalIds.__table__.c[column])
    with db.engine.connect() as connection:  # Core
        with pytest.raises(ValueError) as raised:
            connection.execute(selected.order_by(OptionalIds.n)).all()
        for word in words:
            assert word in str(raised.value)
        # The row without the value still reads.
        assert connection.execute(selected.where(OptionalIds.n == 8)).all() == [(None,)]
    with Session(db.engine) as session:  # ORM
        with pytest.raises(ValueError) as raised:
            session.get(OptionalIds, 7)
        for word in words:
            assert word in str(raised.value)


def test_null_round_trips_in_optional_columns(db):
    db.create()
    with Session(db.engine) as session:
        session.add(OptionalIds(n=1))
        session.add(OptionalIds(n=2, ulid=None, uuid7=None, object_id=None, snowflake=None))
        session.commit()
    with Session(db.engine) as session:
        rows = session.scalars(sa.select(OptionalIds).order_by(OptionalIds.n)).all()
        assert [[getattr(row, column) for column in COLUMNS] for row in rows] == [[None] * 4] * 2
        nulls = session.scalars(sa.select(OptionalIds.n).where(OptionalIds.ulid.is_(None)))
        assert nulls.all() == [1, 2]
    assert db.raw(
        "SELECT count(*) FROM optional_ids WHERE ulid IS NULL AND uuid7 IS NULL "
        "AND object_id IS NULL AND snowflake IS NULL"
    ) == [(2,)]


def test_insert_defaults_generate_ids(db):
    db.create()
    with Session(db.engine) as session:
        for _ in range(3):
            session.add(Ids())
            session.flush()  # one at a time: generated in this order
        session.add_all(SnowflakeKeyed(note=note) for note in ("a", "b"))
        session.commit()
    with Session(db.engine) as session:
        rows = session.scalars(sa.select(Ids).order_by(Ids.ulid)).all()
        keyed = session.scalars(sa.select(SnowflakeKeyed).order_by(SnowflakeKeyed.id)).all()
    assert len(rows) == 3
    for row in rows:
        assert ULID_TEXT.fullmatch(row.ulid) and UUID7_TEXT.fullmatch(row.uuid7)
        assert OBJECT_ID_TEXT.fullmatch(row.object_id) and 0 < row.snowflake < 2**63
    # Each default column is in generation order, as the keys are.
    for column in COLUMNS:
        values = [getattr(row, column) for row in rows]
        assert values == sorted(values) and len(set(values)) == 3, column
    raw = sorted(stored_bytes(value) for (value,) in db.raw("SELECT ulid FROM ids"))
    assert raw == [ulid_bytes(row.ulid) for row in rows]
    assert [row.note for row in keyed] == ["a", "b"]
    assert keyed[0].id < keyed[1].id and keyed[0].id > rows[-1].snowflake
    assert SNOWFLAKES.worker_id == (keyed[0].id >> 12) & 0x3FF


def test_order_by_the_column_is_generation_order(db):
    db.create()
    n = 10_000
    generated = {
        "ulid": identifier.generate_ulids(n),
        "uuid7": identifier.generate_uuid7s(n),
        "object_id": identifier.generate_object_ids(n),
        "snowflake": SNOWFLAKES.generate_ids(n),
    }
    shuffled = {}
    rng = random.Random(20240101)
    for column, values in generated.items():
        shuffled[column] = values[:]
        rng.shuffle(shuffled[column])
    assert all(shuffled[column] != generated[column] for column in COLUMNS)
    rows = [{"n": i, **{column: shuffled[column][i] for column in COLUMNS}} for i in range(n)]
    table = OptionalIds.__table__
    with db.engine.begin() as connection:
        connection.execute(sa.insert(table), rows)
    with db.engine.connect() as connection:
        for column in COLUMNS:
            ascending = connection.scalars(
                sa.select(table.c[column]).order_by(table.c[column])
            ).all()
            assert ascending == generated[column], column
            descending = connection.scalars(
                sa.select(table.c[column]).order_by(table.c[column].desc()).limit(3)
            ).all()
            assert descending == generated[column][:-4:-1], column
            middle = generated[column][n // 2]
            count = connection.scalar(
                sa.select(sa.func.count()).select_from(table).where(table.c[column] > middle)
            )
            assert count == n - n // 2 - 1, column


# Rows exchanged with the Rust example storage_rows.

BUILD = "cargo build -p tick-identifier --example storage_rows --features rusqlite,postgres"


def storage_rows() -> Path:
    """The Rust example storage_rows: IDENTIFIER_STORAGE_ROWS, or target/debug/examples; a
    failure naming the build command if it is not built."""
    candidates = [os.environ.get("IDENTIFIER_STORAGE_ROWS", "")]
    candidates.append(str(ROOT / "target" / "debug" / "examples" / "storage_rows"))
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            return Path(candidate)
    pytest.fail(
        f"the Rust example storage_rows is not built: run `{BUILD}` from the root of the "
        "workspace, or set IDENTIFIER_STORAGE_ROWS to the program"
    )


def run_storage_rows(command: str, db: Database) -> subprocess.CompletedProcess[str]:
    db.engine.dispose()  # no connection of ours holds the SQLite file
    kind = "postgres" if db.postgresql else "sqlite"
    return subprocess.run(
        [str(storage_rows()), command, kind, db.target], capture_output=True, text=True, timeout=120
    )


def row_lines(rows: list[tuple[int, str, str, str, int]]) -> list[str]:
    return [" ".join(str(value) for value in row) for row in rows]


def rows_table(name: str) -> sa.Table:
    """The table of the exchange: n, then one column of each type."""
    return sa.Table(
        name,
        sa.MetaData(),
        sa.Column("n", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), primary_key=True,
                  autoincrement=False),
        sa.Column("ulid", ULID, nullable=False),
        sa.Column("uuid7", UUID7, nullable=False),
        sa.Column("object_id", ObjectId, nullable=False),
        sa.Column("snowflake", SnowflakeId, nullable=False),
    )


def test_rows_written_by_rust_read_in_python(db):
    done = run_storage_rows("write", db)
    assert done.returncode == 0, f"storage_rows write failed: {done.stderr}"
    printed = done.stdout.split("\n")
    assert printed[-1] == "" and len(printed) == 6, done.stdout
    fields = [line.split(" ") for line in printed[:-1]]
    for n, ulid, uuid7, object_id, snowflake in fields:
        assert ULID_TEXT.fullmatch(ulid) and UUID7_TEXT.fullmatch(uuid7), (ulid, uuid7)
        assert OBJECT_ID_TEXT.fullmatch(object_id) and re.fullmatch(r"[0-9]+", snowflake + n)
    table = rows_table("rust_rows")
    with db.engine.connect() as connection:
        rows = connection.execute(sa.select(table).order_by(table.c.n)).all()
    assert row_lines([tuple(row) for row in rows]) == printed[:-1]
    # The same rows, as stored: python-ulid's and uuid's bytes, the hex, the integer.
    raw = db.raw("SELECT ulid, uuid7, object_id, snowflake FROM rust_rows ORDER BY n")
    assert [
        (stored_bytes(a), stored_bytes(b), stored_bytes(c), d) for a, b, c, d in raw
    ] == [
        (ulid_bytes(u), uuid.UUID(u7).bytes, bytes.fromhex(o), int(s)) for _, u, u7, o, s in fields
    ]


def exchange_rows() -> list[tuple[int, str, str, str, int]]:
    """Five rows: three fresh, and the smallest and largest value of each type."""
    fresh = zip(
        identifier.generate_ulids(3),
        identifier.generate_uuid7s(3),
        identifier.generate_object_ids(3),
        SNOWFLAKES.generate_ids(3),
    )
    rows = [(n, *values) for n, values in enumerate(fresh, start=1)]
    rows.append(
        (4, "00000000000000000000000000", "00000000-0000-7000-8000-000000000000", "0" * 24, 0)
    )
    rows.append(
        (5, "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "ffffffff-ffff-7fff-bfff-ffffffffffff", "f" * 24, 2**63 - 1)
    )
    return rows


def write_python_rows(db: Database) -> tuple[list[tuple[int, str, str, str, int]], sa.Table]:
    """The exchange rows, written through the column types to a new table python_rows; the
    rows and the table."""
    rows = exchange_rows()
    table = rows_table("python_rows")
    table.metadata.create_all(db.engine)
    with db.engine.begin() as connection:
        connection.execute(sa.insert(table), [dict(zip(("n", *COLUMNS), row)) for row in rows])
    return rows, table


def test_rows_written_in_python_read_by_rust(db):
    rows, _ = write_python_rows(db)
    done = run_storage_rows("read", db)
    assert done.returncode == 0, f"storage_rows read failed: {done.stderr}"
    assert done.stdout.split("\n") == [*row_lines(rows), ""]


def test_rust_refuses_a_stored_uuid_that_python_refuses(db):
    _, table = write_python_rows(db)
    sql = "CAST(:v AS uuid)" if db.postgresql else ":v"
    value = str(UUID4) if db.postgresql else UUID4.bytes
    db.raw(f"UPDATE python_rows SET uuid7 = {sql} WHERE n = 2", v=value)
    with db.engine.connect() as connection:
        with pytest.raises(ValueError, match="UUID7 column"):
            connection.execute(sa.select(table)).all()
    done = run_storage_rows("read", db)
    assert done.returncode != 0, f"storage_rows read accepted a version-4 uuid: {done.stdout}"
    assert done.stderr.strip(), "storage_rows read failed without a message"
