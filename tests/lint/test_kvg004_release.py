"""KVG004 judged per release: a cached flag goes stale only where FROZEN_KV MTP can swap the
backend's pool at forward time, and the advice names only what the class has."""

from __future__ import annotations

import textwrap

import pytest

from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig

PATH = "sglang/srt/layers/attention/foo_backend.py"
CACHED = textwrap.dedent("""
    class FooAttnBackend(AttentionBackend):
        def __init__(self, model_runner):
            self.token_to_kv_pool = model_runner.token_to_kv_pool
            self.use_swa = isinstance(model_runner.token_to_kv_pool, SWAKVPool)

        def forward_decode(self, page_table):
            if self.use_swa:
                return self.token_to_kv_pool.translate_loc_from_full_to_swa(page_table)
    """)


def _findings(text: str, version: str, **kw) -> list:
    scope = ScopeConfig(target_version=version)
    return lint_text(text, PATH, {"KVG004"}, scope, **kw).findings


@pytest.mark.parametrize("fast", [True, False])
def test_no_finding_where_the_release_has_no_frozen_kv_mtp(fast):
    kw = {} if fast else {"prefilter": False, "reduce": False}
    assert len(_findings(CACHED, "0.5.23", **kw)) == 1
    assert len(_findings(CACHED, "0.5.12", **kw)) == 1  # FROZEN_KV MTP arrived in 0.5.12
    assert _findings(CACHED, "0.5.11", **kw) == []


def test_the_release_comes_from_the_tree(tmp_path):
    """``auto``: the sglang tree holding the file says (its spec_info.py lacks FROZEN_KV)."""
    root = tmp_path / "sglang"
    (root / "srt" / "speculative").mkdir(parents=True)
    (root / "version.py").write_text('__version__ = "0.5.9"\n', encoding="utf-8")
    (root / "srt" / "speculative" / "spec_info.py").write_text(
        "class SpeculativeAlgorithm:\n    def is_eagle(self):\n        return True\n",
        encoding="utf-8",
    )
    backend = root / "srt" / "layers" / "attention" / "foo_backend.py"
    backend.parent.mkdir(parents=True)
    assert lint_text(CACHED, str(backend), {"KVG004"}, ScopeConfig()).findings == []


def test_the_advice_names_only_what_the_class_has():
    (with_pool,) = _findings(CACHED, "0.5.23")
    assert "per call from `self.token_to_kv_pool`" in with_pool.message
    assert "swaps the backend's `token_to_kv_pool`" in with_pool.message
    without = CACHED.replace(
        "        self.token_to_kv_pool = model_runner.token_to_kv_pool\n", ""
    ).replace("self.token_to_kv_pool.translate", "self.pool.translate")
    assert "self.token_to_kv_pool" not in without
    (finding,) = _findings(without, "0.5.23")
    assert "per call" not in finding.message
    assert "FROZEN_KV-aware resolver" in finding.message
