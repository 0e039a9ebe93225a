"""The ``updater-backend-pool`` fix (lint_rules/fixes/updater_backend_pool.py): a helper class a
backend builds (the FlashInfer index updaters) keeps the backend's resolved SWA pool; the probes
and translations then read it (use-resolved-pool, the next round of the same run)."""

from __future__ import annotations

import ast
import textwrap

from lint_rules.checker import lint_text
from lint_rules.fixer import fix_text
from lint_rules.model import ScopeConfig
from lint_rules.registry import default_codes

CODES = default_codes()
PATH = "sglang/srt/layers/attention/toy_backend.py"

SHAPE = textwrap.dedent("""\
    from typing import Optional

    from sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator


    class ToyAttnBackend:
        def __init__(self, model_runner, skip_prefill=False):
            self.device = model_runner.device
            # Create indices updaters
            if not skip_prefill:
                self.prefill_updater = ToyUpdaterPrefill(model_runner, self)
            self.decode_updater = ToyUpdaterDecode(model_runner, attn_backend=self)

        def init_forward_metadata(self, batch):
            self.decode_updater.update(0, batch.kv_indices, batch.n)


    class ToyUpdaterDecode:
        def __init__(self, model_runner, attn_backend):
            self.attn_backend = attn_backend
            self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

        def update(self, wrapper_id, kv_indices, n):
            use_swa = wrapper_id == 0 and isinstance(
                self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
            )
            if use_swa:
                kv_indices[:n] = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(
                    kv_indices[:n]
                )


    class ToyUpdaterPrefill:
        def __init__(self, model_runner, attn_backend):
            self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

        def update(self, wrapper_id, kv_indices, n):
            if isinstance(self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
                kv_indices[:n] = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(
                    kv_indices[:n]
                )
    """)


def _fix(text, path=PATH, target="0.5.12.post1"):
    return fix_text(text, path, CODES, ScopeConfig(), target_version=target)


def _line(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_both_updaters_keep_the_backends_resolved_pool():
    out = _fix(SHAPE)
    assert out.error is None, out.error
    assert sorted(f.code for f in out.fixed) == ["KVG001", "KVG001", "KVG002", "KVG002"]
    new = out.new_text
    # the backend resolves its pool before it builds the first updater (above its comment)
    assert _line(new, "self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)") < _line(
        new, "# Create indices updaters"
    )
    assert new.count("def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:") == 1
    # each updater keeps it (after its allocator attribute), and reads it
    assert new.count("self._swa_kv_pool = attn_backend._swa_kv_pool") == 2
    assert "use_swa = wrapper_id == 0 and self._swa_kv_pool is not None" in new
    assert "if self._swa_kv_pool is not None:" in new
    assert new.count("self._swa_kv_pool.translate_loc_from_full_to_swa(") == 2
    assert "SWATokenToKVPoolAllocator" not in new  # the allocator class import is dropped
    assert "from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool" in new
    ast.parse(new)
    assert lint_text(new, PATH, CODES).findings == []
    again = _fix(new)
    assert again.new_text == new and again.error is None


def test_the_findings_are_reported_fixable():
    findings = lint_text(SHAPE, PATH, CODES).findings
    assert len(findings) == 4
    assert all(f.fix is not None and "no automatic fix" not in f.message for f in findings)


RESOLVER = "def _resolve_swa_kv_pool(model_runner):\n    return None\n\n\n"
DECODE = "        self.decode_updater = ToyUpdaterDecode(model_runner, attn_backend=self)\n"
RESOLVED = "        self._swa_kv_pool = _resolve_swa_kv_pool(model_runner)\n"


def test_a_backend_that_already_resolves_its_pool_gets_no_second_resolver():
    text = RESOLVER + SHAPE.replace("        # Create", RESOLVED + "        # Create")
    out = _fix(text)
    assert out.error is None, out.error
    assert "def _resolve_swa_kv_pool(model_runner) -> Optional" not in out.new_text
    assert out.new_text.count("self._swa_kv_pool = attn_backend._swa_kv_pool") == 2
    assert lint_text(out.new_text, PATH, CODES).findings == []


def test_a_pool_resolved_only_after_the_updaters_are_built_is_refused():
    text = RESOLVER + SHAPE.replace(DECODE, DECODE + RESOLVED)
    assert text != RESOLVER + SHAPE
    out = _fix(text)
    assert out.fixed == [] and out.new_text == text
    assert len(out.remaining) == 4
    assert all("only after it builds what reads it" in f.message for f in out.remaining)


def test_an_updater_built_by_two_classes_is_refused_with_the_reason():
    text = SHAPE + textwrap.dedent("""\


        class OtherBackend:
            def __init__(self, model_runner):
                self.updater = ToyUpdaterDecode(model_runner, self)
        """)
    out = _fix(text)
    decode = [f for f in out.remaining if f.context.startswith("ToyUpdaterDecode")]
    assert len(decode) == 2
    assert all("built by more than one class" in f.message for f in decode)
    # the other updater is still fixed: each fix stands on its own
    assert sorted(f.context for f in out.fixed) == ["ToyUpdaterPrefill.update"] * 2


def test_an_updater_named_in_another_module_is_refused(tmp_path):
    pkg = tmp_path / "plugin" / "attention"
    pkg.mkdir(parents=True)
    (tmp_path / "plugin" / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "other.py").write_text(
        "from plugin.attention.toy_backend import ToyUpdaterPrefill\n\n\n"
        "def build(runner, backend):\n    return ToyUpdaterPrefill(runner, backend)\n"
    )
    path = pkg / "toy_backend.py"
    path.write_text(SHAPE)
    scope = ScopeConfig(paths=(str(tmp_path / "plugin" / "**"),))
    out = fix_text(SHAPE, str(path), CODES, scope, target_version="0.5.12.post1")
    prefill = [f for f in out.remaining if f.context.startswith("ToyUpdaterPrefill")]
    assert len(prefill) == 2
    assert all("also named in `other.py`" in f.message for f in prefill)
    assert sorted(f.context for f in out.fixed) == [
        "ToyUpdaterDecode.update",
        "ToyUpdaterDecode.update",
    ]


def test_a_backend_without_a_model_runner_parameter_is_refused():
    text = SHAPE.replace(
        "def __init__(self, model_runner, skip_prefill=False):",
        "def __init__(self, runner, skip_prefill=False):",
    )
    text = (
        text.replace("(model_runner, self)", "(runner, self)")
        .replace("(model_runner, attn_backend=self)", "(runner, attn_backend=self)")
        .replace("self.device = model_runner.device", "self.device = runner.device")
    )
    out = _fix(text)
    assert out.fixed == [] and out.new_text == text
    assert all("has no model-runner parameter" in f.message for f in out.remaining)
