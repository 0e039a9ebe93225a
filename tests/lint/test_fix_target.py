"""The sglang version a fix targets (lint_rules/fixes/target.py): the tree's version beats a
disagreeing ``target-version``, a versionless tree is placed by its API facts, a release newer
than the API model is warned about."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from lint_rules import sglang_api
from lint_rules.checker import lint_text
from lint_rules.fixer import detect_target, fix_text
from lint_rules.fixes.target import place, release_facts, tree_facts
from lint_rules.model import ScopeConfig
from lint_rules.registry import default_codes

CODES = default_codes()

TRTLLM_SHAPE = textwrap.dedent("""\
    from typing import Optional

    from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool, SWATokenToKVPoolAllocator


    class ToyAttnBackend:
        def __init__(self, model_runner):
            allocator = model_runner.token_to_kv_pool_allocator
            self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)
            self._swa_kv_pool: Optional[SWAKVPool] = (
                allocator.get_kvcache() if self.use_sliding_window_kv_pool else None
            )
    """)

# the draft-worker test of the resolver written for a release without is_frozen_kv_mtp
_GETATTR = 'getattr(spec_algorithm, "is_frozen_kv_mtp", lambda: False)()'


def _tree(root: Path, version, facts: dict) -> Path:
    """An sglang package directory whose files give ``facts`` (see ``tree_facts``); its
    ``_version.py`` says ``version`` (None: no version file, as a fork's wheel)."""
    pkg = root / "sglang"
    srt = pkg / "srt"
    for d in ("speculative", "layers/attention", "mem_cache"):
        (srt / d).mkdir(parents=True, exist_ok=True)
    (pkg / "version.py").write_text(
        "try:\n    from sglang._version import __version__\nexcept ImportError:\n    pass\n"
    )
    if version:
        (pkg / "_version.py").write_text(f"__version__ = version = '{version}'\n")
    spec = "class SpeculativeAlgorithm:\n    def is_eagle(self):\n        return True\n"
    if facts["frozen_kv"]:
        spec += "\n    def is_frozen_kv_mtp(self):\n        return False\n"
    if facts["registered"] and not facts["registered_frozen_kv"]:
        spec += "\n    @classmethod\n    def register(cls, name):\n        return name\n"
    (srt / "speculative" / "spec_info.py").write_text(spec)
    if facts["registered_frozen_kv"]:
        (srt / "speculative" / "spec_registry.py").write_text(
            "class CustomSpecAlgo:\n    def register(self):\n        pass\n\n"
            "    def is_frozen_kv_mtp(self):\n        return False\n"
        )
    if facts["swa_module"]:
        (srt / "mem_cache" / "swa_memory_pool.py").write_text("class SWAKVPool:\n    pass\n")
    if facts["base_swa"]:
        (srt / "mem_cache" / "base_swa_memory_pool.py").write_text(
            "class BaseSWAKVPool:\n    pass\n"
        )
    trtllm = (
        "def _resolve_swa_kv_pool(model_runner):\n    pass\n" if facts["trtllm_resolver"] else ""
    )
    (srt / "layers" / "attention" / "trtllm_mha_backend.py").write_text(trtllm)
    return srt / "layers" / "attention" / "toy_backend.py"


def test_the_trees_version_beats_a_disagreeing_config_and_the_output_says_so(tmp_path):
    # The case of issue 25: a 0.5.9 tree configured as 0.5.13 got the is_frozen_kv_mtp() call,
    # which 0.5.9's SpeculativeAlgorithm does not have.
    path = _tree(tmp_path, "0.5.9", release_facts("0.5.9"))
    target = detect_target(str(path), "0.5.13")
    assert target.version == "0.5.9"
    assert "overrides target-version 0.5.13 from config" in target.describe()
    out = fix_text(TRTLLM_SHAPE, str(path), CODES, ScopeConfig(), target_version="0.5.13")
    assert out.error is None, out.error
    assert _GETATTR in out.new_text and ".is_frozen_kv_mtp()" not in out.new_text
    assert "overrides target-version 0.5.13" in out.target
    assert lint_text(out.new_text, str(path), CODES).findings == []


def test_config_agreeing_with_the_tree_is_not_reported_as_overridden(tmp_path):
    path = _tree(tmp_path, "0.5.13", release_facts("0.5.13"))
    target = detect_target(str(path), "0.5.13")
    assert (target.version, "overrides" in target.source) == ("0.5.13", False)


def test_a_versionless_tree_is_placed_by_its_api_facts(tmp_path):
    path = _tree(tmp_path, None, release_facts("0.5.9"))
    target = detect_target(str(path))
    same = [v for v in sglang_api.known_versions() if release_facts(v) == release_facts("0.5.9")]
    assert "0.5.9" in same and target.version == same[-1]
    assert "placed by its API facts" in target.source
    assert target.has_frozen_kv is False
    out = fix_text(TRTLLM_SHAPE, str(path), CODES, ScopeConfig())
    assert out.error is None, out.error
    assert "version unknown" not in out.target
    assert _GETATTR in out.new_text


def test_a_versionless_tree_that_matches_no_release_gets_the_defensive_resolver(tmp_path):
    facts = dict(release_facts("0.5.13"), swa_module=False)  # no release has this mix
    path = _tree(tmp_path, None, facts)
    assert place(path.parents[3]) == (None, [])
    assert detect_target(str(path)).version is None
    out = fix_text(TRTLLM_SHAPE, str(path), CODES, ScopeConfig())
    assert 'getattr(model_runner, "is_draft_worker", False)' in out.new_text


def test_config_is_used_on_a_versionless_tree_only_when_its_facts_agree(tmp_path):
    path = _tree(tmp_path, None, release_facts("0.5.9"))
    assert detect_target(str(path), "0.5.10").source == "target-version from config"
    target = detect_target(str(path), "0.5.13")
    assert target.version != "0.5.13"
    assert "overrides target-version 0.5.13" in target.source


def test_config_applies_where_there_is_no_tree():
    target = detect_target("x.py", "0.5.13")
    assert (target.version, target.source) == ("0.5.13", "target-version from config")
    with pytest.raises(ValueError, match="banana"):
        detect_target("x.py", "banana")


def test_a_release_newer_than_the_api_model_is_warned_about():
    newest = sglang_api.known_versions()[-1]
    _, note = sglang_api.resolve("9.0.0")
    assert note.startswith("warning: sglang 9.0.0 is newer than every release") and newest in note
    target = detect_target("x.py", "9.0.0")
    assert "warning" in target.describe()
    _, below = sglang_api.resolve("0.5.10")
    assert "warning" not in below


def _wheels():
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import sglang_wheels

    return sglang_wheels


@pytest.mark.parametrize("version", sglang_api.known_versions())
def test_every_release_tree_is_placed_among_releases_with_its_facts(version):
    """The text facts read from a real release's tree are the ones the API model records for
    it (so a versionless copy of it would be placed with it)."""
    root = _wheels().ensure_tree(version, quiet=True) / "sglang"
    assert tree_facts(root) == release_facts(version)


def test_the_fork_without_a_version_file_is_placed_by_its_facts():
    # sglang-kt 0.7.2 (PyPI): no _version.py, version.py falls back to the installed metadata.
    root = _wheels().ensure_tree("sglang-kt==0.7.2", quiet=True) / "sglang"
    assert not (root / "_version.py").exists()
    version, same = place(root)
    assert (version, same) == ("0.5.11", ["0.5.8", "0.5.9", "0.5.10.post1", "0.5.11"])
    target = detect_target(str(root / "srt" / "layers" / "attention" / "triton_backend.py"))
    assert target.version == "0.5.11" and "placed by its API facts" in target.describe()
