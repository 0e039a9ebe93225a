"""The sinks are declared once (lint_rules/sinks.py): a new form is one declaration.

The test below teaches the SWA member probe a form no rule knows today, a membership test in
``dir(x)``, by adding it to the declaration only, and sees ``kvguard check`` (the engine with
the byte prefilter, the project index, the clean-proofs and the reduced module all on) find
it; before the declaration nothing finds it.
"""

from __future__ import annotations

import ast
import textwrap

import libcst as cst
import pytest

from lint_rules import checker, registry, sinks
from lint_rules.config import discover_config
from lint_rules.discovery import discover
from lint_rules.engine import Engine, Options
from lint_rules.model import ScopeConfig
from lint_rules.reduce import reduce_for

DIR_SOURCE = textwrap.dedent("""
    class FooAttnBackend(AttentionBackend):
        def __init__(self, model_runner):
            self.sliding = False
            allocator = model_runner.token_to_kv_pool_allocator
            if "full_to_swa_index_mapping" in dir(allocator):
                self.sliding = True


        def forward(self, q):
            return q
    """)
PATH = "sglang/srt/layers/attention/foo_backend.py"
CODES = frozenset({"KVG001", "KVG002", "KVG003"})


def _dir_ast(node: ast.Compare):
    """``"m" in dir(x)``: probes ``x`` for the member ``m``."""
    if (
        len(node.ops) == 1
        and isinstance(node.ops[0], ast.In)
        and isinstance(node.left, ast.Constant)
        and isinstance(node.comparators[0], ast.Call)
        and getattr(node.comparators[0].func, "id", None) == "dir"
        and node.comparators[0].args
    ):
        yield node.comparators[0].args[0], node.left.value


def _dir_cst(node: cst.Comparison):
    if len(node.comparisons) != 1 or not isinstance(node.comparisons[0].operator, cst.In):
        return
    right = node.comparisons[0].comparator
    if (
        isinstance(node.left, cst.SimpleString)
        and isinstance(right, cst.Call)
        and getattr(right.func, "value", None) == "dir"
        and right.args
    ):
        yield right.args[0].value, node.left.evaluated_value


DIR_FORM = sinks.Form(
    "dir-membership",
    ("dir",),
    (ast.Compare,),
    _dir_ast,
    cst_type="Comparison",
    cst_match=_dir_cst,
)


@pytest.fixture
def dir_form():
    sinks.add_form(sinks.SWA_MEMBER_PROBE, DIR_FORM)
    try:
        yield DIR_FORM
    finally:
        sinks.remove_form(sinks.SWA_MEMBER_PROBE, DIR_FORM)


def _check(project, monkeypatch) -> list:
    """``kvguard check`` in this process (so the declaration taught here holds), fast paths on."""
    monkeypatch.chdir(project)
    target = project / PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(DIR_SOURCE, encoding="utf-8")
    config = discover_config(["."])
    codes = registry.resolve_codes(layers=[config.selection_layer()])
    report = Engine(config, frozenset(codes), Options(use_cache=False, jobs=1)).run(
        discover(["."], config)
    )
    return [(f.code, f.location.row) for fr in report.files for f in fr.result.findings]


@pytest.fixture
def project(tmp_path):
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'demo'\n", encoding="utf-8")
    return tmp_path


def test_no_rule_knows_the_dir_form_undeclared(project, monkeypatch):
    assert "dir" not in sinks.words((sinks.SWA_MEMBER_PROBE,))
    assert _check(project, monkeypatch) == []


def test_a_new_form_is_found_through_every_fast_path(dir_form, project, monkeypatch):
    row = (
        DIR_SOURCE.splitlines().index('        if "full_to_swa_index_mapping" in dir(allocator):')
        + 1
    )
    # each fast path, asked alone, says "may match"
    meta = registry.RULES["KVG001"]
    assert "dir" in meta.needles_for()[1]
    assert meta.may_match(DIR_SOURCE)
    for outline in (True, False):
        assert not reduce_for(DIR_SOURCE, {"KVG001"}, use_outline=outline)[0]
    # the rules: with every fast path bypassed, then on
    scope = ScopeConfig()
    direct = checker.lint_text(DIR_SOURCE, PATH, CODES, scope, prefilter=False, reduce=False)
    fast = checker.lint_text(DIR_SOURCE, PATH, CODES, scope)
    assert [(f.code, f.location.row) for f in direct.findings] == [("KVG001", row)]
    assert fast.findings == direct.findings
    # and ``kvguard check``
    assert _check(project, monkeypatch) == [("KVG001", row)]


def test_words_are_the_declared_forms():
    """The registry's needles are the sinks' words, not a copy."""
    assert registry.RULES["KVG001"].needles_for()[1] == sinks.words(
        (sinks.SWA_CLASS_TEST, sinks.SWA_MEMBER_PROBE, sinks.SWA_TYPE_DECISION)
    )
    assert set(registry.RULES["KVG002"].needles_for()[1]) == set(sinks.TRANSLATE_MEMBERS)
    assert registry.RULES["KVG003"].needles_for()[1] == (sinks.KVCACHE_CALL,)
