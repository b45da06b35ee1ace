# Sourced by ci/windows-tests and ci/aarch64-tests: build test binaries for another target once,
# run each under that target's runner (Wine, qemu), and count what each ran.
#
#   build_test_binaries OUT CARGO_ARGS...   `cargo test --no-run CARGO_ARGS...`; writes
#                                           OUT/tests.txt: package, target, executable and
#                                           package directory of each test binary
#   run_test_binaries OUT LABEL RUNNER...   runs each of them as cargo would (from its package's
#                                           directory) under RUNNER, its output in
#                                           OUT/logs/PACKAGE.TARGET.log, and prints a line a
#                                           binary and the sums
#
# The caller declares three associative arrays keyed by PACKAGE/TARGET: `left_out`, the reason a
# binary holds no test on that target (it is not run); `skipped`, libtest filters (`--skip`,
# separated by spaces) of tests in a binary that cannot run on that target, and `why_skipped`,
# the reason. All are listed. run_test_binaries fails if a binary failed, did not finish or ran
# no test, or if a binary they name was not built; with LEFT_OUT_HOLD_NO_TEST=1, also if a
# binary in left_out holds a test on that target. TEST_BINARY_JOBS binaries run at once (2).
# Needs `fail MESSAGE` from the caller.

build_test_binaries() {
    local out=$1
    shift
    mkdir -p "$out"
    cargo test --no-run --locked --target-dir "$out" "$@" \
        --message-format json-render-diagnostics >"$out/tests.json" ||
        fail "the tests did not build (cargo test --no-run, into $out)"
    python3 - "$out/tests.json" >"$out/tests.txt" <<'PY'
import json, os, sys
for line in open(sys.argv[1], encoding="utf-8"):
    message = json.loads(line)
    if message.get("reason") == "compiler-artifact" and message.get("executable") \
            and message["profile"]["test"]:
        directory = os.path.dirname(message["manifest_path"])
        # path+file:///…/crates/ulid#tick-ulid@0.1.0, or …/crates/id-text#0.1.0 for a package
        # named as its directory.
        package = message["package_id"].rsplit("#", 1)[1].split("@")[0]
        if package[0].isdigit():
            package = os.path.basename(directory)
        print("\t".join([package, message["target"]["name"], message["executable"], directory]))
PY
    [ -s "$out/tests.txt" ] || fail "cargo built no test binary"
}

run_test_binaries() {
    local out=$1 label=$2
    shift 2
    local passed_all=0 failed_all=0 ignored_all=0 filtered_all=0 binaries=0 bad=() key log
    local status counts passed failed ignored filtered package name executable directory
    local running=0 skip skip_args
    local -A seen=()
    rm -rf "$out/logs" && mkdir -p "$out/logs"
    # Two at a time, each into its log; the results are read in order once all have ended.
    local -A holds=()
    while IFS=$'\t' read -r package name executable directory; do
        key=$package/$name
        seen[$key]=1
        if [ -n "${left_out[$key]:-}" ]; then
            # Not run; what it holds on this target is listed.
            holds[$key]=$(cd "$directory" && timeout 300 "$@" "$executable" --list --format terse \
                </dev/null 2>/dev/null | tr -d '\r' | grep -c ': test$' || true)
            continue
        fi
        skip_args=()
        for skip in ${skipped[$key]:-}; do skip_args+=(--skip "$skip"); done
        log=$out/logs/$package.$name.log
        (
            cd "$directory" || exit
            # A test binary prints its first line ("running N tests") at once. A failed run that
            # wrote nothing never started: Wine's process start fails now and then, and that
            # start alone is tried again, three times in all. A test that fails prints.
            for attempt in 1 2 3; do
                status=0
                CARGO_MANIFEST_DIR=$directory CARGO_PKG_NAME=$package \
                    timeout 900 "$@" "$executable" "${skip_args[@]}" </dev/null >"$log" 2>&1 ||
                    status=$?
                if [ "$status" -eq 0 ] || [ "$status" -eq 124 ] || [ -s "$log" ]; then
                    break
                fi
                echo "$label: $key wrote nothing and exited with $status (attempt $attempt)" >&2
            done
            echo "$status" >"$log.status"
        ) &
        running=$((running + 1))
        if [ "$running" -ge "${TEST_BINARY_JOBS:-2}" ]; then
            wait -n
            running=$((running - 1))
        fi
    done <"$out/tests.txt"
    wait
    while IFS=$'\t' read -r package name executable directory; do
        key=$package/$name
        [ -z "${left_out[$key]:-}" ] || continue
        log=$out/logs/$package.$name.log
        status=$(cat "$log.status")
        # libtest's last line: "test result: ok. 12 passed; 0 failed; 1 ignored; 0 measured;
        # 3 filtered out; ...".
        counts=$(sed -nE 's/^test result: [A-Za-z]+\. ([0-9]+) passed; ([0-9]+) failed; ([0-9]+) ignored; [0-9]+ measured; ([0-9]+) filtered out.*/\1 \2 \3 \4/p' \
            "$log" | tail -n 1)
        binaries=$((binaries + 1))
        if [ -z "$counts" ]; then
            printf '%-42s did not finish (exit status %d)\n' "$key" "$status"
            tail -n 30 "$log" >&2
            bad+=("$key")
            continue
        fi
        read -r passed failed ignored filtered <<<"$counts"
        printf '%-42s %4d passed, %d failed, %d ignored' "$key" "$passed" "$failed" "$ignored"
        if [ "$filtered" != 0 ]; then printf ', %d left out' "$filtered"; fi
        echo
        passed_all=$((passed_all + passed)) failed_all=$((failed_all + failed))
        ignored_all=$((ignored_all + ignored)) filtered_all=$((filtered_all + filtered))
        if [ "$status" != 0 ] || [ "$failed" != 0 ]; then
            grep -E -A 25 '^---- |^failures:' "$log" | head -n 120 >&2 || tail -n 40 "$log" >&2
            bad+=("$key")
        elif [ "$passed" = 0 ]; then
            echo "$key ran no test: list it in left_out with the reason, or make it run" >&2
            bad+=("$key")
        fi
    done <"$out/tests.txt"
    for key in "${!left_out[@]}" "${!skipped[@]}"; do
        if [ -z "${seen[$key]:-}" ]; then
            echo "$key is listed as left out, but no such test binary was built" >&2
            bad+=("$key")
        fi
    done
    if [ ${#left_out[@]} -gt 0 ] || [ ${#skipped[@]} -gt 0 ]; then
        echo
        echo "left out on this target, not run:"
        for key in $(printf '%s\n' "${!left_out[@]}" | sort); do
            printf '  %-40s %s tests: %s\n' "$key" "${holds[$key]:-no binary,}" "${left_out[$key]}"
            if [ "${LEFT_OUT_HOLD_NO_TEST:-0}" = 1 ] && [ "${holds[$key]:-0}" != 0 ]; then
                echo "$key holds ${holds[$key]} tests on this target: run it, or say why not" >&2
                bad+=("$key")
            fi
        done
        for key in $(printf '%s\n' "${!skipped[@]}" | sort); do
            printf '  %-40s the tests matching %s: %s\n' "$key" "${skipped[$key]// /, }" \
                "${why_skipped[$key]}"
        done
    fi
    echo "$binaries test binaries $label: $passed_all passed, $failed_all failed, $ignored_all ignored, $filtered_all left out"
    [ ${#bad[@]} = 0 ] || fail "failed, did not finish or ran no test: ${bad[*]} (logs in $out/logs)"
}
