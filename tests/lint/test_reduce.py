"""reduce.py: what it blanks, that positions survive, and that it never hides a finding."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig
from lint_rules.reduce import reduce_for

REPO = Path(__file__).resolve().parents[2]
CODES = frozenset({"KVG001", "KVG002", "KVG003"})
PATH = "sglang/srt/layers/attention/x.py"

SRC = textwrap.dedent('''\
    class XAttnBackend(AttentionBackend):
        def __init__(self, model_runner):
            self.kept_alloc = model_runner.token_to_kv_pool_allocator
            self.page_size = 16

        def kernel_math(self, a, b):
            """Never touches the allocator."""
            return a * b + self.page_size

        def uses_attr(self, x):
            return helper(x, self.kept_alloc)

        def via_getattr(self, mr):
            return getattr(mr, "token_to_kv_pool_allocator")


    def helper(x, pool_or_alloc):
        return hasattr(pool_or_alloc, "translate_loc_from_full_to_swa")


    def unrelated(y):
        return y + 1
    ''')


def test_findings_through_helpers_survive_reduction():
    full = lint_text(SRC, PATH, CODES, ScopeConfig(), reduce=False)
    assert [(f.code, f.context) for f in full.findings] == [("KVG001", "helper")]
    assert lint_text(SRC, PATH, CODES, ScopeConfig(), reduce=True).findings == full.findings


def test_a_text_ast_cannot_parse_is_not_proven():
    assert reduce_for("def f(:\n", CODES) == (False, None)  # ast cannot parse: parse in full


CODES3 = frozenset({"KVG001", "KVG002", "KVG003"})


@pytest.mark.parametrize(
    "src,clean",
    [
        # carries the allocator, but nothing a rule anchors on: clean without libcst
        (
            "class T:\n    def __init__(self, mr):\n        self.alloc = mr.token_to_kv_pool_allocator\n"
            "        self.flag = isinstance(mr.token_to_kv_pool, SWAKVPool)\n",
            True,
        ),
        # the anchors of each rule
        (
            "def f(mr):\n    return isinstance(mr.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)\n",
            False,
        ),
        (
            "def f(mr):\n    return hasattr(mr.token_to_kv_pool_allocator, 'translate_loc_from_full_to_swa')\n",
            False,
        ),
        ("def f(mr):\n    return mr.token_to_kv_pool_allocator.full_to_swa_index_mapping\n", False),
        ("def f(mr):\n    return mr.token_to_kv_pool_allocator.get_kvcache()\n", False),
        # SWA allocator classes behind aliases still count
        (
            "from m import SWATokenToKVPoolAllocator as A\n"
            "def f(mr):\n    return isinstance(mr.token_to_kv_pool_allocator, A)\n",
            False,
        ),
        (
            "from m import SWATokenToKVPoolAllocator as A\nTYPES = (A, int)\n"
            "def f(mr):\n    return type(mr.token_to_kv_pool_allocator) in TYPES\n",
            False,
        ),
        (
            "def f(mr):\n    from m import SWATokenToKVPoolAllocator as S\n"
            "    return isinstance(mr.token_to_kv_pool_allocator, S)\n",
            False,
        ),
        # a test against an SWA allocator class counts whatever the tested value
        ("def f(pool):\n    return isinstance(pool, SWATokenToKVPoolAllocator)\n", False),
        # an anchor on a value that cannot be the allocator does not count
        (
            "def f(pool):\n    return pool.translate_loc_from_full_to_swa(x)\n"
            "def g(mr):\n    return mr.token_to_kv_pool_allocator\n",
            True,
        ),
        (
            "def f(pool):\n    return pool.get_kvcache()\n"
            "def g(mr):\n    return mr.token_to_kv_pool_allocator.available_size()\n",
            True,
        ),
        # module-level code that carries: not decided here
        ("X = isinstance(mr.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)\n", False),
    ],
)
def test_clean_verdict_without_parsing(src, clean):
    verdict, _ = reduce_for(src, CODES3)
    assert verdict is clean
    if clean:  # and the full analysis agrees
        assert (
            lint_text(src, PATH, CODES3, ScopeConfig(), prefilter=False, reduce=False).findings
            == []
        )


@pytest.mark.slow
@pytest.mark.parametrize("version", ["0.5.9", "0.5.12.post1", "0.5.13.post1", "0.5.23"])
def test_reduction_is_sound_on_real_attention_code(version):
    sys.path.insert(0, str(REPO / "benchmarks"))
    import sglang_wheels

    tree = sglang_wheels.ensure_tree(version, quiet=True)
    files = sorted((tree / "sglang" / "srt" / "layers" / "attention").rglob("*.py"))
    assert len(files) > 20
    for path in files:
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(tree).as_posix()
        a = lint_text(text, rel, CODES, ScopeConfig(), prefilter=False, reduce=True)
        b = lint_text(text, rel, CODES, ScopeConfig(), prefilter=False, reduce=False)
        assert a.findings == b.findings, rel


@pytest.mark.parametrize("use_outline", [False, True])
@pytest.mark.parametrize("odd", ["\u2028", "\x0c", "\x1c", "\x85"])
def test_line_numbers_follow_python_not_str_splitlines(odd, use_outline):
    """str.splitlines also breaks at these characters; ast's line numbers do not. A comment
    holding one once shifted every later function's text by a line, and the reduction proved a
    module with a finding clean."""
    src = (
        "class B:\n"
        "    def __init__(self, mr):\n"
        f"        # a{odd}b\n"
        "        self.alloc = mr.token_to_kv_pool_allocator\n\n"
        "    def m(self):\n"
        "        x = 1\n"
        "        return isinstance(self.alloc, SWATokenToKVPoolAllocator)\n\n"
        "    def n(self):\n"
        "        return 2\n"
    )
    _kvg001_survives(src, use_outline)


def test_non_ascii_names_are_not_skipped_by_the_word_shortcut():
    """Words of a function's text are matched against carrier names; an ASCII-only word regex
    split ``allocatör`` into pieces and the method reading it was skipped."""
    src = (
        "class B:\n"
        "    def __init__(self, mr):\n"
        "        self.allocatör = mr.token_to_kv_pool_allocator\n\n"
        "    def m(self):\n"
        "        return isinstance(self.allocatör, SWATokenToKVPoolAllocator)\n"
    )
    _kvg001_survives(src, use_outline=False)


def _kvg001_survives(src: str, use_outline: bool) -> None:
    """The full analysis finds one KVG001; the reduction must not call the module clean, and
    the engine's path (prefilter, reduction) reports the same finding."""
    full = lint_text(src, PATH, CODES, ScopeConfig(), prefilter=False, reduce=False)
    assert [f.code for f in full.findings] == ["KVG001"]
    assert reduce_for(src, CODES, use_outline=use_outline)[0] is False
    assert lint_text(src, PATH, CODES, ScopeConfig()).findings == full.findings


def _held_member_regex(text: str, word: str) -> bool:
    """``_held_member`` as first written: more ``\\bword\\b`` than ``\\.word\\s*\\(``."""
    import re

    direct = len(re.findall(rf"\.{re.escape(word)}\s*\(", text))
    return len(re.findall(rf"\b{re.escape(word)}\b", text)) > direct


def test_held_member_equals_the_regex_form():
    """The outline proof's "is the member held anywhere?" (str.find) answers as the two
    regular expressions it replaced, Unicode word characters and whitespace included."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from lint_rules.reduce import _held_member

    parts = ["get_kvcache", ".", "(", " ", "\n", "\u2003", "x", "_", "\u00e9", ")", "\t", "#"]

    @settings(max_examples=1000, deadline=None)
    @given(st.lists(st.sampled_from(parts), max_size=10))
    def check(pieces):
        text = "".join(pieces)
        assert _held_member(text, "get_kvcache") == _held_member_regex(text, "get_kvcache")

    check()
    for text in (SRC, "a.get_kvcache()", "f = a.get_kvcache\nf()", "x.get_kvcache \n ()"):
        assert _held_member(text, "get_kvcache") == _held_member_regex(text, "get_kvcache")


def _rebound_regex(text: str, word: str) -> bool:
    """``_rebound`` as first written: one regular expression, each branch from ``\\b``."""
    import re

    w = re.escape(word)
    return bool(
        re.search(
            rf"\b{w}\s*(?:=[^=]|:[^\n]*=[^=]|:=)|\bas\s+{w}\b(?!\s*(?:,|$|\)))"
            rf"|\bfor\s+[^\n]*\b{w}\b[^\n]*\bin\b|\blambda\b[^:\n]*\b{w}\b|\bglobal\b[^\n]*\b{w}\b",
            text,
            re.M,
        )
    )


def test_word_scans_equal_the_regex_forms():
    """The outline proof's text scans that replaced regular expressions starting with ``\\w*``
    or ``\\b`` (tried at every position) answer as those did: allocator-class words,
    "is this name rebound", "is there a class of this name"."""
    import re

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from lint_rules.reduce import _allocator_class_words, _rebound, _search_words

    parts = ["f", "xf", "f_", "Allocator", "KV", " ", "\n", "=", "==", ":", ":=", ",", ")", "("]
    parts += ["as ", "for ", " in ", "lambda ", "global ", "class ", "\u00e9", "\t", "."]

    @settings(max_examples=1500, deadline=None)
    @given(st.lists(st.sampled_from(parts), max_size=14))
    def check(pieces):
        text = "".join(pieces)
        words = [(m.start(), m.group()) for m in re.finditer(r"\w*Allocator\w*", text)]
        assert list(_allocator_class_words(text)) == words
        assert _rebound(text, "f") == _rebound_regex(text, "f")
        assert _search_words(r"class\s+f\b", text) == bool(re.search(r"\bclass\s+f\b", text))
        # pathcond's "an import's as-target" test
        assert _search_words(r"as\s+f\b", text) == bool(re.search(r"\bas\s+f\b", text))

    check()
