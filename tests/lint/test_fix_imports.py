"""lint_rules/fixes/imports.py against libcst's import visitors and the real isort / black."""

from __future__ import annotations

import ast

import black
import isort
import libcst as cst
import pytest
from libcst.codemod import CodemodContext
from libcst.codemod.visitors import RemoveImportsVisitor

from lint_rules.fixes.imports import add_from_import, remove_unused

MOD = "sglang.srt.mem_cache.swa_memory_pool"
ISORT = dict(profile="black", known_first_party=["sglang"])


def _apply(text, edits):
    for e in sorted(edits, key=lambda e: e.start, reverse=True):
        text = text[: e.start] + e.new + text[e.end :]
    return text


def _clean(text: str) -> bool:
    return isort.code(text, **ISORT) == text and black.format_str(text, mode=black.Mode()) == text


HEADS = [
    # into an existing one-line import
    "import torch\n\nfrom sglang.srt.environ import envs\nfrom sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator\nfrom sglang.srt.utils import x\n",
    # a new statement between two sglang imports
    "import torch\n\nfrom sglang.srt.environ import envs\nfrom sglang.srt.utils import x\n",
    # a new statement after the last sglang import
    "import os\n\nfrom sglang.srt.environ import envs\nfrom sglang.srt.layers.a import b\n",
    # a new statement before the first (with a comment attached to it)
    "import os\n\n# the utils\nfrom sglang.srt.zz import y\n",
    # into an exploded import
    "from sglang.srt.mem_cache.swa_memory_pool import (\n    AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA,\n    BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB,\n    SWATokenToKVPoolAllocator,\n)\n",
    # a one-line import that becomes too long: exploded
    "from sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator, helper_name\n",
]


@pytest.mark.parametrize("head", HEADS)
def test_added_import_is_what_isort_and_black_keep(head):
    body = "\n\nclass A:\n    refs = SWAKVPool, SWATokenToKVPoolAllocator, envs, x, y, b, torch, os, helper_name\n"
    text = head + body
    assert _clean(isort.code(text, **ISORT)) and isort.code(text, **ISORT) == text, "precondition"
    edit = add_from_import(text, ast.parse(text), MOD, "SWAKVPool", 88)
    assert not isinstance(edit, str), edit
    new = _apply(text, [edit])
    assert _clean(new), new
    assert "import" in new and "SWAKVPool" in new.split(body)[0]


def test_no_package_import_means_no_placement():
    text = "import os\n\nx = 1\n"
    assert isinstance(add_from_import(text, ast.parse(text), MOD, "SWAKVPool", 88), str)


CASES = [
    "from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool, SWATokenToKVPoolAllocator\n\nx = SWAKVPool\n",
    "from sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator\nfrom sglang.srt.utils import y\n\nx = y\n",
    "from sglang.srt.mem_cache.swa_memory_pool import (\n    SWAKVPool,\n    SWATokenToKVPoolAllocator,\n)\n\nx = SWAKVPool\n",
    # still used: in code, in a string annotation
    "from sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator\n\nx = SWATokenToKVPoolAllocator\n",
    "from sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator\n\n\ndef f(a: 'SWATokenToKVPoolAllocator'):\n    pass\n",
    # only a comment names it: unused
    "from sglang.srt.mem_cache.swa_memory_pool import SWATokenToKVPoolAllocator\n\nx = 1  # SWATokenToKVPoolAllocator\n",
]


@pytest.mark.parametrize("text", CASES)
def test_removal_agrees_with_libcst_remove_imports(text):
    ours = _apply(text, remove_unused(text, ast.parse(text), {"SWATokenToKVPoolAllocator"}, text))
    ctx = CodemodContext()
    RemoveImportsVisitor.remove_unused_import(ctx, MOD, "SWATokenToKVPoolAllocator")
    theirs = RemoveImportsVisitor(ctx).transform_module(cst.parse_module(text)).code
    # the same names stay bound (libcst's layout of an exploded import is not black's: ours is)
    assert _bound(ours) == _bound(theirs)
    assert _clean(ours) or not _clean(text)


def _bound(text: str) -> set:
    return {
        (n.module, a.name)
        for n in ast.parse(text).body
        if isinstance(n, ast.ImportFrom)
        for a in n.names
    }
