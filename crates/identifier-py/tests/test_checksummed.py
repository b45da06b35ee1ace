"""generate_checksummed_id and verify_checksummed_id."""

from __future__ import annotations

import re

import pytest

from identifier import generate_checksummed_id, verify_checksummed_id

SYMBOLS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CHECK_SYMBOLS = SYMBOLS + "*~$=U"


def check_symbol(payload: str) -> str:
    value = 0
    for symbol in payload:
        value = value * 32 + SYMBOLS.index(symbol)
    return CHECK_SYMBOLS[value % 37]


def test_the_default_code_is_12_symbols_and_a_check_symbol_in_groups_of_4():
    for _ in range(2000):
        code = generate_checksummed_id()
        assert re.fullmatch(r"([0-9A-HJKMNP-TV-Z]{4}-){3}[0-9A-HJKMNP-TV-Z]", code), code
        payload = code.replace("-", "")[:-1]
        assert code[-1] == check_symbol(payload)
        assert verify_checksummed_id(code)


def test_codes_are_random():
    assert len({generate_checksummed_id() for _ in range(10_000)}) == 10_000


@pytest.mark.parametrize(
    ("options", "pattern"),
    [
        ({"length": 1}, r"[0-9A-Z]{2}"),
        ({"length": 1, "group_size": 1}, r"[0-9A-Z]-[0-9A-Z]"),
        ({"length": 10, "group_size": 5, "sep": " "}, r"[0-9A-Z]{5} [0-9A-Z]{5} [0-9A-Z]"),
        ({"group_size": 0}, r"[0-9A-Z]{13}"),
        ({"length": 20, "group_size": 7, "sep": "·"}, r"[0-9A-Z]{7}·[0-9A-Z]{7}·[0-9A-Z]{7}"),
        ({"length": 3, "group_size": 100}, r"[0-9A-Z]{4}"),
        ({"length": 3, "group_size": 2**70}, r"[0-9A-Z]{4}"),
        ({"length": 200}, r"([0-9A-Z]{4}-){50}[0-9A-Z]"),
    ],
)
def test_options_shape_the_code(options, pattern):
    code = generate_checksummed_id(**options)
    assert re.fullmatch(pattern, code), code
    assert not set(code) & set("ILOU*~$=")
    assert verify_checksummed_id(code, sep=options.get("sep", "-"))


def test_options_are_checked_and_named():
    for options, error, message in [
        ({"length": 0}, ValueError, "^length 0"),
        ({"length": -1}, ValueError, "^length -1 is out of range"),
        ({"length": True}, TypeError, "^length must be an int"),
        ({"length": 12.0}, TypeError, "^length must be an int"),
        ({"length": None}, TypeError, "^length must be an int"),
        ({"length": 2**64}, ValueError, "^length 18446744073709551616"),
        ({"group_size": -1}, ValueError, "^group_size -1 is out of range"),
        ({"group_size": False}, TypeError, "^group_size must be an int"),
        ({"sep": "L"}, ValueError, "^sep 'L' is a Crockford Base32 symbol"),
        ({"sep": "*"}, ValueError, "^sep"),
        ({"sep": "u"}, ValueError, "^sep"),
        ({"sep": "--"}, ValueError, "^sep must be one character"),
        ({"sep": ""}, ValueError, "^sep must be one character"),
        ({"sep": 45}, TypeError, "^sep must be a str"),
        ({"sep": None}, TypeError, "^sep must be a str"),
    ]:
        with pytest.raises(error, match=message):
            generate_checksummed_id(**options)
    with pytest.raises(TypeError):
        generate_checksummed_id(12)


def test_verify_reads_either_case_and_the_aliases_and_strips_the_separator():
    assert verify_checksummed_id("H88C-MK9B-VJ1V-P")
    assert verify_checksummed_id("h88c-mk9b-vj1v-p")
    assert verify_checksummed_id("H88CMK9BVJ1VP")
    assert verify_checksummed_id("H8-8CMK9BVJ1V-P")
    assert verify_checksummed_id("H88C MK9B VJ1V P", sep=" ")
    assert not verify_checksummed_id("H88C-MK9B-VJ1V-P", sep=" ")
    assert verify_checksummed_id("10*")  # an extended check symbol from another implementation
    assert verify_checksummed_id("oI-P".replace("P", check_symbol("01")))
    assert verify_checksummed_id("0L" + check_symbol("01"))


@pytest.mark.parametrize(
    "value",
    [None, 123, b"H88C-MK9B-VJ1V-P", ["H88C-MK9B-VJ1V-P"], "", "-", "---", "P", "1*0",
     "H88C-MK9B-VJ1V-Q", "H88C-MK9B-VJ1V-Pı", "H88C-MK9B-VJ1V-\u0130", "H88C-MK9B-VJ1V-P\ud800"],
)
def test_verify_is_false_never_an_error_for_anything_else(value):
    assert verify_checksummed_id(value) is False


def test_verify_checks_its_separator_option():
    assert verify_checksummed_id("H88CLMK9BVJ1VP", sep="L") is False  # a symbol: never stripped
    with pytest.raises(ValueError, match="^sep must be one character"):
        verify_checksummed_id("x", sep="ab")
    with pytest.raises(TypeError, match="^sep must be a str"):
        verify_checksummed_id("x", sep=1)


def test_every_single_symbol_error_and_adjacent_transposition_is_caught():
    code = generate_checksummed_id(group_size=0)
    for i, original in enumerate(code):
        for symbol in CHECK_SYMBOLS:
            if symbol != original and (i == len(code) - 1 or symbol in SYMBOLS):
                assert not verify_checksummed_id(code[:i] + symbol + code[i + 1 :])
    for i in range(len(code) - 1):
        swapped = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
        if swapped != code:
            assert not verify_checksummed_id(swapped)


def test_parse_keeps_a_good_code_and_names_the_rule_a_bad_one_breaks():
    from identifier import parse_checksummed_id

    for _ in range(200):
        code = generate_checksummed_id()
        assert parse_checksummed_id(code) == code
        assert parse_checksummed_id(code.lower()) == code.lower()
        spaced = generate_checksummed_id(sep=" ")
        assert parse_checksummed_id(spaced, sep=" ") == spaced
    # Each case by the specification's rules: mod-37 check symbols, byte indexes.
    payload = "7K3M9QPAXW2B"
    value = 0
    for symbol in payload:
        value = value * 32 + "0123456789ABCDEFGHJKMNPQRSTVWXYZ".index(symbol)
    check = ("0123456789ABCDEFGHJKMNPQRSTVWXYZ" + "*~$=U")[value % 37]
    assert parse_checksummed_id(payload + check) == payload + check
    wrong = "0" if check != "0" else "1"
    cases = [
        ("", "no symbols"),
        ("---", "no symbols"),
        ("7", "one symbol"),
        ("7U3M" + check, "invalid character 'U' at byte index 1: not a Crockford Base32 symbol"),
        ("é7K3" + check, "invalid character 'é' at byte index 0"),
        ("7K3M-9Q#A" + check, "invalid character '#' at byte index 7"),
        (payload + wrong, f"check symbol '{wrong}' does not match"),
    ]
    for text, reason in cases:
        with pytest.raises(ValueError, match=f"^checksummed_id {re.escape(repr(text))} is not valid: {re.escape(reason)}"):
            parse_checksummed_id(text)
        assert not verify_checksummed_id(text)
    with pytest.raises(TypeError, match="^checksummed_id must be a str, not bytes"):
        parse_checksummed_id(b"7K3M")
