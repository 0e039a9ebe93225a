"""One test group per fix transform (lint_rules/fixes/<transform>.py), as the codemod exposes
them (``lint_rules.codemod.ResolveInitPool`` / ``UseResolvedPool``)."""

from __future__ import annotations

from lint_rules import codemod
from lint_rules.fixer import fix_text
from lint_rules.fixes.resolve_init_pool import ResolveInitPool
from lint_rules.fixes.use_resolved_pool import UseResolvedPool
from lint_rules.model import ScopeConfig
from lint_rules.registry import default_codes
from tests.lint.test_fix import BACKEND_PATH, FLASHINFER_UPDATER_SHAPE, TRTLLM_SHAPE

CODES = default_codes()
UPDATER_PATH = "sglang/srt/layers/attention/flashinfer_backend.py"


def _only(text, path, transform):
    return fix_text(text, path, CODES, ScopeConfig(), "0.5.12.post1", transforms=[transform.name])


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
    text = FLASHINFER_UPDATER_SHAPE.replace(
        "use_swa = wrapper_id == 0 and isinstance(", "use_swa = wrapper_id == 0 == isinstance("
    )
    out = _only(text, UPDATER_PATH, UseResolvedPool)
    assert out.error is None
    assert "wrapper_id == 0 == (self._swa_kv_pool is not None)" in out.new_text


def test_the_codemod_commands_name_their_transform():
    assert codemod.ResolveInitPool.TRANSFORMS == (ResolveInitPool.name,)
    assert codemod.UseResolvedPool.TRANSFORMS == (UseResolvedPool.name,)
    assert codemod.FixAllocatorSWA.TRANSFORMS is None
