"""lint_rules/sparse.py: the findings taken from the reduced module (bodies of the functions no
selected rule needs blanked in place) are exactly the full module's: codes, positions, contexts,
messages (with the fix precondition reasons), fixes (which findings one fix covers), and the
fixer's output. Differential tests on every corpus release (slow), a representative CI subset,
the metamorphic sites under every operator, and edge shapes of the blanking itself."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from lint_rules import checker, fixer, sparse
from lint_rules.model import ScopeConfig
from lint_rules.parsing import positions
from lint_rules.registry import default_codes

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import sglang_wheels  # noqa: E402

CODES = frozenset(default_codes())
WITH_KVG004 = CODES | {"KVG004"}
SCOPES = (ScopeConfig(), ScopeConfig(kvg004_write_gating=True))


def _key(findings):
    """Everything a finding reports; a fix's key is an opaque id, so only which findings share
    one is compared (numbered by first appearance)."""
    keys: dict = {}
    out = []
    for f in sorted(findings, key=lambda f: f.sort_key()):
        fix = None
        if f.fix is not None:
            fix = (f.fix.applicability, f.fix.message, keys.setdefault(f.fix.key, len(keys)))
        out.append((f.code, f.location, f.end_location, f.context, f.message, fix))
    return out


def _both(text: str, rel: str, codes, scope=ScopeConfig()):
    full = checker.lint_text(text, rel, codes, scope, reduce=False)
    fast = checker.lint_text(text, rel, codes, scope)
    assert fast.error == full.error, rel
    assert _key(fast.findings) == _key(full.findings), rel
    return full


def _reduced(text: str, rel: str, codes, scope=ScopeConfig()) -> bool:
    """The lint of ``text`` took its findings from a reduced module."""
    state = sparse.analyse(text, rel, codes, scope, checker.may_reduce(codes, scope))
    return bool(state.raw and state.reduced)


def _fix_both(text: str, rel: str, monkeypatch) -> None:
    """``kvguard fix`` gives the same text, fixed findings and remaining ones either way."""
    fast = fixer.fix_text(text, rel, CODES)
    with monkeypatch.context() as m:
        m.setattr(checker, "may_reduce", lambda codes, scope: False)
        full = fixer.fix_text(text, rel, CODES)
    assert fast.error == full.error, rel
    assert fast.new_text == full.new_text, rel
    assert _key(fast.fixed) == _key(full.fixed), rel
    assert _key(fast.remaining) == _key(full.remaining), rel


def _sweep(version: str, directory: str = "sglang", monkeypatch=None) -> dict:
    """Every file of ``version`` (under ``directory``) the prefilter lets through, with the
    default rules and with KVG004 (both write-gating settings): identical findings. Returns
    counts: files compared, files whose findings came from a reduced module."""
    tree = sglang_wheels.ensure_tree(version, quiet=True)
    counts = {"files": 0, "reduced": 0, "findings": 0}
    for path in sorted((tree / directory).rglob("*.py")):
        rel = path.relative_to(tree).as_posix()
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        for codes, scopes in ((CODES, SCOPES[:1]), (WITH_KVG004, SCOPES)):
            for scope in scopes:
                if not checker.needs_parse(text, rel, codes, scope):
                    continue
                counts["files"] += 1
                full = _both(text, rel, codes, scope)
                counts["findings"] += len(full.findings)
                counts["reduced"] += _reduced(text, rel, codes, scope)
        if monkeypatch is not None and any(
            f.fix is not None for f in checker.lint_text(text, rel, CODES).findings
        ):
            _fix_both(text, rel, monkeypatch)
    return counts


# ---------------------------------------------------------------- real trees

# 0.5.23 files where KVG004 reports (with and without write gating): the CI subset for it
KVG004_FILES = (
    "sglang/srt/layers/attention/flashattention_backend.py",
    "sglang/srt/layers/attention/xpu_backend.py",
    "sglang/srt/layers/attention/intel_amx_backend.py",
    "sglang/srt/layers/attention/torch_native_backend.py",
    "sglang/srt/layers/attention/triton_backend.py",
    "sglang/srt/hardware_backend/npu/attention/ascend_backend.py",
)


@pytest.mark.parametrize("version", ["0.5.9", "0.5.12.post1"])
def test_reduced_findings_equal_the_full_parse_on_attention_directories(version, monkeypatch):
    counts = _sweep(version, "sglang/srt/layers/attention", monkeypatch)
    assert counts["files"] > 5 and counts["findings"] > 0 and counts["reduced"] > 0


def _libcst_kvg004(monkeypatch) -> None:
    """KVG004 through its libcst rule (what decides where the ``ast`` side does not:
    lint_rules/gating.py, ``findings``), so the reduced module is what it reads."""
    from dataclasses import replace

    from lint_rules.registry import RULES

    monkeypatch.setitem(RULES, "KVG004", replace(RULES["KVG004"], check=None))


def test_reduced_kvg004_findings_equal_the_full_parse_on_0_5_23(monkeypatch):
    tree = sglang_wheels.ensure_tree("0.5.23", quiet=True)
    texts = [(rel, (tree / rel).read_text(encoding="utf-8")) for rel in KVG004_FILES]
    by_ast = [_key(_both(t, rel, WITH_KVG004, s).findings) for rel, t in texts for s in SCOPES]
    _libcst_kvg004(monkeypatch)
    by_cst, reduced = [], 0
    for rel, text in texts:
        for scope in SCOPES:
            by_cst.append(_key(_both(text, rel, WITH_KVG004, scope).findings))
            reduced += _reduced(text, rel, WITH_KVG004, scope)
    assert by_cst == by_ast  # the lint's (ast) findings are the libcst rule's
    assert sum(map(len, by_cst)) >= 11 and reduced > 0  # 4 by default, 7 with write gating


def test_the_reduced_path_is_taken_on_a_real_backend():
    tree = sglang_wheels.ensure_tree("0.5.12.post1", quiet=True)
    rel = "sglang/srt/layers/attention/trtllm_mha_backend.py"
    text = (tree / rel).read_text(encoding="utf-8")
    assert _reduced(text, rel, CODES)
    assert _reduced(text, rel, WITH_KVG004)
    # and it is small: most bodies are blanked
    model = sparse._flow_model(text, rel, ScopeConfig())
    reduced = sparse.reduced_text(text, model.tree, CODES, ScopeConfig(), model)
    assert reduced is not None and len(reduced) < len(text) / 2
    assert reduced.count("\n") == text.count("\n")


@pytest.mark.slow
@pytest.mark.sweep
@pytest.mark.parametrize("version", sglang_wheels.RELEASES)
def test_reduced_findings_equal_the_full_parse_on_every_release(version, monkeypatch):
    counts = _sweep(version, monkeypatch=monkeypatch)
    assert counts["files"] > 0


# ---------------------------------------------------------------- generated code


def _variants(sites, first_only: bool = False):
    """Each site under each operator (``first_only``: each operator once, on the first site
    it applies to)."""
    from tests.metamorphic.generator import OperatorBug, build
    from tests.metamorphic.operators import OPERATORS

    for name in sorted(OPERATORS):
        for site in sites:
            try:
                variant = build(site, [name])
            except OperatorBug:
                continue
            if variant is not None:
                yield variant
                if first_only:
                    break


def _metamorphic(sites, codes_sets, first_only: bool = False) -> int:
    reduced = 0
    for variant in _variants(sites, first_only):
        for rel, text in variant.files.items():
            for codes in codes_sets:
                _both(text, rel, codes)
                reduced += _reduced(text, rel, codes)
    return reduced


def test_reduced_findings_equal_the_full_parse_on_metamorphic_variants():
    from tests.metamorphic.sites import representative_sites

    assert _metamorphic(representative_sites(), (CODES,), first_only=True) > 0


@pytest.mark.slow
@pytest.mark.sweep
def test_reduced_findings_equal_the_full_parse_on_every_metamorphic_site():
    from tests.metamorphic.sites import all_sites

    assert _metamorphic(all_sites(), (CODES, WITH_KVG004)) > 0


# ---------------------------------------------------------------- the blanking itself

_EDGES = '''\
from sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator


def far_helper(x):
    y = x + 1
    return y


class FooAttnBackend(AttentionBackend):
    @staticmethod
    def resolve(mr):
        return mr.token_to_kv_pool_allocator

    def unrelated(self, a,
                  b=1):
        # a comment
        total = a + b
        return """a multi-line
string"""

    def one_liner(self): return 1

    def local_import(self):
        from x import SWATokenToKVPoolAllocator as Alias
        return None

    def uses_alias(self, mr):
        return isinstance(mr.token_to_kv_pool_allocator, Alias)

    def holds(self, mr):
        self.alloc = mr.token_to_kv_pool_allocator

    def later(self):
        return hasattr(self.alloc, "translate_loc_from_full_to_swa")

    if True:
        def conditional(self):
            return 2
'''


def test_blanking_keeps_lines_and_what_the_rules_need():
    text = _EDGES.replace("\n", "\r\n")
    tree = ast.parse(text)
    rel = "sglang/srt/layers/attention/x.py"
    model = sparse._flow_model(text, rel, ScopeConfig())
    reduced = sparse.reduced_text(text, tree, CODES, ScopeConfig(), model)
    assert reduced is not None
    assert reduced.splitlines(keepends=True)[0] == text.splitlines(keepends=True)[0]
    assert reduced.count("\r\n") == text.count("\r\n")
    assert "total = a + b" not in reduced and "y = x + 1" not in reduced  # blanked
    assert "# a comment" in reduced  # before the body's first statement: kept
    assert '"""a multi-line' not in reduced and 'string"""' not in reduced
    for kept in (
        "def one_liner(self): return 1",  # body on the def line: never blanked
        "isinstance(mr.token_to_kv_pool_allocator, Alias)",
        "self.alloc = mr.token_to_kv_pool_allocator",
        'hasattr(self.alloc, "translate_loc_from_full_to_swa")',  # reached through self.alloc
        "return mr.token_to_kv_pool_allocator",
        "b=1):",  # signatures stay
    ):
        assert kept in reduced, kept
    assert "            return 2" not in reduced
    # a function-local import is blanked: the alias table is read from the full text's ast
    assert "as Alias" not in reduced
    ast.parse(reduced)
    full = _both(text, rel, CODES)
    assert [f.context for f in full.findings] == [
        "FooAttnBackend.uses_alias",
        "FooAttnBackend.later",
    ]
    assert _reduced(text, rel, CODES)


def test_a_rule_that_is_not_reducible_parses_the_whole_module(monkeypatch):
    from lint_rules.rules.base import Rule

    text = _EDGES
    tree = ast.parse(text)
    rel = "sglang/srt/layers/attention/x.py"
    model = sparse._flow_model(text, rel, ScopeConfig())
    from lint_rules.registry import load_rule

    kvg004 = load_rule("KVG004")
    monkeypatch.setattr(kvg004, "reduced_keeps", classmethod(Rule.reduced_keeps.__func__))
    assert sparse.reduced_text(text, tree, WITH_KVG004, ScopeConfig(), model) is None
    assert sparse.reduced_text(text, tree, CODES, ScopeConfig(), model) is not None


def test_kvg004_keeps_every_init_and_the_helpers_it_calls(monkeypatch):
    text = """\
def _swa(pool):
    return isinstance(pool, SWAKVPool)


def _other(pool):
    return 1


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_swa = _swa(model_runner.token_to_kv_pool)

    def forward_decode(self, page_table):
        if self.use_swa:
            page_table = self.token_to_kv_pool.translate_loc_from_full_to_swa(page_table)
        return page_table
"""
    tree = ast.parse(text)
    reduced = sparse.reduced_text(text, tree, frozenset({"KVG004"}), ScopeConfig())
    assert reduced is not None
    assert "return isinstance(pool, SWAKVPool)" in reduced  # called from __init__
    assert "self.use_swa = _swa(" in reduced
    assert "return 1" not in reduced and "if self.use_swa" not in reduced
    rel = "sglang/srt/layers/attention/x.py"
    by_ast = _key(_both(text, rel, frozenset({"KVG004"})).findings)
    _libcst_kvg004(monkeypatch)
    full = _both(text, rel, frozenset({"KVG004"}))
    assert len(full.findings) == 1 and _key(full.findings) == by_ast
    assert _reduced(text, rel, frozenset({"KVG004"}))


def test_positions_equal_libcsts_position_provider_for_every_node():
    import libcst as cst
    from libcst.metadata import MetadataWrapper, PositionProvider

    tree = sglang_wheels.ensure_tree("0.5.12.post1", quiet=True)
    attention = tree / "sglang" / "srt" / "layers" / "attention"
    nodes = 0
    for name in ("trtllm_mha_backend.py", "flashinfer_backend.py", "triton_backend.py"):
        text = (attention / name).read_text(encoding="utf-8")
        for source in (text, text.replace("\n", "\r\n")):
            module = cst.parse_module(source)
            ref = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
            mine = positions(module)
            for node, rng in ref.items():
                assert mine[node] == rng, (name, type(node).__name__)
                assert mine.get(node) == rng
                nodes += 1
    assert nodes > 50_000
