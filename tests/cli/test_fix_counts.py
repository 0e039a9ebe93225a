"""One fix count everywhere (issue 28): check, ``--unsafe-fixes``, ``--diff``, ``fix``, JSON and
SARIF all report the fix ``fix_text`` really makes, and JSON's / SARIF's edits, applied to the
file, give exactly what ``kvguard fix`` writes."""

from __future__ import annotations

import json

from lint_rules.registry import HOME, RULES, rule_url
from tests.support.cli import REPO

from .conftest import BUGGY, write

# A module-level helper under layers/attention/: two findings, no automatic fix for either.
UNFIXABLE = (
    "def update_window(loc, token_to_kv_pool_allocator=None):\n"
    '    if hasattr(token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"):\n'
    "        return token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)\n"
    "    return loc\n"
)


def _apply(text: str, edits: list[dict]) -> str:
    """Apply ruff-style edits (1-based rows and columns, end exclusive) to ``text``."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(pos: dict) -> int:
        return starts[pos["row"] - 1] + pos["column"] - 1

    out, at = [], 0
    for e in sorted(edits, key=lambda e: offset(e["location"])):
        begin, end = offset(e["location"]), offset(e["end_location"])
        assert begin >= at, "edits overlap"
        out.append(text[at:begin] + e["content"])
        at = end
    return "".join(out) + text[at:]


def test_every_command_counts_the_same_fixes(kv, project):
    write(project, "b.py", BUGGY)
    write(project, "layers/attention/helper.py", UNFIXABLE)
    check = kv("check", "--no-cache", "--output-format", "concise")
    assert check.rc == 1 and "Found 5 errors." in check.out, check
    assert "1 hidden fix (for 3 errors)" in check.out, check
    unsafe = kv("check", "--unsafe-fixes", "--no-cache", "--output-format", "concise")
    assert "[*] 3 fixable with the `--fix` option." in unsafe.out, unsafe
    marked = [ln.split(":")[0] for ln in unsafe.out.splitlines() if " [*] " in ln]
    assert marked == ["b.py"] * 3, unsafe
    diff = kv("fix", "--diff", "--no-cache")
    assert "Would fix 3 errors. 2 errors would remain." in diff.err, diff
    items = json.loads(kv("check", "--no-cache", "--output-format", "json").out)
    assert sum(1 for i in items if i["fix"]) == 3
    sarif = json.loads(kv("check", "--no-cache", "--output-format", "sarif").out)
    assert sum(1 for r in sarif["runs"][0]["results"] if r.get("fixes")) == 3
    fix = kv("fix", "--no-cache")
    assert "Found 5 errors (3 fixed, 2 remaining)." in fix.out, fix


def test_json_and_sarif_edits_give_what_fix_writes(kv, project):
    path = write(project, "b.py", BUGGY)
    items = json.loads(kv("check", "--no-cache", "--output-format", "json").out)
    edits = [i["fix"]["edits"] for i in items]
    assert edits[0] and all(e == edits[0] for e in edits)  # one fix, shared by the three
    for edit in edits[0]:
        assert set(edit) == {"content", "location", "end_location"}
        assert set(edit["location"]) == set(edit["end_location"]) == {"row", "column"}
    sarif = json.loads(kv("check", "--no-cache", "--output-format", "sarif").out)
    (change,) = sarif["runs"][0]["results"][0]["fixes"][0]["artifactChanges"]
    assert change["artifactLocation"]["uri"] == "b.py"
    assert [
        {
            "content": r["insertedContent"]["text"],
            "location": {
                "row": r["deletedRegion"]["startLine"],
                "column": r["deletedRegion"]["startColumn"],
            },
            "end_location": {
                "row": r["deletedRegion"]["endLine"],
                "column": r["deletedRegion"]["endColumn"],
            },
        }
        for r in change["replacements"]
    ] == edits[0]
    expected = _apply(BUGGY, edits[0])
    assert expected != BUGGY
    assert kv("fix", "--no-cache").rc == 0
    assert path.read_text(encoding="utf-8") == expected


def test_a_finding_the_fix_leaves_is_not_offered_one(kv, project):
    # The SWA probe written twice, both copies live (the first kept in a flag a method returns): the
    # planner matches both, but the file's fix (one resolver) removes only one; check must not
    # promise a fix that `fix` does not make.
    lines = BUGGY.splitlines(keepends=True)
    row = next(i for i, ln in enumerate(lines) if "isinstance(allocator" in ln)
    twin = lines[row].replace("self.use_sliding_window_kv_pool", "self.window_flag")
    reader = "\n    def uses_window(self):\n        return self.window_flag\n"
    assert twin != lines[row]
    write(project, "b.py", "".join(lines[:row] + [twin] + lines[row:]) + reader)
    items = json.loads(kv("check", "--no-cache", "--output-format", "json").out)
    offered = [i["code"] for i in items if i["fix"]]
    left = [i for i in items if not i["fix"]]
    assert len(items) == 4 and len(offered) == 3, items
    assert [i["code"] for i in left] == ["KVG001"]
    assert "(no automatic fix: the fix of this file does not remove it)" in left[0]["message"]
    diff = kv("fix", "--diff", "--no-cache")
    assert "Would fix 3 errors. 1 error would remain." in diff.err, diff


def test_rule_url_points_at_the_generated_page():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    install = readme[readme.index("## Install") : readme.index("## Usage")]
    assert f"Its planned home is {HOME} " in install
    for code in RULES:
        url = rule_url(code)
        assert url.startswith(HOME + "/blob/main/")
        assert (REPO / url[len(HOME + "/blob/main/") :]).is_file(), url
