"""KVG004's cost cuts are sound: each skip is compared with the work it skips.

* ``Gating`` walks, for an attribute, only the lines of a method that may spell it (plus every
  line holding a non-ASCII character, which ``ast`` may have normalised): the reads equal a
  walk of every method, on edge cases and on real backends.
* The rule asks ``_caching_node`` (libcst) only for attributes the ``ast`` over-approximation
  (:meth:`gating.Gating.cache_attrs`, the proof's) lets through: findings equal the rule with
  that filter off.
* The reduced module keeps only the ``__init__`` bodies that can cache (the pool word, or a call
  of a name some ``def`` of which may hold ``isinstance``): findings equal the full parse, and
  an ``__init__`` that cannot cache is blanked.
* A lint with the default rules plus KVG004 parses only for KVG004 when the shared proof
  settles the default rules (lint_rules/sparse.py): findings equal the full parse.
"""

from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

import pytest
from test_sparse import KVG004_FILES  # 0.5.23 files where KVG004 reports

from lint_rules import checker, gating, sparse
from lint_rules.model import ScopeConfig
from lint_rules.registry import default_codes
from lint_rules.rules.kvg004_swa_flag_cached_at_init import SwaFlagCachedAtInit

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import sglang_wheels  # noqa: E402

PATH = "sglang/srt/layers/attention/example_backend.py"
K4 = frozenset({"KVG004"})
ALL = frozenset(default_codes()) | K4
SETTINGS = [ScopeConfig(), ScopeConfig(kvg004_write_gating=True)]

EDGES = {
    # an __init__ without the pool word that calls a helper asking isinstance: kept
    "helper call without the pool word": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.flag = self._is_swa(model_runner)
    def _is_swa(self, mr):
        return isinstance(mr.token_to_kv_pool, SWAKVPool)
    def forward(self, page_table):
        if self.flag:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(page_table)
""",
    # the helper is a one-line def (not a blankable candidate): kept as a possible helper
    "one-line helper": """
def _swa(p): return isinstance(p, SWAKVPool)

class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.flag = _swa(model_runner.token_to_kv_pool)
    def forward(self, page_table):
        if self.flag:
            return page_table[0]
""",
    # two backends; the second __init__ only calls super().__init__ and cannot cache
    "super().__init__ in a second class": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
    def forward(self, page_table):
        if self.use_swa:
            return page_table[0]

class FooMultiStepBackend:
    def __init__(self, model_runner, steps):
        super().__init__()
        self.backends = [FooAttnBackend(model_runner) for _ in range(steps)]
        self.use_swa = bool(steps)
    def forward(self, page_table):
        if self.use_swa:
            return page_table[1]
""",
    # a class with two __init__ defs under a condition: every __init__ stays
    "conditional __init__ pair": """
class FooAttnBackend(AttentionBackend):
    if FAST:
        def __init__(self, model_runner):
            self.__init__(model_runner, 1)
    else:
        def __init__(self, model_runner, k=0):
            self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
    def forward(self, page_table):
        if self.use_swa:
            return page_table[0]
""",
    # a non-ASCII identifier that ast normalises (NFKC: the ligature is "fl")
    "non-ASCII spelling of the flag": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.ﬂag = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
    def forward(self, page_table):
        if self.flag:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(page_table)
""",
    # a helper call split from its arguments by a comment (inside brackets), no pool word
    "helper call split by a comment": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.flag = bool(
            self._is_swa  # asks the pool's class
            (model_runner)
        )
    def _is_swa(self, mr):
        return isinstance(mr.token_to_kv_pool, SWAKVPool)
    def forward(self, page_table):
        if self.flag:
            return page_table[0]
""",
    # a read whose only mention of the attribute is a decorator of a nested function
    "read in a nested decorator": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
    def forward(self, page_table):
        @register(self.use_swa)
        def inner():
            return page_table
        return inner
""",
}


def _sources():
    for c in [*SwaFlagCachedAtInit.VALID, *SwaFlagCachedAtInit.INVALID]:
        yield textwrap.dedent(c if isinstance(c, str) else c.code)
    for src in EDGES.values():
        yield textwrap.dedent(src)


def _real(limit: int = 10**9):
    tree = sglang_wheels.ensure_tree("0.5.23", quiet=True)
    for rel in KVG004_FILES:
        text = (tree / rel).read_text(encoding="utf-8")
        if len(text) <= limit:
            yield rel, text


def _reads_all_ways(text: str) -> None:
    tree = ast.parse(text)
    fast, slow = gating.Gating(tree, text), gating.Gating(tree)
    for cls, methods in slow.classes.items():
        words = {
            w
            for m in methods.values()
            for n in ast.walk(m.node)
            for w in (getattr(n, "attr", None), getattr(n, "id", None))
            if isinstance(w, str)
        }
        for attr in sorted(words):
            assert list(fast.reads(cls, attr)) == list(slow.reads(cls, attr)), (cls, attr)


@pytest.mark.parametrize("src", list(_sources()), ids=lambda s: s.strip().splitlines()[0][:40])
def test_gating_reads_equal_a_walk_of_every_method(src):
    _reads_all_ways(src)


def test_gating_reads_equal_a_walk_of_every_method_on_real_backends():
    for rel, text in _real(limit=25_000):  # intel_amx, torch_native: every word of them
        _reads_all_ways(text)
    # the big ones: the attributes KVG004 asks about
    for rel, text in _real():
        tree = ast.parse(text)
        fast, slow = gating.Gating(tree, text), gating.Gating(tree)
        for cls in slow.classes:
            for attr in ("use_sliding_window_kv_pool", "full_to_swa_index_mapping", "forward"):
                assert list(fast.reads(cls, attr)) == list(slow.reads(cls, attr)), (rel, cls)


def _findings(text, rel, codes, scope, **kw):
    return [
        (f.code, f.location, f.end_location, f.context, f.message)
        for f in checker.lint_text(text, rel, codes, scope, **kw).findings
    ]


def _unfiltered(monkeypatch):
    class _All(set):
        def __contains__(self, item) -> bool:
            return True

    monkeypatch.setattr(gating.Gating, "cache_attrs", lambda self: _All())


@pytest.mark.parametrize("scope", SETTINGS, ids=["default", "write-gating"])
def test_cache_attr_filter_changes_no_finding(scope, monkeypatch):
    cases = [(PATH, s) for s in _sources()] + list(_real(limit=100_000))
    filtered = [_findings(t, rel, K4, scope, reduce=False) for rel, t in cases]
    _unfiltered(monkeypatch)
    unfiltered = [_findings(t, rel, K4, scope, reduce=False) for rel, t in cases]
    assert filtered == unfiltered
    assert sum(map(len, filtered)) >= 8  # the rule's INVALID cases and edges report


@pytest.mark.parametrize("scope", SETTINGS, ids=["default", "write-gating"])
@pytest.mark.parametrize("src", list(_sources()), ids=lambda s: s.strip().splitlines()[0][:40])
def test_reduced_module_findings_equal_the_full_parse(src, scope):
    full = _findings(src, PATH, K4, scope, prefilter=False, reduce=False)
    assert _findings(src, PATH, K4, scope, prefilter=False) == full
    assert _findings(src, PATH, ALL, scope, prefilter=False) == _findings(
        src, PATH, ALL, scope, prefilter=False, reduce=False
    )


def test_edge_verdicts():
    counts = {
        name: len(_findings(textwrap.dedent(src), PATH, K4, ScopeConfig(), reduce=False))
        for name, src in EDGES.items()
    }
    assert counts == {
        "helper call without the pool word": 1,
        "one-line helper": 1,
        "super().__init__ in a second class": 1,
        "conditional __init__ pair": 1,
        "non-ASCII spelling of the flag": 0,  # libcst reads `ﬂag`, never `flag`: no read
        "read in a nested decorator": 1,
        "helper call split by a comment": 1,
    }


def test_an_init_that_cannot_cache_is_blanked():
    src = textwrap.dedent(EDGES["super().__init__ in a second class"])
    tree = ast.parse(src)
    reduced = sparse.reduced_text(src, tree, K4, ScopeConfig())
    assert reduced is not None
    assert "isinstance(model_runner.token_to_kv_pool" in reduced  # the caching __init__
    assert "self.backends" not in reduced  # the second class's __init__ body
    # the conditional pair keeps both bodies
    src = textwrap.dedent(EDGES["conditional __init__ pair"])
    reduced = sparse.reduced_text(src, ast.parse(src), K4, ScopeConfig()) or src
    assert "self.__init__(model_runner, 1)" in reduced and "self.use_swa =" in reduced


@pytest.mark.parametrize("scope", SETTINGS, ids=["default", "write-gating"])
def test_default_rules_plus_kvg004_on_real_backends(scope):
    """The default rules are proven clean on these files: only KVG004 (and KVG005, the other
    rule decided on ``ast``) report, from the ``ast`` (no libcst parse at all), and the
    findings equal the full parse of every rule."""
    n = 0
    for rel, text in _real():
        fast = _findings(text, rel, ALL, scope)
        assert fast == _findings(text, rel, ALL, scope, prefilter=False, reduce=False), rel
        state = sparse.analyse(text, rel, ALL, scope, True)
        assert {r.code for r in state.raw} <= {"KVG004", "KVG005"} and state.module is None
        n += sum(1 for f in fast if f[0] == "KVG004")
    assert n == (4 if not scope.kvg004_write_gating else 7)


def test_word_scans_equal_the_word_boundary_regex():
    import re

    texts = [
        "xdef def foo\ndef  bar(x)\n_def baz\n    async def qux():\nundef def\tdef e",
        "self.flag flagx xflag flag _flag flag_ ﬂag éflag flag",
        *(t for _, t in _real(limit=100_000)),
    ]
    for text in texts:
        assert list(gating.def_names(text)) == [
            (m.start(), m.group(1)) for m in re.finditer(r"\bdef\s+(\w+)", text)
        ]
        for word in ("flag", "use_sliding_window_kv_pool", "__init__", "forward", "def"):
            for start, end in ((0, len(text)), (3, len(text) // 2)):
                assert list(gating.word_hits(text, word, start, end)) == [
                    m.start() for m in re.compile(rf"\b{word}\b").finditer(text, start, end)
                ], (word, start, end)


# files of 0.5.23 the engine sends down each path: KVG004 reports; KVG004's proof settles them
# and the default rules' needles are present (their proof runs) or absent (it does not)
ENGINE_FILES = (
    *KVG004_FILES,
    "sglang/srt/layers/attention/trtllm_mha_backend.py",
    "sglang/srt/layers/attention/flashinfer_backend.py",
    "sglang/srt/layers/attention/dsa_backend.py",
    "sglang/srt/layers/attention/tbo_backend.py",
    "sglang/srt/layers/attention/base_attn_backend.py",
)


def _engine_equals_full(files, write_gating: bool) -> int:
    """The engine (triage: KVG004's proof first, the default rules' proof only for the rules
    whose needles a file holds; workers: the parse for the rules left) gives exactly what
    linting every file with every rule, without prefilter and reduction, gives."""
    from lint_rules.config import Config
    from lint_rules.discovery import discover
    from lint_rules.engine import Engine
    from lint_rules.settings import Options

    scope = ScopeConfig(root="/", kvg004_write_gating=write_gating)
    config = Config(root="/", scope=scope)
    report = Engine(config, ALL, Options(jobs=1)).run(discover([str(p) for p in files], config))
    got = sorted(
        (fr.target.abspath, f.code, f.location.row, f.message)
        for fr in report.files
        for f in fr.result.findings
    )
    want = sorted(
        (str(p), f.code, f.location.row, f.message)
        for p in files
        for f in checker.lint_text(
            p.read_text(encoding="utf-8"), str(p), ALL, scope, prefilter=False, reduce=False
        ).findings
    )
    assert got == want
    return sum(1 for w in want if w[1] == "KVG004")


@pytest.mark.parametrize("write_gating", [False, True], ids=["default", "write-gating"])
def test_engine_run_equals_every_file_linted_in_full(write_gating):
    tree = sglang_wheels.ensure_tree("0.5.23", quiet=True)
    n = _engine_equals_full([tree / rel for rel in ENGINE_FILES], write_gating)
    assert n == (4 if not write_gating else 7)


@pytest.mark.slow
@pytest.mark.parametrize("version", ["0.5.12.post1", "0.5.23"])
def test_engine_run_equals_every_file_linted_in_full_on_attention_directories(version):
    tree = sglang_wheels.ensure_tree(version, quiet=True)
    for write_gating in (False, True):
        _engine_equals_full(
            sorted((tree / "sglang/srt/layers/attention").rglob("*.py")), write_gating
        )


@pytest.mark.parametrize("scope", SETTINGS, ids=["default", "write-gating"])
@pytest.mark.parametrize("src", list(_sources()), ids=lambda s: s.strip().splitlines()[0][:40])
def test_proof_never_calls_a_reporting_module_clean(src, scope):
    if gating.proven_clean(src, scope.kvg004_write_gating):
        assert _findings(src, PATH, K4, scope, prefilter=False, reduce=False) == []


def test_parent_search_equals_the_parent_map():
    """``_Method.parent_of`` (a search down the children that hold the node's position)
    finds the parent the whole map gives, for every node of every method (f-strings, decorators,
    comprehensions and argument lists included)."""
    texts = [t for _, t in _real(limit=60_000)] + [textwrap.dedent(s) for s in _sources()]
    texts.append(
        "class A:\n    def f(self, x=[i for i in y if i], *a, k=lambda: 1):\n"
        "        @d(self.flag)\n        def g(): return f'{self.flag!r:>{w}}'\n"
        "        return {k: v for k, v in x if self.flag}, (yield self.flag)\n"
    )
    n = 0
    for text in texts:
        for methods in gating.Gating(ast.parse(text), text).classes.values():
            for m in methods.values():
                whole = gating._Method(m.node).parent
                fresh = gating._Method(m.node)
                for node in ast.walk(m.node):
                    if isinstance(node, gating._NO_NODE):
                        continue  # shared singletons (Load, Add, ...): no one parent
                    assert fresh.parent_of(node) is whole.get(id(node)), ast.dump(node)[:80]
                    n += 1
    assert n > 1000


def test_called_names_equal_the_plain_pattern():
    """``gating.CALLED`` (a lookbehind so no match is tried inside a word) finds what the
    plain pattern finds."""
    import re

    plain = re.compile(r"(\w+)(?:[\s)\\]|#[^\r\n]*)*\(")
    texts = [t for _, t in _real()] + [textwrap.dedent(s) for s in _sources()]
    texts.append("a.b(c)(d)\nf  # c\n(x)\nxé(1) é(2) _(3) g\\\n(4) h)(5) 9(6)")
    for text in texts:
        assert gating.CALLED.findall(text) == plain.findall(text)
