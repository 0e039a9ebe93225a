"""Real-corpus tests: kvguard's default rules on PyPI sglang releases.

The slow tests download the wheels once into ``${KVGUARD_CACHE:-~/.cache/kvguard}``
(see ``benchmarks/sglang_wheels.py``) and reuse them on later runs.

* ``test_release_matches_truth``: the whole extracted tree of a release gives exactly the
  hand-built ground truth of ``benchmarks/corpus_truth.json`` (no miss, nothing unexpected).
* ``test_prefilter_is_sound``: on the attention directory of a release, linting every file
  with ``lint_text(..., prefilter=False, reduce=False)`` (full parse of every file) gives the
  same findings as the engine/CLI (byte prefilter, ``needs_parse``, body reduction), and the
  prefilter accepts every file that has a finding.
* The fast tests check the harness itself: it must notice misses, unexpected findings and
  stale truth entries.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import corpus  # noqa: E402
import sglang_wheels  # noqa: E402

CI_RELEASES = ["0.5.9", "0.5.12.post1", "0.5.13.post1", "0.5.23", "sglang-kt==0.7.2"]
PREFILTER_RELEASES = ["0.5.12.post1", "0.5.13.post1"]
ATTENTION_DIR = "sglang/srt/layers/attention"


@pytest.fixture(scope="module")
def truth():
    return corpus.load_truth()


# ----------------------------------------------------------------- fast: the harness


def test_truth_covers_the_documented_boundaries(truth):
    rel = truth["releases"]
    for v in sglang_wheels.CORPUS:
        assert v in rel, f"no ground truth for {v}"
    assert set(rel) == set(sglang_wheels.CORPUS)

    def files(v, rule=None):
        return {e["path"].rsplit("/", 1)[1] for e in rel[v] if rule in (None, e["rule"])}

    # trtllm_mha seed site exactly in 0.5.9 .. 0.5.12.post1 (bug-family doc, section 4.1).
    for v in ["0.5.9", "0.5.10.post1", "0.5.11", "0.5.12", "0.5.12.post1"]:
        assert "trtllm_mha_backend.py" in files(v, "KVG001")
        assert "trtllm_mha_backend.py" in files(v, "KVG003")
    for v in ["0.5.2", "0.5.5", "0.5.8", "0.5.13", "0.5.13.post1"]:
        assert "trtllm_mha_backend.py" not in files(v)
    # FlashInfer updaters through 0.5.13.post1, Triton hasattr through 0.5.12.post1.
    for v in sglang_wheels.RELEASES[: sglang_wheels.RELEASES.index("0.5.13.post1") + 1]:
        assert "flashinfer_backend.py" in files(v, "KVG001"), v
    for v in sglang_wheels.RELEASES[: sglang_wheels.RELEASES.index("0.5.12.post1") + 1]:
        assert "triton_backend.py" in files(v, "KVG001"), v
    assert "triton_backend.py" not in files("0.5.13")
    # The fork sglang-kt 0.7.2 (late-February 2026 upstream main) still ships all three shapes.
    for rule in ("KVG001", "KVG002"):
        assert files("sglang-kt==0.7.2", rule) == {
            "flashinfer_backend.py",
            "triton_backend.py",
        } | ({"trtllm_mha_backend.py"} if rule == "KVG001" else set())
    assert files("sglang-kt==0.7.2", "KVG003") == {"trtllm_mha_backend.py"}
    assert files("sglang-kt==0.7.2", "KVG005") == {"flashattention_backend.py", "xpu_backend.py"}
    # Nothing from 0.5.14 on but KVG005's xpu finding (the #24617 shape, unfixed upstream).
    for v in sglang_wheels.RELEASES[sglang_wheels.RELEASES.index("0.5.14") :]:
        assert [e for e in rel[v] if e["rule"] != "KVG005"] == [], v
    # KVG005: fa3's #24617 through 0.5.11 (fixed in 0.5.12), xpu from 0.5.5 on.
    for v in sglang_wheels.RELEASES:
        fa3 = "flashattention_backend.py" in files(v, "KVG005")
        assert fa3 == (sglang_wheels.RELEASES.index(v) <= sglang_wheels.RELEASES.index("0.5.11")), v
        assert ("xpu_backend.py" in files(v, "KVG005")) == (v != "0.5.2"), v


def _fake_run(findings_by_version):
    def run(tree):
        return 0, findings_by_version(tree.name, tree), "", 0.0

    return run


def _as_findings(entries, tree):
    return [
        {
            "code": e["rule"],
            "message": "m",
            "filename": str(tree / e["path"]),
            "location": {"row": e["line"], "column": 1},
            "end_location": {"row": e["line"], "column": 2},
        }
        for e in entries
    ]


@pytest.mark.slow  # needs the 0.5.12.post1 tree (downloaded once, then cached)
def test_harness_detects_miss_unexpected_and_stale_truth(truth, monkeypatch):
    v = "0.5.12.post1"
    entries = truth["releases"][v]
    # Exact match -> ok.
    monkeypatch.setattr(corpus, "run_kvguard", _fake_run(lambda _v, t: _as_findings(entries, t)))
    assert corpus.check_release(v, truth, quiet=True).ok
    # Drop one finding -> a miss; shift one line -> a miss plus an unexpected one.
    dropped = entries[1:]
    monkeypatch.setattr(corpus, "run_kvguard", _fake_run(lambda _v, t: _as_findings(dropped, t)))
    r = corpus.check_release(v, truth, quiet=True)
    assert not r.ok and len(r.missed) == 1 and not r.unexpected
    shifted = [dict(entries[0], line=entries[0]["line"] + 1)] + entries[1:]
    monkeypatch.setattr(corpus, "run_kvguard", _fake_run(lambda _v, t: _as_findings(shifted, t)))
    r = corpus.check_release(v, truth, quiet=True)
    assert not r.ok and len(r.missed) == 1 and len(r.unexpected) == 1
    # A parse error reported by kvguard fails the release.
    broken = _as_findings(entries, sglang_wheels.tree_path(v)) + [
        {"code": None, "message": "SyntaxError", "filename": "sglang/x.py", "location": {"row": 1}}
    ]
    monkeypatch.setattr(corpus, "run_kvguard", _fake_run(lambda _v, t: broken))
    assert not corpus.check_release(v, truth, quiet=True).ok
    # A truth entry whose snippet no longer matches the tree is reported as stale.
    bad = json.loads(json.dumps(truth))
    bad["releases"][v][0]["line"] += 1
    monkeypatch.setattr(
        corpus, "run_kvguard", _fake_run(lambda _v, t: _as_findings(bad["releases"][v], t))
    )
    r = corpus.check_release(v, bad, quiet=True)
    assert r.stale_truth and not r.ok


# ------------------------------------------------------------ slow: the real corpus


@pytest.mark.slow
@pytest.mark.parametrize("version", CI_RELEASES)
def test_release_matches_truth(version, truth):
    r = corpus.check_release(version, truth, quiet=True)
    assert r.kvguard_rc == 0, r.kvguard_stderr
    assert r.ok, "\n" + corpus.details([r])
    assert len(r.found) == r.expected == len(truth["releases"][version])


def _lint_direct(tree: Path) -> set[tuple]:
    from lint_rules import checker
    from lint_rules.model import ScopeConfig

    codes = frozenset(corpus.load_truth()["rules"])  # what the corpus run selects
    scope = ScopeConfig()
    out: set[tuple] = set()
    prefilter_rejected = 0
    files = sorted((tree / ATTENTION_DIR).rglob("*.py"))
    assert len(files) > 50
    for f in files:
        rel = f.relative_to(tree).as_posix()
        text = f.read_text(encoding="utf-8")
        # No prefilter and no reduction: a full libcst parse and every rule on every file.
        res = checker.lint_text(text, rel, codes, scope, prefilter=False, reduce=False)
        assert res.error is None, (rel, res.error)
        passes = checker.needs_parse(text, rel, codes, scope)
        prefilter_rejected += not passes
        for fd in res.findings:
            # Soundness, file by file: a file with findings must pass the prefilter.
            assert passes, f"prefilter rejects {rel}, which has {fd.code} at line {fd.location.row}"
            out.add((rel, fd.code, fd.location.row, fd.location.column))
    # The prefilter must actually filter, or this test would prove nothing.
    assert prefilter_rejected > len(files) // 2, prefilter_rejected
    return out


def _lint_engine(tree: Path) -> set[tuple]:
    proc = subprocess.run(
        corpus.kvguard_cmd(ATTENTION_DIR),
        cwd=tree,
        env=corpus._kvguard_env(),
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout or "[]")
    return {
        (corpus._rel(tree, d["filename"]), d["code"], d["location"]["row"], d["location"]["column"])
        for d in data
    }


@pytest.mark.slow
@pytest.mark.parametrize("version", PREFILTER_RELEASES)
def test_prefilter_is_sound(version, truth):
    tree = sglang_wheels.ensure_tree(version, quiet=True)
    direct = _lint_direct(tree)
    engine = _lint_engine(tree)
    assert direct == engine
    # And both see every expected finding in the attention directory.
    want = {
        (e["path"], e["rule"], e["line"])
        for e in truth["releases"][version]
        if e["path"].startswith(ATTENTION_DIR + "/")
    }
    assert want and want <= {(p, c, r) for p, c, r, _ in direct}
