"""KVG003's path conditions across modules: a resolver's active-pool or draft test written as a
predicate of another module of the tree (absolute, relative, star re-export, alias) resolves
to the atoms the same predicate gives in the resolver's module, with its parameters bound to
the call's arguments; an import the project index cannot resolve stays unknown.

The real ``kvguard`` CLI runs on generated packages (``test_project``'s layout), with the
prefilter, the reduction and the cache; ``_reference`` (every file linted in full under the
same index) checks that no skip hides or invents a finding."""

from __future__ import annotations

import os
import textwrap

import pytest
from test_project import _check, _package, _reference

from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig

PATH = "sglang/srt/layers/attention/example_backend.py"

CHECKS = '''"""SWA predicates shared by the backends."""

from sglang.srt.mem_cache.memory_pool import SWAKVPool


def is_swa_pool(obj):
    return isinstance(obj, SWAKVPool)


def is_plain_draft(runner, *, frozen_ok=True):
    return runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp()
'''

RESOLVER = """
from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
{imports}


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.kv = self._resolve_swa_kv_pool(model_runner)

    def _resolve_swa_kv_pool(self, mr):
        if {pool}(mr.token_to_kv_pool):
            return mr.token_to_kv_pool
        if {draft}(mr):
            return None
        return mr.token_to_kv_pool_allocator.get_kvcache()
"""

EXTRA = {
    "sglang/srt/utils/swa_checks.py": CHECKS,
    "sglang/srt/swa_compat.py": "from sglang.srt.utils.swa_checks import *  # noqa: F401,F403\n",
    "sglang/srt/swa_alias.py": (
        "from sglang.srt.utils.swa_checks import is_swa_pool as pool_is_swa  # noqa: F401\n"
    ),
}

# (name, imports, pool predicate, draft predicate)
SPELLINGS = [
    (
        "absolute",
        "from sglang.srt.utils.swa_checks import is_plain_draft, is_swa_pool",
        "is_swa_pool",
        "is_plain_draft",
    ),
    (
        "relative",
        "from ...utils.swa_checks import is_plain_draft, is_swa_pool",
        "is_swa_pool",
        "is_plain_draft",
    ),
    (
        "star_compat",
        "from sglang.srt.swa_compat import is_plain_draft, is_swa_pool",
        "is_swa_pool",
        "is_plain_draft",
    ),
    (
        "alias_reexport",
        "from sglang.srt.swa_alias import pool_is_swa\n"
        "from sglang.srt.utils.swa_checks import is_plain_draft as plain",
        "pool_is_swa",
        "plain",
    ),
]


def _codes(root) -> list:
    return [(c, r) for f, c, r in _check(root, "--no-cache") if f.endswith("foo_backend.py")]


@pytest.mark.parametrize("name,imports,pool,draft", SPELLINGS, ids=[s[0] for s in SPELLINGS])
def test_guard_in_another_module_is_seen(tmp_path, name, imports, pool, draft):
    _package(tmp_path, RESOLVER.format(imports=imports, pool=pool, draft=draft), EXTRA)
    assert _codes(tmp_path) == []
    assert _check(tmp_path, "--no-cache") == _reference(tmp_path)


@pytest.mark.parametrize(
    "old,new,message",
    [
        (
            "return isinstance(obj, SWAKVPool)",
            "return not isinstance(obj, SWAKVPool)",
            "active-pool check inverted",
        ),
        (
            "return runner.is_draft_worker and not",
            "return not runner.is_draft_worker and not",
            "the draft check does not exclude non-FROZEN_KV draft workers",
        ),
        # the predicate asks about its parameter, not a name: another object is not the pool
        (
            "return isinstance(obj, SWAKVPool)",
            "return isinstance(frozen_ok, SWAKVPool)",
            "no active-pool check on this path",
        ),
    ],
    ids=["inverted_pool", "inverted_draft", "other_object"],
)
def test_broken_guard_in_another_module_is_reported(tmp_path, old, new, message):
    assert old in CHECKS
    extra = dict(EXTRA)
    extra["sglang/srt/utils/swa_checks.py"] = CHECKS.replace(old, new)
    imports = SPELLINGS[0][1]
    _package(
        tmp_path,
        RESOLVER.format(imports=imports, pool="is_swa_pool", draft="is_plain_draft"),
        extra,
    )
    found = _check(tmp_path, "--no-cache")
    assert [c for f, c, _ in found if f.endswith("foo_backend.py")] == ["KVG003"], found
    assert found == _reference(tmp_path)
    from lint_rules import cli  # noqa: F401  (the message: same run, text output)

    src = (tmp_path / "sglang/srt/layers/attention/foo_backend.py").read_text()
    assert message in _message_of(tmp_path, src)


def _message_of(root, src: str) -> str:
    from lint_rules import project
    from lint_rules.context import FileContext

    index = project.Index(str(root), patterns=ScopeConfig().base_patterns)
    cwd = os.getcwd()
    os.chdir(root)
    try:
        path = "sglang/srt/layers/attention/foo_backend.py"
        ctx = FileContext(index, path)
        result = lint_text(src, path, frozenset({"KVG003"}), ScopeConfig(root=str(root)), ctx=ctx)
    finally:
        os.chdir(cwd)
    return " / ".join(f.message for f in result.findings)


@pytest.mark.parametrize(
    "spelling,clean",
    [
        ("_PoolT = SWAKVPool\n_PoolU = _PoolT", True),  # aliases bound once: the class
        ("from sglang.srt.mem_cache.memory_pool import SWAKVPool as _PoolU", True),
        ("from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool as _PoolU", False),
        ("_PoolU = SWAKVPool\n_PoolU = object", False),  # rebound: not one class
    ],
    ids=["module_alias", "import_as", "import_as_other_class", "rebound_alias"],
)
def test_class_named_through_the_predicate_modules_own_binding(tmp_path, spelling, clean):
    """The predicate's module names the SWA class through its own binding: judged by what the
    binding binds, as in the resolver's module, never by the spelling of the name."""
    extra = dict(EXTRA)
    extra["sglang/srt/utils/swa_checks.py"] = CHECKS.replace(
        "\n\ndef is_swa_pool(obj):\n    return isinstance(obj, SWAKVPool)",
        f"\n{spelling}\n\n\ndef is_swa_pool(obj):\n    return isinstance(obj, _PoolU)",
    )
    assert "_PoolU" in extra["sglang/srt/utils/swa_checks.py"]
    _package(
        tmp_path,
        RESOLVER.format(imports=SPELLINGS[0][1], pool="is_swa_pool", draft="is_plain_draft"),
        extra,
    )
    assert [c for c, _ in _codes(tmp_path)] == ([] if clean else ["KVG003"])
    assert _check(tmp_path, "--no-cache") == _reference(tmp_path)


def test_unresolved_import_stays_unknown(tmp_path):
    imports = "from thirdparty.swa import is_plain_draft, is_swa_pool"
    _package(
        tmp_path,
        RESOLVER.format(imports=imports, pool="is_swa_pool", draft="is_plain_draft"),
        EXTRA,
    )
    assert [c for c, _ in _codes(tmp_path)] == ["KVG003"]


def test_cache_follows_the_predicate_module(tmp_path):
    """Inverting only the other module's predicate turns the warm, cached clean result into a
    finding (the cache entry depends on the module the guard was read from)."""
    imports = SPELLINGS[0][1]
    _package(
        tmp_path,
        RESOLVER.format(imports=imports, pool="is_swa_pool", draft="is_plain_draft"),
        EXTRA,
    )
    cache = ["--cache-dir", str(tmp_path / ".cache")]
    backend = [c for f, c, _ in _check(tmp_path, *cache) if "foo_backend" in f]
    assert backend == []
    assert [c for f, c, _ in _check(tmp_path, *cache) if "foo_backend" in f] == []  # warm
    helper = tmp_path / "sglang/srt/utils/swa_checks.py"
    st = helper.stat()
    helper.write_text(CHECKS.replace("return isinstance(", "return not isinstance("))
    os.utime(helper, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    assert [c for f, c, _ in _check(tmp_path, *cache) if "foo_backend" in f] == ["KVG003"]


# ------------------------------------------------------------------ parameter binding, one module

# no draft check: the predicate alone keeps a draft owning an SWA pool from the fetch
_LOCAL = """
def _is_swa(pool):
    return isinstance(pool, SWAKVPool)


class FooAttnBackend(AttentionBackend):
    def resolve(self, mr):
        if {test}:
            return mr.token_to_kv_pool
        if isinstance(mr.token_to_kv_pool, MHATokenToKVPool):
            return None
        return mr.token_to_kv_pool_allocator.get_kvcache()
"""


@pytest.mark.parametrize(
    "test,clean",
    [
        ("_is_swa(mr.token_to_kv_pool)", True),
        ("_is_swa(pool=mr.token_to_kv_pool)", True),
        ("_is_swa(mr.token_to_kv_pool_allocator)", False),  # the allocator is not the pool
        ("_is_swa(*[mr.token_to_kv_pool])", True),  # starred known items: spread
        ("_is_swa()", False),
    ],
)
def test_same_module_predicate_binds_its_parameter(test, clean):
    result = lint_text(
        textwrap.dedent(_LOCAL.format(test=test)), PATH, frozenset({"KVG003"}), ScopeConfig()
    )
    assert result.error is None
    assert (not result.findings) == clean, [f.message for f in result.findings]


@pytest.mark.parametrize(
    "rebinding",
    [
        "\n\ndef _is_swa(pool):\n    return False\n",  # a second def: the last one counts
        "\n\n_is_swa = len\n",
        "\n\nfrom elsewhere import _is_swa\n",
    ],
    ids=["second_def", "assigned", "imported"],
)
def test_a_rebound_predicate_is_unknown(rebinding):
    src = textwrap.dedent(_LOCAL.format(test="_is_swa(mr.token_to_kv_pool)")) + rebinding
    result = lint_text(src, PATH, frozenset({"KVG003"}), ScopeConfig())
    assert result.error is None
    assert len(result.findings) == 1


def test_a_decorated_predicate_is_unknown():
    src = "@trace_calls\n" + textwrap.dedent(_LOCAL.format(test="_is_swa(mr.token_to_kv_pool)"))
    assert len(lint_text(src, PATH, frozenset({"KVG003"}), ScopeConfig()).findings) == 1


def test_a_memoised_predicate_answers_what_the_call_answers():
    src = "@lru_cache\n" + textwrap.dedent(_LOCAL.format(test="_is_swa(mr.token_to_kv_pool)"))
    assert lint_text(src, PATH, frozenset({"KVG003"}), ScopeConfig()).findings == []


# ---- the lazy paths: KVG003 asks the index for a module's import table only (its flow facts
# are computed when something asks for them) and collects the module's attribute stores only
# when a flag is looked up. Both must answer exactly what the eager computation answers.


def _names_and_modules(tree_root):
    """(module file, every name it imports) for every module of the attention directory."""
    import ast as _ast

    out = []
    for path in sorted((tree_root / "sglang/srt/layers/attention").glob("*.py")):
        mod = _ast.parse(path.read_bytes())
        names = sorted(
            {
                a.asname or a.name
                for n in _ast.walk(mod)
                if isinstance(n, _ast.ImportFrom)
                for a in n.names
                if a.name != "*"
            }
        )
        out.append((str(path), names))
    return out


def _eager_index(root):
    """An index that computes every summary in full (the behaviour before table-only ones)."""
    from lint_rules import project

    class Eager(project.Index):
        def summary(self, path, facts=True, tree=None):
            return super().summary(path, True, tree)

    return Eager(str(root), patterns=ScopeConfig().base_patterns)


def _where(index, path, names) -> list:
    from lint_rules import project

    index.enter(path)
    module = project.module_of(path)[0]
    return [index.resolve(module, name, where=True) for name in names]


@pytest.mark.parametrize("version", ["0.5.9", "0.5.12.post1"])
def test_table_only_summaries_resolve_as_complete_ones(version):
    """``Index.resolve(..., where=True)`` (KVG003's imported predicates) reads table-only
    summaries and completes one only when a def or class of the name exists outside any def
    or class; on a real tree it answers what the index answers when every module it reads
    was summarised in full first."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import sglang_wheels

    from lint_rules import project

    root = sglang_wheels.ensure_tree(version, quiet=True)
    cases = _names_and_modules(root)
    assert sum(len(n) for _, n in cases) > 200
    lazy = project.Index(str(root), patterns=ScopeConfig().base_patterns)
    eager = _eager_index(root)
    for path, names in cases:
        got = _where(lazy, path, names)
        want = _where(eager, path, names)
        assert got == want, path
    assert not any(s.pending for s in eager._summaries.values())
    assert any(s.pending for s in lazy._summaries.values())  # the lazy path was taken


def test_table_only_summary_completes_for_a_def_it_shadows(tmp_path):
    """A module that imports ``helper`` and also defines it in a ``with`` block (which the
    table does not record as defined): the flow model's function wins, as in the eager index."""
    from lint_rules import project

    _package(
        tmp_path,
        "from sglang.srt.shadow import helper\n",
        {
            "sglang/srt/shadow.py": (
                "import contextlib\n"
                "from sglang.srt.utils.swa_checks import is_swa_pool as helper\n"
                "with contextlib.suppress(Exception):\n"
                "    def helper(alloc):\n"
                "        return alloc.token_to_kv_pool_allocator\n"
            ),
            **EXTRA,
        },
    )
    backend = str(tmp_path / "sglang/srt/layers/attention/foo_backend.py")
    lazy = project.Index(str(tmp_path), patterns=ScopeConfig().base_patterns)
    eager = _eager_index(tmp_path)
    shadow = str(tmp_path / "sglang/srt/shadow.py")
    assert _where(lazy, backend, ["helper"]) == _where(eager, backend, ["helper"])
    assert _where(lazy, backend, ["helper"])[0][0] == "fn"
    assert not lazy.summary(shadow, facts=False).pending  # completed on demand


def test_lazy_facts_match_the_eager_walk():
    """``Facts`` computes a function's once-bound locals and the module's attribute stores on
    first use; on real backends they equal a direct computation over the whole module."""
    import ast as _ast
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import sglang_wheels

    from lint_rules import pathcond
    from lint_rules.names import attribute_store

    root = sglang_wheels.ensure_tree("0.5.12.post1", quiet=True)
    checked = 0
    for path in sorted((root / "sglang/srt/layers/attention").glob("*.py")):
        tree = _ast.parse(path.read_bytes())
        facts = pathcond.Facts(tree)
        # every store of an attribute, found by a plain walk of the whole module
        stores: dict = {}
        for node in _ast.walk(tree):
            targets = []
            if isinstance(node, _ast.Assign):
                targets = node.targets
            elif isinstance(node, (_ast.AnnAssign, _ast.AugAssign, _ast.NamedExpr)):
                targets = [node.target]
            elif isinstance(node, (_ast.For, _ast.AsyncFor, _ast.comprehension)):
                targets = [node.target]
            elif isinstance(node, _ast.withitem) and node.optional_vars is not None:
                targets = [node.optional_vars]
            elif isinstance(node, _ast.Delete):
                targets = node.targets
            elif isinstance(node, _ast.Call) and attribute_store(node):
                name = attribute_store(node)[0] or "*"
                stores[name] = stores.get(name, 0) + 1
            for t in targets:
                for sub in _ast.walk(t):
                    if isinstance(sub, _ast.Attribute):
                        stores[sub.attr] = stores.get(sub.attr, 0) + 1
        got = {k: len(v) for k, v in facts.attr_stores.items()}
        assert got == stores, path
        for (cls, name), info in facts.methods.items():
            assert info.once is None  # not computed until asked
            assert info.locals_once == pathcond._locals_once(info.node)
            assert info.cls == cls and info.node.name == name
            checked += 1
        # each store's owner is the innermost function holding it
        for entries in facts.attr_stores.values():
            for value, owner in entries:
                if owner is not None and value is not None:
                    assert any(n is value for n in _ast.walk(owner.node))
    assert checked > 100


_STORE_TRAPS = [
    # a comprehension's attribute target inside an f-string, a multi-line setattr, lone CRs
    'def f(xs, o):\n    s = f"{[o.a for o.a in xs]}"\n    return s\n',
    "def f(o, v):\n    setattr(\n        o,\n        'b',\n        v,\n    )\n",
    "def f(o, v):\r    o.c = v\r    x = [1 for o.d in v]\r    return x\r",
    "def f(o, v):\r\n    o.c = v\r\n    y = (\r\n        o.e\r\n        for o.e in v\r\n    )\r\n",
    "class A:\n    def g(self, n):\n        self.flag = lambda: [0 for self.k in n]\n",
    "def f(o, name, v):\n    setattr(o, name, v)\n    o.z: int = 1\n    del o.y\n",
]


def _attr_stores_compared(text: str) -> int:
    """The attribute stores of ``text``'s module with the word filter (source known) and
    without it: the same entries, in the same order, with the same values and owners."""
    import ast as _ast

    from lint_rules import pathcond

    tree = _ast.parse(text)
    fast = pathcond.Facts(tree, text=text)
    full = pathcond.Facts(tree)

    def flat(facts):
        return {
            k: [(id(v), o.node if o is not None else None) for v, o in entries]
            for k, entries in facts.attr_stores.items()
        }

    assert flat(fast) == flat(full)
    return sum(len(v) for v in full.attr_stores.values())


@pytest.mark.parametrize("text", _STORE_TRAPS)
def test_attribute_stores_skip_only_expressions_without_a_store(text):
    assert _attr_stores_compared(text) > 0


def test_attribute_stores_skip_exactly_on_real_trees():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import sglang_wheels

    total = 0
    for version in ("0.5.9", "0.5.12.post1"):
        root = sglang_wheels.ensure_tree(version, quiet=True) / "sglang/srt"
        for sub in ("layers", "mem_cache", "model_executor", "speculative"):
            for path in sorted((root / sub).rglob("*.py")):
                total += _attr_stores_compared(path.read_text(encoding="utf-8"))
    assert total > 5000
