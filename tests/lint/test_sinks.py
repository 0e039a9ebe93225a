"""The sinks are declared once (lint_rules/sinks.py): a new form is one declaration.

The test below teaches the SWA member probe a form no rule knows today, a membership test in
the object's own ``__dir__()`` (``"m" in x.__dir__()``), by adding it to the declaration only,
and sees ``kvguard check`` (the engine with the byte prefilter, the project index, the
clean-proofs and the reduced module all on) find it; before the declaration nothing finds it.
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

PROBE_SOURCE = textwrap.dedent("""
    class FooAttnBackend(AttentionBackend):
        def __init__(self, model_runner):
            self.sliding = False
            allocator = model_runner.token_to_kv_pool_allocator
            if "full_to_swa_index_mapping" in allocator.__dir__():
                self.sliding = True


        def forward(self, q, loc):
            if self.sliding:  # (the flag decides: the SWA path)
                loc = self.pool.translate_loc_from_full_to_swa(loc)
            return q, loc
    """)
PATH = "sglang/srt/layers/attention/foo_backend.py"
CODES = frozenset({"KVG001", "KVG002", "KVG003"})


def _probe_ast(node: ast.Compare):
    """``"m" in x.__dir__()``: probes ``x`` for the member ``m``."""
    right = node.comparators[0]
    if (
        len(node.ops) == 1
        and isinstance(node.ops[0], ast.In)
        and isinstance(node.left, ast.Constant)
        and isinstance(right, ast.Call)
        and getattr(right.func, "attr", None) == "__dir__"
    ):
        yield right.func.value, node.left.value


def _probe_cst(node: cst.Comparison):
    (target,) = node.comparisons if len(node.comparisons) == 1 else (None,)
    right = target.comparator if target is not None else None
    if (
        isinstance(target.operator if target else None, cst.In)
        and isinstance(node.left, cst.SimpleString)
        and isinstance(right, cst.Call)
        and isinstance(right.func, cst.Attribute)
        and right.func.attr.value == "__dir__"
    ):
        yield right.func.value, node.left.evaluated_value


PROBE_FORM = sinks.Form(
    "own-dir-membership",
    ("__dir__",),
    (ast.Compare,),
    _probe_ast,
    cst_type="Comparison",
    cst_match=_probe_cst,
)


@pytest.fixture
def probe_form():
    sinks.add_form(sinks.SWA_MEMBER_PROBE, PROBE_FORM)
    try:
        yield PROBE_FORM
    finally:
        sinks.remove_form(sinks.SWA_MEMBER_PROBE, PROBE_FORM)


def _check(project, monkeypatch) -> list:
    """``kvguard check`` in this process (so the declaration taught here holds), fast paths on."""
    monkeypatch.chdir(project)
    target = project / PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(PROBE_SOURCE, encoding="utf-8")
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


def test_no_rule_knows_the_form_undeclared(project, monkeypatch):
    assert "__dir__" not in sinks.words((sinks.SWA_MEMBER_PROBE,))
    assert _check(project, monkeypatch) == []


def test_a_new_form_is_found_through_every_fast_path(probe_form, project, monkeypatch):
    row = (
        PROBE_SOURCE.splitlines().index(
            '        if "full_to_swa_index_mapping" in allocator.__dir__():'
        )
        + 1
    )
    # each fast path, asked alone, says "may match"
    meta = registry.RULES["KVG001"]
    assert "__dir__" in meta.needles_for()[1]
    assert meta.may_match(PROBE_SOURCE)
    for outline in (True, False):
        assert not reduce_for(PROBE_SOURCE, {"KVG001"}, use_outline=outline)[0]
    # the rules: with every fast path bypassed, then on
    scope = ScopeConfig()
    direct = checker.lint_text(PROBE_SOURCE, PATH, CODES, scope, prefilter=False, reduce=False)
    fast = checker.lint_text(PROBE_SOURCE, PATH, CODES, scope)
    assert [(f.code, f.location.row) for f in direct.findings] == [("KVG001", row)]
    assert fast.findings == direct.findings
    # and ``kvguard check``
    assert _check(project, monkeypatch) == [("KVG001", row)]


def test_words_are_the_declared_forms():
    """The registry's needles are the sinks' words, not a copy."""
    assert registry.RULES["KVG001"].needles_for()[1] == sinks.words(
        (sinks.SWA_CLASS_TEST, sinks.SWA_MEMBER_PROBE, sinks.SWA_TYPE_DECISION)
    )
    # the members, and the words of the forms that name a member by a non-literal
    assert set(registry.RULES["KVG002"].needles_for()[1]) == {
        *sinks.TRANSLATE_MEMBERS,
        "getattr",
        "attrgetter",
        "methodcaller",
    }
    assert registry.RULES["KVG003"].needles_for()[1] == (sinks.KVCACHE_CALL, "_kvcache")


def test_string_values_resolve_member_names():
    tree = ast.parse(textwrap.dedent("""
        A = "full_to_" + "swa_index_mapping"
        B = f"{A}"
        SEQ = ("free_swa", "size")
        C = "x"
        C = compute()
        def f(alloc):
            return [m for m in SEQ], [n for n in ("a", "b")], [k for k in alloc.names]
        """))
    strings = sinks.string_values(tree)
    assert strings["A"] == strings["B"] == {"full_to_swa_index_mapping"}
    assert strings["m"] == {"free_swa", "size"} and strings["n"] == {"a", "b"}
    assert "C" not in strings and "k" not in strings and "SEQ" not in strings
    probe = ast.parse("hasattr(alloc, A)", mode="eval").body
    other = ast.parse("hasattr(alloc, n)", mode="eval").body
    assert len(list(sinks.probes(probe, strings))) == 1
    assert list(sinks.probes(other, strings)) == []
    # without the module's names (the proofs), a non-literal member may be any member
    assert len(list(sinks.probes(other))) == 1
