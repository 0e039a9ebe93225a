"""lint_rules/haystack.py: the byte-needle search answers exactly as ``in``, with libc's
``strstr`` loaded or not, for bytes with and without NUL bytes."""

from __future__ import annotations

import random

import pytest

from lint_rules import haystack
from lint_rules.haystack import Haystack


@pytest.fixture(params=["strstr", "in"])
def mode(request):
    if request.param == "strstr":
        if not haystack.enable():
            pytest.skip("no C library strstr here")
    else:
        haystack.disable()
    yield request.param
    haystack.disable()


PIECES = [b"token_to_kv_pool_allocator", b"Allocator", b"alloc", b"x = 1\n", b"\0", b"\xff\xfe"]
PIECES += [b"get_kvcache", b"kv", b"", b"\t", b"hasattr(", b"SWA", b"swa", b"\xc3\xa9"]


def test_has_equals_in(mode):
    rng = random.Random(11)
    needles = [b"token_to_kv_pool_allocator", b"Allocator", b"llocator", b"kv", b"\0", b"a\0b", b""]
    for _ in range(2000):
        data = b"".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 6)))
        hay = Haystack(data)
        for needle in rng.sample(needles, 4):
            assert hay.has(needle) is (needle in data), (data, needle)
            assert hay.has(needle) is (needle in data)  # memoised: the same answer


def test_a_nul_before_the_needle_does_not_hide_it(mode):
    data = b"x = 1\n\0\nself.token_to_kv_pool_allocator\n"
    assert Haystack(data).has(b"token_to_kv_pool_allocator")


def test_known_missing_is_recorded():
    hay = Haystack(b"nothing here")
    hay.known_missing(b"Allocator")
    assert hay.found == {b"Allocator": False} and not hay.has(b"Allocator")


def test_strstr_is_what_a_large_run_searches_with():
    if not haystack.enable():
        pytest.skip("no C library strstr here")
    try:
        assert Haystack(b"abc")._search is not None
        assert Haystack(b"a\0bc")._search is None  # NUL inside: ``in``
    finally:
        haystack.disable()
    assert Haystack(b"abc")._search is None


def _find_loop(data: bytes, needle: bytes) -> list:
    out = []
    at = data.find(needle)
    while at >= 0:
        out.append(at)
        at = data.find(needle, at + len(needle))
    return out


def test_occurrences_equal_the_find_loop(mode):
    """``occurrences`` gives the offsets of the ``bytes.find`` loop it replaces (each search
    after the previous occurrence), also for overlapping and NUL-holding needles and bytes."""
    rng = random.Random(5)
    needles = [b"import", b"class", b"aa", b"a", b"kv", b"\0", b"a\0b", b"'''", b"swa"]
    pieces = PIECES + [b"import", b"class", b"aaa", b"'''", b"a\0b", b"\n"]
    for _ in range(2000):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randrange(0, 8)))
        for needle in rng.sample(needles, 4):
            assert list(haystack.occurrences(data, needle)) == _find_loop(data, needle)


def test_occurrences_interleaved_and_cut_short(mode):
    """Searches of several bytes objects may interleave, and a loop may stop early."""
    a, b = b"import x\nimport y\n", bytes(b"import z\n")
    outer = haystack.occurrences(a, b"import")
    assert next(outer) == 0
    assert list(haystack.occurrences(b, b"import")) == [0]
    assert list(outer) == [9]
    assert list(haystack.occurrences(bytearray(a), b"import")) == [0, 9]
    for at in haystack.occurrences(a, b"import"):
        break
    assert list(haystack.occurrences(a[:-1], b"y")) == [16]


def test_any_equals_each_has(mode):
    rng = random.Random(3)
    needles = [b"token_to_kv_pool_allocator", b"Allocator", b"kv", b"\0", b"a\0b", b"swa", b"zz"]
    for _ in range(1000):
        data = b"".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 6)))
        hay = Haystack(data)
        group = rng.sample(needles, 3)
        assert hay.any(group) is any(n in data for n in group), (data, group)
        assert all(found is (n in data) for n, found in hay.found.items())
