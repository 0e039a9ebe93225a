"""The sglang API model (lint_rules/sglang_api.py + sglang_api.json) and the fixer's use of it.

* The committed data is what ``scripts/gen_sglang_api.py`` derives from the corpus releases.
* Facts the fix depends on, read from the data (and, for the regression of issue 16, also from
  the release's source text directly).
* The contract: the resolver kvguard emits for a target version calls only what every object
  that can reach the call has in that version (checked statically over every known release),
  and names the version it was written for.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from lint_rules import fixer, sglang_api
from lint_rules.fixer import fix_text
from lint_rules.model import ScopeConfig
from lint_rules.registry import default_codes

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "scripts"))
sys.path.insert(0, str(REPO / "benchmarks"))

import gen_sglang_api  # noqa: E402
import sglang_wheels  # noqa: E402

TRTLLM = "sglang/srt/layers/attention/trtllm_mha_backend.py"


def test_committed_data_is_what_the_corpus_gives():
    data = gen_sglang_api.derive_all(sglang_wheels.RELEASES)
    text = gen_sglang_api.render(data)
    assert text == sglang_api.DATA_FILE.read_text(
        encoding="utf-8"
    ), "lint_rules/sglang_api.json is stale: run python scripts/gen_sglang_api.py"
    assert sglang_api.known_versions() == list(sglang_wheels.RELEASES)


def test_the_registered_algorithm_gap_of_issue_16():
    # 0.5.12.post1: SpeculativeAlgorithm.register(...) yields a CustomSpecAlgo, which has no
    # is_frozen_kv_mtp; 0.5.13 added it and answers False.
    old, new = sglang_api.Release("0.5.12.post1"), sglang_api.Release("0.5.13")
    assert old.spec_kinds() == [
        ("member", "sglang.srt.speculative.spec_info.SpeculativeAlgorithm"),
        ("registered", "sglang.srt.speculative.spec_registry.CustomSpecAlgo"),
    ]
    assert old.kind_has("member", "is_frozen_kv_mtp")
    assert not old.kind_has("registered", "is_frozen_kv_mtp")
    assert not old.reaching_have(sglang_api.SPEC_PATH, "is_frozen_kv_mtp")
    assert old.missing(sglang_api.SPEC_PATH, "is_frozen_kv_mtp") == [
        "sglang.srt.speculative.spec_registry.CustomSpecAlgo"
    ]
    assert new.reaching_have(sglang_api.SPEC_PATH, "is_frozen_kv_mtp")
    assert new.answer("registered", "is_frozen_kv_mtp") is False
    assert new.answer("member", "is_frozen_kv_mtp", "FROZEN_KV_MTP") is True
    assert new.answer("member", "is_frozen_kv_mtp", "EAGLE") is False
    assert sglang_api.first_fixed() == "0.5.13"
    # the same facts in the release text itself (not through the generator)
    tree = sglang_wheels.ensure_tree("0.5.12.post1", quiet=True)
    registry = (tree / "sglang/srt/speculative/spec_registry.py").read_text(encoding="utf-8")
    assert "class CustomSpecAlgo" in registry and "is_frozen_kv_mtp" not in registry
    # ... and before 0.5.12 nothing has it; plugins cannot register algorithms
    for v in ("0.5.9", "0.5.10.post1", "0.5.11"):
        r = sglang_api.Release(v)
        assert [k for k, _ in r.spec_kinds()] == ["member"]
        assert not r.kind_has("member", "is_frozen_kv_mtp")


def test_every_allocator_that_can_be_the_runners_has_get_kvcache():
    for v in sglang_api.known_versions():
        r = sglang_api.Release(v)
        assert r.token_allocators(), v
        assert r.reaching_have(sglang_api.ALLOCATOR_PATH, "get_kvcache"), v
        for attr in ("is_draft_worker", "spec_algorithm", "token_to_kv_pool"):
            assert r.reaching_have(sglang_api.RUNNER_PATH, attr), (v, attr)


def test_fixers_swa_pool_module_agrees_with_the_data():
    for v in sglang_api.known_versions():
        where = sglang_api.Release(v).raw["classes"]["SWAKVPool"]
        assert where == f"{fixer.Target(v, None, 't').swa_pool_module}.SWAKVPool", v


@pytest.mark.parametrize(
    "version,form,written_for,note",
    [
        ("0.5.9", "getattr", "0.5.9", ""),
        ("0.5.10", "getattr", "0.5.9", "nearest release at or below 0.5.10"),
        ("0.5.12.post1", "getattr", "0.5.12.post1", ""),
        ("0.5.13", "direct", "0.5.13", ""),
        ("0.5.99", "direct", "0.5.23", "warning: sglang 0.5.99 is newer than every release"),
        ("0.4.0", "defensive", None, "older than every release"),
        (None, "defensive", None, "unknown"),
    ],
)
def test_resolver_plan(version, form, written_for, note):
    plan = sglang_api.resolver_plan(version)
    assert plan.written_for == written_for
    assert note in plan.note
    if note == "":
        assert plan.note == ""
    checks = {
        "direct": "if not model_runner.spec_algorithm.is_frozen_kv_mtp():",
        "getattr": 'if not getattr(spec_algorithm, "is_frozen_kv_mtp", lambda: False)():',
        "defensive": 'getattr(model_runner, "is_draft_worker", False)',
    }
    assert checks[form] in plan.draft_check
    if written_for:
        assert f"Written for sglang {written_for}" in " ".join(plan.comment.split())


def test_version_order():
    order = [
        "0.5.9",
        "0.5.10.post1",
        "0.5.12",
        "0.5.12.post1",
        "0.5.13rc1",
        "0.5.13",
        "0.5.13.post1",
    ]
    assert sorted(reversed(order), key=sglang_api.version_key) == order
    assert sglang_api.version_key("banana") is None


# --------------------------------------------------------------------------------------------
# the contract, statically, for every known release as target


def _resolver_of(text: str) -> ast.FunctionDef:
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef) and node.name == "_resolve_swa_kv_pool":
            return node
    raise AssertionError("no resolver emitted")


def _direct_uses(fn: ast.FunctionDef) -> set:
    """(path, member) of every attribute the resolver reads without a getattr guard."""
    param = fn.args.args[0].arg
    uses = set()
    for node in ast.walk(fn):
        if not isinstance(node, ast.Attribute):
            continue
        chain, inner = [node.attr], node.value
        while isinstance(inner, ast.Attribute):
            chain.insert(0, inner.attr)
            inner = inner.value
        if not (isinstance(inner, ast.Name) and inner.id == param):
            continue
        path = param
        for attr in chain:
            uses.add((path, attr))
            path = f"{path}.{attr}"
    return uses


# The buggy trtllm_mha __init__ shape (0.5.9 - 0.5.12.post1), small: the real file is fixed per
# release by the oracle grid (tests/lint/test_fix_oracle.py).
BUGGY = """\
from typing import Optional

from sglang.srt.layers.attention.flashinfer_backend import FlashInferAttnBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool, SWATokenToKVPoolAllocator


class Backend(FlashInferAttnBackend):
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)
        self._swa_kv_pool: Optional[SWAKVPool] = (
            allocator.get_kvcache() if self.use_sliding_window_kv_pool else None
        )
"""


@pytest.fixture(scope="module")
def buggy_trtllm_text():
    return BUGGY


@pytest.mark.parametrize("version", sglang_api.known_versions())
def test_emitted_resolver_uses_only_what_the_target_has(version, buggy_trtllm_text):
    out = fix_text(
        buggy_trtllm_text, TRTLLM, default_codes(), ScopeConfig(), target_version=version
    )
    assert sorted(f.code for f in out.fixed) == ["KVG001", "KVG003"]
    assert out.error is None, out.error
    fn = _resolver_of(out.new_text)
    release = sglang_api.Release(version)
    for path, member in _direct_uses(fn):
        if path == "model_runner.token_to_kv_pool_allocator":
            path = sglang_api.ALLOCATOR_PATH
        if path in (sglang_api.RUNNER_PATH, sglang_api.SPEC_PATH, sglang_api.ALLOCATOR_PATH):
            assert release.reaching_have(path, member), (version, path, member)
    source = ast.get_source_segment(out.new_text, fn)
    assert f"Written for sglang {version}" in " ".join(source.split())
    assert out.target == f"sglang {version} (target-version from config)"


def test_target_between_releases_names_the_release_used(buggy_trtllm_text):
    out = fix_text(
        buggy_trtllm_text, TRTLLM, default_codes(), ScopeConfig(), target_version="0.5.12.7"
    )
    assert out.error is None
    assert "sglang API of 0.5.12.post1" in out.target
    assert "Written for sglang 0.5.12.post1, the nearest release at or below 0.5.12.7" in " ".join(
        _resolver_of_source(out.new_text).split()
    )


def _resolver_of_source(text: str) -> str:
    return ast.get_source_segment(text, _resolver_of(text))


def test_spec_predicates_answer_what_the_installed_enum_answers():
    """The scenarios' EAGLE draft answers ``spec_algorithm.is_*()`` from the API model; the
    installed release's real enum must answer the same (a predicate of another release only
    is unknown: both answers)."""
    from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

    from lint_rules.names import spec_predicate_answers

    eagle = SpeculativeAlgorithm.EAGLE
    asked = [m for m in dir(eagle) if m.startswith("is_") and callable(getattr(eagle, m))]
    assert "is_speculative" in asked and "is_frozen_kv_mtp" in asked
    for method in asked:
        answers = spec_predicate_answers(method)
        if answers:
            assert getattr(eagle, method)() in answers, method
    assert spec_predicate_answers("is_speculative") == {True}
    assert spec_predicate_answers("is_not_a_predicate") == frozenset()
