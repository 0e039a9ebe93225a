"""Every rule's own VALID / INVALID cases (Fixit style), run through the real checker."""

from __future__ import annotations

import textwrap

import pytest

from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig
from lint_rules.registry import RULES
from lint_rules.rules import ALL_RULES, Case

SCOPE = ScopeConfig()


def _cases(kind: str):
    for code, rule in ALL_RULES.items():
        for i, case in enumerate(getattr(rule, kind)):
            if isinstance(case, str):
                case = Case(case, count=0)
            yield pytest.param(code, case, id=f"{code}-{kind}-{i}")


def _lint(code: str, case: Case, prefilter: bool = True):
    scope = case.scope or SCOPE
    return lint_text(textwrap.dedent(case.code), case.path, {code}, scope, prefilter=prefilter)


@pytest.mark.parametrize("code,case", list(_cases("VALID")))
def test_valid_cases_are_silent(code, case):
    result = _lint(code, case)
    assert result.error is None
    assert result.findings == []


@pytest.mark.parametrize("code,case", list(_cases("INVALID")))
@pytest.mark.parametrize("prefilter", [True, False])
def test_invalid_cases_report(code, case, prefilter):
    result = _lint(code, case, prefilter)
    assert result.error is None
    assert [f.code for f in result.findings] == [code] * case.count, result.findings


def test_every_rule_has_cases_and_a_complete_doc():
    for code, rule in ALL_RULES.items():
        assert rule.VALID and rule.INVALID, code
        doc = rule.doc()
        assert doc.startswith(f"{code} {RULES[code].name}")
        for heading in ("## What it does", "## Why is this bad?", "## Example", "## Fix"):
            assert heading in doc, (code, heading)


def test_registry_and_modules_agree():
    assert set(ALL_RULES) == set(RULES)
    for code, rule in ALL_RULES.items():
        assert rule.code == code
