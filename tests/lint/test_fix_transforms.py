"""One test group per fix transform (lint_rules/fixes/<transform>.py), as the codemod exposes
them (``lint_rules.codemod.ResolveInitPool`` / ``UseResolvedPool`` / ``UpdaterBackendPool`` /
``HelperTakesPool``); their shapes in detail: tests/lint/test_fix_<transform>.py."""

from __future__ import annotations

from lint_rules import codemod
from lint_rules.fixer import fix_text
from lint_rules.fixes.helper_takes_pool import HelperTakesPool
from lint_rules.fixes.resolve_init_pool import ResolveInitPool
from lint_rules.fixes.updater_backend_pool import UpdaterBackendPool
from lint_rules.fixes.use_resolved_pool import UseResolvedPool
from lint_rules.model import ScopeConfig
from lint_rules.registry import default_codes
from tests.lint.test_fix import BACKEND_PATH, FLASHINFER_UPDATER_SHAPE, TRTLLM_SHAPE
from tests.lint.test_fix_helper_takes_pool import SHAPE as HELPER_SHAPE
from tests.lint.test_fix_updater_backend_pool import SHAPE as BUILT_UPDATER_SHAPE

CODES = default_codes()
UPDATER_PATH = "sglang/srt/layers/attention/flashinfer_backend.py"


def _only(text, path, *transforms):
    names = [t.name for t in transforms]
    return fix_text(text, path, CODES, ScopeConfig(), "0.5.12.post1", transforms=names)


def test_resolve_init_pool_alone():
    out = _only(TRTLLM_SHAPE, BACKEND_PATH, ResolveInitPool)
    assert out.error is None and sorted(f.code for f in out.fixed) == ["KVG001", "KVG003"]
    assert _only(FLASHINFER_UPDATER_SHAPE, UPDATER_PATH, ResolveInitPool).fixed == []


def test_use_resolved_pool_alone():
    out = _only(FLASHINFER_UPDATER_SHAPE, UPDATER_PATH, UseResolvedPool)
    assert out.error is None and sorted(f.code for f in out.fixed) == ["KVG001", "KVG002"]
    # the allocator import went, with the blank lines it leaves at the top of the file
    assert out.new_text.startswith("class ToyIndicesUpdater:")
    assert _only(TRTLLM_SHAPE, BACKEND_PATH, UseResolvedPool).fixed == []


def test_use_resolved_pool_parenthesises_where_precedence_needs_it():
    # a comparison operand: the replacement needs parentheses (``wrapper_id == 0 == isinstance``
    # would not do: it takes the SWA path when the allocator is *not* SWA, so no draft reads it)
    text = FLASHINFER_UPDATER_SHAPE.replace(
        "use_swa = wrapper_id == 0 and isinstance(",
        "use_swa = wrapper_id == 0 and True == isinstance(",
    )
    out = _only(text, UPDATER_PATH, UseResolvedPool)
    assert out.error is None and sorted(f.code for f in out.fixed) == ["KVG001", "KVG002"]
    assert "wrapper_id == 0 and True == (self._swa_kv_pool is not None)" in out.new_text


def test_the_codemod_commands_name_their_transform():
    assert codemod.ResolveInitPool.TRANSFORMS == (ResolveInitPool.name,)
    assert codemod.UseResolvedPool.TRANSFORMS == (UseResolvedPool.name,)
    assert codemod.UpdaterBackendPool.TRANSFORMS == (UpdaterBackendPool.name, UseResolvedPool.name)
    assert codemod.HelperTakesPool.TRANSFORMS == (HelperTakesPool.name,)
    assert codemod.FixAllocatorSWA.TRANSFORMS is None


def test_use_resolved_pool_wraps_a_too_long_assignment_as_black_does():
    text = FLASHINFER_UPDATER_SHAPE.replace(
        "use_swa = ", "use_sliding_window_kv_pool_for_this_wrapper = "
    ).replace("if use_swa:", "if use_sliding_window_kv_pool_for_this_wrapper:")
    out = _only(text, UPDATER_PATH, UseResolvedPool)
    assert out.error is None, out.error
    assert (
        "        use_sliding_window_kv_pool_for_this_wrapper = (\n"
        "            wrapper_id == 0 and self._swa_kv_pool is not None\n"
        "        )\n"
    ) in out.new_text


def test_updater_backend_pool_prepares_what_use_resolved_pool_finishes():
    path = "sglang/srt/layers/attention/toy_backend.py"
    out = _only(BUILT_UPDATER_SHAPE, path, UpdaterBackendPool, UseResolvedPool)
    assert out.error is None and len(out.fixed) == 4
    # alone it adds the pool but removes no finding: the safety net refuses the half fix
    alone = _only(BUILT_UPDATER_SHAPE, path, UpdaterBackendPool)
    assert alone.new_text == BUILT_UPDATER_SHAPE and "did not remove" in alone.error
    assert _only(HELPER_SHAPE, path, UpdaterBackendPool, UseResolvedPool).fixed == []


def test_helper_takes_pool_alone():
    path = "sglang/srt/layers/attention/toy_backend.py"
    out = _only(HELPER_SHAPE, path, HelperTakesPool)
    assert out.error is None and sorted(f.code for f in out.fixed) == ["KVG001", "KVG002"]
    assert _only(BUILT_UPDATER_SHAPE, path, HelperTakesPool).fixed == []
