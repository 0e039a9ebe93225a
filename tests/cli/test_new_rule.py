"""A rule dropped in with its cases runs everywhere, with the reduction on and off.

KVG099 here is a stand-in rule defined by this test (keyed on the KV pool, not the allocator:
it flags every read of ``<x>.token_to_kv_pool`` in backend code) and registered for the test
only. Nothing in the engine, the checker or the reduction names it: the registry entry says the
reduction does not model it (no ``anchors``, the default), so every file its needles let
through is parsed. The last test shows that this property is what keeps its findings.
"""

from __future__ import annotations

import textwrap
from dataclasses import replace

import libcst as cst
import pytest

from lint_rules import checker, registry
from lint_rules.config import discover_config
from lint_rules.discovery import discover
from lint_rules.engine import Engine, Options
from lint_rules.model import ScopeConfig
from lint_rules.rules.base import Rule
from lint_rules.rules.spec import Case

from .conftest import write

CODE = "KVG099"


class PoolRead(Rule):
    """KVG099 pool-read-in-backend (test-only stand-in)

    ## What it does
    Flags reads of ``token_to_kv_pool`` in attention-backend code.
    """

    code = CODE
    VALID = [
        "def f(model_runner):\n    return model_runner.token_to_kv_pool_allocator\n",
        Case("x = runner.token_to_kv_pool\n", count=0, path="pkg/elsewhere.py"),
    ]
    INVALID = [
        # No allocator anywhere: the reduction would call this module clean.
        Case(
            "class B(AttentionBackend):\n"
            "    def forward(self, model_runner):\n"
            "        return model_runner.token_to_kv_pool.get_key_buffer(0)\n"
        ),
        Case(
            "def helper(runner):\n"
            "    pool = runner.token_to_kv_pool\n"
            "    return pool, runner.token_to_kv_pool\n",
            count=2,
        ),
    ]

    def visit_Attribute(self, node: cst.Attribute) -> None:
        if node.attr.value == "token_to_kv_pool" and self.in_scope():
            self.report(node, "read of the KV pool (test rule)")


META = registry.RuleMeta(
    CODE, "pool-read-in-backend", "test-only rule", "<test>", False, (("token_to_kv_pool",),)
)


@pytest.fixture
def kvg005():
    registry.register(META, PoolRead)
    try:
        yield META
    finally:
        registry.unregister(CODE)


def _cases():
    for i, case in enumerate(PoolRead.VALID):
        yield pytest.param(case if isinstance(case, Case) else Case(case, count=0), id=f"valid{i}")
    for i, case in enumerate(PoolRead.INVALID):
        yield pytest.param(case, id=f"invalid{i}")


@pytest.mark.parametrize("case", list(_cases()))
@pytest.mark.parametrize("reduce", [True, False])
@pytest.mark.parametrize("with_allocator_rules", [False, True])
def test_cases_with_the_reduction_on_and_off(kvg005, case, reduce, with_allocator_rules):
    codes = {CODE} | ({"KVG001", "KVG002", "KVG003"} if with_allocator_rules else set())
    result = checker.lint_text(
        textwrap.dedent(case.code), case.path, codes, ScopeConfig(), reduce=reduce
    )
    assert result.error is None
    assert [f.code for f in result.findings] == [CODE] * case.count, result.findings


@pytest.mark.parametrize("jobs", [1, 2])
def test_through_the_engine(kvg005, project, monkeypatch, jobs):
    monkeypatch.chdir(project)
    for i, case in enumerate(PoolRead.INVALID):
        # Big enough that the parses go to a forked worker when jobs > 1.
        write(project, f"sglang/srt/layers/attention/b{i}.py", case.code + "x = 1\n" * 6000)
    write(project, "pkg/elsewhere.py", "x = runner.token_to_kv_pool\n")
    config = discover_config(["."])
    codes = registry.resolve_codes(layers=[config.selection_layer()]) | {CODE}
    report = Engine(config, frozenset(codes), Options(use_cache=False, jobs=jobs)).run(
        discover(["."], config)
    )
    found = [(fr.target.display, f.code) for fr in report.files for f in fr.result.findings]
    assert (
        found
        == [("sglang/srt/layers/attention/b0.py", CODE)]
        + [("sglang/srt/layers/attention/b1.py", CODE)] * 2
    ), found
    assert report.stats["parsed"] == 2 and report.stats["workers"] == jobs


def test_the_anchors_property_is_what_keeps_the_findings(kvg005):
    """Declared with anchors it does not report on (as if reduce.py modelled it), the rule loses the finding the
    reduction cannot see: what happened to every new rule while the checker hard-wired the one
    exempt code."""
    case = PoolRead.INVALID[0]
    registry.register(replace(META, anchors=("allocator-call:get_kvcache",)), PoolRead)
    on = checker.lint_text(case.code, case.path, {CODE}, ScopeConfig(), reduce=True)
    off = checker.lint_text(case.code, case.path, {CODE}, ScopeConfig(), reduce=False)
    assert [f.code for f in off.findings] == [CODE]
    assert on.findings == []
