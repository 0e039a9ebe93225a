"""Metamorphic suite (issues 11 and 12): real sites x refactoring/mutation operators.

Each test is one variant: a site of the PyPI corpus (the representative release of each site,
``sites.representative_sites``) transformed by one operator, or by a seeded, stable sample of
operator pairs. All variants are built and judged once per module through the kvguard CLI
(``generator.judge``). Expectation: a buggy site keeps a KVG001-KVG003 finding, a fixed site
stays clean, a mutated fixed site is found. The pairs the current model misses are listed in
``known_misses.KNOWN_MISSES`` and run as strict xfails, so a miss that gets fixed fails until
the table is updated. The full sweep (every release's site, every pair) is
``benchmarks/metamorphic.py``.
"""

from __future__ import annotations

import pytest

from .generator import OperatorBug, build, identities, judge, sampled
from .known_misses import KNOWN_MISSES
from .operators import OPERATORS
from .sites import SITE_SPECS, representative_sites

PAIR_SEED = "meta-1"
PAIR_RATE = 200  # about one ordered pair in PAIR_RATE per site part


def _part(spec) -> str:
    return (spec.classes[-1][0] if spec.classes else spec.functions[0]).replace(
        "FlashInferIndicesUpdater", ""
    )


PARTS = sorted({(s.kind, _part(s), s.status) for s in SITE_SPECS})


def _sampled(kind: str, part: str, a: str, b: str) -> bool:
    return sampled(kind, part, a, b, PAIR_RATE, PAIR_SEED)


def _cases():
    out = []
    for kind, part, status in PARTS:
        out.append((kind, part, ()))
        for name in OPERATORS:
            out.append((kind, part, (name,)))
        for a in OPERATORS:
            for b in OPERATORS:
                if a != b and _sampled(kind, part, a, b):
                    out.append((kind, part, (a, b)))
    return out


CASES = _cases()


def _param(kind, part, ops):
    key = "+".join(ops)
    marks = []
    reason = KNOWN_MISSES.get((key, kind))
    if reason is not None:
        marks.append(pytest.mark.xfail(strict=True, reason=reason))
    return pytest.param(kind, part, ops, marks=marks, id=f"{kind}:{part}|{key or 'identity'}")


@pytest.fixture(scope="module")
def judged():
    sites = {(s.kind, s.part): s for s in representative_sites()}
    variants = {}
    bugs = {}
    for kind, part, ops in CASES:
        site = sites.get((kind, part))
        if site is None:
            continue
        try:
            v = identities([site])[0] if not ops else build(site, ops)
        except OperatorBug as exc:
            bugs[(kind, part, ops)] = str(exc)
            continue
        if v is not None:
            variants[(kind, part, ops)] = v
    judge(list(variants.values()))
    return variants, bugs


@pytest.mark.parametrize("kind,part,ops", [_param(*c) for c in CASES])
def test_variant(judged, kind, part, ops):
    variants, bugs = judged
    assert (kind, part, ops) not in bugs, bugs.get((kind, part, ops))
    v = variants.get((kind, part, ops))
    if v is None:
        pytest.skip("n/a: an operator does not apply to this site")
    assert v.error is None, v.error
    found = sorted(v.found)
    if v.expect == "finding":
        assert found, f"{v.key}: no KVG001-KVG003 finding (expected one)"
    else:
        assert not found, f"{v.key}: unexpected {found} on code that is correct"


def test_every_operator_applies_somewhere(judged):
    variants, _ = judged
    used = {op for (_, _, ops) in variants for op in ops}
    assert set(OPERATORS) <= used, sorted(set(OPERATORS) - used)


def test_operators_are_documented():
    for name, op in OPERATORS.items():
        assert op.doc(), name
        assert op.kind in ("refactor", "mutation"), name


def test_known_misses_table_names_real_cases():
    kinds = {s.kind for s in SITE_SPECS}
    for key, kind in KNOWN_MISSES:
        assert kind in kinds, kind
        assert all(op in OPERATORS for op in key.split("+")), key


CROSS_MODULE = (
    "swa_test_helper_module",
    "swa_test_helper_relative",
    "swa_test_helper_compat",
    "translate_helper_module",
    "pool_test_helper_module",
    "move_functions_module",
    "move_functions_reexport",
    "accessor_other_module",
    "base_other_module",
)


@pytest.mark.slow
@pytest.mark.sweep
def test_cross_module_operators_on_every_release_site():
    """The full sweep of the cross-module operators (the project index): every release's
    extraction of every site, each operator alone and after every single-file operator. A buggy
    site keeps a finding, a fixed one stays clean, except the known misses. (``test_variant``
    runs each of them on the representative sites.)"""
    from .sites import all_sites

    variants = []
    for site in all_sites():
        for last in CROSS_MODULE:
            for first in [None, *OPERATORS]:
                if first == last or (first and OPERATORS[first].multi_file):
                    continue
                ops = (last,) if first is None else (first, last)
                if first is not None and not sampled(site.kind, site.part, first, last, 32):
                    continue
                v = build(site, ops)
                if v is not None:
                    variants.append(v)
    judge(variants)
    wrong = []
    for v in variants:
        key = ("+".join(v.ops), v.site.kind)
        if key in KNOWN_MISSES or (v.ops[-1], v.site.kind) in KNOWN_MISSES:
            continue
        ok = bool(v.found) if v.expect == "finding" else not v.found
        if not ok or v.error:
            wrong.append((v.key, sorted(v.found), v.error))
    assert not wrong, wrong[:20]
