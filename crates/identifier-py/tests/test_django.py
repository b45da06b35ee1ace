"""``identifier.django`` in a Django project (tests/django_project, copied to a temporary
directory): ``makemigrations`` writes the app's migration as a user's project gets it, finds
nothing more to write after it, ``migrate`` applies it, and Django's own test runner passes
the app's tests (django_project/idapp/tests.py), on PostgreSQL and on SQLite. Each command
runs in a subprocess; a failure shows the command's output."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parent / "django_project"
PG_DATABASE = "identifier_django"
VENDORS = ["postgresql", "sqlite"]
# The app's tests as Django's runner counts them: fewer means some were not found.
MIN_TESTS = 30


@dataclass
class Env:
    """The environment of manage.py on one database, in the project at ``project`` (left out
    of tracebacks)."""

    vendor: str
    project: Path
    variables: dict[str, str] = field(repr=False)

    def with_(self, **variables: str) -> Env:
        return Env(self.vendor, self.project, {**self.variables, **variables})


@pytest.fixture(scope="module")
def django_env(postgres, tmp_path_factory) -> dict[str, Env]:
    """{vendor: Env}: a new PostgreSQL database on the session's server, a new SQLite file."""
    for module in ("django", "psycopg"):
        try:
            __import__(module)
        except ImportError as error:
            pytest.fail(f"{error}: install crates/identifier-py/requirements-test.txt")
    postgres.sql(f"DROP DATABASE IF EXISTS {PG_DATABASE}")
    postgres.sql(f"DROP DATABASE IF EXISTS test_{PG_DATABASE}")
    postgres.sql(f"CREATE DATABASE {PG_DATABASE}")
    base = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    base["DJANGO_SETTINGS_MODULE"] = "idproject.settings"
    base["PYTHONDONTWRITEBYTECODE"] = "1"
    sqlite = tmp_path_factory.mktemp("django-sqlite") / "db.sqlite3"
    # The project as a user writes it: models, and no migration until makemigrations writes one.
    project = tmp_path_factory.mktemp("django") / "project"
    shutil.copytree(SOURCE, project, ignore=shutil.ignore_patterns("__pycache__"))
    return {
        "postgresql": Env("postgresql", project, {
            **base,
            "IDENTIFIER_DJANGO_DB": "postgresql",
            "IDENTIFIER_DJANGO_PG_HOST": str(postgres.dir),
            "IDENTIFIER_DJANGO_PG_NAME": PG_DATABASE,
        }),
        "sqlite": Env("sqlite", project, {
            **base, "IDENTIFIER_DJANGO_DB": "sqlite", "IDENTIFIER_DJANGO_SQLITE": str(sqlite)
        }),
    }


def manage(env: Env, *args: str, expect: int = 0) -> str:
    """The output of ``manage.py args`` in the project; a failure with it unless the exit
    status is ``expect``."""
    __tracebackhide__ = True
    command = [sys.executable, "manage.py", *args]
    try:
        done = subprocess.run(
            command, cwd=env.project, env=env.variables, capture_output=True, text=True, timeout=600
        )
    except subprocess.TimeoutExpired as error:
        pytest.fail(f"{' '.join(args)} ran out of time:\n{error.stdout}{error.stderr}")
    output = f"{done.stdout}{done.stderr}"
    if done.returncode != expect:
        pytest.fail(
            f"manage.py {' '.join(args)} on {env.vendor} exited with "
            f"{done.returncode}, not {expect}:\n{output}"
        )
    return output


def psql(postgres, database: str, sql: str) -> str:
    """The output of ``sql`` run by psql on ``database`` of the server (unaligned, tuples only)."""
    command = postgres.psql_command(sql)
    command[command.index("-d") + 1] = database
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, f"psql failed on {sql!r}: {done.stderr}"
    return done.stdout.strip()


@pytest.fixture(scope="module")
def migration(django_env) -> str:
    """The app's migration, as ``makemigrations`` writes it into the new project."""
    env = django_env["sqlite"]
    migrations = env.project / "idapp" / "migrations"
    assert [path.name for path in migrations.glob("0*.py")] == [], "the source holds a migration"
    output = manage(env, "makemigrations", "idapp")
    assert "Create model UlidItem" in output, output
    return (migrations / "0001_initial.py").read_text(encoding="utf-8")


def test_makemigrations_writes_the_fields_and_their_defaults(migration):
    # The fields by their public path, and defaults a migration can import.
    for text in (
        "identifier.django.ULIDField(default=identifier._identifier.generate_ulid, primary_key=True",
        "identifier.django.UUID7Field(default=identifier._identifier.generate_uuid7, primary_key=True",
        "identifier.django.ObjectIdField(default=identifier._identifier.generate_object_id",
        "identifier.django.SnowflakeIdField(default=idapp.models.next_snowflake_id, primary_key=True",
        "identifier.django.ULIDField(blank=True, null=True, unique=True)",
    ):
        assert text in migration, f"{text!r} not in:\n{migration}"


@pytest.mark.parametrize("vendor", VENDORS)
def test_the_written_migration_is_current(django_env, migration, vendor):
    output = manage(django_env[vendor], "makemigrations", "--check", "--dry-run", "-v", "2")
    assert "No changes detected" in output, output


def test_makemigrations_check_sees_a_change(django_env, migration, tmp_path):
    """The check above can fail: a model the migration lacks is reported (exit status 1)."""
    env = django_env["sqlite"]
    path = os.pathsep.join(filter(None, [str(tmp_path), env.variables.get("PYTHONPATH")]))
    # A settings module that adds a model with a new field to the app after it is loaded.
    (tmp_path / "extra_settings.py").write_text(
        "from idproject.settings import *  # noqa: F401,F403\n"
        "INSTALLED_APPS = ['idapp', 'extra_app']\n"
    )
    (tmp_path / "extra_app").mkdir()
    (tmp_path / "extra_app" / "__init__.py").write_text("")
    (tmp_path / "extra_app" / "models.py").write_text(
        "from django.db import models\n"
        "from identifier.django import ObjectIdField\n\n"
        "class Extra(models.Model):\n"
        "    oid = ObjectIdField()\n\n"
        "    class Meta:\n"
        "        app_label = 'idapp'\n"
    )
    env = env.with_(PYTHONPATH=path, DJANGO_SETTINGS_MODULE="extra_settings")
    output = manage(env, "makemigrations", "--check", "--dry-run", "idapp", expect=1)
    assert "Create model Extra" in output, output


@pytest.mark.parametrize("vendor", VENDORS)
def test_migrate(django_env, migration, vendor, postgres):
    env = django_env[vendor]
    output = manage(env, "migrate", "idapp", "-v", "2")
    assert re.search(r"Applying idapp\.0001_initial\.\.\. OK", output), output
    manage(env, "migrate", "--check")
    output = manage(env, "showmigrations", "idapp")
    assert "[X] 0001_initial" in output, output
    sql = manage(env, "sqlmigrate", "idapp", "0001")
    if vendor == "postgresql":
        expected = ['"ulid" uuid NULL', '"object_id" bytea NULL', '"snowflake" bigint NULL']
        expected += ['"id" uuid NOT NULL PRIMARY KEY', '"id" bytea NOT NULL PRIMARY KEY']
        columns = psql(postgres, PG_DATABASE, (
            "SELECT table_name, column_name, data_type FROM information_schema.columns "
            "WHERE table_name LIKE 'idapp_%' AND column_name <> 'name' ORDER BY 1, 2"
        ))
        assert columns.splitlines() == [
            "idapp_objectiditem|id|bytea",
            "idapp_snowflakeitem|id|bigint",
            "idapp_tagged|id|bigint",
            "idapp_tagged|object_id|bytea",
            "idapp_tagged|object_id_item_id|bytea",
            "idapp_tagged|snowflake|bigint",
            "idapp_tagged|snowflake_item_id|bigint",
            "idapp_tagged|ulid|uuid",
            "idapp_tagged|ulid_item_id|uuid",
            "idapp_tagged|uuid7|uuid",
            "idapp_tagged|uuid7_item_id|uuid",
            "idapp_uliditem|id|uuid",
            "idapp_uuid7item|id|uuid",
        ], columns
    else:
        expected = ['"ulid" BLOB NULL', '"object_id" BLOB NULL', '"snowflake" bigint NULL']
        expected += ['"id" BLOB NOT NULL PRIMARY KEY']
    for text in expected:
        assert text in sql, f"{text!r} not in:\n{sql}"


@pytest.mark.parametrize("vendor", VENDORS)
def test_django_test_runner(django_env, migration, vendor):
    output = manage(django_env[vendor], "test", "idapp", "-v", "2", "--noinput")
    ran = re.search(r"^Ran (\d+) tests? in ", output, re.MULTILINE)
    assert ran and int(ran.group(1)) >= MIN_TESTS, output
    assert re.search(r"^OK\b", output, re.MULTILINE), output
