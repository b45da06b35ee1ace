#!/usr/bin/env bash
# Builds the Python package's wheels and sdist from this checkout, checks them, and runs the
# tests on the wheel a Linux x86-64 user installs:
#   1. a build environment in target/py-venv (reused if present) with requirements-build.txt:
#      maturin, ziglang (the cross linker of the manylinux and musllinux wheels), auditwheel
#      and twine;
#   2. the Rust programs the tests compare with: the `identifier` command and the example
#      `storage_rows` (rows of ids written and read by the Rust crates);
#   3. `maturin build --zig` of the wheels into target/py-wheels: manylinux2014 x86_64 and
#      aarch64, musllinux_1_2 x86_64 (PY_WHEELS=host builds the x86_64 manylinux one only, for
#      a quicker loop), and the sdist; maturin audits each policy; `auditwheel show` must name
#      the manylinux tag and no external library (the musl wheel's ELF files are read instead:
#      see below), `twine check` must pass;
#   4. a new virtual environment, target/py-test-venv, with requirements-test.txt and the x86_64
#      manylinux wheel: pytest on crates/identifier-py/tests (extra arguments go to pytest) and
#      `mypy.stubtest identifier` (0 errors, with stubtest-allowlist.txt).
# Exits non-zero, with a message, on the first failure. PYTHON picks the interpreter (3.10+).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
tools="$root/target/py-venv"
venv="$root/target/py-test-venv"
wheels="$target/py-wheels"
python="${PYTHON:-python3}"
host=x86_64-unknown-linux-gnu

fail() {
    echo "run-tests.sh: $*" >&2
    exit 1
}
step() { printf '\n--> [%ds] %s\n' "$SECONDS" "$*"; }

command -v "$python" >/dev/null 2>&1 || fail "no '$python' on PATH: install CPython 3.10 or later, or set PYTHON"
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 10))' ||
    fail "$("$python" --version 2>&1) is too old: the package needs CPython 3.10 or later"
command -v cargo >/dev/null 2>&1 || fail "no cargo on PATH: the package is built from Rust (https://rustup.rs)"
[ "$(uname -m)" = x86_64 ] || fail "the wheels are built and tested on x86-64 Linux; this is $(uname -m)"

step "build environment: $tools"
if [ ! -x "$tools/bin/python" ]; then
    "$python" -m venv "$tools" ||
        fail "could not create $tools (on Debian: apt-get install python3-venv)"
fi
"$tools/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements-build.txt" ||
    fail "pip could not install $here/requirements-build.txt"

step "cargo build: the identifier command and the storage_rows example, which the tests compare with"
# With the workspace's every feature, as the README's test command builds them: after that
# command (CI runs it first) both are already built.
cargo build --quiet --locked --workspace --all-features --bin identifier --example storage_rows ||
    fail "cargo could not build the identifier command and the storage_rows example"
export IDENTIFIER_CLI="$target/debug/identifier"
export IDENTIFIER_STORAGE_ROWS="$target/debug/examples/storage_rows"

# target triple, platform policy, and the tag auditwheel must find.
builds=("$host manylinux2014 manylinux_2_17_x86_64")
if [ "${PY_WHEELS:-all}" != host ]; then
    builds+=("aarch64-unknown-linux-gnu manylinux2014 manylinux_2_17_aarch64")
    builds+=("x86_64-unknown-linux-musl musllinux_1_2 musllinux_1_2_x86_64")
fi
if command -v rustup >/dev/null 2>&1; then
    for build in "${builds[@]}"; do
        read -r triple _ _ <<<"$build"
        rustup target list --installed | grep -qx "$triple" || rustup target add "$triple" >/dev/null ||
            fail "rustup could not add the target $triple"
    done
fi

rm -rf "$wheels"
for build in "${builds[@]}"; do
    read -r triple policy tag <<<"$build"
    step "maturin build --release --zig --target $triple --compatibility $policy"
    # `--auditwheel check`: maturin's own audit of the policy fails the build instead of
    # grafting a library into the wheel.
    PATH="$tools/bin:$PATH" "$tools/bin/maturin" build --release --locked --quiet --zig \
        --target "$triple" --compatibility "$policy" --auditwheel check -m "$here/Cargo.toml" \
        --interpreter "$tools/bin/python" --out "$wheels" ||
        fail "maturin could not build the $policy wheel for $triple (is the target installed? rustup target add $triple)"
    wheel=$(ls "$wheels"/identifier-*"${tag}"*.whl 2>/dev/null | head -n1)
    [ -n "$wheel" ] || fail "maturin wrote no $tag wheel into $wheels"
    if [ "$policy" = musllinux_1_2 ]; then
        # auditwheel on a glibc host cannot judge a musl wheel: it looks its libraries up in
        # the host's glibc paths, and expects musl's libc under Alpine's name
        # (libc.musl-x86_64.so.1), where Zig links `libc.so`, which musl's loader maps to itself.
        # So the wheel's own ELF files are read: they may need musl's libc and nothing else.
        "$tools/bin/python" - "$wheel" <<'PY' || fail "$wheel needs more than musl's libc"
import io, sys, zipfile
from elftools.elf.dynamic import DynamicSection
from elftools.elf.elffile import ELFFile

with zipfile.ZipFile(sys.argv[1]) as wheel:
    for name in wheel.namelist():
        if name.endswith(".so"):
            elf = ELFFile(io.BytesIO(wheel.read(name)))
            needed = {tag.needed for section in elf.iter_sections() if isinstance(section, DynamicSection)
                      for tag in section.iter_tags() if tag.entry.d_tag == "DT_NEEDED"}
            assert elf.header.e_machine == "EM_X86_64", (name, elf.header.e_machine)
            assert needed == {"libc.so"}, (name, sorted(needed))
            print(f"{name}: x86-64, needs {sorted(needed)} (musl's libc) only")
PY
    else
        shown=$("$tools/bin/auditwheel" show "$wheel" 2>&1) || fail "auditwheel show failed on $wheel: $shown"
        # auditwheel wraps its lines: the tag is read from the text as one line.
        grep -q "consistent with the following platform tag: \"$tag\"" <<<"$(tr '\n' ' ' <<<"$shown")" ||
            fail "auditwheel does not find $wheel consistent with $tag:"$'\n'"$shown"
        if grep -q "external shared libraries are required" <<<"$shown"; then
            fail "$wheel needs external shared libraries:"$'\n'"$shown"
        fi
    fi
    echo "$(basename "$wheel"): $tag, no external library"
done

step "maturin sdist"
"$tools/bin/maturin" sdist -m "$here/Cargo.toml" --out "$wheels" || fail "maturin could not build the sdist"
sdist=$(ls "$wheels"/identifier-*.tar.gz 2>/dev/null | head -n1)
[ -n "$sdist" ] || fail "maturin wrote no sdist into $wheels"

step "twine check"
"$tools/bin/twine" check --strict "$wheels"/* || fail "twine check refused a distribution in $wheels"

step "a new virtual environment with the x86_64 manylinux wheel: $venv"
rm -rf "$venv"
"$python" -m venv "$venv" || fail "could not create $venv (on Debian: apt-get install python3-venv)"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements-test.txt" ||
    fail "pip could not install $here/requirements-test.txt"
wheel=$(ls "$wheels"/identifier-*manylinux_2_17_x86_64*.whl | head -n1)
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps "$wheel" ||
    fail "pip could not install $wheel"

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

step "python -m mypy.stubtest identifier (the stub and the typed modules against the package)"
# From a directory without the sources, so that the installed package is what is checked.
(cd "$venv" && "$venv/bin/python" -m mypy.stubtest identifier --allowlist "$here/stubtest-allowlist.txt") ||
    fail "stubtest found the stub and the package apart"
