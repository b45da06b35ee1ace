"""The public surface: the seed's names, keyword-only options and defaults, plus the batch
functions; the stub and py.typed ship with the package."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

import identifier

P = inspect.Parameter
POS = P.POSITIONAL_OR_KEYWORD
ONLY = P.POSITIONAL_ONLY
KW = P.KEYWORD_ONLY

# name -> [(parameter, kind, default)], the seed's API (and the batch functions).
SIGNATURES = {
    "generate_ulid": [("timestamp_ms", KW, None)],
    "extract_ulid_timestamp_ms": [("ulid", POS, P.empty)],
    "generate_uuid7": [("timestamp_ms", KW, None), ("as_uuid", KW, False)],
    "extract_uuid7_timestamp_ms": [("uuid7", POS, P.empty)],
    "generate_object_id": [("timestamp_s", KW, None)],
    "extract_object_id_timestamp_s": [("object_id", POS, P.empty)],
    "extract_snowflake_timestamp_ms": [("snowflake_id", POS, P.empty)],
    "generate_checksummed_id": [("length", KW, 12), ("group_size", KW, 4), ("sep", KW, "-")],
    "verify_checksummed_id": [("identifier", POS, P.empty), ("sep", KW, "-")],
    "generate_stable_content_id": [
        ("data", POS, P.empty),
        ("registry", KW, None),
        ("length", KW, 64),
        ("ignore_unhashable", KW, False),
    ],
    "generate_stable_uuid5": [
        ("data", POS, P.empty),
        ("registry", KW, None),
        ("namespace", KW, ...),
        ("ignore_unhashable", KW, False),
    ],
    "generate_ulids": [("n", ONLY, P.empty)],
    "generate_uuid7s": [("n", ONLY, P.empty)],
    "generate_object_ids": [("n", ONLY, P.empty)],
    # The ids users hold, their datetimes, and the generation policy.
    "parse_ulid": [("ulid", POS, P.empty)],
    "parse_uuid7": [("uuid7", POS, P.empty)],
    "parse_object_id": [("object_id", POS, P.empty)],
    "parse_snowflake_id": [("snowflake_id", POS, P.empty)],
    "parse_checksummed_id": [("checksummed_id", POS, P.empty), ("sep", KW, "-")],
    "to_uuid": [("id", POS, P.empty)],
    "extract_ulid_datetime": [("ulid", POS, P.empty)],
    "extract_uuid7_datetime": [("uuid7", POS, P.empty)],
    "extract_object_id_datetime": [("object_id", POS, P.empty)],
    "extract_snowflake_datetime": [("snowflake_id", POS, P.empty)],
    "generation_policy": [("format", POS, P.empty)],
    "get_stable_registry": [],
    # Ids of given fields, the bounds of an instant, and ULIDs as UUIDs.
    "ulid_from_parts": [("timestamp_ms", POS, P.empty), ("random", POS, P.empty)],
    "uuid7_from_parts": [("timestamp_ms", POS, P.empty), ("counter", POS, P.empty)],
    "object_id_from_parts": [("timestamp_s", POS, P.empty), ("counter", POS, P.empty)],
    "snowflake_id_from_parts": [
        ("timestamp_ms", POS, P.empty),
        ("worker_id", POS, P.empty),
        ("sequence", POS, P.empty),
    ],
    "min_ulid_at": [("timestamp_ms", POS, P.empty)],
    "max_ulid_at": [("timestamp_ms", POS, P.empty)],
    "min_uuid7_at": [("timestamp_ms", POS, P.empty)],
    "max_uuid7_at": [("timestamp_ms", POS, P.empty)],
    "min_object_id_at": [("timestamp_s", POS, P.empty)],
    "max_object_id_at": [("timestamp_s", POS, P.empty)],
    "min_snowflake_id_at": [("timestamp_ms", POS, P.empty)],
    "max_snowflake_id_at": [("timestamp_ms", POS, P.empty)],
    "ulid_to_uuid": [("ulid", POS, P.empty), ("compliant", KW, False)],
    "ulid_from_uuid": [("value", POS, P.empty)],
}


def parameters(function) -> list[tuple[str, object, object]]:
    return [(p.name, p.kind, p.default) for p in inspect.signature(function).parameters.values()]


def test_the_package_exports_the_seed_names_and_the_batches():
    expected = set(SIGNATURES) | {
        "SnowflakeIdGenerator",
        "LeasedSnowflakeIdGenerator",
        "LeaseError",
        "LeaseState",
        "HasherRegistry",
        "__version__",
    }
    assert set(identifier.__all__) == expected
    for name in expected:
        assert hasattr(identifier, name), name


def test_each_function_has_the_seed_signature():
    for name, expected in SIGNATURES.items():
        assert parameters(getattr(identifier, name)) == expected, name


def test_the_snowflake_generator_takes_a_keyword_only_worker_id():
    cls = identifier.SnowflakeIdGenerator
    assert parameters(cls) == [("worker_id", KW, P.empty)]
    assert cls(worker_id=1).worker_id == 1
    for call in (lambda: cls(1), lambda: cls(), lambda: cls(worker=1)):
        with pytest.raises(TypeError):
            call()
    assert parameters(cls.generate)[1:] == [("timestamp_ms", KW, None)]
    assert parameters(cls.generate_ids)[1:] == [("n", ONLY, P.empty)]


def test_the_leased_generator_takes_a_location_and_keyword_only_options():
    assert parameters(identifier.SnowflakeIdGenerator.leased) == [
        ("location", POS, P.empty),
        ("table", KW, "snowflake_worker_lease"),
        ("ttl_s", KW, 10.0),
        ("max_clock_skew_s", KW, 1.0),
        ("worker_ids", KW, None),
        ("on_event", KW, None),
    ]
    cls = identifier.LeasedSnowflakeIdGenerator
    assert parameters(cls.generate)[1:] == [("timestamp_ms", KW, None)]
    assert parameters(cls.generate_ids)[1:] == [("n", ONLY, P.empty)]
    assert issubclass(identifier.LeaseError, RuntimeError)
    assert identifier.LeaseError.__module__ == "identifier"
    assert cls.__module__ == "identifier"


def test_every_public_name_has_a_docstring():
    for name in identifier.__all__:
        if name == "__version__":
            continue
        doc = getattr(identifier, name).__doc__
        assert doc and len(doc) > 80, name
    for method in ("generate", "generate_ids", "worker_id", "leased"):
        assert getattr(identifier.SnowflakeIdGenerator, method).__doc__, method
    for method in ("generate", "generate_ids", "worker_id", "state", "release", "__enter__", "__exit__"):
        assert getattr(identifier.LeasedSnowflakeIdGenerator, method).__doc__, method
    assert identifier.__doc__ and "fork" in identifier.__doc__


def test_the_stub_and_py_typed_are_installed_beside_the_extension():
    package = Path(identifier.__file__).parent
    assert (package / "py.typed").is_file()
    stub = (package / "__init__.pyi").read_text(encoding="utf-8")
    for name in identifier.__all__:
        assert name in stub, name
    # The installed wheel is tested, not the source tree.
    assert "site-packages" in str(package)
    assert list(package.glob("_identifier*.so")) or list(package.glob("_identifier*.pyd"))


def test_the_stub_declares_what_the_functions_accept():
    # The stub, and the typed Python modules whose functions it re-exports.
    package = Path(identifier.__file__).parent
    defs = {}
    for source in ("__init__.pyi", "_bounds.py", "_datetimes.py", "_registry.py"):
        tree = ast.parse((package / source).read_text(encoding="utf-8"))
        defs |= {node.name: node.args for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    for name, params in SIGNATURES.items():
        args = defs[name]
        declared = [arg.arg for arg in args.posonlyargs + args.args + args.kwonlyargs]
        for parameter, _, _ in params:
            assert parameter in declared, (name, parameter, declared)


def test_the_version_is_the_workspace_version():
    cargo = (Path(__file__).resolve().parents[3] / "Cargo.toml").read_text(encoding="utf-8")
    workspace_package = cargo[cargo.index("[workspace.package]") :]
    version = workspace_package.split('version = "', 1)[1].split('"', 1)[0]
    assert identifier.__version__ == version
