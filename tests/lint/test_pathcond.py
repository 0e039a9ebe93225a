"""KVG003's path conditions (lint_rules/pathcond.py): messages, atoms, and the reduction's
soundness against the rule (a "guarded" verdict in reduce.py implies no KVG003 finding)."""

from __future__ import annotations

import ast
import textwrap

import pytest

from lint_rules import pathcond
from lint_rules.checker import lint_text
from lint_rules.model import ScopeConfig
from lint_rules.reduce import reduce_for
from lint_rules.rules.kvg003_swa_pool_from_allocator_kvcache import SwaPoolFromAllocatorKvcache

PATH = "sglang/srt/layers/attention/example_backend.py"
K3 = frozenset({"KVG003"})


def _resolver(guards: str, tail: str = "return mr.token_to_kv_pool_allocator.get_kvcache()") -> str:
    body = textwrap.indent(textwrap.dedent(guards).strip("\n") + "\n" + tail + "\n", " " * 8)
    return "class FooAttnBackend(AttentionBackend):\n    def resolve(self, mr):\n" + body


def _messages(src: str) -> list[str]:
    result = lint_text(src, PATH, K3, ScopeConfig())
    assert result.error is None
    return [f.message for f in result.findings]


@pytest.mark.parametrize(
    "guards,expected",
    [
        (
            """
            if isinstance(mr.token_to_kv_pool, SWAKVPool):
                return mr.token_to_kv_pool
            """,
            ["no draft-worker check on this path"],
        ),
        (
            """
            if isinstance(mr.token_to_kv_pool, SWAKVPool):
                return mr.token_to_kv_pool
            if not mr.is_draft_worker:
                return None
            """,
            ["draft check inverted"],
        ),
        (
            """
            if isinstance(mr.token_to_kv_pool, SWAKVPool):
                return mr.token_to_kv_pool
            if mr.is_draft_worker and mr.spec_algorithm.is_frozen_kv_mtp():
                return None
            """,
            ["the draft check does not exclude non-FROZEN_KV draft workers"],
        ),
        # (the active-pool part only guides the fix: a finding names what a draft lacks)
        ("", ["no draft-worker check on this path"]),
    ],
)
def test_message_names_the_missing_or_inverted_part(guards, expected):
    (message,) = _messages(_resolver(guards))
    for part in expected:
        assert part in message, message
    others = {"no active-pool", "no draft-worker", "inverted", "does not exclude"} - {
        p
        for e in expected
        for p in ("no active-pool", "no draft-worker", "inverted", "does not exclude")
        if p in e
    }
    for other in others:
        assert other not in message, message


SAFE_FORMS = {
    "elif": """
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        elif mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        """,
    "frozen as a comparison": """
        if isinstance(mr.token_to_kv_pool, (SWAKVPool, BaseSWAKVPool)):
            return mr.token_to_kv_pool
        if mr.is_draft_worker and mr.spec_algorithm != SpeculativeAlgorithm.FROZEN_KV_MTP:
            return None
        """,
    "walrus and bool()": """
        if isinstance(active := mr.token_to_kv_pool, SWAKVPool):
            return active
        if bool(getattr(mr, "is_draft_worker", False)) and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        """,
    "getattr'd FROZEN_KV test (kvguard's own version-agnostic fix)": """
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if getattr(mr, "is_draft_worker", False):
            spec = getattr(mr, "spec_algorithm", None)
            is_frozen = getattr(spec, "is_frozen_kv_mtp", None)
            if is_frozen is None or not is_frozen():
                return None
        """,
    # no draft receives the target's kvcache however the own pool is tested (issue 24: a
    # draft owning an SWA pool that gets None reads no wrong pool; not this family's bug)
    "no active-pool check": """
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        """,
    "active-pool check inverted": """
        if not isinstance(mr.token_to_kv_pool, SWAKVPool):
            return None
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        """,
    "a type() test beside the draft check": """
        if type(mr.token_to_kv_pool) is SWAKVPool:
            return mr.token_to_kv_pool
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        """,
    "try/except around the guards": """
        try:
            if isinstance(mr.token_to_kv_pool, SWAKVPool):
                return mr.token_to_kv_pool
        except AttributeError:
            return None
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        """,
}


@pytest.mark.parametrize("name", list(SAFE_FORMS))
def test_guard_forms_are_safe(name):
    assert _messages(_resolver(SAFE_FORMS[name])) == []


UNSAFE_FORMS = {
    "guard inside a loop that may not run": """
        for _ in range(n):
            if isinstance(mr.token_to_kv_pool, SWAKVPool):
                return mr.token_to_kv_pool
            if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
                return None
        """,
    "a reassigned local is not an alias": """
        draft = mr.is_draft_worker
        draft = False
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if draft and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        """,
    "a with block may swallow the raise": """
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        with suppress(ValueError):
            if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
                raise ValueError
        """,
    "a type() test stands for no draft check": """
        if type(mr.token_to_kv_pool) is SWAKVPool:
            return mr.token_to_kv_pool
        if isinstance(mr.token_to_kv_pool, MHATokenToKVPool):
            return None
        """,
}

_HELPER = """
def _plain_draft(mr):
    log("asked")
    return mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp()

"""


@pytest.mark.parametrize("name", list(UNSAFE_FORMS))
def test_unsafe_forms_are_reported(name):
    assert len(_messages(_HELPER + _resolver(UNSAFE_FORMS[name]))) == 1


def test_a_helper_the_path_conditions_cannot_read_is_evaluated():
    """More than a ``return`` in the helper: the path conditions cannot use it, the scenario
    evaluation (lint_rules/scenario.py) follows it and finds the guard complete."""
    guard = """
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if _plain_draft(mr):
            return None
        """
    assert _messages(_HELPER + _resolver(guard)) == []
    inverted = _HELPER.replace("return mr.is_draft_worker", "return not mr.is_draft_worker")
    assert len(_messages(inverted + _resolver(guard))) == 1


def test_closure_and_escape_uses():
    stored_first = _resolver(
        """
        kv = mr.token_to_kv_pool_allocator.get_kvcache()
        self.cb = lambda: kv
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        """,
        tail="return kv",
    )
    assert len(_messages(stored_first)) == 1
    asked_only = _resolver(
        "", tail="return mr.token_to_kv_pool_allocator.get_kvcache() is self.pool"
    )
    assert _messages(asked_only) == []


def test_every_rule_case_agrees_with_the_reduction():
    """A module the reduction calls clean (or whose reduced text it hands on) must give the
    same KVG003 findings as the full analysis: on every KVG003 case and form above."""
    sources = [
        textwrap.dedent(c if isinstance(c, str) else c.code)
        for c in SwaPoolFromAllocatorKvcache.VALID
    ]
    sources += [textwrap.dedent(c.code) for c in SwaPoolFromAllocatorKvcache.INVALID]
    sources += [_resolver(g) for g in SAFE_FORMS.values()]
    sources += [_HELPER + _resolver(g) for g in UNSAFE_FORMS.values()]
    for src in sources:
        full = lint_text(src, PATH, K3, ScopeConfig(), reduce=False, prefilter=False).findings
        reduced = lint_text(src, PATH, K3, ScopeConfig()).findings
        assert reduced == full, src
        if reduce_for(src, K3)[0]:
            assert full == [], src


def test_flag_stores_hidden_by_blanking_force_the_whole_module():
    """The cached-flag resolution reads every store of the attribute in the module. Blanking an
    unrelated method would hide ``self.is_draft_runner = False``; the reduction must then not
    hand on a reduced text (the rule on it would call the guard complete)."""
    src = textwrap.dedent("""
        class FooAttnBackend(AttentionBackend):
            def __init__(self, model_runner):
                self.is_draft_runner = model_runner.is_draft_worker

            def reset(self):
                self.is_draft_runner = False

            def resolve(self, mr):
                if isinstance(mr.token_to_kv_pool, SWAKVPool):
                    return mr.token_to_kv_pool
                if self.is_draft_runner and not mr.spec_algorithm.is_frozen_kv_mtp():
                    return None
                return mr.token_to_kv_pool_allocator.get_kvcache()
        """)
    assert reduce_for(src, K3) == (False, None)
    assert len(lint_text(src, PATH, K3, ScopeConfig()).findings) == 1


def test_fewer_facts_never_make_a_use_safer():
    """The soundness contract the reduction relies on, on the guard forms: empty facts and the
    strict SWA-class test only ever turn safe into unsafe."""
    for guards in [*SAFE_FORMS.values(), *UNSAFE_FORMS.values()]:
        src = _HELPER + _resolver(guards)
        tree = ast.parse(src)
        fn = next(
            n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == "resolve"
        )

        def key(call):
            return call if getattr(call.func, "attr", None) == "get_kvcache" else None

        rich = pathcond.analyze(fn, pathcond.Facts(tree), key, lambda e: True, "FooAttnBackend")
        poor = pathcond.analyze(
            fn, pathcond.Facts.empty(), key, pathcond.strict_swa_pool_class(src)
        )
        for k, verdict in poor.items():
            if verdict.safe:
                assert rich[k].safe, guards


def test_too_many_unknowns_is_unsafe_not_a_crash():
    tests = "\n".join(f"if u{i}(mr):\n    return None" for i in range(pathcond.MAX_VARS + 2))
    src = _resolver(tests)
    (message,) = _messages(src)
    assert "too complex" in message


def test_marking_rebuilds_the_same_function_as_the_transformer():
    """KVG003 marks its kvcache calls for the ``ast`` analysis by rebuilding only the nodes on
    a path to them (``_marked``); the code must be exactly what libcst's transformer
    (``_Mark``) gives, on the rule's cases and real backends, with every zero-argument call
    of a function marked (nested ones included) and with only the kvcache calls marked."""
    import sys
    from pathlib import Path

    import libcst as cst

    from lint_rules.model import ScopeConfig
    from lint_rules.rules import kvg003_swa_pool_from_allocator_kvcache as K
    from lint_rules.sparse import run_rules_on_module

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import sglang_wheels

    texts = [
        c if isinstance(c, str) else c.code
        for c in (*K.SwaPoolFromAllocatorKvcache.VALID, *K.SwaPoolFromAllocatorKvcache.INVALID)
    ]
    for version in ("0.5.9", "0.5.12.post1"):
        root = sglang_wheels.ensure_tree(version, quiet=True)
        texts += [
            p.read_text(encoding="utf-8")
            for p in sorted((root / "sglang/srt/layers/attention").glob("*.py"))
        ]
    compared = kvcache = 0
    for text in texts:
        module = cst.parse_module(text)
        analysis, _ = run_rules_on_module(module, "x.py", frozenset({"KVG003"}), ScopeConfig())
        for fn in analysis.functions.values():
            for pick in (K._is_get_kvcache, lambda c: isinstance(c, cst.Call) and not c.args):
                targets = {c: k for k, c in enumerate(c for c in fn.calls if pick(c))}
                if not targets:
                    continue
                want = module.code_for_node(fn.node.visit(K._Mark(targets)))
                assert module.code_for_node(K._marked(fn.node, targets)) == want
                compared += 1
                kvcache += pick is K._is_get_kvcache
    assert compared > 400 and kvcache > 20, (compared, kvcache)


# no draft check: a draft owning an SWA pool is kept from the fetch by the class test alone
_GUARDS_WITH = """
if isinstance(mr.token_to_kv_pool, {cls}):
    return mr.token_to_kv_pool
if isinstance(mr.token_to_kv_pool, MHATokenToKVPool):
    return None
"""


@pytest.mark.parametrize(
    "module_head,cls,safe",
    [
        # an alias bound once, however it is spelled, is its value
        (
            "from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool\nPoolT = SWAKVPool\n",
            "PoolT",
            True,
        ),
        ("from x import SWAKVPool\nPoolT: type = SWAKVPool\n", "PoolT", True),
        ("from x import SWAKVPool\nA = PoolT = SWAKVPool\n", "PoolT", True),
        ("from x import SWAKVPool as Swa\n", "Swa", True),
        # rebound, or bound by something it cannot read: not trusted to be the SWA class
        ("from x import SWAKVPool\nPoolT = SWAKVPool\nPoolT = object\n", "PoolT", False),
        ("from x import SWAKVPool, MHATokenToKVPool\nPoolT = MHATokenToKVPool\n", "PoolT", False),
        ("for PoolT in (SWAKVPool,):\n    pass\n", "PoolT", False),
        ("from x import MHATokenToKVPool as SWAKVPool\n", "SWAKVPool", False),
        ("def f():\n    global PoolT\n    PoolT = object\nPoolT = SWAKVPool\n", "PoolT", True),
    ],
)
def test_module_bindings_decide_the_pool_class_test(module_head, cls, safe):
    src = module_head + _resolver(_GUARDS_WITH.format(cls=cls))
    assert (_messages(src) == []) is safe
