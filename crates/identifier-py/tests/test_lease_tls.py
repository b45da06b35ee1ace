"""SnowflakeIdGenerator.leased over TLS: the dsn's `sslmode` and `sslrootcert` reach the lease
as they are. A throwaway PostgreSQL server of this module's own, listening on 127.0.0.1 with
`ssl=on` and a certificate (for `localhost` and 127.0.0.1) of a throwaway authority that the
`openssl` command makes here; a failure (not a skip) naming the package if it is missing."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest

from conftest import PG_MISSING, PG_USER, Postgres, postgres_bindir
from identifier import LeaseError, SnowflakeIdGenerator

OPENSSL_CONFIG = """\
[req]
distinguished_name = dn
prompt = no

[dn]
CN = unused

[ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash

[server]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost, IP:127.0.0.1
authorityKeyIdentifier = keyid
"""


def openssl(*args: str) -> None:
    try:
        done = subprocess.run(["openssl", *args], capture_output=True, text=True, timeout=60)
    except OSError as error:
        pytest.fail(
            f"the TLS tests make a throwaway certificate authority with the `openssl` command, "
            f"which could not be run ({error}): install the Debian package `openssl`"
        )
    if done.returncode != 0:
        pytest.fail(f"openssl {' '.join(args)} failed:\n{done.stdout}{done.stderr}")


def throwaway_pki(dir: Path) -> dict[str, Path]:
    """A CA and a server certificate it signed (ECDSA P-256, two days), as PEM files in `dir`."""
    config = dir / "openssl.cnf"
    config.write_text(OPENSSL_CONFIG)
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    openssl("req", "-x509", "-config", str(config), "-extensions", "ca", *ec, "-days", "2",
            "-subj", "/CN=identifier-py throwaway test CA", "-keyout", str(dir / "ca.key"),
            "-out", str(dir / "ca.crt"))
    openssl("req", "-new", "-config", str(config), *ec, "-subj", "/CN=localhost",
            "-keyout", str(dir / "server.key"), "-out", str(dir / "server.csr"))
    openssl("x509", "-req", "-in", str(dir / "server.csr"), "-CA", str(dir / "ca.crt"),
            "-CAkey", str(dir / "ca.key"), "-set_serial", "2", "-days", "2",
            "-extfile", str(config), "-extensions", "server", "-out", str(dir / "server.crt"))
    return {"ca": dir / "ca.crt", "cert": dir / "server.crt", "key": dir / "server.key"}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def tls_server():
    """A server with TLS on 127.0.0.1 (initdb --auth=trust trusts it), and its CA's file."""
    bindir = postgres_bindir()
    for program in ("initdb", "pg_ctl"):
        if not (bindir / program).exists():
            pytest.fail(f"{bindir / program} is missing: {PG_MISSING}")
    as_postgres = os.geteuid() == 0
    server = Postgres(Path(tempfile.mkdtemp(prefix="identifier-py-pg-tls-")), bindir, as_postgres)
    try:
        pki = throwaway_pki(Path(tempfile.mkdtemp(prefix="identifier-py-pki-", dir=server.dir)))
        # The server reads its key only if no one else may.
        os.chmod(pki["key"], 0o600)
        if as_postgres:
            try:
                for path in (server.dir, pki["key"].parent, pki["cert"], pki["key"]):
                    shutil.chown(path, "postgres", "postgres")
            except (LookupError, OSError) as error:
                pytest.fail(f"running as root, the server needs the `postgres` user: {error}; {PG_MISSING}")
        data, log = str(server.dir / "data"), str(server.dir / "server.log")
        server.run(
            "initdb", "-D", data, "-U", PG_USER, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"
        )
        port = free_port()
        options = (
            f"-k {server.dir} -p {port} -c listen_addresses=127.0.0.1 -c fsync=off -c ssl=on "
            f"-c ssl_cert_file={pki['cert']} -c ssl_key_file={pki['key']}"
        )
        server.run("pg_ctl", "start", "-w", "-D", data, "-l", log, "-o", options)
        yield port, pki["ca"]
    finally:
        server.stop()


def dsn(port: int, host: str, extra: str) -> str:
    return f"host={host} hostaddr=127.0.0.1 port={port} user={PG_USER} dbname=postgres {extra}"


def test_verify_full_leases_over_tls(tls_server):
    port, ca = tls_server
    table = f"lease_{uuid.uuid4().hex[:12]}"
    url = f"postgresql://{PG_USER}@localhost:{port}/postgres?sslmode=verify-full&sslrootcert={ca}"
    for connection in (dsn(port, "localhost", f"sslmode=verify-full sslrootcert='{ca}'"), url):
        with SnowflakeIdGenerator.leased(connection, table=table, max_clock_skew_s=0) as generator:
            ids = [generator.generate() for _ in range(100)]
            assert all(a < b for a, b in zip(ids, ids[1:]))
            assert {(i >> 12) & 1023 for i in ids} == {generator.worker_id}


def test_a_host_name_the_certificate_does_not_name_is_a_lease_error(tls_server):
    port, ca = tls_server
    connection = dsn(port, "db.example", f"sslmode=verify-full sslrootcert={ca}")
    with pytest.raises(LeaseError) as raised:
        SnowflakeIdGenerator.leased(connection, max_clock_skew_s=0)
    message = str(raised.value)
    assert "sslmode=verify-full" in message, message
    assert 'it is not valid for the host name "db.example"' in message, message
    # verify-ca checks the chain only: the same name is accepted.
    connection = dsn(port, "db.example", f"sslmode=verify-ca sslrootcert={ca}")
    with SnowflakeIdGenerator.leased(connection, max_clock_skew_s=0) as generator:
        assert generator.generate() > 0


def test_a_missing_root_certificate_file_is_a_value_error_naming_it(tls_server):
    port, _ = tls_server
    connection = dsn(port, "localhost", "sslmode=verify-full sslrootcert=/nonexistent/ca.pem")
    with pytest.raises(ValueError, match='sslrootcert "/nonexistent/ca.pem" cannot be read'):
        SnowflakeIdGenerator.leased(connection)
