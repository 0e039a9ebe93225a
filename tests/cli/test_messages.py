"""What the CLI says about what it did and did not do (issue 14's messaging bugs), checked on the
real CLI: findings left by ``--diff``, fixes counted per edit, broken links, a bare ``rule``."""

from __future__ import annotations

import json
import os

from .conftest import BUGGY, write

# A module-level helper under layers/attention/: two findings, no automatic fix for either.
UNFIXABLE = (
    "def update_window(loc, token_to_kv_pool_allocator=None):\n"
    '    if hasattr(token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"):\n'
    "        return token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)\n"
    "    return loc\n"
)


def test_diff_with_only_unfixable_findings_says_they_remain(kv, project):
    path = write(project, "layers/attention/helper.py", UNFIXABLE)
    before = path.read_bytes()
    check = kv("check", "--no-cache", "--output-format", "concise")
    assert check.rc == 1 and check.out.count("helper.py:") == 2, check
    run = kv("fix", "--diff", "--no-cache")
    # As ruff: --diff's status says whether anything would change (nothing would) ...
    assert run.rc == 0 and run.out == "", run
    # ... and the summary no longer hides that findings remain.
    assert "No errors would be fixed (2 errors would remain)." in run.err, run
    assert path.read_bytes() == before


def test_diff_names_the_findings_a_fix_leaves(kv, project):
    write(project, "b.py", BUGGY)
    write(project, "layers/attention/helper.py", UNFIXABLE)
    run = kv("fix", "--diff", "--no-cache")
    assert run.rc == 1, run
    assert "Would fix 3 errors. 2 errors would remain." in run.err, run


def test_one_fix_for_the_file_is_counted_once(kv, project):
    # The bundled example: one resolver fixes both the KVG001 and the KVG003 of __init__, and
    # with it in place KVG002 is fixed too (a second round): the file's fix covers all three
    # (tests/cli/test_fix_counts.py: every format says the same).
    write(project, "b.py", BUGGY)
    run = kv("check", "--no-cache")
    assert run.rc == 1, run
    assert "Found 3 errors." in run.out
    assert "1 hidden fix (for 3 errors) can be enabled" in run.out, run
    assert "no automatic fix" not in run.out
    diff = kv("check", "--diff", "--no-cache")
    assert diff.rc == 0 and diff.out == "", diff
    assert "1 hidden fix for 3 errors available with `--unsafe-fixes`" in diff.err, diff
    # Every finding the one fix covers shows it (JSON: one `fix` object per finding).
    items = json.loads(kv("check", "--no-cache", "--output-format", "json").out)
    assert sorted(i["code"] for i in items if i["fix"]) == ["KVG001", "KVG002", "KVG003"]


def test_broken_link_in_a_walked_directory_is_reported(kv, project):
    write(project, "src/ok.py", "x = 1\n")
    os.symlink(project / "nowhere.py", project / "src" / "dangling.py")
    os.symlink(project / "nowhere.txt", project / "src" / "notes.txt")  # not Python: ignored
    run = kv("check", "src", "--no-cache", "--output-format", "concise")
    assert run.rc == 2, run
    assert run.err.splitlines() == [
        "error: src/dangling.py: No such file or directory (broken link)"
    ], run
    # Named on the command line: the same error, and the other files still run.
    named = kv("check", "src/dangling.py", "src/ok.py", "--no-cache")
    assert named.rc == 2 and "error: src/dangling.py: No such file or directory" in named.err
    # An excluded directory's broken links are not looked at.
    write(
        project,
        "pyproject.toml",
        "[project]\nname = 'demo'\n[tool.kvguard]\nextend-exclude = ['src']\n",
    )
    assert kv("check", "--no-cache").rc == 0


def test_bare_rule_lists_the_rules(kv):
    from lint_rules.registry import RULES

    run = kv("rule")
    assert run.rc == 0 and run.err == "", run
    listed = [line.split()[0] for line in run.out.splitlines()[1:] if line.startswith("KVG")]
    assert listed == sorted(RULES)
    items = json.loads(kv("rule", "--output-format", "json").out)
    assert [i["code"] for i in items] == sorted(RULES)
    assert kv("rule", "KVG001", "--all").rc == 2
