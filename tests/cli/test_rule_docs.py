"""The rule pages JSON and SARIF link to (``docs/rules/<CODE>.md``) are generated from each
rule's docstring by ``scripts/gen_rule_docs.py``; the committed pages must be current."""

from __future__ import annotations

import subprocess
import sys

from tests.support.cli import REPO, cli_env


def test_committed_rule_pages_are_current():
    proc = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "gen_rule_docs.py"), "--check"],
        capture_output=True,
        text=True,
        env=cli_env(),
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_a_page_is_what_kvguard_rule_prints():
    from lint_rules.registry import RULES

    for code in RULES:
        shown = subprocess.run(
            [sys.executable, "-m", "lint_rules", "rule", code],
            capture_output=True,
            text=True,
            env=cli_env(),
        ).stdout
        page = (REPO / "docs" / "rules" / f"{code}.md").read_text(encoding="utf-8")
        assert page.split("\n", 1)[1] == "# " + shown, code
