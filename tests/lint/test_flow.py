"""The allocator-flow model (lint_rules/flow.py): what it follows, what it refuses, and that the
reduction (both proofs) never calls a module clean that the full analysis finds a bug in."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from lint_rules import flow
from lint_rules.checker import lint_text
from lint_rules.flow import ALLOC, KVCACHE, Flow
from lint_rules.model import ScopeConfig
from lint_rules.reduce import _clean_by_outline, reduce_for

PATH = "sglang/srt/layers/attention/x_backend.py"
CODES = frozenset({"KVG001", "KVG002", "KVG003"})
HEAD = (
    "import functools\n"
    "from dataclasses import dataclass\n"
    "from typing import NamedTuple, Optional\n"
    "from collections import namedtuple\n"
)

# (name, source, expected codes): each a way users carry the allocator to a rule's anchor.
FLOWS = [
    (
        "accessor method",
        """
class B(AttentionBackend):
    def __init__(self, mr):
        self._a = mr.token_to_kv_pool_allocator
    def alloc(self):
        return self._a
    def f(self, idx):
        return self.alloc().translate_loc_from_full_to_swa(idx)
""",
        ["KVG002"],
    ),
    (
        "property of any name",
        """
class B(AttentionBackend):
    def __init__(self, mr):
        self._a = mr.token_to_kv_pool_allocator
    @property
    def kv_source(self):
        return self._a
    def f(self):
        return hasattr(self.kv_source, "full_to_swa_index_mapping")
""",
        ["KVG001"],
    ),
    (
        "bound get_kvcache held and called behind is not None",
        """
class B(AttentionBackend):
    def __init__(self, mr):
        self._get = getattr(mr.token_to_kv_pool_allocator, "get_kvcache", None)
    def pool(self):
        if self._get is not None:
            return self._get()
""",
        ["KVG003"],
    ),
    (
        "dataclass field",
        """
@dataclass
class Ctx:
    alloc: object
    page: int = 1
class B(AttentionBackend):
    def __init__(self, mr):
        self.ctx = Ctx(mr.token_to_kv_pool_allocator)
    def f(self, i):
        return self.ctx.alloc.translate_loc_from_full_to_swa(i)
""",
        ["KVG002"],
    ),
    (
        "namedtuple record",
        """
Ctx = namedtuple("Ctx", "page alloc")
class B(AttentionBackend):
    def __init__(self, mr):
        self.ctx = Ctx(1, alloc=mr.token_to_kv_pool_allocator)
    def f(self):
        return self.ctx.alloc.get_kvcache()
""",
        ["KVG003"],
    ),
    (
        "dict container",
        """
class B(AttentionBackend):
    def __init__(self, mr):
        self.parts = {"alloc": mr.token_to_kv_pool_allocator, "n": 1}
    def f(self, i):
        return self.parts["alloc"].translate_loc_from_full_to_swa(i)
""",
        ["KVG002"],
    ),
    (
        "tuple returned and unpacked",
        """
def parts(mr):
    return mr.token_to_kv_pool, mr.token_to_kv_pool_allocator
class B(AttentionBackend):
    def f(self, mr, i):
        pool, alloc = parts(mr)
        return alloc.translate_loc_from_full_to_swa(i)
""",
        ["KVG002"],
    ),
    (
        "functools.partial",
        """
def translate(alloc, idx):
    return alloc.translate_loc_from_full_to_swa(idx)
class B(AttentionBackend):
    def __init__(self, mr):
        self.tr = functools.partial(translate, mr.token_to_kv_pool_allocator)
    def f(self, i):
        return self.tr(i)
""",
        ["KVG002"],
    ),
    (
        "**kwargs forwarding",
        """
def helper(idx, alloc=None):
    return alloc.translate_loc_from_full_to_swa(idx)
def relay(idx, **kwargs):
    return helper(idx, **kwargs)
class B(AttentionBackend):
    def f(self, mr, i):
        return relay(i, alloc=mr.token_to_kv_pool_allocator)
""",
        ["KVG002"],
    ),
    (
        "closure",
        """
class B(AttentionBackend):
    def f(self, mr):
        alloc = mr.token_to_kv_pool_allocator
        def inner(i):
            return alloc.translate_loc_from_full_to_swa(i)
        return inner
""",
        ["KVG002"],
    ),
    (
        "updater holding a back-reference to the backend",
        """
class B(AttentionBackend):
    def __init__(self, mr):
        self.kv_alloc = mr.token_to_kv_pool_allocator
        self.updater = Updater(self)
class Updater:
    def __init__(self, backend):
        self.backend = backend
    def update(self, i):
        return self.backend.kv_alloc.translate_loc_from_full_to_swa(i)
""",
        ["KVG002"],
    ),
    (
        "stored in a base, read in a subclass",
        """
class Base(AttentionBackend):
    def __init__(self, mr):
        self.a = mr.token_to_kv_pool_allocator
class Sub(Base):
    def f(self):
        return self.a.get_kvcache()
""",
        ["KVG003"],
    ),
    (
        "stored in a subclass, read in the base",
        """
class Base(AttentionBackend):
    def f(self, i):
        return self.a.translate_loc_from_full_to_swa(i)
class Sub(Base):
    def __init__(self, mr):
        self.a = mr.token_to_kv_pool_allocator
""",
        ["KVG002"],
    ),
    (
        "annotated parameter, Optional string spelling",
        """
class B(AttentionBackend):
    def f(self, a: "Optional[BaseTokenToKVPoolAllocator]", i):
        return a.translate_loc_from_full_to_swa(i)
""",
        ["KVG002"],
    ),
    (
        "annotated attribute, union spelling",
        """
class B(AttentionBackend):
    def __init__(self, mr):
        self.a: mem.TokenToKVPoolAllocator | None = mr.allocator_of_runner()
    def f(self):
        return self.a.get_kvcache()
""",
        ["KVG003"],
    ),
    (
        "SWA allocator class test whatever the tested value",
        """
class B(AttentionBackend):
    def __init__(self, mr):
        self.swa = isinstance(mr.something_else, SWATokenToKVPoolAllocator)
""",
        ["KVG001"],
    ),
    (
        "a default value binds its parameter",
        """
class B(AttentionBackend):
    def __init__(self, mr):
        self.swa_probe = lambda a=mr.token_to_kv_pool_allocator: hasattr(a, "full_to_swa_index_mapping")
""",
        ["KVG001"],
    ),
    (
        "getattr by a module constant",
        """
_SRC = "token_to_kv_pool_allocator"
class B(AttentionBackend):
    def __init__(self, mr):
        self.t = getattr(mr, _SRC).translate_loc_from_full_to_swa
""",
        ["KVG002"],
    ),
    (
        "getattr by a class attribute a subclass overrides",
        """
class _Base:
    source = "token_to_kv_pool"
    def __init__(self, mr):
        self.t = getattr(getattr(mr, self.source), "translate_loc_from_full_to_swa", None)
class B(_Base, AttentionBackend):
    source = "token_to_kv_pool_allocator"
""",
        ["KVG001", "KVG002"],  # (the getattr with a default is a probe too)
    ),
    (
        "the key of max and the function of map get the elements",
        """
class B(AttentionBackend):
    def __init__(self, mr):
        kinds = (mr.token_to_kv_pool, mr.token_to_kv_pool_allocator)
        best = max(kinds, key=len)
        self.t = list(map(lambda o: o.translate_loc_from_full_to_swa, [best]))
""",
        ["KVG002"],
    ),
    (
        "a dotted attrgetter held in a module constant",
        """
import operator
_MAP = operator.attrgetter("token_to_kv_pool_allocator.full_to_swa_index_mapping")
class B(AttentionBackend):
    def __init__(self, mr):
        self.m = _MAP(mr)
""",
        ["KVG002"],
    ),
    (
        "a dataclass field read as self.field in its property",
        """
@dataclass
class _View:
    alloc: object
    @property
    def t(self):
        return self.alloc.translate_loc_from_full_to_swa
class B(AttentionBackend):
    def __init__(self, mr):
        self.v = _View(mr.token_to_kv_pool_allocator)
""",
        ["KVG002"],
    ),
    (
        "__getattr__ forwarding what the instance lacks",
        """
class B(AttentionBackend):
    def __init__(self, mr):
        self._a = mr.token_to_kv_pool_allocator
    def __getattr__(self, name):
        return getattr(self._a, name)
    def f(self, loc):
        return self.translate_loc_from_full_to_swa(loc)
""",
        ["KVG002"],
    ),
    (
        "a loop variable over classes",
        """
_KINDS = [SWATokenToKVPoolAllocator]
class B(AttentionBackend):
    def __init__(self, mr):
        self.swa = any(isinstance(mr.token_to_kv_pool_allocator, k) for k in _KINDS)
""",
        ["KVG001"],
    ),
    (
        "match on the allocator: a keyword pattern, a mapping of vars",
        """
class B(AttentionBackend):
    def __init__(self, mr):
        match mr.token_to_kv_pool_allocator:
            case object(full_to_swa_index_mapping=m):
                self.m = m
        match vars(mr.token_to_kv_pool_allocator):
            case {"swa_attn_allocator": a}:
                self.a = a
""",
        ["KVG001", "KVG001"],
    ),
]


def _full(src: str, scope: ScopeConfig = ScopeConfig()):  # noqa: B008 - frozen dataclass
    return lint_text(src, PATH, CODES, scope, prefilter=False, reduce=False).findings


@pytest.mark.parametrize("name,body,codes", FLOWS, ids=[f[0] for f in FLOWS])
def test_flow_reaches_the_anchor_and_no_proof_hides_it(name, body, codes):
    src = HEAD + textwrap.dedent(body)
    full = _full(src)
    assert sorted(f.code for f in full) == codes
    assert reduce_for(src, CODES, use_outline=False)[0] is False
    assert not _clean_by_outline(src, CODES)
    assert lint_text(src, PATH, CODES, ScopeConfig()).findings == full


PRECISE = [
    (
        "a parameter named like the allocator that every call site feeds the pool",
        """
def update_buffer(idx, token_to_kv_pool_allocator=None):
    return token_to_kv_pool_allocator.translate_loc_from_full_to_swa(idx)
class B(AttentionBackend):
    def f(self, i):
        return update_buffer(i, token_to_kv_pool_allocator=self.token_to_kv_pool)
""",
    ),
    (
        "a name merely containing 'allocator'",
        """
class B(AttentionBackend):
    def f(self, req_to_token_allocator, i):
        return req_to_token_allocator.translate_loc_from_full_to_swa(i)
""",
    ),
    (
        "a held get_kvcache called only after both resolver guards",
        """
class B(AttentionBackend):
    @staticmethod
    def _resolve(mr):
        fetch = getattr(mr.token_to_kv_pool_allocator, "get_kvcache", None)
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        return fetch()
""",
    ),
    (
        "the pool's own translate",
        """
class B(AttentionBackend):
    def __init__(self, mr):
        self.pool = mr.token_to_kv_pool
        self.alloc = mr.token_to_kv_pool_allocator
    def f(self, i):
        return self.pool.translate_loc_from_full_to_swa(i)
""",
    ),
]


@pytest.mark.parametrize("name,body", PRECISE, ids=[p[0] for p in PRECISE])
def test_evidence_beats_names(name, body):
    src = HEAD + textwrap.dedent(body)
    assert _full(src) == []
    assert lint_text(src, PATH, CODES, ScopeConfig()).findings == []


def test_named_parameter_still_counts_without_contrary_evidence():
    src = textwrap.dedent("""
        def update_buffer(idx, token_to_kv_pool_allocator=None):
            return token_to_kv_pool_allocator.translate_loc_from_full_to_swa(idx)
        class B(AttentionBackend):
            def f(self, mr, i):
                return update_buffer(i, token_to_kv_pool_allocator=mr.token_to_kv_pool_allocator)
    """)
    assert [f.code for f in _full(src)] == ["KVG002"]


def test_allocator_attributes_name_the_roots():
    src = textwrap.dedent("""
        class B(AttentionBackend):
            def __init__(self, mr):
                self.a = mr.kv_allocator
            def f(self, i):
                return self.a.translate_loc_from_full_to_swa(i)
    """)
    forked = ScopeConfig(allocator_attributes=("kv_allocator",))
    assert _full(src) == []
    assert [f.code for f in _full(src, forked)] == ["KVG002"]
    assert [f.code for f in lint_text(src, PATH, CODES, forked).findings] == ["KVG002"]
    assert reduce_for(src, CODES, scope=forked, use_outline=False)[0] is False
    assert reduce_for(src, CODES, scope=ScopeConfig())[0] is True


def test_values_of_the_model():
    src = textwrap.dedent("""
        class B:
            def __init__(self, mr):
                self.a = mr.token_to_kv_pool_allocator
                self.g = getattr(self.a, "get_kvcache", None)
            def m(self):
                x = self.a
                k = self.g()
                n = self.page_size
    """)
    tree = ast.parse(src)
    model = Flow.build(tree)
    values = {
        node.targets[0].id: model.values_of(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
    }
    assert ALLOC in values["x"] and KVCACHE in values["k"] and not values["n"]


def test_allocator_attributes_setting_is_validated():
    from lint_rules.config import ConfigError, parse_settings

    cfg = parse_settings({"allocator-attributes": ["kv_allocator"]}, "pyproject.toml", "/p")
    assert cfg.scope.allocator_attributes == ("kv_allocator",)
    assert parse_settings({}, "pyproject.toml", "/p").scope.allocator_attributes == (
        "token_to_kv_pool_allocator",
    )
    for bad in ("kv_allocator", [], ["not an identifier"], [1]):
        with pytest.raises(ConfigError, match="allocator-attributes"):
            parse_settings({"allocator-attributes": bad}, "pyproject.toml", "/p")


def test_engine_run_follows_the_configured_roots(tmp_path):
    """End to end through the CLI: the byte prefilter and the cache follow the setting."""
    import subprocess
    import sys

    pkg = tmp_path / "layers" / "attention"
    pkg.mkdir(parents=True)
    (pkg / "b.py").write_text(
        "class B(AttentionBackend):\n"
        "    def f(self, mr, i):\n"
        "        return mr.kv_allocator.translate_loc_from_full_to_swa(i)\n"
    )
    cmd = [sys.executable, "-m", "lint_rules", "check", "--output-format", "concise", "."]
    (tmp_path / "pyproject.toml").write_text("[tool.kvguard]\n")
    first = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True)
    assert first.returncode == 0, first.stdout + first.stderr
    (tmp_path / "pyproject.toml").write_text(
        '[tool.kvguard]\nallocator-attributes = ["kv_allocator"]\n'
    )
    second = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True)
    assert second.returncode == 1 and "KVG002" in second.stdout, second.stdout + second.stderr


# --- statements(): the statement-only walk the import/class searches use ---------------------

_EVERY_BODY = """
import a as b
class C(Base):
    import d
    def m(self):
        from e import f as g
        for x in y:
            import h
        else:
            class I(J): pass
        while z:
            pass
        else:
            import k
        with w:
            import l
        try:
            import m
        except E:
            import n
        else:
            import o
        finally:
            import p
        try:
            pass
        except* F:
            import q
        match v:
            case 1:
                import r
            case _:
                async def s():
                    async with t:
                        import u
                    async for x in y:
                        import v2
        if c:
            import w2
        elif d:
            import x2
        else:
            lam = lambda: __import__("y2")
"""


def _stmt_ids(tree) -> set:
    return {id(n) for n in ast.walk(tree) if isinstance(n, ast.stmt)}


def test_statements_is_every_statement_of_every_body():
    tree = ast.parse(_EVERY_BODY)
    assert {id(n) for n in flow.statements(tree)} == _stmt_ids(tree)
    imported = {
        a.asname or a.name
        for n in flow.statements(tree)
        if isinstance(n, (ast.Import, ast.ImportFrom))
        for a in n.names
    }
    assert imported >= {
        "b",
        "d",
        "g",
        "h",
        "k",
        "l",
        "m",
        "n",
        "o",
        "p",
        "q",
        "r",
        "u",
        "v2",
        "w2",
        "x2",
    }


def test_statements_on_the_standard_library():
    import sysconfig

    stdlib = Path(sysconfig.get_paths()["stdlib"])
    checked = 0
    for path in sorted(stdlib.glob("*.py"))[:200]:
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue
        assert {id(n) for n in flow.statements(tree)} == _stmt_ids(tree), path
        checked += 1
    assert checked > 150
