"""``kvguard check --add-noqa`` (lint_rules/add_noqa.py): comments only, never breaking code."""

from __future__ import annotations

import ast
import io
import json
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from tests.support.cli import write

from .conftest import ATTENTION, kv

HEAD = (
    "from sglang.srt.layers.attention.base_attn_backend import AttentionBackend\n"
    "from sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator\n\n\n"
    "class B(AttentionBackend):\n"
    "    def __init__(self, model_runner):\n"
    "        allocator = model_runner.token_to_kv_pool_allocator\n"
)
REL = "layers/attention/b.py"


def code_tokens(text: str) -> list:
    return [
        (t.type, t.string)
        for t in tokenize.generate_tokens(io.StringIO(text).readline)
        if t.type not in (tokenize.COMMENT, tokenize.NL)
    ]


def black_check(paths: list[Path], line_length: int = 88) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "black", "-q", "--check", "-l", str(line_length), *map(str, paths)],
        capture_output=True,
        text=True,
    )


def project(tmp_path: Path, body: str, pyproject: str = "[project]\nname = 'p'\n") -> Path:
    write(tmp_path, "pyproject.toml", pyproject)
    return write(tmp_path, REL, HEAD + body)


def rows(root: Path) -> list[tuple[int, str]]:
    run = kv("check", "--output-format", "json", ".", cwd=root)
    assert run.rc in (0, 1), run
    return [(f["location"]["row"], f["code"]) for f in json.loads(run.out)]


def test_on_a_release_tree_black_stable_and_the_rest_goes_to_a_baseline(legacy_tree):
    attention = legacy_tree / ATTENTION
    before = {p: p.read_text(encoding="utf-8") for p in attention.glob("*.py")}
    found = rows(legacy_tree)
    assert found
    assert black_check(list(before)).returncode == 0  # the release is black-formatted (88)

    run = kv("check", "--add-noqa", "sglang", cwd=legacy_tree)
    unplaced = [line for line in run.err.splitlines() if " not suppressed: " in line]
    assert run.rc == (1 if unplaced else 0), run
    assert f"Added {len(found) - len(unplaced)} noqa directives." in run.err
    changed = [p for p, text in before.items() if p.read_text(encoding="utf-8") != text]
    assert changed
    for p in changed:
        new = p.read_text(encoding="utf-8")
        ast.parse(new)
        assert code_tokens(new) == code_tokens(before[p])  # comments only
        assert len(new.splitlines()) == len(before[p].splitlines())
    assert black_check(changed).returncode == 0  # still black-stable
    # What remains is exactly what --add-noqa said it could not suppress (a line too long for
    # a comment); those go to a baseline, and the tree is clean.
    remaining = kv("check", "--output-format", "concise", "sglang", cwd=legacy_tree)
    reported = [l.split(" ")[:2] for l in remaining.out.splitlines() if ": KVG" in l]
    assert sorted(" ".join(r) for r in reported) == sorted(
        l.split(" not suppressed")[0] for l in unplaced
    )
    assert kv("check", "--write-baseline", "b.json", "sglang", cwd=legacy_tree).rc == 0
    assert kv("check", "--baseline", "b.json", "sglang", cwd=legacy_tree).rc == 0
    # Idempotent: a second run adds nothing and changes nothing.
    snapshot = {p: p.read_text(encoding="utf-8") for p in attention.glob("*.py")}
    again = kv("check", "--add-noqa", "sglang", cwd=legacy_tree)
    assert "Added 0 noqa directives." in again.err
    assert {p: p.read_text(encoding="utf-8") for p in attention.glob("*.py")} == snapshot


def test_merges_with_existing_comments(tmp_path):
    path = project(
        tmp_path,
        "        self.a = isinstance(allocator, SWATokenToKVPoolAllocator)  # noqa: E501\n"
        "        self.b = isinstance(allocator, SWATokenToKVPoolAllocator)  # type: ignore\n"
        "        self.c = isinstance(allocator, SWATokenToKVPoolAllocator)  # noqa:KVG002\n",
        "[tool.black]\nline-length = 100\n",
    )
    assert len(rows(tmp_path)) == 3
    run = kv("check", "--add-noqa", ".", cwd=tmp_path)
    assert run.rc == 0, run
    lines = path.read_text(encoding="utf-8").splitlines()[-3:]
    assert lines[0].endswith("# noqa: E501, KVG001")
    assert lines[1].endswith("# type: ignore  # noqa: KVG001")
    assert lines[2].endswith("# noqa:KVG002, KVG001")
    assert rows(tmp_path) == []


def test_line_ending_in_a_string_gets_the_statement_comment_instead(tmp_path):
    body = (
        "        self.a = describe(\n"
        '            isinstance(allocator, SWATokenToKVPoolAllocator), """one\n'
        'two""",\n'
        "        )\n"
    )
    path = project(tmp_path, body)
    original = path.read_text(encoding="utf-8")
    assert rows(tmp_path) == [(9, "KVG001")]
    run = kv("check", "--add-noqa", ".", cwd=tmp_path)
    assert run.rc == 0, run
    new = path.read_text(encoding="utf-8")
    assert new.splitlines()[7] == "        self.a = describe(  # kvguard: ignore[KVG001]"
    assert '"""one\ntwo"""' in new and code_tokens(new) == code_tokens(original)
    assert rows(tmp_path) == []


def test_backslash_continuations_are_left_alone_and_listed(tmp_path):
    body = (
        "        self.a = True and \\\n"
        "            isinstance(allocator, SWATokenToKVPoolAllocator) and \\\n"
        "            True\n"
    )
    path = project(tmp_path, body)
    original = path.read_bytes()
    run = kv("check", "--add-noqa", ".", cwd=tmp_path)
    assert run.rc == 1
    assert f"{REL}:9:13: KVG001 not suppressed: the line ends with a backslash continuation" in (
        run.err
    )
    assert path.read_bytes() == original
    assert rows(tmp_path) == [(9, "KVG001")]


def test_line_length_comes_from_the_formatter_config(tmp_path):
    line = "        self.a = isinstance(allocator, SWATokenToKVPoolAllocator)\n"  # 66 columns
    path = project(tmp_path, line, "[tool.black]\nline-length = 70\n")
    run = kv("check", "--add-noqa", ".", cwd=tmp_path)
    assert run.rc == 1 and "past 70 columns" in run.err
    write(tmp_path, "pyproject.toml", "[tool.ruff]\nline-length = 100\n")
    run = kv("check", "--add-noqa", ".", cwd=tmp_path)
    assert run.rc == 0, run
    assert path.read_text(encoding="utf-8").endswith("  # noqa: KVG001\n")


def test_crlf_and_encoding_are_kept(tmp_path):
    path = tmp_path / REL
    project(tmp_path, "")
    text = HEAD + "        self.a = isinstance(allocator, SWATokenToKVPoolAllocator)  # é\n"
    path.write_bytes(("# -*- coding: latin-1 -*-\n" + text).replace("\n", "\r\n").encode("latin-1"))
    run = kv("check", "--add-noqa", ".", cwd=tmp_path)
    assert run.rc == 0, run
    data = path.read_bytes()
    assert data.endswith("# é  # noqa: KVG001\r\n".encode("latin-1"))
    assert data.count(b"\r\n") == data.count(b"\n")


@pytest.mark.parametrize("extra", [["--fix"], ["--diff"], ["--write-baseline", "b.json"]])
def test_conflicting_options(tmp_path, extra):
    project(tmp_path, "        self.a = isinstance(allocator, SWATokenToKVPoolAllocator)\n")
    run = kv("check", "--add-noqa", *extra, ".", cwd=tmp_path)
    assert run.rc == 2 and "cannot be combined" in run.err


def test_plan_never_guesses_on_text_it_cannot_tokenize():
    from lint_rules.add_noqa import plan
    from lint_rules.model import Finding, Location

    finding = Finding("KVG001", "m", Location(1, 5), Location(1, 9))
    out = plan("x = (alloc\n", [finding], 88)
    assert out.text == "x = (alloc\n" and not out.placed
    assert out.unplaced and "cannot tokenize" in out.unplaced[0][1]
