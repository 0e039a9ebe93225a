"""The generator's own validity checks: a variant never reads a global it does not bind (beyond
what the real site already leaves unbound), and operators whose premise a previous operator
broke do not apply. These guard the suite against judging invalid code."""

from __future__ import annotations

import libcst as cst
import pytest

from .cstutil import ALLOC, undefined_globals
from .generator import build
from .operators import _given_a_pool
from .sites import representative_sites


def test_undefined_globals_sees_every_scope():
    text = (
        "import os\nX = 1\n"
        "def f(a):\n    return os.path, X, a, len, Y\n"
        "class C:\n    z = W\n    def m(self):\n        return Z, __file__\n"
    )
    assert undefined_globals(text) == {"Y", "W", "Z"}


def test_undefined_globals_counts_declared_globals_and_gives_up_on_star_imports():
    assert undefined_globals("def f():\n    global G\n    G = 1\ndef g():\n    return G\n") == set()
    assert undefined_globals("from m import *\ndef f():\n    return Q\n") == set()


def _site(kind):
    return next(s for s in representative_sites() if s.kind == kind)


def test_a_renamed_import_is_renamed_at_module_level_too():
    # module_class_alias binds `_BaseSWAKVPoolType = BaseSWAKVPool` at module level; renaming the
    # import afterwards must rename that read too, or the module raises NameError on import
    site = _site("flashinfer_resolver")
    v = build(site, ["module_class_alias", "import_alias"])
    assert v is not None
    assert "_BaseSWAKVPoolType = _BaseSWAKVPoolCls" in v.files[site.relpath]


def test_a_base_moved_to_another_module_takes_the_record_class_it_uses():
    # dataclass_record adds a module-level record class that __init__ builds; base_other_module
    # moves __init__ into swa_base.py: the record class moves with it and is imported back
    site = _site("triton_pool")
    v = build(site, ["dataclass_record", "base_other_module"])
    assert v is not None
    base = v.files["sglang/srt/layers/attention/swa_base.py"]
    assert "@dataclass" in base and "class _" in base
    assert "from sglang.srt.layers.attention.swa_base import " in v.files[site.relpath]


def test_moved_code_that_needs_a_name_left_behind_does_not_apply():
    # a helper module that would read a name only the site's module binds: n/a, not a variant
    from . import generator

    site = _site("flashinfer_resolver")
    assert not generator._leaves_names_behind(site, {"m.py": "import os\nX = os.sep\n"})
    assert generator._leaves_names_behind(site, {"m.py": "def f(x):\n    return x is _Left\n"})


@pytest.mark.parametrize(
    "call,given_a_pool",
    [
        ("helper(self.token_to_kv_pool)", True),
        (f"helper({ALLOC}=model_runner.token_to_kv_pool)", True),
        (f"helper(self.model_runner.{ALLOC})", False),
        ("helper(alloc)", False),
    ],
)
def test_annotations_only_where_no_caller_passes_a_pool(call, given_a_pool):
    module = cst.parse_module(
        f"def helper({ALLOC}):\n    return {ALLOC}\n\n"
        f"class B:\n    def f(self, model_runner, alloc):\n        return {call}\n"
    )
    assert (_given_a_pool(module, {"helper"}, ALLOC) == {"helper"}) is given_a_pool
