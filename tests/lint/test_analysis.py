"""The shared analysis: allocator-derived values, SWA class names, backend scope, suppressions."""

from __future__ import annotations

import textwrap

import libcst as cst
import pytest

from lint_rules.analysis import ModuleAnalysis
from lint_rules.checker import lint_text, needs_parse
from lint_rules.model import ScopeConfig
from lint_rules.registry import RULES, default_codes
from lint_rules.scope import path_matches, scope_may_match

ATTN = "sglang/srt/layers/attention/x_backend.py"
CODES = default_codes()


def _codes(src: str, path: str = ATTN, scope: ScopeConfig = ScopeConfig(), codes=CODES):
    result = lint_text(textwrap.dedent(src), path, codes, scope)
    assert result.error is None, result.error
    return [(f.code, f.location.row) for f in result.findings]


def _derived_names(src: str) -> dict[str, set[str]]:
    module = cst.parse_module(textwrap.dedent(src))
    a = ModuleAnalysis.build(module, ATTN, ScopeConfig())
    return {fn.qualname: set(fn.tainted) for fn in a.functions.values()}


def test_every_source_route_of_allocator_derived_values():
    names = _derived_names("""
        def by_param(token_to_kv_pool_allocator): pass
        def by_flow(x, y): pass
        def by_kw(x, alloc=None): pass
        class B:
            def __init__(self, runner):
                self.kept = runner.token_to_kv_pool_allocator
        class C(B):
            def m(self, runner):
                a = runner.token_to_kv_pool_allocator
                b: object = getattr(runner, "token_to_kv_pool_allocator")
                p, c = runner.token_to_kv_pool, runner.token_to_kv_pool_allocator
                if (d := a):
                    pass
                e = a if runner else None
                f = self.kept
                by_flow(1, f)
                by_kw(1, alloc=b)
                self.helper(c)
                C.other(d)
                def inner():
                    g = e
                return inner
            def helper(self, q): pass
            @staticmethod
            def other(r): pass
        """)
    assert names["by_param"] == {"token_to_kv_pool_allocator"}
    assert names["by_flow"] == {"y"}
    assert names["by_kw"] == {"alloc"}
    assert names["C.m"] == {"a", "b", "c", "d", "e", "f"}
    assert "p" not in names["C.m"]
    assert names["C.helper"] == {"q"}
    assert names["C.other"] == {"r"}
    assert names["C.m.inner"] == {"g"}


def test_unpacking_a_call_into_a_name_called_like_the_allocator():
    names = _derived_names("""
        def f(target):
            req_to_token_pool, token_to_kv_pool_allocator = target.get_memory_pool()
        """)
    assert names["f"] == {"token_to_kv_pool_allocator"}


@pytest.mark.parametrize(
    "imports,probe",
    [
        (
            "from sglang.srt.mem_cache.allocator import SWATokenToKVPoolAllocator",
            "SWATokenToKVPoolAllocator",
        ),
        ("from sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator as A", "A"),
        ("from ...mem_cache.allocator.swa import SWATokenToKVPoolAllocator as A", "A"),
        ("import sglang.srt.mem_cache.allocator.swa as swa", "swa.SWATokenToKVPoolAllocator"),
        (
            "from x import UnifiedSWATokenToKVPoolAllocator",
            "(int, UnifiedSWATokenToKVPoolAllocator)",
        ),
        ("from x import PureSWAKVAllocator", "PureSWAKVAllocator"),
        (
            "from x import SWATokenToKVPoolAllocator\nclass Mine(SWATokenToKVPoolAllocator): pass",
            "Mine",
        ),
        ("from x import SWATokenToKVPoolAllocator as S\nTYPES = (S, int)", "TYPES"),
    ],
)
def test_swa_allocator_classes_through_imports_and_aliases(imports, probe):
    src = f"""
{imports}
class FooAttnBackend(AttentionBackend):
    def f(self, mr):
        return isinstance(mr.token_to_kv_pool_allocator, {probe})
"""
    assert [c for c, _ in _codes(src)] == ["KVG001"]


def test_function_local_import():
    src = """
    class FooAttnBackend(AttentionBackend):
        def f(self, mr):
            from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator as Swa
            return isinstance(mr.token_to_kv_pool_allocator, Swa)
    """
    assert [c for c, _ in _codes(src, path="sglang/srt/elsewhere.py")] == ["KVG001"]


def test_non_swa_allocator_and_pool_classes_are_not_swa_allocators():
    src = """
    class FooAttnBackend(AttentionBackend):
        def f(self, mr):
            a = isinstance(mr.token_to_kv_pool_allocator, PagedTokenToKVPoolAllocator)
            b = isinstance(mr.token_to_kv_pool_allocator, SWAKVPool)
            return a, b
    """
    assert _codes(src) == []


SCOPED = """
class {name}({base}):
    def f(self, mr):
        return isinstance(mr.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
"""


@pytest.mark.parametrize(
    "path,name,base,expected",
    [
        (ATTN, "Anything", "object", 1),  # everything under layers/attention/
        ("sglang/srt/managers/scheduler.py", "Scheduler", "object", 0),  # legitimate use
        ("sglang/srt/hardware_backend/npu/ascend.py", "AscendAttnBackend", "AttentionBackend", 1),
        ("vendor/mine.py", "Mine", "base_attn_backend.AttentionBackend", 1),
        ("vendor/mine.py", "Mine", "FlashInferAttnBackend", 1),
        ("vendor/mine.py", "Mine", "SomethingElse", 0),
    ],
)
def test_backend_scope(path, name, base, expected):
    assert len(_codes(SCOPED.format(name=name, base=base), path=path)) == expected


def test_scope_follows_in_module_bases_and_aliased_imports():
    src = """
    from sglang.srt.layers.attention.base_attn_backend import AttentionBackend as Base
    class A(Base):
        pass
    class B(A):
        def f(self, mr):
            return isinstance(mr.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
    def module_helper(mr):
        return isinstance(mr.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
    """
    # B is a backend through A; the module-level helper is not (this is not an attention module)
    assert [c for c, _ in _codes(src, path="vendor/mine.py")] == ["KVG001"]


def test_scope_is_configurable():
    src = SCOPED.format(name="Scheduler", base="object")
    path = "sglang/srt/managers/scheduler.py"
    # all-code (audit) = backend-like code anywhere (guards): the scheduler shape is not
    assert not _codes(src, path=path, scope=ScopeConfig(all_code=True))
    backend_like = src + (
        "    def g(self, fb, layer):\n"
        "        if isinstance(fb.token_to_kv_pool, SWAKVPool):\n"
        "            return fb.token_to_kv_pool.get_key_buffer(layer.layer_id)\n"
    )
    assert _codes(backend_like, path=path, scope=ScopeConfig(all_code=True))
    assert _codes(src, path=path, scope=ScopeConfig(paths=("**/managers/**",)))
    assert not _codes(SCOPED.format(name="X", base="object"), scope=ScopeConfig(paths=()))


@pytest.mark.parametrize(
    "pattern,path,ok",
    [
        ("**/layers/attention/**", "sglang/srt/layers/attention/a.py", True),
        ("**/layers/attention/**", "layers/attention/sub/a.py", True),
        ("**/layers/attention/**", "sglang/srt/layers/attn/a.py", False),
        ("layers/*/a.py", "x/layers/attention/a.py", True),
        ("layers/*/a.py", "x/layers/attention/sub/a.py", False),
        ("tests", "repo/tests/test_x.py", True),
    ],
)
def test_path_globs(pattern, path, ok):
    assert path_matches(pattern, path) is ok


@pytest.mark.parametrize(
    "text,may",
    [
        ("class A(object):\n    pass\n# AttnBackend\n", False),
        ("class A(\n    Base,\n    FooAttnBackend,\n):\n    pass\n", True),
        ("class A(make(Base), FooAttnBackend):\n    pass\n", True),
        ("class A(Base['x)']):\n    pass\n# AttnBackend\n", True),  # quote: counting unreliable
        ("from m import FooAttnBackend as Base\nclass A(Base):\n    pass\n", True),
        ("x = 'AttentionBackend'\n", False),
    ],
)
def test_scope_prefilter_is_conservative(text, may):
    assert scope_may_match(text, "vendor/mine.py", ScopeConfig()) is may


def test_needs_parse_requires_an_allocator_source_for_default_rules():
    # a root attribute, or an allocator class name (annotation, SWA allocator class test)
    assert not needs_parse("isinstance(x, SWATokenToKVPool)", ATTN, CODES, ScopeConfig())
    assert needs_parse("isinstance(x, SWATokenToKVPoolAllocator)", ATTN, CODES, ScopeConfig())
    assert needs_parse("isinstance(x.token_to_kv_pool_allocator, SWA)", ATTN, CODES, ScopeConfig())
    # the roots are configurable (allocator-attributes): needles follow them
    forked = ScopeConfig(allocator_attributes=("kv_allocator",))
    assert needs_parse("isinstance(x.kv_allocator, SWA)", ATTN, CODES, forked)
    assert not needs_parse("isinstance(x.kv_allocator, SWA)", ATTN, CODES, ScopeConfig())
    assert not needs_parse("anything", ATTN, frozenset(), ScopeConfig())
    # KVG004 keys on the pool instead
    assert needs_parse(
        "def __init__(s, m):\n    s.f = isinstance(m.token_to_kv_pool, SWAKVPool)",
        ATTN,
        frozenset({"KVG004"}),
        ScopeConfig(),
    )


def test_every_rule_needle_is_present_in_each_invalid_case():
    from lint_rules.rules import ALL_RULES

    for code, rule in ALL_RULES.items():
        for case in rule.INVALID:
            assert RULES[code].may_match(case.code), (code, case.code[:60])


# ---- suppressions


BUGGY = """
class FooAttnBackend(AttentionBackend):
    def f(self, mr):
        a = isinstance(mr.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator){noqa}
        b = [  {ignore}
            isinstance(mr.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
            for _ in range(2)
        ]
        c = "# noqa: KVG001 in a string does not count"
        return isinstance(mr.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)
"""


def test_noqa_and_statement_ignores():
    plain = _codes(BUGGY.format(noqa="", ignore=""))
    assert [r for _, r in plain] == [4, 6, 10]
    sup = _codes(BUGGY.format(noqa="  # noqa: KVG001", ignore="# kvguard: ignore[KVG001]"))
    assert [r for _, r in sup] == [10]
    other = _codes(BUGGY.format(noqa="  # noqa: KVG002", ignore="# kvguard: ignore[KVG003]"))
    assert [r for _, r in other] == [4, 6, 10]
    blanket = _codes(BUGGY.format(noqa="  # noqa", ignore="# kvguard: ignore"))
    assert [r for _, r in blanket] == [10]


def test_unused_suppressions_are_reported_on_request():
    src = textwrap.dedent(
        BUGGY.format(noqa="  # noqa: KVG001, E501", ignore="# kvguard: ignore[KVG002]")
    )
    result = lint_text(src, ATTN, CODES, ScopeConfig(), report_unused_suppressions=True)
    assert result.unused_suppressions == [(5, "KVG002")]
    clean = lint_text(
        "x = 1  # noqa: KVG003\n", ATTN, CODES, ScopeConfig(), report_unused_suppressions=True
    )
    assert clean.unused_suppressions == [(1, "KVG003")]


def test_syntax_errors_are_reported_not_raised():
    text = "def f(:\n    isinstance(token_to_kv_pool_allocator, X)\n"
    result = lint_text(text, ATTN, CODES, ScopeConfig())
    # CPython's parser judges first (what it refuses never reaches libcst), with its position
    assert result.error == "syntax error at line 1, column 7: invalid syntax"
    assert result.findings == []
    # a file no rule can match is not parsed at all (documented: kvguard is not a syntax checker)
    assert lint_text("def f(:\n", ATTN, CODES, ScopeConfig()).error is None


def test_class_statements_equal_the_multiline_regex():
    """``scope._class_statements`` (the text prefilter's class heads, found from the lines
    holding ``class``) gives the matches of the ``^``-anchored ``re.M`` pattern it replaced."""
    import random
    import re
    from pathlib import Path

    from lint_rules import scope as scope_mod

    def spans(text):
        return [m.span() for m in scope_mod._class_statements(text)]

    def reference(text):
        pattern = re.compile(r"^" + scope_mod._CLASS_AT.pattern, re.MULTILINE)  # the old form
        return [m.span() for m in pattern.finditer(text)]

    pieces = ["class", " ", "\t", "\n", "\\\n", "A", "(", ")", "x", "# class B(", "\r", "classy"]
    rng = random.Random(3)
    for _ in range(4000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 12)))
        assert spans(text) == reference(text), repr(text)
    for path in sorted(Path(scope_mod.__file__).parent.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert spans(text) == reference(text), path
