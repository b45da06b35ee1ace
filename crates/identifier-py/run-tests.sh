#!/usr/bin/env bash
# Builds the Python package from this checkout and runs its tests:
#   1. a virtual environment in target/py-venv (reused if present) with requirements-test.txt;
#   2. the `identifier` command (cargo build -p identifier-cli), which the tests compare
#      content ids with;
#   3. the wheel (maturin build --release) into target/py-wheels, installed into the venv;
#   4. pytest on crates/identifier-py/tests (extra arguments are passed to pytest).
# Exits non-zero, with a message, on the first failure. PYTHON picks the interpreter (3.10+) of
# a new venv; delete target/py-venv to change it.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="$root/target/py-venv"
wheels="$target/py-wheels"
python="${PYTHON:-python3}"

fail() {
    echo "run-tests.sh: $*" >&2
    exit 1
}
step() { printf '\n--> %s\n' "$*"; }

command -v "$python" >/dev/null 2>&1 || fail "no '$python' on PATH: install CPython 3.10 or later, or set PYTHON"
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))' ||
    fail "$("$python" --version 2>&1) is too old: the package needs CPython 3.10 or later"
command -v cargo >/dev/null 2>&1 || fail "no cargo on PATH: the package is built from Rust (https://rustup.rs)"

step "virtual environment: $venv"
if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv" ||
        fail "could not create $venv (on Debian: apt-get install python3-venv)"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements-test.txt" ||
    fail "pip could not install $here/requirements-test.txt"

step "cargo build -p identifier-cli (the command the content ids are compared with)"
cargo build --quiet --locked -p identifier-cli || fail "cargo could not build identifier-cli"
export IDENTIFIER_CLI="$target/debug/identifier"

step "maturin build --release"
rm -rf "$wheels"
"$venv/bin/maturin" build --release --locked --quiet -m "$here/Cargo.toml" \
    --interpreter "$venv/bin/python" --out "$wheels" ||
    fail "maturin could not build the wheel"
wheel=("$wheels"/identifier-*.whl)
[ -f "${wheel[0]}" ] || fail "maturin wrote no wheel into $wheels"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "${wheel[0]}" ||
    fail "pip could not install ${wheel[0]}"

step "pytest crates/identifier-py/tests"
cd "$here"
export PYTHONDONTWRITEBYTECODE=1
status=0
"$venv/bin/python" -m pytest tests "$@" || status=$?
case $status in
    0) ;;
    5) fail "pytest collected no test" ;;
    *) fail "pytest failed (exit status $status)" ;;
esac
