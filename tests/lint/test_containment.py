"""Every fast path contains the rules: wherever the rules find something, each says "may match".

The rules are asked with every fast path bypassed (``checker.lint_text(..., prefilter=False,
reduce=False)``: a full libcst parse). Then, file by file, each fast path is asked alone: the
registry's needles (``RuleMeta.may_match``) and the checker's prefilter, the engine's byte
prefilter (``Triage.bytes_may_match``), the whole-module and the outline clean-proofs
(``reduce.reduce_for``) and the reduced module (``sparse``: the lint with them on gives the
same findings). Their words come from the sink declarations (lint_rules/sinks.py); a form the
rules learn but a fast path does not would fail here.

Real inputs: every file of the ground truth over the 16 PyPI releases (plus the attention
directory of two releases, slow) and the metamorphic suite's variants (the representative
sites under a sixth of the operators; every operator: the full sweep, ``KVGUARD_SWEEP=1``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from lint_rules import checker
from lint_rules.config import Config
from lint_rules.model import ScopeConfig
from lint_rules.reduce import reduce_for
from lint_rules.registry import RULES
from lint_rules.settings import Options, RunSettings
from lint_rules.triage import Triage

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "benchmarks"))

import sglang_wheels  # noqa: E402

CODES = frozenset({"KVG001", "KVG002", "KVG003"})
SCOPE = ScopeConfig()
TRIAGE = Triage(RunSettings(Config(root=str(REPO), scope=SCOPE), CODES, Options()))


def contained(text: str, path: str) -> int:
    """Assert each fast path says "may match" where the rules find something; the number of
    findings."""
    direct = checker.lint_text(text, path, CODES, SCOPE, prefilter=False, reduce=False)
    assert direct.error is None, (path, direct.error)
    found = sorted({f.code for f in direct.findings})
    for code in found:
        where = (path, code)
        assert RULES[code].may_match(text, SCOPE), ("needles", *where)
        assert checker.needs_parse(text, path, {code}, SCOPE), ("prefilter", *where)
        assert TRIAGE.bytes_may_match(text.encode("utf-8"), frozenset({code})), ("bytes", *where)
        for outline in (True, False):
            clean = reduce_for(text, {code}, use_outline=outline, scope=SCOPE)[0]
            assert not clean, ("outline proof" if outline else "whole-module proof", *where)
    if found:
        fast = checker.lint_text(text, path, CODES, SCOPE)
        assert fast.findings == direct.findings, ("reduced module", path)
    return len(direct.findings)


# ------------------------------------------------------------------ the metamorphic suite


SAMPLE = 6  # the fast test: every SAMPLE-th operator (by name) on each representative site


def _variants(sample: int):
    from tests.metamorphic.generator import OperatorBug, identities, singles
    from tests.metamorphic.operators import OPERATORS
    from tests.metamorphic.sites import representative_sites

    sites = representative_sites()
    out = list(identities(sites))
    for name in sorted(OPERATORS)[::sample]:
        try:
            out += singles(sites, [name])
        except OperatorBug:  # (tests/metamorphic reports operator bugs)
            pass
    return out


@pytest.mark.parametrize(
    "sample",
    [SAMPLE, pytest.param(1, marks=(pytest.mark.slow, pytest.mark.sweep), id="every-operator")],
)
def test_metamorphic_variants(sample):
    variants = _variants(sample)
    total = 0
    for v in variants:
        for rel, text in v.files.items():
            total += contained(text, rel)
    # the suite's buggy sites give findings here, or this would check nothing
    assert total > len(variants) // 4, (total, len(variants))


# ------------------------------------------------------------------------- the corpus


def _truth() -> dict:
    return json.loads((REPO / "benchmarks" / "corpus_truth.json").read_text(encoding="utf-8"))


@pytest.mark.slow
@pytest.mark.parametrize("version", sglang_wheels.RELEASES)
def test_corpus_truth_files(version):
    entries = [e for e in _truth()["releases"][version] if e["rule"] in CODES]
    tree = sglang_wheels.ensure_tree(version, quiet=True)
    total = 0
    for rel in sorted({e["path"] for e in entries}):
        total += contained((tree / rel).read_text(encoding="utf-8"), rel)
    assert total >= len(entries)


@pytest.mark.slow
@pytest.mark.parametrize("version", ["0.5.12.post1", "0.5.13.post1"])
def test_corpus_attention_directory(version):
    tree = sglang_wheels.ensure_tree(version, quiet=True)
    files = sorted((tree / "sglang/srt/layers/attention").rglob("*.py"))
    assert len(files) > 50
    total = sum(
        contained(f.read_text(encoding="utf-8"), f.relative_to(tree).as_posix()) for f in files
    )
    assert total > 0


# ------------------------------------------------------------------ the rules' own cases


def _rule_cases():
    import textwrap

    from lint_rules.rules import ALL_RULES

    for code in sorted(CODES):
        for i, case in enumerate(ALL_RULES[code].INVALID):
            if case.scope is None:
                yield pytest.param(textwrap.dedent(case.code), case.path, id=f"{code}-{i}")


@pytest.mark.parametrize("text,path", list(_rule_cases()))
def test_rule_cases(text, path):
    """Every form a rule's cases teach (the class-dependent decisions of KVG001 among them)."""
    assert contained(text, path) > 0


# ------------------------------------------------------------------ the red teams' backends


def _redteam():
    from tests.support import compose

    for batch in sorted((REPO / "benchmarks").glob("redteam*/")):
        for path in sorted(batch.glob("*.py")):
            yield pytest.param(path, compose.PATH, id=f"{batch.name}-{path.stem}")


@pytest.mark.parametrize("source,path", list(_redteam()))
def test_redteam_modules(source, path):
    """Forms written by hands that never saw the rules (benchmarks/redteam*/): wherever the
    rules find something, every fast path says "may match"."""
    contained(source.read_text(encoding="utf-8"), path)
