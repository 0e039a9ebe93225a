"""KVG004 decided on the stdlib ``ast`` (``gating.findings``, ``RuleMeta.check``) reports
exactly what the libcst rule (``SwaFlagCachedAtInit``) reports: codes, positions, contexts,
messages and the statement line suppressions use, under both write-gating settings; and what
it leaves to the rule (None) is left, not guessed. Compared on the rule's cases, the cost
tests' edge cases, shapes of this side's own (positions, parentheses, statement lines, names)
and real backends (CI: the 0.5.23 attention and NPU directories, 0.5.9 and 0.5.12.post1
attention directories; slow: every file of every corpus release KVG004's needles let in)."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest
from test_kvg004_cost import EDGES

from lint_rules import checker, gating, sparse
from lint_rules.context import FileContext
from lint_rules.model import ScopeConfig
from lint_rules.parsing import parse_module
from lint_rules.registry import RULES
from lint_rules.rules.kvg004_swa_flag_cached_at_init import SwaFlagCachedAtInit

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import sglang_wheels  # noqa: E402

PATH = "sglang/srt/layers/attention/example_backend.py"
K4 = frozenset({"KVG004"})
SETTINGS = (ScopeConfig(), ScopeConfig(kvg004_write_gating=True))


def _rows(positioned) -> list:
    return sorted(
        (
            (f.code, f.location, f.end_location, f.context, f.message, f.fix, line)
            for f, line in positioned
        ),
        key=lambda r: (r[1], r[2], r[4]),
    )


_PARSED: list = []  # [(text, module)]: the last module (each is asked under both settings)


def by_libcst(text: str, path: str, scope: ScopeConfig) -> list:
    if not _PARSED or _PARSED[0][0] != text:
        _PARSED[:] = [(text, parse_module(text, path))]
    module = _PARSED[0][1]
    analysis, raw = sparse.run_rules_on_module(module, path, K4, scope, text)
    return _rows(sparse.LintState(text, module, analysis, raw).positioned())


def by_ast(text: str, path: str, scope: ScopeConfig):
    got = gating.findings(text, path, scope)
    return None if got is None else _rows(sparse.LintState(text, raw=got).positioned())


def same(text: str, path: str = PATH, scope: ScopeConfig = ScopeConfig(), decided=True):
    """The two sides agree (the ``ast`` side answering when ``decided``); the findings."""
    fast = by_ast(text, path, scope)
    if decided is not None:
        assert (fast is not None) == decided, text
    full = by_libcst(text, path, scope)
    if fast is not None:
        assert fast == full, (path, scope)
    return full


def _cases():
    for c in [*SwaFlagCachedAtInit.VALID, *SwaFlagCachedAtInit.INVALID]:
        scope = getattr(c, "scope", None)
        yield textwrap.dedent(c if isinstance(c, str) else c.code), scope
    for name, src in EDGES.items():
        yield textwrap.dedent(src), None


@pytest.mark.parametrize("src,scope", list(_cases()), ids=lambda s: str(s).strip()[:30])
def test_rule_cases_and_edges(src, scope):
    for s in (scope,) if scope is not None else SETTINGS:
        same(src, PATH, s, decided=None if "ﬂ" in src else True)


# shapes of the ast side's own: positions, parentheses the message shows, statement lines,
# names libcst and ast spell differently, argument order
OWN = {
    "parenthesised hit": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_swa = ((  # why
            isinstance(model_runner.token_to_kv_pool, SWAKVPool)
        )) and print((isinstance(model_runner.token_to_kv_pool, SWAKVPool)))
    def forward(self, page_table):
        if self.use_swa:
            return page_table[0]
""",
    "comment inside the parentheses": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_swa = ((  # why
            isinstance(model_runner.token_to_kv_pool, SWAKVPool)
        ))
    def forward(self, page_table):
        if self.use_swa:
            return page_table[0]
""",
    "not and keyword arguments": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.no_swa = not(isinstance(model_runner.token_to_kv_pool, (SWAKVPool, Other)))
        self.swa_map = dict(a=(model_runner.token_to_kv_pool.full_to_swa_index_mapping), b=1)
        self.x = f(model_runner.token_to_kv_pool.translate_loc_from_full_to_swa, **kw)
    def forward(self, page_table):
        if self.no_swa or self.swa_map or self.x:
            return page_table[0]
""",
    "semicolons and tuple targets": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        a = (1,
             2); self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
        pool, n = model_runner.token_to_kv_pool, 3
        self.swa_pool = self.other = pool if n else None
        (q := model_runner.token_to_kv_pool)
        self.q_swa = isinstance(q, SWAKVPool)
    def forward(self, page_table):
        if self.use_swa and self.swa_pool and self.q_swa and self.other:
            return page_table[0]
""",
    "non-ASCII text, normal names": """
class FooAttnBackend(AttentionBackend):  # « backend » — ü
    def __init__(self, model_runner):
        s = "ü"; self.größe = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
        self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)  # ß
    def forward(self, page_table):
        if self.größe:
            return "é" + self.use_swa.translate_loc_from_full_to_swa(page_table)
""",
    "aliases, subclasses, module assignments, annotations": """
from x import SWAKVPool as P
import mem.pool as mp
Alias = (P, None)
class MyPool(Alias):
    pass
class FooAttnBackend(Base):
    pass
class BarAttnBackend(FooAttnBackend):
    def __init__(self, model_runner):
        self.a = isinstance(model_runner.token_to_kv_pool, Alias)
        self.b = isinstance(getattr(model_runner, "token_to_kv_pool"), MyPool)
        self.c: mp.SWAKVPool = model_runner.token_to_kv_pool
        self.d: "SWAKVPool" = model_runner.token_to_kv_pool
    def forward(self, page_table):
        if self.a or self.b or self.c or self.d:
            return page_table[0]
""",
    "helpers: module, method, resolver, nested": """
def _is_swa(pool, *, other=None):
    return isinstance(pool, SWAKVPool)
def _resolver(mr):
    if mr.is_draft_worker:
        return None
    return isinstance(mr.token_to_kv_pool, SWAKVPool)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.a = _is_swa(model_runner.token_to_kv_pool)
        self.b = _resolver(model_runner)
        self.c = self._m(model_runner)
        self.d = lambda: isinstance(model_runner.token_to_kv_pool, SWAKVPool)
        def inner():
            self.e = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
        class Inner:
            self.f = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
    def _m(self, mr):
        '''asks the pool'''
        return isinstance(mr.token_to_kv_pool, SWAKVPool)
    def forward(self, page_table):
        if self.a or self.b or self.c or self.d or self.e or self.f:
            return page_table[0]
""",
    "out of scope, static, nested classes": """
class Plain:
    def __init__(self, model_runner):
        self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
    def forward(self, page_table):
        if self.use_swa:
            return page_table[0]
class FooAttnBackend(AttentionBackend):
    class Helper:
        def __init__(self, mr):
            self.use_swa = isinstance(mr.token_to_kv_pool, SWAKVPool)
        def forward(self, page_table):
            if self.use_swa:
                return page_table[0]
    @staticmethod
    def __init__(model_runner):
        model_runner.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
""",
    "CRLF and tabs": (
        "class FooAttnBackend(AttentionBackend):\r\n"
        "\tdef __init__(self, model_runner):\r\n"
        "\t\tself.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)\r\n"
        "\tdef forward(self, page_table):\r\n"
        "\t\tif self.use_swa:\r\n"
        "\t\t\treturn page_table[0]\r\n"
    ),
}
# what the ast side leaves to the rule
UNDECIDED = {
    "one-line suite": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        if True: self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
    def forward(self, page_table):
        if self.use_swa:
            return page_table[0]
""",
    "resolver word only in a docstring": """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.a = self._m(model_runner)
    def _m(self, mr):
        '''not like is_draft_worker'''
        return isinstance(mr.token_to_kv_pool, SWAKVPool)
    def forward(self, page_table):
        if self.a:
            return page_table[0]
""",
    "a name ast normalises": EDGES["non-ASCII spelling of the flag"],
}


@pytest.mark.parametrize("name", sorted(OWN))
def test_own_shapes(name):
    src = textwrap.dedent(OWN[name]) if "\r" not in OWN[name] else OWN[name]
    for scope in SETTINGS:
        same(src, PATH, scope)
        same(src, "pkg/other.py", scope)


def test_own_shapes_report():
    # the last candidate in the value is the one reported (the rule's walk), with its parentheses
    rows = same(textwrap.dedent(OWN["parenthesised hit"]))
    assert len(rows) == 1 and rows[0][1].row == 6
    assert rows[0][4].endswith("(`(isinstance(model_runner.token_to_kv_pool, SWAKVPool))`)")
    rows = same(textwrap.dedent(OWN["comment inside the parentheses"]))
    assert len(rows) == 1 and rows[0][4].endswith(
        "(`(( # why isinstance(model_runner.token_to_kv_pool, SWAKVPool) ))`)"
    )


@pytest.mark.parametrize("name", sorted(UNDECIDED))
def test_left_to_the_rule(name):
    src = textwrap.dedent(UNDECIDED[name])
    same(src, decided=False)
    # the lint still reports what the rule finds (it decides)
    lint = checker.lint_text(src, PATH, K4)
    assert [f.message for f in lint.findings] == [r[4] for r in by_libcst(src, PATH, ScopeConfig())]


def test_audit_mode_is_left_to_the_rule():
    src = textwrap.dedent(OWN["out of scope, static, nested classes"])
    assert gating.findings(src, "pkg/other.py", ScopeConfig(all_code=True)) is None


def test_the_lint_takes_kvg004_from_the_ast_without_libcst():
    """One reporting path: ``lint_text`` (suppressions included) reports the ``ast`` side's
    findings and never loads the libcst rule for them."""
    import subprocess

    code = (
        "import sys, textwrap\n"
        "from lint_rules import checker\n"
        f"src = textwrap.dedent({OWN['semicolons and tuple targets']!r})\n"
        "src = src.replace('self.q_swa = isinstance(q, SWAKVPool)',"
        " 'self.q_swa = isinstance(q, SWAKVPool)  # noqa: KVG004')\n"
        f"r = checker.lint_text(src, {PATH!r}, {{'KVG004'}}, report_unused_suppressions=True)\n"
        "print(len(r.findings), r.unused_suppressions, 'libcst' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["2", "[]", "False"], out  # 3 findings, one suppressed


def _tree_files(version: str, directories, linted_only: bool = True):
    """Files KVG004's needles let in (``linted_only``: and its reduction does not settle,
    the ones the lint reaches)."""
    tree = sglang_wheels.ensure_tree(version, quiet=True)
    for d in directories:
        for path in sorted((tree / d).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if RULES["KVG004"].may_match(text):
                if not linted_only or not gating.proven_clean(text, True):
                    yield str(path.relative_to(tree)), text


def _sweep(version: str, directories, linted_only: bool = True) -> dict:
    counts = {"files": 0, "findings": 0, "decided": 0}
    for rel, text in _tree_files(version, directories, linted_only):
        counts["files"] += 1
        for scope in SETTINGS:
            counts["decided"] += by_ast(text, rel, scope) is not None
            counts["findings"] += len(same(text, rel, scope, decided=None))
    return counts


def test_real_backends_0_5_23():
    counts = _sweep("0.5.23", ["sglang/srt/layers/attention", "sglang/srt/hardware_backend"])
    assert counts["findings"] == 4 + 7 and counts["decided"] == 2 * counts["files"], counts


@pytest.mark.parametrize("version", ["0.5.9", "0.5.12.post1"])
def test_real_attention_directories(version):
    counts = _sweep(version, ["sglang/srt/layers/attention"])
    assert counts["files"] > 0 and counts["decided"] == 2 * counts["files"], counts


@pytest.mark.slow
@pytest.mark.sweep
@pytest.mark.parametrize("version", sglang_wheels.RELEASES)
def test_every_release(version):
    assert _sweep(version, ["sglang"], linted_only=False)["files"] > 0


def test_the_lint_reuses_the_tree_of_the_proof_that_failed(monkeypatch):
    """The engine triages a file (KVG004's proof), then lints it in the same process: the
    ``ast`` side takes the proof's tree instead of parsing the text again."""
    text = textwrap.dedent(OWN["semicolons and tuple targets"])
    ctx = FileContext()  # the file's context: the proof leaves its gating there
    assert not gating.proven_clean(text, False, ctx)
    calls: list = []
    real = gating.ast.parse
    monkeypatch.setattr(gating.ast, "parse", lambda *a, **k: calls.append(1) or real(*a, **k))
    assert len(gating.findings(text, PATH, ScopeConfig(), None, ctx)) == 3 and not calls
    assert len(gating.findings(text, PATH, ScopeConfig())) == 3 and calls


def test_adoption_paths_see_the_ast_findings(tmp_path):
    """``--add-noqa``, the baseline, the cache and ``kvguard fix`` take KVG004's findings from
    the ``ast`` side like any rule's (one ``Finding``)."""
    from tests.support.cli import kvguard

    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n", encoding="utf-8")
    src = textwrap.dedent(OWN["semicolons and tuple targets"])
    target = tmp_path / "layers" / "attention" / "x_backend.py"
    target.parent.mkdir(parents=True)
    target.write_text(src, encoding="utf-8")
    sel = ("--select", "KVG004")

    def check(*extra):
        return kvguard("check", *sel, "--output-format", "json", *extra, cwd=tmp_path)

    first = check()
    assert first.rc == 1 and len(json.loads(first.out)) == 3, first
    cached = check()  # from the cache
    assert json.loads(cached.out) == json.loads(first.out)
    fix = kvguard("fix", *sel, cwd=tmp_path)  # no fix: the file stays, the findings remain
    assert fix.rc == 1 and target.read_text(encoding="utf-8") == src, fix
    base = kvguard("check", *sel, "--write-baseline", "base.json", cwd=tmp_path)
    assert base.rc == 0, base
    assert check("--baseline", "base.json").rc == 0
    noqa = kvguard("check", *sel, "--add-noqa", cwd=tmp_path)
    # (one line would pass black's length with the comment: left, as for any rule)
    assert "past 88 columns" in noqa.err, noqa
    assert target.read_text(encoding="utf-8").count("noqa: KVG004") == 2, noqa
    left = check("--no-cache")
    assert left.rc == 1 and [f["location"]["row"] for f in json.loads(left.out)] == [5], left


def test_fixes_with_kvg004_selected_equal_the_libcst_rules(monkeypatch):
    """``kvguard fix`` with the default rules plus KVG004 (mixed states: libcst findings and
    the ``ast`` side's in one list) gives what it gives with KVG004 on libcst."""
    from dataclasses import replace

    from lint_rules import fixer
    from lint_rules.registry import default_codes

    codes = frozenset(default_codes()) | K4
    root = sglang_wheels.ensure_tree("0.5.12.post1", quiet=True)
    rels = ["trtllm_mha_backend.py", "flashattention_backend.py"]
    texts = [(root / "sglang/srt/layers/attention" / r).read_text(encoding="utf-8") for r in rels]

    def outcome(text, rel):
        o = fixer.fix_text(text, rel, codes)
        return (
            o.new_text,
            o.error,
            [(f.code, f.location, f.message) for f in o.fixed],
            [(f.code, f.location, f.message) for f in o.remaining],
        )

    fast = [outcome(t, r) for t, r in zip(texts, rels)]
    monkeypatch.setitem(RULES, "KVG004", replace(RULES["KVG004"], check=None))
    assert [outcome(t, r) for t, r in zip(texts, rels)] == fast
    assert fast[0][2] and any(f[0] == "KVG004" for f in fast[1][3])
