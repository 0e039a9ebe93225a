"""Driver of the fix oracle grid (tests/support/fix_oracle_grid.py) for tests and benchmarks.

For a release where kvguard's TRTLLM fix applies: fix the real ``trtllm_mha_backend.py`` of that
release (the corpus tree, so the target is detected from the tree like ``kvguard fix`` does), and
run the grid in a subprocess under that release's CPU environment (the .venv's 0.5.23, or a
``PYTHONPATH`` overlay from ``scripts/setup_sglang_envs.sh``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Optional

REPO = Path(__file__).resolve().parents[2]
GRID = REPO / "tests" / "support" / "fix_oracle_grid.py"
TRTLLM = "sglang/srt/layers/attention/trtllm_mha_backend.py"
sys.path.insert(0, str(REPO / "benchmarks"))

import sglang_wheels  # noqa: E402

from lint_rules import sglang_api  # noqa: E402


def grid_versions() -> list[str]:
    """The releases whose TRTLLM backend has the allocator-typed SWA decision (the fix applies),
    from the API model."""
    return [
        v
        for v in sglang_api.known_versions()
        if sglang_api.Release(v).raw["trtllm_swa_decision"] == "allocator"
    ]


def overlay(version: str) -> Optional[Path]:
    if version == "0.5.23":
        return None
    cache = Path(os.environ.get("KVGUARD_CACHE", Path.home() / ".cache" / "kvguard"))
    return cache / "envs" / f"sglang-{version}"


def original_file(version: str) -> Path:
    return sglang_wheels.ensure_tree(version, quiet=True) / TRTLLM


def reference_source() -> Path:
    """The first fixed upstream release's trtllm_mha_backend.py (its resolver is the oracle)."""
    return original_file(sglang_api.first_fixed())


def fix_original(version: str):
    from lint_rules.fixer import fix_text
    from lint_rules.model import ScopeConfig
    from lint_rules.registry import default_codes

    path = original_file(version)
    return fix_text(path.read_text(encoding="utf-8"), str(path), default_codes(), ScopeConfig())


def run_grid(version: str, trtllm_file: Path, roles_only: bool = False) -> dict:
    env = dict(os.environ)
    ov = overlay(version)
    if ov is not None:
        if not ov.is_dir():
            raise FileNotFoundError(f"{ov} missing: run scripts/setup_sglang_envs.sh")
        env["PYTHONPATH"] = str(ov)
    cmd = [sys.executable, str(GRID), "--trtllm-file", str(trtllm_file)]
    cmd += ["--roles-only"] if roles_only else ["--reference-source", str(reference_source())]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=900)
    if proc.returncode not in (0, 1) or not proc.stdout.strip():
        raise RuntimeError(f"grid failed for {version} ({proc.returncode}): {proc.stderr[-3000:]}")
    report = json.loads(proc.stdout)
    if report.get("sglang") != version:
        raise RuntimeError(f"expected sglang {version}, the grid ran on {report.get('sglang')}")
    return report


DIRECT_CALL = "if not model_runner.spec_algorithm.is_frozen_kv_mtp():"


def with_direct_call(fixed_text: str) -> str:
    """The fixed file with the draft test kvguard emitted before the API model (a direct
    ``spec_algorithm.is_frozen_kv_mtp()`` call) in place of the getattr form."""
    old = (
        "spec_algorithm = model_runner.spec_algorithm\n"
        '{i}if not getattr(spec_algorithm, "is_frozen_kv_mtp", lambda: False)():'
    )
    for indent in (8, 12, 16):
        pattern = old.format(i=" " * indent)
        if pattern in fixed_text:
            return fixed_text.replace(pattern, DIRECT_CALL)
    raise ValueError("no getattr draft test in the fixed text")
