"""The ``helper-takes-pool`` fix (lint_rules/fixes/helper_takes_pool.py): a module-level helper
that probes/translates through the allocator it is passed (the Triton window helpers) takes the
backend's resolved SWA pool instead; its backend call sites pass it."""

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

    from sglang.srt.layers.attention.base_attn_backend import AttentionBackend


    class ToyAttnBackend(AttentionBackend):
        def __init__(self, model_runner):
            self.device = model_runner.device
            self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
            self.window = None

        def init_forward_metadata(self, batch):
            self.window = update_window(batch.indices, self.device, self.token_to_kv_pool_allocator)

        def init_cuda_graph(self, batch):
            update_window(
                batch.indices,
                self.device,
                token_to_kv_pool_allocator=self.token_to_kv_pool_allocator,
            )
            update_window(batch.indices, self.device)


    def update_window(indices, device, token_to_kv_pool_allocator=None):
        # full to swa index mapping
        if hasattr(token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"):
            indices = token_to_kv_pool_allocator.translate_loc_from_full_to_swa(indices)
        return indices
    """)


def _fix(text, path=PATH, target="0.5.12.post1", scope=ScopeConfig()):
    return fix_text(text, path, CODES, scope, target_version=target)


def test_the_helper_takes_the_resolved_pool_and_its_call_sites_pass_it():
    out = _fix(SHAPE)
    assert out.error is None, out.error
    assert sorted(f.code for f in out.fixed) == ["KVG001", "KVG002"]
    new = out.new_text
    assert "def update_window(indices, device, token_to_kv_pool=None):" in new
    assert 'if hasattr(token_to_kv_pool, "translate_loc_from_full_to_swa"):' in new
    assert "indices = token_to_kv_pool.translate_loc_from_full_to_swa(indices)" in new
    assert "update_window(batch.indices, self.device, self._swa_kv_pool)" in new
    assert "token_to_kv_pool=self._swa_kv_pool," in new  # the keyword call site
    assert "update_window(batch.indices, self.device)\n" in new  # no pool passed: unchanged
    # the backend resolves its pool in __init__, right after its allocator attribute
    lines = new.splitlines()
    at = lines.index(
        "        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator"
    )
    assert lines[at + 1] == "        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)"
    assert "def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:" in new
    ast.parse(new)
    assert lint_text(new, PATH, CODES).findings == []
    assert _fix(new).new_text == new  # a second fix changes nothing


def test_a_helper_that_uses_the_allocator_otherwise_is_refused():
    text = SHAPE.replace(
        "    return indices\n", "    token_to_kv_pool_allocator.free(indices)\n    return indices\n"
    )
    out = _fix(text)
    assert out.fixed == [] and out.new_text == text
    assert all("for more than an SWA probe or translation" in f.message for f in out.remaining)


def test_a_helper_called_outside_a_backend_method_is_refused():
    text = SHAPE + "\n\ndef warm_up(runner, x):\n"
    text += "    return update_window(x, None, runner.token_to_kv_pool_allocator)\n"
    out = _fix(text)
    assert out.new_text == text
    assert all("other than by calls from backend methods" in f.message for f in out.remaining)


def test_a_call_site_passing_something_else_is_refused():
    text = SHAPE.replace(
        "token_to_kv_pool_allocator=self.token_to_kv_pool_allocator,",
        "token_to_kv_pool_allocator=batch.pool,",
    )
    out = _fix(text)
    assert out.new_text == text
    assert all("not the backend's allocator" in f.message for f in out.remaining)


def test_a_helper_with_no_backend_call_is_refused():
    helper = SHAPE[SHAPE.index("def update_window") :]
    out = _fix(helper)
    assert out.new_text == helper and len(out.remaining) == 2
    assert all("not called by a backend in this module" in f.message for f in out.remaining)


def test_a_helper_named_in_another_module_is_refused_with_the_reason(tmp_path):
    pkg = tmp_path / "plugin"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "spec_utils.py").write_text(
        "from plugin.toy_backend import update_window\n\n\n"
        "def draft(runner, x):\n"
        "    return update_window(x, None, runner.token_to_kv_pool_allocator)\n"
    )
    path = pkg / "toy_backend.py"
    path.write_text(SHAPE)
    scope = ScopeConfig(paths=(str(pkg / "**"),))
    out = _fix(SHAPE, path=str(path), scope=scope)
    assert out.new_text == SHAPE and len(out.remaining) == 2
    assert all("also named in `spec_utils.py`" in f.message for f in out.remaining)
    assert all("fix them in the same change" in f.message for f in out.remaining)


def test_the_new_parameter_name_must_be_free():
    text = SHAPE.replace(
        "    return indices\n", "    token_to_kv_pool = None\n    return indices\n"
    )
    out = _fix(text)
    assert out.new_text == text
    assert all("`token_to_kv_pool` is already a name" in f.message for f in out.remaining)
