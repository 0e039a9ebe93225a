"""The control flow of ``benchmarks/gpu_guard.py`` on CPU (no marker: runs in CPU CI, deselected
by ``scripts/gpu_run.sh``'s ``-m gpu``). The benchmark runs once per H200 session, so its own
failure modes are tested here with stand-in cases (plain Python steps, no device): the
REALISTIC row measured, failing at build, or not fitting the time budget must each leave every
other row written, the run's exit status 0, and say what happened in ``RESULTS-gpu.md``. The
block switch must re-patch before every block (``harness.switch_guard``)."""

import json
import time

import pytest


@pytest.fixture
def bench(monkeypatch):
    torch = pytest.importorskip("torch")  # here, not at collection (the GPU run deselects this)
    from benchmarks import gpu_guard as G

    H = G.H
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "synchronize", lambda *a, **k: None)
    monkeypatch.setattr(
        H, "prepare", lambda: dict(device="stand-in", capability=[9, 0], sglang="-", torch="-")
    )
    switches = []
    monkeypatch.setattr(H, "switch_guard", lambda mode: switches.append(mode))
    monkeypatch.setattr(H, "set_guard", lambda mode: None)

    def case(name, pause=0.0):
        def step(src):
            if pause:
                time.sleep(pause)

        return G.Case(name, step, lambda: None, [None])

    monkeypatch.setattr(G, "build_cases", lambda: ([case("a"), case("b")], None))
    return G, case, switches


def run(G, tmp_path, budget="300"):
    args = ["--out", str(tmp_path), "--rounds", "6", "--steps", "3", "--calls", "10"]
    args += ["--model-rounds", "6", "--model-steps", "3", "--warm", "2", "--budget-s", budget]
    rc = G.main(args)
    result = json.loads((tmp_path / "gpu-guard-bench.json").read_text())
    return rc, result, (tmp_path / "RESULTS-gpu.md").read_text()


def test_realistic_row_measured_last(bench, tmp_path, monkeypatch):
    G, case, switches = bench
    monkeypatch.setattr(G, "build_model_case", lambda tgd: case(G.MODEL_CASE))
    rc, result, md = run(G, tmp_path)
    assert rc == 0
    assert [c["name"] for c in result["cases"]] == ["a", "b", G.MODEL_CASE]
    assert result["model_case"].startswith("measured: 6 rounds")
    assert "REALISTIC" in md and "REALISTIC" in (tmp_path / "gpu-guard-table.txt").read_text()
    # one re-patch per block: 3 blocks x (steps + host calls) x rounds, per case
    assert len(switches) == 3 * 2 * 6 * 3


def test_realistic_row_failure_keeps_the_other_rows(bench, tmp_path, monkeypatch):
    G, case, _ = bench

    def fail(tgd):
        raise RuntimeError("CUDA out of memory (stand-in)")

    monkeypatch.setattr(G, "build_model_case", fail)
    rc, result, md = run(G, tmp_path)
    assert rc == 0
    assert [c["name"] for c in result["cases"]] == ["a", "b"]
    assert result["model_case"].startswith("failed: RuntimeError")
    assert "failed: RuntimeError" in md


def test_realistic_row_skipped_outside_the_budget(bench, tmp_path, monkeypatch):
    G, case, _ = bench
    monkeypatch.setattr(G, "build_model_case", lambda tgd: case(G.MODEL_CASE, pause=0.003))
    rc, result, md = run(G, tmp_path, budget="2")
    assert rc == 0
    assert [c["name"] for c in result["cases"]] == ["a", "b"]
    assert result["model_case"].startswith("skipped")
    assert "skipped" in md
