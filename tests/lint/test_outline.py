"""outline.py: function boundaries from the text alone, checked against ``ast``; and the proof
that parses only the functions it needs (reduce._clean_by_outline) never hides a finding.

The outline must either give exactly the top-level functions and methods that ``ast`` sees
(name, first line with decorators, every line of the body, the class of ``__init__``) or refuse.
It is checked on hand-made traps, on real code (sglang attention trees, the standard library)
and on hypothesmith's arbitrary Python.
"""

from __future__ import annotations

import ast
import sys
import sysconfig
import textwrap
from pathlib import Path

import hypothesmith
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig
from lint_rules.outline import outline
from lint_rules.reduce import _clean_by_outline, reduce_for
from tests.support.outline_check import outline_disagreement

REPO = Path(__file__).resolve().parents[2]
CODES = frozenset({"KVG001", "KVG002", "KVG003"})
PATH = "sglang/srt/layers/attention/x.py"


def _agrees(text: str) -> bool:
    problems = outline_disagreement(text)
    assert problems is not None, "refused"
    assert problems == []
    return True


# ---------------------------------------------------------------- traps the scan must get right

TRAPS = {
    "def in a docstring": '''
        class A:
            def f(self):
                """Example:

        def fake(self):
            return 1
        """
                return 2

            def g(self):
                return 3
        ''',
    "closing brackets at column 0": """
        class A:
            def f(self):
                x = call(
        1,
        2,
        )
                return x

        def g():
            return [
        ]
        """,
    "backslash continuation to column 0": """
        def f():
            x = 1 + \\
        2
            return x
        y = 3
        def g(): return y
        """,
    "decorators, multi-line and matmul at a line start": """
        import functools


        class A:
            @staticmethod
            @functools.lru_cache(
                maxsize=None,
            )
            def f(a, b):
                return (a
        @ b)

            @property
            def g(self):
                return 1
        """,
    "a string ending on a line with more code": '''
        def f():
            s = """a
        b""" + \\
        "c"
            return s
        x = """
        def not_a_function():
        """
        ''',
    "string escapes and quotes": r"""
        def f():
            a = "it's \" # not a comment"
            b = 'say "hi"'
            c = '''a \''' still going
        def nope():
        '''
            d = "line \
        continued"
            return a, b, c, d
        def g(): pass
        """,
    "f-strings": '''
        def f(x):
            return f"{x!r:>{10}} {{literal}} {x['k']}" + rf"\\d{x}" + f"""{
                x
            }"""
        def g(): pass
        ''',
    "defs under nested if/try at module level": """
        if True:
            try:
                def f():
                    return 1
            except ImportError:
                if False:
                    def f():
                        return 2
        class A:
            if True:
                def m(self):
                    pass
            def __init__(self):
                pass
        """,
    "nested classes and functions": """
        class A:
            class B:
                def __init__(self):
                    def inner():
                        class C:
                            def m(self): pass
                        return C
                    self.c = inner()
            def __init__(self):
                pass
        async def h():
            async def inner():
                pass
        """,
    "one-liners and semicolons": """
        def f(): return 1; x = 2
        class K: pass
        async def g(): await f()
        def h(a,
        b): return a
        """,
    "comments at odd places": """
        class A:
            def f(self):
                return 1
        # a column-0 comment between methods
            # and an indented one
            def g(self):  # trailing
                return 2  # def fake():
        """,
    "keyword-looking names": """
        class A:
            def define(self): pass
            default = 1
            classes = []
            def async_def(self): pass
            def f(self):
                return self.default
        """,
}


@pytest.mark.parametrize("name", sorted(TRAPS))
def test_outline_agrees_with_ast_on_traps(name):
    _agrees(textwrap.dedent(TRAPS[name]).lstrip("\n"))


@pytest.mark.parametrize(
    "text,why",
    [
        ("def f():\n    return 1\r\n", "\\r line ends"),
        ("def f():\n\treturn 1\n", "tab indentation"),
        ("def f():\n    return 1\n\x0cdef g(): pass\n", "form feed"),
        ("def f():\n    s = 'open\n", "unterminated string"),
        ('def f():\n    s = """open\n', "unterminated triple-quoted string"),
        ("def f():\n    x = (1,\n", "unbalanced bracket"),
        ("def f():\n    return 1)\n", "closing bracket first"),
        ("def f():\n    ällo = 1\n", "non-ASCII identifier (NFKC-normalised by Python)"),
        ('def f(d):\n    return f"{d["k"]}"\n', "a 3.12 f-string reusing its quote"),
        ('def f(d):\n    return f"""{d["""k"""]}"""\n', "a 3.12 triple-quoted one"),
        ("x = (\ndef f(): pass\n)\n", "a def inside brackets"),
        ("async \\\n def f(): pass\n", "a def after a backslash"),
    ],
)
def test_outline_refuses_what_it_does_not_model(text, why):
    assert outline(text) is None, why


def test_non_ascii_outside_code_is_fine():
    _agrees("def f():\n    # ñandú → 🙂\n    return 'ünïcode'\n\ndef g(): pass\n")


# ---------------------------------------------------------------- real code


@pytest.mark.slow
@pytest.mark.parametrize("version", ["0.5.9", "0.5.12.post1", "0.5.13.post1", "0.5.23"])
def test_outline_agrees_with_ast_on_sglang(version):
    sys.path.insert(0, str(REPO / "benchmarks"))
    import sglang_wheels

    tree = sglang_wheels.ensure_tree(version, quiet=True)
    files = sorted((tree / "sglang" / "srt" / "layers").rglob("*.py"))
    assert len(files) > 100
    refused = []
    for path in files:
        problems = outline_disagreement(path.read_text(encoding="utf-8"))
        if problems is None:
            refused.append(path.name)
        else:
            assert problems == [], path
    assert not refused  # sglang code has nothing the scan refuses today


def test_outline_agrees_with_ast_on_the_standard_library():
    """The standard library has tabs, odd strings, nested defs, decorators of every kind."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    files = sorted(stdlib.glob("*.py"))
    assert len(files) > 150
    checked = 0
    for path in files:
        try:
            text = path.read_text(encoding="utf-8")
            ast.parse(text)
        except (UnicodeDecodeError, SyntaxError):
            continue
        problems = outline_disagreement(text)
        if problems is not None:
            assert problems == [], path
            checked += 1
    assert checked > 0.9 * len(files)


# hypothesmith compiles each program it generates: a valid one such as `1()` draws the
# compiler's SyntaxWarning (advice on the generated text, not a fault of the suite)
@pytest.mark.filterwarnings("ignore::SyntaxWarning")
@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(hypothesmith.from_grammar(), hypothesmith.from_node()))
def test_outline_agrees_with_ast_on_arbitrary_python(source):
    problems = outline_disagreement(source)
    assert not problems  # None (refused) or []


# ---------------------------------------------------------------- the proof built on it

ALLOC = "model_runner.token_to_kv_pool_allocator"


@pytest.mark.parametrize(
    "src",
    [
        # a carrier stored in __init__ and read in another method
        "class B:\n    def __init__(self, model_runner):\n        self.a = {alloc}\n\n"
        "    def m(self):\n        return isinstance(self.a, SWATokenToKVPoolAllocator)\n",
        # passed to a helper defined later, found by name
        "class B:\n    def __init__(self, model_runner):\n        helper({alloc})\n\n"
        "def helper(x):\n    return x.translate_loc_from_full_to_swa(1)\n",
        # constructing a class passes it to that class's __init__
        "def make(model_runner):\n    return Holder({alloc})\n\n"
        "class Holder:\n    def __init__(self, a):\n        self.ok = hasattr(a, 'full_to_swa_index_mapping')\n",
        # getattr with the attribute name as a string
        "def f(mr):\n    a = getattr(mr, 'token_to_kv_pool_allocator')\n    return a.get_kvcache()\n",
        # class body, module level, decorator, default value: code outside functions
        "class B:\n    A = {alloc}\n    def m(self):\n        return isinstance(self.A, SWATokenToKVPoolAllocator)\n",
        "A = {alloc}\ndef m():\n    return isinstance(A, SWATokenToKVPoolAllocator)\n",
        "@register({alloc})\ndef m(a):\n    return isinstance(a, SWATokenToKVPoolAllocator)\n",
        "def m(model_runner, a={alloc}):\n    return isinstance(a, SWATokenToKVPoolAllocator)\n",
        # the trap of a docstring holding a def: the real method keeps its finding
        'class B:\n    def m(self, model_runner):\n        """\ndef fake():\n    pass\n"""\n'
        "        return isinstance({alloc}, SWATokenToKVPoolAllocator)\n",
        # an alias of the class under another name
        "from x import SWATokenToKVPoolAllocator as S\n"
        "def m(model_runner):\n    return isinstance({alloc}, S)\n",
        # a carrier attribute stored under a non-ASCII name (the outline refuses, the ast
        # path must not skip it either)
        "class B:\n    def __init__(self, model_runner):\n        self.allocatör = {alloc}\n\n"
        "    def m(self):\n        return isinstance(self.allocatör, SWATokenToKVPoolAllocator)\n",
    ],
)
def test_proof_never_hides_a_finding(src):
    src = src.format(alloc=ALLOC)
    full = lint_text(src, PATH, CODES, ScopeConfig(), prefilter=False, reduce=False)
    assert not _clean_by_outline(src, CODES)
    assert reduce_for(src, CODES)[0] is False
    assert lint_text(src, PATH, CODES, ScopeConfig()).findings == full.findings


@pytest.mark.parametrize(
    "src",
    [
        # the allocator is used, but nothing a rule anchors on sees it
        "class B:\n    def __init__(self, model_runner):\n        self.a = {alloc}\n"
        "        self.pool = model_runner.token_to_kv_pool\n\n"
        "    def m(self):\n        return isinstance(self.pool, SWAKVPool)\n",
        # a comment outside functions may mention it
        "# keep token_to_kv_pool_allocator out of here\n"
        "def f(model_runner):\n    return {alloc}.available_size()\n",
        # the guarded resolver of sglang >= 0.5.13
        "class B:\n    @staticmethod\n    def _resolve_swa_kv_pool(model_runner):\n"
        "        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):\n"
        "            return model_runner.token_to_kv_pool\n"
        "        if model_runner.is_draft_worker:\n"
        "            if not model_runner.spec_algorithm.is_frozen_kv_mtp():\n"
        "                return None\n"
        "        kvcache = {alloc}.get_kvcache()\n"
        "        return kvcache if isinstance(kvcache, SWAKVPool) else None\n",
    ],
)
def test_proof_settles_clean_code_without_a_full_parse(src):
    src = src.format(alloc=ALLOC)
    assert _clean_by_outline(src, CODES)
    assert lint_text(src, PATH, CODES, ScopeConfig(), prefilter=False, reduce=False).findings == []


@pytest.mark.slow
@pytest.mark.parametrize("version", ["0.5.9", "0.5.12.post1", "0.5.13.post1", "0.5.23"])
def test_proof_agrees_with_the_full_reduction_on_sglang(version):
    """Every file of a release that mentions the allocator: when the outline proof says clean,
    the whole-module ``ast`` reduction says so too and the full lint finds nothing. On 0.5.23
    the attention candidates are all settled by the outline (the speed benchmark relies on it)."""
    sys.path.insert(0, str(REPO / "benchmarks"))
    import sglang_wheels

    tree = sglang_wheels.ensure_tree(version, quiet=True)
    settled = []
    for path in sorted((tree / "sglang").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "token_to_kv_pool_allocator" not in text or not _clean_by_outline(text, CODES):
            continue
        rel = path.relative_to(tree).as_posix()
        assert reduce_for(text, CODES, use_outline=False)[0], rel
        assert (
            lint_text(text, rel, CODES, ScopeConfig(), prefilter=False, reduce=False).findings == []
        ), rel
        settled.append(rel)
    assert settled
    if version == "0.5.23":
        for name in (
            "trtllm_mha_backend.py",
            "flashinfer_backend.py",
            "triton_backend.py",
            "aiter_backend.py",
        ):
            assert f"sglang/srt/layers/attention/{name}" in settled, name
