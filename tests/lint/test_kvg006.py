"""KVG006 judges a class test by the target release's SWA pool classes (the API model).

* The same text under two target versions: findings where the release has SWA pools outside
  ``SWAKVPool`` (from 0.5.12), none before.
* The verdict follows the data, not a version number in the rule.
* ``"auto"``: the version of the sglang tree holding the file; ``target-version`` from
  ``[tool.kvguard]`` reaches the rule through the CLI.
* The facts themselves, read again from the releases' source text.
* The corpus: the (file, function) pairs reported per release are those reviewed in
  ``benchmarks/kvg006.py`` (and recorded in benchmarks/RESULTS.md).
"""

from __future__ import annotations

import copy
import json
import sys
import textwrap
from pathlib import Path

import pytest

from lint_rules import sglang_api
from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig
from lint_rules.rules import kvg006_narrow_swa_pool_class as kvg006
from tests.support.cli import kvguard

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import kvg006 as bench  # noqa: E402
import sglang_wheels  # noqa: E402

CODES = frozenset({"KVG006"})
PATH = "sglang/srt/layers/attention/trtllm_mha_backend.py"
RESOLVER = textwrap.dedent("""
    class TRTLLMHAAttnBackend(AttentionBackend):
        @staticmethod
        def _resolve_swa_kv_pool(model_runner):
            active_pool = model_runner.token_to_kv_pool
            if isinstance(active_pool, SWAKVPool):
                return active_pool
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            return kvcache if isinstance(kvcache, SWAKVPool) else None
    """)


@pytest.fixture(autouse=True)
def _fresh_targets():
    kvg006._release.cache_clear()
    yield
    kvg006._release.cache_clear()


def _lines(text: str, path: str = PATH, version=None) -> list[int]:
    result = lint_text(text, path, CODES, ScopeConfig(target_version=version))
    assert result.error is None
    return [f.location.row for f in result.findings]


def test_same_text_two_target_versions():
    assert _lines(RESOLVER, version="0.5.23") == [6, 9]
    assert _lines(RESOLVER, version="0.5.11") == []
    # the split arrives with 0.5.12; a version between known releases takes the one below
    assert _lines(RESOLVER, version="0.5.12") == [6, 9]
    assert _lines(RESOLVER, version="0.5.11.post3") == []
    assert _lines(RESOLVER, version="0.5.22.post1") == [6, 9]
    # older than every known release: unknown, nothing said
    assert _lines(RESOLVER, version="0.4.9") == []


def test_the_verdict_follows_the_api_model(monkeypatch):
    raw = copy.deepcopy(sglang_api.data())
    pools = raw["releases"]["0.5.23"]["swa_pools"]["classes"]
    for key in [k for k, v in pools.items() if not v["swakvpool"] and "BaseSWA" not in k]:
        del pools[key]
    monkeypatch.setattr(sglang_api, "data", lambda: raw)
    assert _lines(RESOLVER, version="0.5.23") == []
    # and the other way: an old release given a pool outside SWAKVPool
    raw["releases"]["0.5.11"]["swa_pools"]["classes"]["x.OtherSWAPool"] = {
        "bases": ["x.BaseSWAKVPool"],
        "swakvpool": False,
    }
    raw["releases"]["0.5.11"]["swa_pools"]["base_members"] = ["translate_loc_from_full_to_swa"]
    kvg006._release.cache_clear()
    assert _lines(RESOLVER, version="0.5.11") == [6, 9]


def _tree(root: Path, version: str) -> Path:
    (root / "sglang").mkdir(parents=True)
    (root / "sglang" / "version.py").write_text(f'__version__ = "{version}"\n', encoding="utf-8")
    path = root / PATH
    path.parent.mkdir(parents=True)
    path.write_text(RESOLVER, encoding="utf-8")
    return path


def test_auto_reads_the_version_of_the_tree(tmp_path):
    new, old = _tree(tmp_path / "new", "0.5.23"), _tree(tmp_path / "old", "0.5.11")
    assert _lines(RESOLVER, str(new)) == [6, 9]
    assert _lines(RESOLVER, str(old)) == []
    # the tree's own version wins over a configured one (as for `kvguard fix`)
    assert _lines(RESOLVER, str(old), version="0.5.23") == []


@pytest.mark.parametrize("version,rows", [("0.5.23", [6, 9]), ("0.5.11", [])])
def test_target_version_from_the_config_reaches_the_rule(tmp_path, version, rows):
    (tmp_path / "pyproject.toml").write_text(
        f'[tool.kvguard]\ntarget-version = "{version}"\n', encoding="utf-8"
    )
    path = tmp_path / "plugin" / "layers" / "attention" / "backend.py"
    path.parent.mkdir(parents=True)
    path.write_text(RESOLVER, encoding="utf-8")
    run = kvguard(
        "check", "--select", "KVG006", "--output-format", "json", "--no-cache", ".", cwd=tmp_path
    )
    assert [f["location"]["row"] for f in json.loads(run.out)] == rows, run


def test_the_facts_are_the_releases_source_text():
    """What the generator recorded, read again as text: DeepSeekV4TokenToKVPool derives from
    BaseSWAKVPool directly from 0.5.12 on; before, there is neither."""
    for version in ("0.5.11", "0.5.12", "0.5.23"):
        srt = sglang_wheels.ensure_tree(version, quiet=True) / "sglang" / "srt"
        dsv4 = srt / "mem_cache" / "deepseek_v4_memory_pool.py"
        text = dsv4.read_text(encoding="utf-8") if dsv4.is_file() else ""
        split = "class DeepSeekV4TokenToKVPool(BaseSWAKVPool)" in text
        outside = sglang_api.Release(version).swa_pools_outside()
        assert split == (version != "0.5.11"), version
        assert any(k.endswith(".DeepSeekV4TokenToKVPool") for k in outside) == split, version
        assert (srt / "mem_cache" / "base_swa_memory_pool.py").is_file() == split, version


@pytest.mark.parametrize("version", ["0.5.11", "0.5.12", "0.5.20", "0.5.23"])
def test_corpus_findings_are_the_reviewed_ones(version):
    rows, problems, _ = bench.rows(version)
    assert problems == []
    assert all(r[4] != "UNREVIEWED" for r in rows), rows
    functions = sorted({(r[1].rsplit("/", 1)[-1], r[2]) for r in rows})
    expected = {
        "0.5.11": [],
        "0.5.12": [],
        "0.5.20": [
            ("aiter_backend.py", "AiterAttnBackend._resolve_swa_kv_pool"),
            ("trtllm_mha_backend.py", "TRTLLMHAAttnBackend._resolve_swa_kv_pool"),
        ],
        "0.5.23": [
            ("aiter_backend.py", "AiterAttnBackend._resolve_swa_kv_pool"),
            ("trtllm_mha_backend.py", "TRTLLMHAAttnBackend._resolve_swa_kv_pool"),
        ],
    }[version]
    assert functions == expected
    assert len(rows) == 2 * len(expected)  # two class tests per resolver
