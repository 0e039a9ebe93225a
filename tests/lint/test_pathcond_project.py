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

    index = project.Index(str(root), patterns=ScopeConfig().base_patterns)
    project.install(index)
    cwd = os.getcwd()
    os.chdir(root)
    try:
        path = "sglang/srt/layers/attention/foo_backend.py"
        project.set_current_path(path)
        result = lint_text(src, path, frozenset({"KVG003"}), ScopeConfig(root=str(root)))
    finally:
        os.chdir(cwd)
        project.install(None)
    return " / ".join(f.message for f in result.findings)


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

_LOCAL = """
def _is_swa(pool):
    return isinstance(pool, SWAKVPool)


class FooAttnBackend(AttentionBackend):
    def resolve(self, mr):
        if {test}:
            return mr.token_to_kv_pool
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        return mr.token_to_kv_pool_allocator.get_kvcache()
"""


@pytest.mark.parametrize(
    "test,clean",
    [
        ("_is_swa(mr.token_to_kv_pool)", True),
        ("_is_swa(pool=mr.token_to_kv_pool)", True),
        ("_is_swa(mr.token_to_kv_pool_allocator)", False),  # the allocator is not the pool
        ("_is_swa(*[mr.token_to_kv_pool])", False),  # starred: unbound, unknown
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
    src = "@lru_cache\n" + textwrap.dedent(_LOCAL.format(test="_is_swa(mr.token_to_kv_pool)"))
    assert len(lint_text(src, PATH, frozenset({"KVG003"}), ScopeConfig()).findings) == 1
