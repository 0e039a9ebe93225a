"""The engine's byte-level prefilter never hides a file the checker's prefilter would parse.

The engine skips decoding and ``checker.needs_parse`` for UTF-8 files whose bytes lack every
selected rule's needles; that is sound only if ``needs_parse(text) => bytes_may_match(data)``.
It also skips them out of the backend paths when no base pattern's literal pieces are all in
the bytes (``Triage.bytes_out_of_scope``): sound only if that implies ``not needs_parse(text)``.
Proven here on synthetic texts (fast) and on every file of real sglang releases (slow).
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lint_rules import checker
from lint_rules.config import Config
from lint_rules.haystack import Haystack
from lint_rules.model import ScopeConfig
from lint_rules.registry import RULES
from lint_rules.scope import path_in_scope, scope_may_match
from lint_rules.settings import Options, RunSettings
from lint_rules.source import BOM, _may_have_cookie, decode_source
from lint_rules.triage import NEEDLES_FOUND, Triage

REPO = Path(__file__).resolve().parents[2]
CODE_SETS = [
    frozenset(c) for n in range(1, len(RULES) + 1) for c in itertools.combinations(sorted(RULES), n)
]
SCOPES = [ScopeConfig(), ScopeConfig(all_code=True)]
# the byte form of the scope test: other patterns, none, and one it cannot decide (not ASCII)
SCOPES += [ScopeConfig(base_patterns=("*Backend", "Attn*")), ScopeConfig(base_patterns=())]
SCOPES += [ScopeConfig(base_patterns=("*B\u00e4ckend",))]


def linter(codes: frozenset[str], scope: ScopeConfig, report_unused: bool = False) -> Triage:
    return Triage(
        RunSettings(
            Config(root=str(REPO), scope=scope), codes, Options(report_unused=report_unused)
        )
    )


LINTERS = [(codes, scope, linter(codes, scope)) for codes in CODE_SETS for scope in SCOPES]


def check_implication(data: bytes, path: str) -> None:
    if data.startswith(BOM) or _may_have_cookie(data):
        return  # the byte-level shortcut is not used for these
    try:
        text = decode_source(data).text
    except ValueError:
        return
    for codes, scope, lin in LINTERS:
        by_bytes = lin.bytes_may_match(data, codes)
        if checker.needs_parse(text, path, codes, scope):
            assert by_bytes, (path, sorted(codes))
        if by_bytes == NEEDLES_FOUND:
            # the text prefilter then skips its needle test: it would have said yes
            assert any(RULES[c].may_match(text, scope) for c in codes), (path, sorted(codes))
            assert checker.needs_parse(text, path, codes, scope) == checker.needs_parse(
                text, path, codes, scope, needles_found=True
            )
        in_scope = path_in_scope(path, scope)
        if lin.bytes_out_of_scope(Haystack(data), lambda: in_scope):
            assert not scope_may_match(text, path, scope, in_scope), (path, scope)
            assert not checker.needs_parse(text, path, codes, scope), (path, sorted(codes))


WORDS = sorted({n for meta in RULES.values() for group in meta.needles_for() for n in group}) + [
    "class B(AttentionBackend):",
    "class C(MyBackend, AttnX):",
    "AttnBackend",
    "B\u00e4ckend",
    "def __init__(self, model_runner):",
    "self.",
    "model_runner.",
    "SWATokenToKVPoolAllocator",
    "SWAKVPool",
    "(",
    ")",
    "\n    ",
    "\n",
    " = ",
    "caf\u00e9",
    "\u6ce8\u91ca",
]


@settings(max_examples=400, deadline=None)
@given(
    parts=st.lists(st.sampled_from(WORDS), max_size=40),
    path=st.sampled_from(["a.py", "x/layers/attention/b.py"]),
)
def test_bytes_prefilter_implied_by_checker_prefilter(parts, path):
    check_implication("".join(parts).encode("utf-8"), path)


@pytest.mark.slow
@pytest.mark.parametrize("version", ["0.5.12.post1", "0.5.23"])
def test_bytes_prefilter_on_real_releases(version):
    sys.path.insert(0, str(REPO / "benchmarks"))
    try:
        import sglang_wheels
    finally:
        sys.path.pop(0)
    tree = sglang_wheels.ensure_tree(version, quiet=True)
    files = sorted(tree.rglob("*.py"))
    assert len(files) > 1000
    for f in files:
        check_implication(f.read_bytes(), f.relative_to(tree).as_posix())


SCOPE_PATHS = [
    ("**/layers/attention/**",),
    ("srt/layers/attention/*.py", "*_backend.py"),
    ("pkg", "a/b"),
    ("**/x*/**/y?.py",),
    (),
]


@settings(max_examples=300, deadline=None)
@given(
    parts=st.lists(
        st.sampled_from(["srt", "layers", "attention", "pkg", "a", "b", "xq", "y1.py", "f.py"]),
        min_size=1,
        max_size=6,
    ),
    paths=st.sampled_from(SCOPE_PATHS),
    absolute=st.booleans(),
)
def test_target_scope_equals_path_in_scope(tmp_path_factory, parts, paths, absolute):
    """The engine's per-target scope (``RunSettings.in_scope``, parent directories memoised, the
    same settings object asked about many paths) equals ``scope.path_in_scope``; a target whose
    directory is in scope (``dir_in_scope``, the parallel run's ordering) is in scope."""
    from lint_rules.discovery import Target
    from lint_rules.scope import path_in_scope

    root = "/proj"
    scope = ScopeConfig(paths=paths, root=None if absolute else root)
    settings_ = RunSettings(Config(root=root, scope=scope), frozenset({"KVG001"}), Options())
    for n in range(1, len(parts) + 1):
        rel = "/".join(parts[:n])
        display = "/" + rel if absolute else rel
        target = Target(root + "/" + rel, display, rel)
        # with a root, path_in_scope makes the (absolute) path root-relative itself
        expected = path_in_scope(display if absolute else target.abspath, scope)
        assert settings_.in_scope(target) is expected, (rel, paths)
        if settings_.dir_in_scope(target):
            assert expected


def test_backend_files_are_ordered_first(tmp_path):
    """The parallel run triages files in backend scope first (they are the likely parse
    candidates): also the files that sit directly in a backend directory, which the glob
    ``**/layers/attention/**`` matches as files, not as a directory."""
    from lint_rules.discovery import Target
    from lint_rules.engine import Engine

    root = str(tmp_path)
    scope = ScopeConfig(paths=("**/layers/attention/**",), root=root)
    rels = [
        "sglang/srt/managers/a.py",
        "sglang/srt/layers/attention/b_backend.py",
        "sglang/srt/mem_cache/c.py",
        "sglang/srt/layers/attention/sub/d.py",
        "sglang/srt/layers/linear.py",
    ]
    targets = [Target(f"{root}/{r}", r, r) for r in rels]
    engine = Engine(Config(root=root, scope=scope), frozenset({"KVG001"}), Options())
    likely, rest = engine._scope_first(list(range(len(targets))), targets)
    assert [rels[i] for i in likely] == [rels[1], rels[3]]
    assert sorted(likely + rest) == list(range(len(targets)))
