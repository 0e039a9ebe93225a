"""The `kvguard` command: flags, exit codes and every output format, on real files."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

from .conftest import BUGGY, BUGGY_CODES, CLEAN, copy_examples, run_kvguard, write


def codes_of(run) -> list[str]:
    return [item["code"] for item in json.loads(run.out) if item["code"]]


def test_clean_tree_exits_0(kv, project):
    write(project, "pkg/clean_backend.py", CLEAN)
    run = kv("check")
    assert run.rc == 0, run
    assert "All checks passed!" in run.out


def test_findings_exit_1_with_positions(kv, project):
    copy_examples(project)
    run = kv("check", "--output-format", "concise", "--no-cache")
    assert run.rc == 1, run
    lines = [ln for ln in run.out.splitlines() if ln.startswith("buggy_backend.py:")]
    assert [ln.split()[1] for ln in lines] == BUGGY_CODES
    # 1-based line and column of `isinstance(` in the example.
    row = next(i for i, ln in enumerate(BUGGY.splitlines(), 1) if "isinstance(allocator" in ln)
    col = BUGGY.splitlines()[row - 1].index("isinstance(") + 1
    assert lines[0].startswith(f"buggy_backend.py:{row}:{col}: KVG001 ")
    assert "Found 3 errors." in run.out


def test_exit_zero_keeps_errors_at_2(kv, project):
    copy_examples(project)
    assert kv("check", "--exit-zero").rc == 0
    # A file the prefilter sends to the parser, which it cannot parse.
    write(
        project,
        "broken.py",
        "class B(AttentionBackend):\n    x = isinstance(self.token_to_kv_pool_allocator, (\n",
    )
    run = kv("check", "--exit-zero")
    assert run.rc == 2, run


def test_default_path_is_cwd_and_python_dash_m(kv, project):
    copy_examples(project)
    assert kv("check").rc == 1
    # The console script is the same program.
    exe = Path(sys.executable).with_name("kvguard")
    if exe.exists():
        import subprocess

        proc = subprocess.run(
            [str(exe), "check", "--no-cache"], cwd=project, capture_output=True, text=True
        )
        assert proc.returncode == 1 and "KVG001" in proc.stdout


def test_unparsable_and_undecodable_files_reported_run_continues(kv, project):
    copy_examples(project)
    # Needs a parse (mentions the allocator in a backend class) but is not valid Python.
    write(
        project,
        "zz_syntax.py",
        "class B(AttentionBackend):\n    x = isinstance(self.token_to_kv_pool_allocator.(\n",
    )
    write(project, "zz_latin.py", b"x = '\xe9'  # no cookie, not UTF-8\n")
    run = kv("check", "--output-format", "concise", "--no-cache")
    assert run.rc == 2, run
    assert re.search(r"error: zz_syntax\.py: .*syntax", run.err), run.err
    assert re.search(r"error: zz_latin\.py: cannot decode as utf-8", run.err), run.err
    # The other files were still linted.
    assert [
        ln.split()[1] for ln in run.out.splitlines() if ln.startswith("buggy_backend.py")
    ] == BUGGY_CODES


def test_missing_path_is_exit_2(kv, project):
    run = kv("check", "does/not/exist.py")
    assert run.rc == 2 and "does/not/exist.py" in run.err


def test_usage_errors_are_exit_2(kv):
    assert kv("check", "--output-format", "xml").rc == 2
    assert kv("check", "--jobs", "many").rc == 2
    assert kv().rc == 2
    assert kv("frobnicate").rc == 2


def test_select_ignore_extend_select(kv, project):
    copy_examples(project)
    assert codes_of(kv("check", "--output-format", "json", "--select", "KVG001")) == ["KVG001"]
    assert codes_of(kv("check", "--output-format", "json", "--ignore", "KVG001,KVG003")) == [
        "KVG002"
    ]
    # Prefix selection like ruff: KVG = every rule, the opt-in ones included. KVG006 judges the
    # examples against the installed sglang (no tree, no target-version here): where that
    # release has SWA pools outside SWAKVPool, it also flags the examples' SWAKVPool tests.
    every = codes_of(kv("check", "--output-format", "json", "--select", "KVG"))
    assert sorted(c for c in every if c != "KVG006") == sorted(BUGGY_CODES)
    # Most specific selector wins within one layer.
    assert codes_of(
        kv(
            "check",
            "--output-format",
            "json",
            "--select",
            "KVG",
            "--ignore",
            "KVG00",
            "--extend-select",
            "KVG002",
        )
    ) == ["KVG002"]
    bad = kv("check", "--select", "KVG999")
    assert bad.rc == 2 and "KVG999" in bad.err


def test_opt_in_rule_kvg004(kv, project):
    src = (
        "from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool\n"
        "from sglang.srt.layers.attention.base_attn_backend import AttentionBackend\n\n"
        "class B(AttentionBackend):\n"
        "    def __init__(self, model_runner):\n"
        "        self.token_to_kv_pool = model_runner.token_to_kv_pool\n"
        "        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)\n\n"
        "    def forward(self, q):\n"
        "        if self.use_sliding_window_kv_pool:\n"
        "            return q\n"
    )
    write(project, "b.py", src)
    assert kv("check", "--no-cache").rc == 0
    run = kv("check", "--no-cache", "--extend-select", "KVG004", "--output-format", "json")
    assert run.rc == 1 and codes_of(run) == ["KVG004"], run


def test_json_format_matches_ruff_shape(kv, project):
    copy_examples(project)
    run = kv("check", "--output-format", "json")
    assert run.rc == 1
    items = json.loads(run.out)
    assert [i["code"] for i in items] == BUGGY_CODES
    for item in items:
        assert set(item) >= {
            "code",
            "message",
            "filename",
            "location",
            "end_location",
            "fix",
            "url",
            "noqa_row",
        }
        assert item["filename"] == str(project / "buggy_backend.py")
        assert set(item["location"]) == {"row", "column"} and item["location"]["row"] >= 1
        assert item["location"]["column"] >= 1
        assert (item["end_location"]["row"], item["end_location"]["column"]) >= (
            item["location"]["row"],
            item["location"]["column"],
        )
        assert item["noqa_row"] == item["location"]["row"]
        fix = item["fix"]
        assert fix is None or (
            set(fix) >= {"applicability", "message", "edits"} and isinstance(fix["edits"], list)
        )
    # Clean: an empty list, still valid JSON.
    (project / "buggy_backend.py").unlink()
    clean = kv("check", "--output-format", "json")
    assert clean.rc == 0 and json.loads(clean.out) == []


def test_sarif_structure(kv, project):
    copy_examples(project)
    write(project, "broken.py", b"x = '\xff'\n")
    run = kv("check", "--output-format", "sarif")
    assert run.rc == 2
    doc = json.loads(run.out)
    assert doc["version"] == "2.1.0" and "sarif-2.1.0" in doc["$schema"]
    (the_run,) = doc["runs"]
    driver = the_run["tool"]["driver"]
    assert driver["name"] == "kvguard"
    rule_ids = [r["id"] for r in driver["rules"]]
    assert sorted(rule_ids) == sorted(set(BUGGY_CODES))
    for rule in driver["rules"]:
        assert rule["shortDescription"]["text"]
    assert [r["ruleId"] for r in the_run["results"]] == BUGGY_CODES
    for result in the_run["results"]:
        assert result["level"] == "error" and result["message"]["text"]
        assert rule_ids[result["ruleIndex"]] == result["ruleId"]
        (loc,) = result["locations"]
        phys = loc["physicalLocation"]
        assert phys["artifactLocation"]["uri"] == "buggy_backend.py"
        region = phys["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert (region["endLine"], region["endColumn"]) >= (
            region["startLine"],
            region["startColumn"],
        )
    (inv,) = the_run["invocations"]
    assert inv["executionSuccessful"] is False
    assert "broken.py" in json.dumps(inv["toolExecutionNotifications"])


def test_github_annotations(kv, project):
    copy_examples(project)
    run = kv("check", "--output-format", "github")
    assert run.rc == 1
    lines = run.out.splitlines()
    assert len(lines) == 3
    pattern = re.compile(
        r"^::error title=kvguard \((KVG\d{3})\),file=buggy_backend\.py,line=(\d+),col=(\d+),endLine=(\d+),endColumn=(\d+)::buggy_backend\.py:\2:\3: \1 .+$"
    )
    assert [pattern.match(ln).group(1) for ln in lines] == BUGGY_CODES


def test_full_format_shows_source_and_caret(kv, project):
    copy_examples(project)
    run = kv("check")
    assert run.rc == 1
    assert " --> buggy_backend.py:" in run.out
    assert "isinstance(allocator, SWATokenToKVPoolAllocator)" in run.out
    assert re.search(r"\|\s+\^+ KVG001", run.out)


def test_statistics(kv, project):
    copy_examples(project)
    run = kv("check", "--statistics")
    assert run.rc == 1
    rows = [ln.split("\t") for ln in run.out.splitlines()]
    assert sorted(r[1] for r in rows) == sorted(BUGGY_CODES) and all(
        r[0].strip() == "1" for r in rows
    )


def test_rule_command(kv):
    run = kv("rule", "KVG001")
    assert run.rc == 0 and "KVG001" in run.out and "Fix" in run.out
    allr = kv("rule", "--all")
    assert allr.rc == 0 and all(
        code in allr.out for code in ("KVG001", "KVG002", "KVG003", "KVG004")
    )
    js = json.loads(kv("rule", "KVG002", "--output-format", "json").out)
    assert js["code"] == "KVG002" and js["explanation"]
    assert js["url"].endswith("/docs/rules/KVG002.md")  # the page JSON findings link to
    assert kv("rule", "KVG999").rc == 2
    assert kv("rule").rc == 0  # the rule list (tests/cli/test_messages.py)


def test_stdin_filename(kv, project):
    run = kv(
        "check",
        "--stdin-filename",
        "pkg/backend.py",
        "--output-format",
        "concise",
        stdin=BUGGY.encode(),
    )
    assert run.rc == 1, run
    assert [
        ln.split()[1] for ln in run.out.splitlines() if ln.startswith("pkg/backend.py:")
    ] == BUGGY_CODES
    assert not (project / "pkg").exists()
    clean = kv("check", "--stdin-filename", "x.py", stdin=CLEAN.encode())
    assert clean.rc == 0
    bad = kv("check", "--stdin-filename", "x.py", stdin=b"x = '\xff'\n")
    assert bad.rc == 2 and "x.py" in bad.err


def test_show_unused_suppressions(kv, project):
    text = BUGGY.replace(
        "isinstance(allocator, SWATokenToKVPoolAllocator)",
        "isinstance(allocator, SWATokenToKVPoolAllocator)  # noqa: KVG001",
    ).replace(
        "self.page_size = model_runner.page_size",
        "self.page_size = model_runner.page_size  # noqa: KVG002",
    )
    write(project, "b.py", text)
    plain = kv("check", "--output-format", "json", "--no-cache")
    assert codes_of(plain) == ["KVG003", "KVG002"]
    shown = kv("check", "--output-format", "json", "--no-cache", "--show-unused-suppressions")
    items = json.loads(shown.out)
    unused = [i for i in items if i["code"] == "unused-suppression"]
    assert len(unused) == 1 and "KVG002" in unused[0]["message"]
    row = next(i for i, ln in enumerate(text.splitlines(), 1) if "noqa: KVG002" in ln)
    assert unused[0]["location"]["row"] == row
    # Same answer from the cache.
    again = kv("check", "--output-format", "json", "--show-unused-suppressions")
    assert json.loads(again.out) == items


def test_unused_suppressions_in_files_the_prefilter_skips(kv, project):
    write(project, "plain.py", "x = 1  # noqa: KVG001\n")
    assert kv("check").rc == 0
    run = kv("check", "--show-unused-suppressions", "--output-format", "concise")
    assert run.rc == 1 and "plain.py:1:1: unused-suppression" in run.out, run


def test_directory_named_like_a_python_file(kv, project):
    (project / "weird.py").mkdir()
    write(project, "weird.py/inner.py", BUGGY)
    run = kv("check", "--output-format", "concise")
    assert run.rc == 1 and "weird.py/inner.py:" in run.out, run
    assert kv("check", "weird.py", "--output-format", "concise").rc == 1


def test_symlinks_loops_and_out_of_tree(kv, project, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    write(outside, "ext_backend.py", BUGGY)
    write(project, "src/ok.py", CLEAN)
    os.symlink(project / "src", project / "src" / "loop")  # a loop back into the tree
    os.symlink(outside, project / "src" / "ext")  # leaves the tree: not followed
    run = kv("check", "src", "--output-format", "concise")
    assert run.rc == 0, run
    # Named explicitly, an out-of-tree link is linted.
    named = kv("check", "src/ext", "--output-format", "concise")
    assert named.rc == 1 and "src/ext/ext_backend.py:" in named.out


def test_default_and_configured_excludes(kv, project):
    write(project, ".venv/lib/backend.py", BUGGY)
    write(project, "build/backend.py", BUGGY)
    write(project, "node_modules/x/backend.py", BUGGY)
    write(project, "pkg/ok.py", CLEAN)
    assert kv("check").rc == 0
    # An explicitly named file is linted even in an excluded directory, unless --force-exclude.
    assert kv("check", "build/backend.py").rc == 1
    assert kv("check", "build/backend.py", "--force-exclude").rc == 0


def test_pyi_files_and_other_suffixes(kv, project):
    write(project, "stubs/backend.pyi", BUGGY)
    write(project, "notes/backend.txt", BUGGY)
    run = kv("check", "--output-format", "concise")
    assert run.rc == 1 and "stubs/backend.pyi:" in run.out and "backend.txt" not in run.out


def test_never_prompts_and_handles_closed_stdin(project):
    copy_examples(project)
    # stdin is empty/non-tty in run_kvguard; the command must just run.
    run = run_kvguard("check", "--output-format", "concise", cwd=project)
    assert run.rc == 1


def test_explicit_file_without_py_suffix_is_linted(kv, project):
    # pre-commit's `types_or: [python]` also passes extensionless scripts with a python shebang.
    write(project, "bin/tool", "#!/usr/bin/env python\n" + BUGGY)
    assert kv("check").rc == 0  # not discovered by walking
    run = kv("check", "bin/tool", "--output-format", "concise")
    assert run.rc == 1 and "bin/tool:" in run.out, run
