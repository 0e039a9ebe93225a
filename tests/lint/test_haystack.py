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
