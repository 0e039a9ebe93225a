"""What decides nothing (lint_rules/swa_path.py): dead code and values nothing reads are not
reported, and each model stops where a reader or a caller may exist."""

from __future__ import annotations

import textwrap

import pytest

from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig

PATH = "sglang/srt/layers/attention/x_backend.py"
CODES = frozenset({"KVG001", "KVG002", "KVG003"})
HEAD = "import dataclasses\nfrom sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator as S\n"

BASE = """
class {base}:
    def __init__(self, mr):
        self.mr = mr
        self.swa = self._uses_swa()
    def _uses_swa(self):
        return isinstance(self.mr.token_to_kv_pool_allocator, S)
class B({base}):
    def _uses_swa(self):
        {override}
    def f(self, loc):
        {extra}return self.mr.token_to_kv_pool.translate_loc_from_full_to_swa(loc) if self.swa else loc
"""
OK = "return hasattr(self.mr.token_to_kv_pool, 'full_to_swa_index_mapping')"

# (name, source, reported?)
CASES = [
    (
        "private base hook every subclass overrides",
        BASE.format(base="_Base", override=OK, extra=""),
        False,
    ),
    (
        "public base: another module may build it",
        BASE.format(base="Base", override=OK, extra=""),
        True,
    ),
    (
        "the override calls the base's",
        BASE.format(base="_Base", override="return super()._uses_swa()", extra=""),
        True,
    ),
    (
        "the base is built here",
        BASE.format(base="_Base", override=OK, extra="_Base(self.mr)\n        "),
        True,
    ),
    (
        "a private helper nothing names",
        "def _old(mr):\n    return isinstance(mr.token_to_kv_pool_allocator, S)\n",
        False,
    ),
    (
        "a private helper named in __all__",
        "__all__ = ['_old']\ndef _old(mr):\n    return isinstance(mr.token_to_kv_pool_allocator, S)\n",
        True,
    ),
    (
        "a flag on self nothing reads",
        "class B(AttentionBackend):\n    def __init__(self, mr):\n        self.hybrid = isinstance(mr.token_to_kv_pool_allocator, S)\n    def f(self):\n        return 1\n",
        False,
    ),
    (
        "a class with no method but __init__ keeps state for others",
        "class B(AttentionBackend):\n    def __init__(self, mr):\n        self.hybrid = isinstance(mr.token_to_kv_pool_allocator, S)\n",
        True,
    ),
    (
        "a flag sglang's code reads of a backend: another module may read it",
        "class B(AttentionBackend):\n    def __init__(self, mr):\n        self.use_sliding_window_kv_pool = isinstance(mr.token_to_kv_pool_allocator, S)\n    def f(self):\n        return 1\n",
        True,
    ),
    (
        "a flag named for the SWA mode that nothing reads",
        "class B(AttentionBackend):\n    def __init__(self, mr):\n        self.use_swa = isinstance(mr.token_to_kv_pool_allocator, S)\n    def f(self):\n        return 1\n",
        False,
    ),
    (
        "a flag read by a computed name",
        "class B(AttentionBackend):\n    def __init__(self, mr, k):\n        self.hybrid = isinstance(mr.token_to_kv_pool_allocator, S)\n        self.k = getattr(self, k)\n",
        True,
    ),
    (
        "a dataclass field nothing reads",
        "@dataclasses.dataclass\nclass C:\n    hybrid: bool = False\nclass B(AttentionBackend):\n    def __init__(self, mr):\n        self.c = C(hybrid=isinstance(mr.token_to_kv_pool_allocator, S))\n",
        False,
    ),
    (
        "a dataclass read whole",
        "@dataclasses.dataclass\nclass C:\n    hybrid: bool = False\nclass B(AttentionBackend):\n    def __init__(self, mr):\n        self.c = dataclasses.asdict(C(hybrid=isinstance(mr.token_to_kv_pool_allocator, S)))\n",
        True,
    ),
]


@pytest.mark.parametrize("name,body,reported", CASES, ids=[c[0] for c in CASES])
def test_dead_code_and_unread_values(name, body, reported):
    src = HEAD + textwrap.dedent(body)
    for reduce in (False, True):
        found = lint_text(src, PATH, CODES, ScopeConfig(), reduce=reduce).findings
        assert bool(found) == reported, (name, reduce, found)
