"""KVG003 swa-pool-from-allocator-kvcache

## What it does
Flags `alloc.get_kvcache()` on an allocator-derived value in attention-backend code (also
`getattr(alloc, "get_kvcache")()`, a bound `fetch = alloc.get_kvcache; fetch()`,
`operator.methodcaller("get_kvcache")(alloc)` and a read of the field it returns,
`alloc._kvcache`) when its value is **used** (returned, stored, passed on, read from) on a path
that is not guarded by both

1. the active-pool check: the active pool (`<...>.token_to_kv_pool`) is not an SWA pool, **and**
2. the draft check: the runner is not a draft worker, or its draft is FROZEN_KV MTP.

The guard is judged by the condition under which control reaches each use, computed over the
function's control flow (`if`/`elif`/`else`, early `return`/`raise`, `assert`, `and`/`or`/`not`,
conditional expressions, a result variable assigned in branches, a value fetched early and
returned late), with predicates resolved by what they ask: `isinstance(<active pool>, <SWA pool
class>)`, `<runner>.is_draft_worker` (also `getattr(runner, "is_draft_worker", False)` and a
flag cached on `self` from it, as fa3/flashmla do), `spec_algorithm.is_frozen_kv_mtp()` or a
comparison with `FROZEN_KV_MTP`, and same-module helpers whose body is `return <condition>`.
An unknown predicate is never assumed to hold. The use is safe iff its condition implies
"active pool not SWA and not (draft and not FROZEN_KV)", decided by enumerating the atoms.
Where that cannot prove it (the guard in a helper with more than a `return`, a
`try`/`except`, `contextlib.suppress`, a loop, a `match`), the function is evaluated under
the decisive scenarios instead: on a regular EAGLE draft (with and without
`is_frozen_kv_mtp`) the fetched pool must not escape (kept on an object, returned, yielded,
handed to a call the evaluation cannot follow, or a part of it kept: reading only a scalar
every KV pool class holds, such as its `size`, or comparing it by identity lets nothing
escape; a draft owning an SWA pool that is answered None reads no wrong pool). A fetch in a
closure or lambda is evaluated from the function that binds the runner; a private helper (a
module function, or a method called through `self`) handed the allocator or the runner, from
each function of the module that calls it, or, where it is reached through a registry or a
strategy object, from every public way into the module; a method of a class of the module
that is no attention backend (a strategy, an enum, a record's `__post_init__`, public or
not), from the backend classes' ways in (a public module function is judged alone); a method that binds no runner, on
the instance its class's `__init__` builds on that draft (properties read as their getters return). A draft
flag read from `self` counts only where the module stores it (or a base outside the module
may). Where that evaluation cannot tell, the finding stays and says what stopped it.
The message says which part is missing or inverted ("no draft-worker check on this path",
"draft check inverted", ...). Asking about the value (`alloc.get_kvcache() is self.pool`,
`isinstance(kvcache, SWAKVPool)`) is not a use, but keeping what a class or member test of
it answered (`self.use_swa = isinstance(alloc.get_kvcache(), SWAKVPool)`, or returning it),
or what a branch or a choice it decided keeps (`self.mode = "swa" if isinstance(kv, ...)
else "full"`), decides from the target's pool, and is. sglang >= 0.5.13's `_resolve_swa_kv_pool`
stays silent in every spelling.

## Why is this bad?
`allocator.get_kvcache()` is the **target's** pool. A speculative draft shares the target's
allocator, so an unguarded `get_kvcache()` hands an EAGLE draft the target's SWA pool while the
draft reads its own full pool: wrong indices, silently dropped accept length (#25103). #26966
chose the allocator as "the stable source of truth" to fix FROZEN_KV MTP and brought the EAGLE
bug back; #27491 settled on the guarded resolver.

## Example
```python
allocator = model_runner.token_to_kv_pool_allocator
self._swa_kv_pool = allocator.get_kvcache() if self.use_sliding_window_kv_pool else None
```

## Fix
Resolve the SWA pool in order: the active pool if it is an `SWAKVPool`; `None` for a draft
worker that is not FROZEN_KV MTP; only then the allocator's kvcache, if it is an `SWAKVPool`.
`kvguard fix` emits this resolver (unsafe fix; version-aware: the FROZEN_KV branch only where
the target sglang has it).
"""

from __future__ import annotations

import ast
from typing import Optional

import libcst as cst

from .. import pathcond
from ..analysis import FunctionInfo
from ..cstnodes import call_func_name, iter_nodes, positional_args, string_value
from ..fixes.resolve_init_pool import ResolveInitPool
from ..names import KVCACHE_CALL, KVCACHE_FIELDS
from .base import Rule, source_of
from .spec import Case

_MESSAGE = (
    "`{src}` is the target's pool: a speculative draft shares the allocator but owns its own "
    "pool ({problems}); take the active pool first if it is SWA, return None for "
    "non-FROZEN_KV draft workers, and only then fall back to the allocator's kvcache"
)
_MARK = "__kvg_kvcache__"


def _shown(problems: list) -> str:
    """The parts of a verdict a finding names: what a regular draft lacks (the draft check)
    where the path conditions name it; the active-pool part then only guides the fix (a
    draft owning an SWA pool is not this rule's wrong read), so it is left out."""
    draft = [p for p in problems if "draft" in p]
    return "; ".join(draft or problems)


def _kvcache_receiver(node: cst.BaseExpression) -> Optional[cst.BaseExpression]:
    """``x`` for ``x.get_kvcache()``, ``getattr(x, "get_kvcache"[, d])()`` and a read of the
    field ``get_kvcache`` returns (``x._kvcache``, ``getattr(x, "_kvcache"[, d])``:
    sinks.KVCACHE_FIELDS); else None."""
    if isinstance(node, cst.Attribute):
        return node.value if node.attr.value in KVCACHE_FIELDS else None
    if isinstance(node, cst.Call) and call_func_name(node) == "getattr":
        args = positional_args(node)
        if len(args) >= 2 and string_value(args[1]) in KVCACHE_FIELDS:
            return args[0]  # ``getattr(x, "_kvcache"[, d])``: the field read by its name
    if not isinstance(node, cst.Call) or node.args:
        return None
    func = node.func
    if isinstance(func, cst.Attribute) and func.attr.value == "get_kvcache":
        return func.value
    if isinstance(func, cst.Call) and call_func_name(func) == "getattr":
        args = positional_args(func)
        if len(args) >= 2 and string_value(args[1]) == "get_kvcache":
            return args[0]
    return None


def _is_get_kvcache(node: cst.BaseExpression) -> bool:
    return _kvcache_receiver(node) is not None


def _source_text(analysis) -> str:
    """The module's text: kept by the analysis where it has it (no codegen), else regenerated
    (libcst round-trips it exactly)."""
    text = getattr(analysis, "text", None)
    return text if isinstance(text, str) else analysis.module.code


class _Mark(cst.CSTTransformer):
    """Replaces the k-th kvcache call by ``__kvg_kvcache__(k, <receiver>)`` so the stdlib-ast
    path analysis can name it."""

    def __init__(self, targets: dict, by_argument=frozenset()) -> None:
        self.targets = targets  # call node -> k
        self.by_argument = by_argument  # calls whose receiver is their first argument

    def leave_Call(self, original_node: cst.Call, updated_node: cst.Call) -> cst.BaseExpression:
        k = self.targets.get(original_node)
        if k is None:
            return updated_node
        receiver = _kvcache_receiver(updated_node)
        if receiver is None and original_node in self.by_argument:
            receiver = updated_node.args[0].value  # a getter called on the allocator
        if receiver is None:
            receiver = updated_node.func if isinstance(updated_node, cst.Call) else None
        return cst.Call(
            func=cst.Name(_MARK),
            args=[
                cst.Arg(cst.Integer(str(k))),
                cst.Arg(receiver if receiver is not None else cst.Name("None")),
            ],
        )


def _marked(root: cst.CSTNode, targets: dict) -> cst.CSTNode:
    """``root.visit(_Mark(targets))``, rebuilding only the nodes on a path to a target call
    (a transformer rebuilds every node of the function): the same tree, the same code."""
    from ..cstnodes import _children, _fields

    # a fetch with arguments that is none of the direct forms: a getter called on the allocator
    mark = _Mark(
        targets,
        {c for c in targets if isinstance(c, cst.Call) and c.args and _kvcache_receiver(c) is None},
    )
    on_path: set = set()
    path: list = []

    def find(node: cst.CSTNode) -> None:
        path.append(id(node))
        if node in targets:
            on_path.update(path)
        outer, inner = _fields(type(node))
        for child in _children(node, outer + inner):
            find(child)
        path.pop()

    def rebuild(node: cst.CSTNode) -> cst.CSTNode:
        if id(node) not in on_path:
            return node
        outer, inner = _fields(type(node))
        changes = {}
        for name in outer + inner:
            value = getattr(node, name)
            if isinstance(value, cst.CSTNode):
                new = rebuild(value)
                if new is not value:
                    changes[name] = new
            elif type(value) in (list, tuple):
                items = [rebuild(v) if isinstance(v, cst.CSTNode) else v for v in value]
                if any(a is not b for a, b in zip(items, value)):
                    changes[name] = type(value)(items)
        updated = node.with_changes(**changes) if changes else node
        if isinstance(node, (cst.Call, cst.Attribute)) and node in targets:
            return mark.leave_Call(node, updated)
        return updated

    find(root)
    return rebuild(root)


def _mark_key(call: ast.Call):
    f = call.func
    if (
        isinstance(f, ast.Name)
        and f.id == _MARK
        and call.args
        and isinstance(call.args[0], ast.Constant)
    ):
        return call.args[0].value
    return None


class SwaPoolFromAllocatorKvcache(Rule):
    code = "KVG003"
    FIXES = (ResolveInitPool,)

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._verdicts: dict[int, dict] = {}  # id(function node) -> {call: problems or None}
        self._facts: Optional[pathcond.Facts] = None
        self._module_words: Optional[tuple] = None

    def _module_facts(self) -> pathcond.Facts:
        if self._facts is None:
            try:
                # (the analysis's ast of the full text, parsed once for the module)
                self._facts = pathcond.Facts.of_text(
                    _source_text(self.analysis),
                    self.analysis.syntax_tree(),
                    self.analysis.context,
                )
            except (SyntaxError, ValueError, RecursionError, MemoryError):  # pragma: no cover
                self._facts = pathcond.Facts.empty()
        return self._facts

    def _is_swa_pool_class(self, e: ast.expr) -> bool:
        return self.analysis.ast_class_test("pool", e)

    def _receiver(self, node: cst.BaseExpression, fn: Optional[FunctionInfo]):
        """The allocator-derived receiver of a kvcache call: ``x.get_kvcache()``,
        ``getattr(x, "get_kvcache")()``, or a call of the allocator's ``get_kvcache`` held in a
        name, attribute or container (the flow model's held members, e.g. ``fetch()`` after
        ``fetch = getattr(alloc, "get_kvcache", None)``); else None."""
        receiver = _kvcache_receiver(node)
        if receiver is not None and self.analysis.is_allocator_derived(receiver, fn):
            return receiver
        if isinstance(node, cst.Call) and not node.args:
            if "get_kvcache" in self.analysis.allocator_members(node.func):
                return node.func
        if isinstance(node, cst.Call) and node.args and not node.args[0].star and self._getters():
            # ``operator.methodcaller("get_kvcache")``, held or not, called on the allocator
            getter = ("O", "methodcaller", KVCACHE_CALL)
            if getter in (self.analysis.values_of(node.func) or ()):
                first = node.args[0].value
                if self.analysis.is_allocator_derived(first, fn):
                    return first
        return None

    def _verdict(self, fn: Optional[FunctionInfo], call: cst.Call) -> Optional[list[str]]:
        """None when every use of ``call``'s value is guarded, else what is missing."""
        if fn is None:
            return ["no active-pool check on this path", "no draft-worker check on this path"]
        verdicts = self._verdicts.get(id(fn.node))
        if verdicts is None:
            verdicts = self._verdicts[id(fn.node)] = self._analyse(fn)
        return verdicts.get(call, ["the guard could not be analysed"])

    def _analyse(self, fn: FunctionInfo) -> dict:
        fetches = [c for c in fn.calls if self._receiver(c, fn) is not None]
        if self._fields_read():
            stores = {
                id(t.target)
                for n in iter_nodes(fn.node)
                if isinstance(n, (cst.Assign, cst.AugAssign, cst.AnnAssign))
                for t in (n.targets if isinstance(n, cst.Assign) else [n])
            }
            fetches += [
                n
                for n in iter_nodes(fn.node)
                if isinstance(n, cst.Attribute)
                and id(n) not in stores
                and self._receiver(n, fn) is not None
            ]
        targets = {c: k for k, c in enumerate(fetches)}
        if not targets:
            return {}
        try:
            marked = _marked(fn.node, targets)
            code = self.analysis.module.code_for_node(marked)
            if isinstance(fn.node, cst.Lambda):
                node = ast.parse("(" + code + ")", mode="eval").body
            else:
                node = ast.parse(code).body[0]
        except (SyntaxError, ValueError, RecursionError, MemoryError):  # pragma: no cover
            return {}
        cls = fn.cls.name if fn.cls is not None else None
        found = pathcond.analyze(
            node, self._module_facts(), _mark_key, self._is_swa_pool_class, cls
        )
        out = {}
        for call, k in targets.items():
            verdict = found.get(k)
            out[call] = (
                verdict.problems if verdict is not None else ["the guard could not be analysed"]
            )
        if any(out.values()):
            # the path conditions cannot prove the guard: evaluate the decisive scenarios
            # (lint_rules/scenario.py); a fetch they prove guarded is, however written
            from ..scenario import (
                guarded,
                guarded_by_callers,
                guarded_from_entries,
                guarded_in_table,
            )

            tree = self.analysis.syntax_tree()
            safe = guarded(node, tree, _mark_key, self.class_tests(), cls) if tree else None
            inner, outer = fn, fn.parent
            while safe is None and tree is not None and outer is not None:
                # a closure or nested helper fetching through its enclosing function's runner:
                # evaluate the outermost function that binds it (one it only calls: a helper
                # it hands on or keeps runs later, outside its guards)
                safe = self._guarded_in(outer, targets, tree, inner)
                inner, outer = outer, outer.parent
            if isinstance(safe, str) and tree is not None and inner is not fn and outer is None:
                # the closure is handed out of a private helper (yielded, returned): it runs
                # where the helper's callers call what they get
                by_callers = self._guarded_in(inner, targets, tree, None, by_callers=True)
                safe = by_callers if isinstance(by_callers, dict) else safe
            unguarded = safe is None or (isinstance(safe, dict) and not all(safe.values()))
            if unguarded and tree is not None and isinstance(fn.node, cst.Lambda):
                # a lambda of a module table: judged where the module calls the table's entries
                at = self.analysis.positions().get(fn.node)
                if at is not None and fn.parent is None:
                    in_table = guarded_in_table(
                        node,
                        (at.start.line, at.start.column),
                        tree,
                        _mark_key,
                        self.class_tests(),
                    )
                    safe = in_table if in_table is not None else safe
            elif unguarded and tree is not None and fn.parent is None:
                # a private helper handed the allocator or the runner: the guard may be in its
                # callers (all known: then they decide)
                by_callers = guarded_by_callers(
                    node,
                    tree,
                    _mark_key,
                    self.class_tests(),
                    cls,
                    backends=self.analysis.backend_classes(),
                )
                if by_callers is None or (
                    isinstance(by_callers, dict) and not all(by_callers.values())
                ):  # reached through values (a registry, a strategy), or a helper class's
                    # callers bound by what the backend hands it: from the backends' ways in
                    entries = guarded_from_entries(
                        node,
                        tree,
                        _mark_key,
                        self.class_tests(),
                        cls,
                        self.analysis.backend_classes(),
                    )
                    by_callers = entries if entries is not None else by_callers
                if by_callers is not None:
                    safe = by_callers
            for call, k in targets.items():
                if not out[call]:
                    continue
                if isinstance(safe, str):
                    out[call] = out[call] + [f"the draft scenarios could not be decided: {safe}"]
                elif safe is not None and safe.get(k):
                    out[call] = None
        return out

    def _guarded_in(self, fn: FunctionInfo, targets: dict, tree, inner, by_callers: bool = False):
        """:func:`scenario.guarded` for the fetches ``targets`` evaluated from the enclosing
        function ``fn`` (None where it cannot bind a runner there either, or where the nested
        function ``inner`` on the way is not only called there); ``by_callers``: from the
        module's calls of ``fn`` instead (:func:`scenario.guarded_by_callers`)."""
        from ..scenario import guarded, guarded_by_callers, only_called, returned_only

        if isinstance(fn.node, cst.Lambda):
            return None
        try:
            code = self.analysis.module.code_for_node(_marked(fn.node, targets))
            node = ast.parse(code).body[0]
        except (SyntaxError, ValueError, RecursionError, MemoryError):  # pragma: no cover
            return None
        cls = fn.cls.name if fn.cls is not None else None
        if by_callers:
            return guarded_by_callers(node, tree, _mark_key, self.class_tests(), cls)
        if (
            isinstance(inner.node, cst.FunctionDef)
            and not only_called(node, inner.name)
            and not returned_only(node, inner.name)
        ):
            return None  # kept or handed on: it runs later, where this function's guards are not
        return guarded(node, tree, _mark_key, self.class_tests(), cls)  # (one returned: its
        # receiver calls it, on the scenario ``guarded`` built)

    def _held(self, node: cst.Call) -> bool:
        """flow hook: a call of the allocator's get_kvcache held in a name/attribute."""
        return not node.args and "get_kvcache" in self.analysis.allocator_members(node.func)

    def visit_Call(self, node: cst.Call) -> None:
        if node.args and not (self._getters() or self._fields_read()):
            return  # (a fetch with arguments: ``methodcaller``, or ``getattr`` of the field)
        if not self.in_scope() or self._receiver(node, self.function) is None:
            return
        problems = self._verdict(self.function, node)
        if problems and not self.never_runs():
            self.report(node, _MESSAGE.format(src=source_of(node), problems=_shown(problems)))

    def _words(self) -> tuple:
        """(``methodcaller`` in the module: a call with arguments may be a fetch, a kvcache
        field named in it), searched once per module (asked per call)."""
        if self._module_words is None:
            text = _source_text(self.analysis)
            self._module_words = (
                "methodcaller" in text,
                any(f in text for f in KVCACHE_FIELDS),
            )
        return self._module_words

    def _getters(self) -> bool:
        return self._words()[0]

    def _fields_read(self) -> bool:
        return self._words()[1]

    def visit_Attribute(self, node: cst.Attribute) -> None:
        """A read of the allocator's kvcache field: the same fetch as ``get_kvcache()``."""
        if node.attr.value not in KVCACHE_FIELDS or not self.in_scope():
            return
        fn = self.function
        if fn is None or self._receiver(node, fn) is None:
            return
        self._verdict(fn, node)
        problems = self._verdicts[id(fn.node)].get(node)  # (a field written is no fetch)
        if problems and not self.never_runs():
            self.report(node, _MESSAGE.format(src=source_of(node), problems=_shown(problems)))

    VALID = [
        # pools compared with ``==`` (identity) and the answer kept: no class question
        """
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        same = kv == self.pool
        self.swa_pool = kv if same and isinstance(kv, SWAKVPool) else None
        self.shares_target_cache = same
""",
        # a record of the module resolving in ``__post_init__``, judged where the backend
        # builds it (the flag it is given excludes regular drafts)
        """
from dataclasses import dataclass, field
from typing import Any, Optional
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
@dataclass
class PoolResolution:
    active: Any
    allocator: Any
    regular_draft: bool
    swa_pool: Optional[Any] = field(init=False, default=None)
    def __post_init__(self):
        if isinstance(self.active, SWAKVPool):
            self.swa_pool = self.active
            return
        if self.regular_draft:
            return
        kv = self.allocator.get_kvcache()
        if isinstance(kv, SWAKVPool):
            self.swa_pool = kv
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        spec = model_runner.spec_algorithm
        regular = model_runner.is_draft_worker and not spec.is_frozen_kv_mtp()
        self.swa_pool = PoolResolution(
            self.pool, model_runner.token_to_kv_pool_allocator, regular
        ).swa_pool
    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
""",
        # the runner's facts read through ``attrgetter`` / ``methodcaller``
        """
import operator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
_is_draft = operator.attrgetter("is_draft_worker")
_frozen = operator.methodcaller("is_frozen_kv_mtp")
_kvcache_of = operator.methodcaller("get_kvcache")
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner)
    @staticmethod
    def _resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if _is_draft(model_runner) and not _frozen(model_runner.spec_algorithm):
            return None
        kv = _kvcache_of(model_runner.token_to_kv_pool_allocator)
        return kv if isinstance(kv, SWAKVPool) else None
""",
        # a role held as a ``Flag`` enum, tested by membership
        """
import enum
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class Role(enum.Flag):
    TARGET = 0
    DRAFT = enum.auto()
    SHARES_KV = enum.auto()
def _role(runner):
    role = Role.TARGET
    if runner.is_draft_worker:
        role |= Role.DRAFT
    if runner.spec_algorithm.is_frozen_kv_mtp():
        role |= Role.SHARES_KV
    return role
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner, _role(model_runner))
    @staticmethod
    def _resolve(model_runner, role):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if Role.DRAFT in role and Role.SHARES_KV not in role:
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
""",
        # draft and FROZEN_KV bits packed into an int code
        """
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
_DRAFT = 0b10
_FROZEN = 0b01
def _code(runner):
    code = 0
    if runner.is_draft_worker:
        code |= _DRAFT
    if runner.spec_algorithm.is_frozen_kv_mtp():
        code |= _FROZEN
    return code
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)
    def _resolve(self, model_runner):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if _code(model_runner) == _DRAFT:
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
""",
        # a ``NamedTuple`` answer unpacked
        """
from typing import NamedTuple
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class _Share(NamedTuple):
    allowed: bool
    reason: str
def _share(runner):
    if not runner.is_draft_worker:
        return _Share(True, "target")
    if runner.spec_algorithm.is_frozen_kv_mtp():
        return _Share(True, "frozen")
    return _Share(False, "draft")
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner)
    @staticmethod
    def _resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        allowed, reason = _share(model_runner)
        if not allowed:
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
""",
        # facts refined by ``dataclasses.replace``
        """
import dataclasses
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
@dataclasses.dataclass(frozen=True)
class _Facts:
    is_draft: bool = False
    frozen: bool = False
def _facts(runner):
    facts = _Facts()
    facts = dataclasses.replace(facts, is_draft=bool(runner.is_draft_worker))
    return dataclasses.replace(facts, frozen=runner.spec_algorithm.is_frozen_kv_mtp())
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner)
    @staticmethod
    def _resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        facts = _facts(model_runner)
        if facts.is_draft and not facts.frozen:
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
""",
        # the algorithm's ``.value`` compared with FROZEN_KV MTP's
        """
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm
_FROZEN_VALUE = SpeculativeAlgorithm.FROZEN_KV_MTP.value
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.is_draft = model_runner.is_draft_worker
        self.spec_value = model_runner.spec_algorithm.value
        self.swa_pool = self._resolve(model_runner)
    def _resolve(self, model_runner):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if self.is_draft and self.spec_value != _FROZEN_VALUE:
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
""",
        # the algorithm's name cut out of its ``str()``
        """
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
_SHARES_KV = frozenset({"FROZEN_KV_MTP"})
def _algorithm(spec) -> str:
    return str(spec).rsplit(".", 1)[-1].upper()
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner)
    @staticmethod
    def _resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        algo = _algorithm(model_runner.spec_algorithm)
        if model_runner.is_draft_worker and algo not in _SHARES_KV:
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
""",
        # a policy dict whose ``None`` means no shared pool, fetchers in an annotated table
        """
from typing import Callable, Dict
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
_POLICY = {(True, False): None}
_FETCH: Dict[str, Callable] = {"shared": lambda mr: mr.token_to_kv_pool_allocator.get_kvcache()}
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner)
    @staticmethod
    def _resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        key = (bool(model_runner.is_draft_worker), model_runner.spec_algorithm.is_frozen_kv_mtp())
        source = _POLICY.get(key, "shared")
        if source is None:
            return None
        kv = _FETCH[source](model_runner)
        return kv if isinstance(kv, SWAKVPool) else None
""",
        # a mode chosen by a class test of the kvcache where only targets fetch it, and an
        # identity test of it (asks nothing of its class)
        """
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.mode = "full"
        if isinstance(self.pool, SWAKVPool):
            self.mode = "hybrid"
        elif not model_runner.is_draft_worker:
            kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                self.mode = "hybrid"
""",
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.shared = "same" if kvcache is self.pool else "own"
""",
        # fetched behind a probe the target's SWA allocator answers (an SWA-only member), kept
        # only when it is the runner's own pool or the runner is a FROZEN_KV draft
        """
def _may_read(kvcache, mr):
    if kvcache is mr.token_to_kv_pool:
        return True
    return bool(mr.is_draft_worker) and mr.spec_algorithm.is_frozen_kv_mtp()
def _swa_pool_for(mr):
    allocator = mr.token_to_kv_pool_allocator
    kvcache = allocator.get_kvcache() if hasattr(allocator, "swa_attn_allocator") else None
    if not isinstance(kvcache, SWAKVPool):
        return None
    return kvcache if _may_read(kvcache, mr) else None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_kv_pool = _swa_pool_for(model_runner)
""",
        # a public method taking only its instance, on a runner kept by the subclass's
        # ``__init__``: judged where the module calls it (a draft stops at the property)
        """
class SwaResolverMixin:
    @property
    def reads_target_kv(self):
        if not self.model_runner.is_draft_worker:
            return True
        return self.model_runner.spec_algorithm.is_frozen_kv_mtp()
    def resolve_swa_kv_pool(self):
        if isinstance(self.model_runner.token_to_kv_pool, SWAKVPool):
            return self.model_runner.token_to_kv_pool
        if self.reads_target_kv:
            return self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return None
class FooAttnBackend(SwaResolverMixin, AttentionBackend):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.swa_kv_pool = self.resolve_swa_kv_pool()
""",
        # getters built in a loop, each binding its holder as a default (this iteration's);
        # a regular draft keeps the first only (the list cut by a slice)
        """
def _kv_of(holder):
    if hasattr(holder, "token_to_kv_pool"):
        return holder.token_to_kv_pool
    return holder.get_kvcache()
class FooAttnBackend(AttentionBackend):
    def _resolve(self, mr):
        getters = []
        for holder in (mr, mr.token_to_kv_pool_allocator):
            getters.append(lambda holder=holder: _kv_of(holder))
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            getters = getters[:1]
        for get in getters:
            pool = get()
            if isinstance(pool, SWAKVPool):
                return pool
        return None
""",
        # a record of the facts holds the kvcache; its method returns it only past the guards
        """
from dataclasses import dataclass
@dataclass(frozen=True)
class Inputs:
    active: object
    shared: object
    draft: bool
    frozen: bool
    def resolve(self):
        if isinstance(self.active, SWAKVPool):
            return self.active
        if self.draft and not self.frozen:
            return None
        return self.shared if isinstance(self.shared, SWAKVPool) else None
class FooAttnBackend:
    def __init__(self, model_runner):
        self._swa_kv_pool = Inputs(
            active=model_runner.token_to_kv_pool,
            shared=model_runner.token_to_kv_pool_allocator.get_kvcache(),
            draft=model_runner.is_draft_worker,
            frozen=model_runner.spec_algorithm.is_frozen_kv_mtp(),
        ).resolve()
""",
        # the draft check as membership in a frozenset of algorithms; every member read by
        # ``getattr``
        """
_SHARES_TARGET_KV = frozenset({SpeculativeAlgorithm.FROZEN_KV_MTP})
def resolve(runner):
    pool = getattr(runner, "token_to_kv_pool", None)
    if isinstance(pool, SWAKVPool):
        return pool
    if runner.is_draft_worker and runner.spec_algorithm not in _SHARES_TARGET_KV:
        return None
    alloc = getattr(runner, "token_to_kv_pool_allocator", None)
    return None if alloc is None else alloc.get_kvcache()
""",
        # the draft guard tests an aliased SWA allocator class: the target's allocator is one
        """
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator as HybridAlloc
def resolve(runner):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    alloc = runner.token_to_kv_pool_allocator
    frozen = runner.spec_algorithm.is_frozen_kv_mtp()
    if isinstance(alloc, HybridAlloc) and runner.is_draft_worker and not frozen:
        return None
    return alloc.get_kvcache()
""",
        # candidates gathered in a local list, walked by a counted ``while`` with ``break``
        """
def resolve(runner):
    candidates = [lambda: runner.token_to_kv_pool]
    if not runner.is_draft_worker:
        candidates.append(lambda: runner.token_to_kv_pool_allocator.get_kvcache())
    found, i = None, 0
    while i < len(candidates):
        kv = candidates[i]()
        if isinstance(kv, SWAKVPool):
            found = kv
            break
        i += 1
    return found
""",
        # the runner's facts carried in a ``types.SimpleNamespace`` a helper decides by
        """
from types import SimpleNamespace
def _facts(runner):
    return SimpleNamespace(
        pool=runner.token_to_kv_pool,
        alloc=runner.token_to_kv_pool_allocator,
        draft=runner.is_draft_worker,
    )
def _resolve(ns):
    if isinstance(ns.pool, SWAKVPool):
        return ns.pool
    return None if ns.draft else ns.alloc.get_kvcache()
class FooAttnBackend:
    def __init__(self, model_runner):
        self._swa_kv_pool = _resolve(_facts(model_runner))
""",
        # ``all()`` over local checks stops at the first that fails: the draft never fetches
        """
class FooAttnBackend:
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        checks = [lambda: not model_runner.is_draft_worker, lambda: alloc is not None]
        self._swa_kv_pool = alloc.get_kvcache() if all(c() for c in checks) else None
""",
        # the guard bound with ``functools.partial`` where the helper is called
        """
import functools
def _resolve(runner, *, allow):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    if not allow:
        return None
    return runner.token_to_kv_pool_allocator.get_kvcache()
class FooAttnBackend:
    def __init__(self, model_runner):
        resolve = functools.partial(_resolve, allow=not model_runner.is_draft_worker)
        self._swa_kv_pool = resolve(model_runner)
""",
        # a fetch in a lambda of a module table, guarded by the row's other lambda where the
        # module calls the table's entries
        """
_RULES = (
    (lambda r: isinstance(r.token_to_kv_pool, SWAKVPool), lambda r: r.token_to_kv_pool),
    (
        lambda r: r.is_draft_worker and r.spec_algorithm.is_frozen_kv_mtp(),
        lambda r: r.token_to_kv_pool_allocator.get_kvcache(),
    ),
)
def resolve_swa_kv_pool(model_runner):
    for applies, fetch in _RULES:
        if applies(model_runner):
            return fetch(model_runner)
    return None
""",
        # a strategy of a module table, called in a loop after the active pool's: the draft
        # guard is in the strategy, the own pool comes first
        """
def _from_pool(runner):
    return runner.token_to_kv_pool
def _from_target(runner):
    if runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp():
        return runner.token_to_kv_pool_allocator.get_kvcache()
    return None
_STRATEGIES = (_from_pool, _from_target)
def resolve_swa_kv_pool(runner):
    for strategy in _STRATEGIES:
        pool = strategy(runner)
        if isinstance(pool, SWAKVPool):
            return pool
    return None
""",
        # a mixin's static resolver handed the runner's members by the backend's __init__
        """
class SwaResolverMixin:
    @staticmethod
    def resolve(pool, allocator, is_draft_worker, spec):
        if isinstance(pool, SWAKVPool):
            return pool
        if is_draft_worker and not spec.is_frozen_kv_mtp():
            return None
        kv = allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
class FooAttnBackend(SwaResolverMixin):
    def __init__(self, model_runner):
        self._swa_kv_pool = self.resolve(
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            model_runner.is_draft_worker,
            model_runner.spec_algorithm,
        )
""",
        # a record of the runner's facts, built by a classmethod, resolving in a method
        """
from dataclasses import dataclass
@dataclass
class _View:
    pool: object
    alloc: object
    draft: bool
    @classmethod
    def of(cls, model_runner):
        return cls(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator,
                   model_runner.is_draft_worker)
    def swa_pool(self):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if self.draft:
            return None
        kv = self.alloc.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
class FooAttnBackend:
    def __init__(self, model_runner):
        self._swa_kv_pool = _View.of(model_runner).swa_pool()
""",
        # the resolver reading the field ``get_kvcache`` returns, both guards first
        """
class FooAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator._kvcache
        return kvcache if isinstance(kvcache, SWAKVPool) else None
""",
        # the fetch through a module-level ``operator.methodcaller``, both guards first
        """
import operator
_GET_KV = operator.methodcaller("get_kvcache")
class FooAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = _GET_KV(model_runner.token_to_kv_pool_allocator)
        return kvcache if isinstance(kvcache, SWAKVPool) else None
""",
        # the active-pool test asked as a subclass test of the pool's type
        """
class TRTLLMHAAttnBackend(FlashInferAttnBackend):
    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        pool = model_runner.token_to_kv_pool
        if issubclass(type(pool), SWAKVPool):
            return pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
""",
        # sglang >= 0.5.13 trtllm_mha resolver (alias form)
        """
class TRTLLMHAAttnBackend(FlashInferAttnBackend):
    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        active_pool = model_runner.token_to_kv_pool
        if isinstance(active_pool, SWAKVPool):
            return active_pool
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        allocator = model_runner.token_to_kv_pool_allocator
        kvcache = allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
""",
        # aiter form: getattr guard, chained call, combined condition
        """
class AiterAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, BaseSWAKVPool):
            return model_runner.token_to_kv_pool
        if getattr(model_runner, "is_draft_worker", False) and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
""",
        # identity-guarded (kv_index_translator shape): asking "same pool?" is not a use
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, token_to_kv_pool_allocator, token_to_kv_pool):
        self.unified = isinstance(token_to_kv_pool_allocator, UnifiedAlloc) and (
            token_to_kv_pool_allocator.get_kvcache() is token_to_kv_pool
        )
""",
        # elif chain
        """
class FooAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve_swa_kv_pool(mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        elif mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        else:
            kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
            return kvcache if isinstance(kvcache, SWAKVPool) else None
""",
        # one exit, a result variable assigned in the branches
        """
class FooAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve_swa_kv_pool(mr):
        result = None
        active = mr.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            result = active
        elif not (mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp()):
            kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kvcache, SWAKVPool):
                result = kvcache
        return result
""",
        # positive guard: `if not draft or frozen:` around the fallback
        """
class FooAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve_swa_kv_pool(mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if not mr.is_draft_worker or mr.spec_algorithm.is_frozen_kv_mtp():
            kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
            return kvcache if isinstance(kvcache, SWAKVPool) else None
        return None
""",
        # the draft test in a same-module helper (and the FROZEN_KV test as a comparison)
        """
def _needs_own_pool(model_runner):
    return model_runner.is_draft_worker and (
        model_runner.spec_algorithm != SpeculativeAlgorithm.FROZEN_KV_MTP
    )

class FooAttnBackend(AttentionBackend):
    def _resolve_swa_kv_pool(self, mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if _needs_own_pool(mr):
            return None
        return mr.token_to_kv_pool_allocator.get_kvcache()
""",
        # a draft flag cached on self (fa3 / flashmla: self.is_draft_runner)
        """
class FlashAttentionBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.is_draft_runner = model_runner.is_draft_worker
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    def _resolve_swa_kv_pool(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if self.is_draft_runner and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return model_runner.token_to_kv_pool_allocator.get_kvcache()
""",
        # get_kvcache() fetched early, returned late (after both guards)
        """
class FooAttnBackend(AttentionBackend):
    def resolve(self, mr):
        kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        return kvcache
""",
        # the full-only draft's pool class (a regular draft owns an ``MHATokenToKVPool``)
        """
class FooAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve_swa_kv_pool(mr):
        pool = mr.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if isinstance(pool, MHATokenToKVPool):
            return None
        return mr.token_to_kv_pool_allocator.get_kvcache()
""",
        # no active-pool check, or one inverted: a draft owning an SWA pool gets None (no SWA
        # reads: not this family's wrong read); no draft receives the target's kvcache
        """
class FooAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve_swa_kv_pool(mr):
        fetch = mr.token_to_kv_pool_allocator.get_kvcache
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        return fetch()
""",
        """
class FooAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve_swa_kv_pool(mr):
        if not isinstance(mr.token_to_kv_pool, SWAKVPool):
            return None
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        return mr.token_to_kv_pool_allocator.get_kvcache()
""",
        # candidate sources in a list, the allocator's fetch added only where a policy table
        # allows it, tried by a comprehension and ``next``
        """
_POLICY = {(True, False): False}
class FooAttnBackend(AttentionBackend):
    def __init__(self, mr):
        key = (bool(mr.is_draft_worker), bool(mr.spec_algorithm.is_frozen_kv_mtp()))
        sources = [lambda: mr.token_to_kv_pool]
        if _POLICY.get(key, True):
            sources.append(mr.token_to_kv_pool_allocator.get_kvcache)
        self.pool = next((p for p in (s() for s in sources) if isinstance(p, SWAKVPool)), None)
""",
        # asserts and raises as guards
        """
class FooAttnBackend(AttentionBackend):
    def resolve(self, mr):
        assert not isinstance(mr.token_to_kv_pool, SWAKVPool)
        draft = mr.is_draft_worker
        if draft and not mr.spec_algorithm.is_frozen_kv_mtp():
            raise ValueError("plain drafts own their pool")
        return mr.token_to_kv_pool_allocator.get_kvcache()
""",
        # the helper that fetches is reached through a registry keyed by the runner's role,
        # looked up into a local: judged from the module's ways in (a draft's role has none)
        """
def _borrowed(runner):
    return runner.token_to_kv_pool_allocator.get_kvcache()

def _none(runner):
    return None

_BY_ROLE = {"target": _borrowed, "frozen_kv_draft": _borrowed}

def _role(runner):
    if not runner.is_draft_worker:
        return "target"
    return "frozen_kv_draft" if runner.spec_algorithm.is_frozen_kv_mtp() else "draft"

class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        source = _BY_ROLE.get(_role(model_runner), _none)
        self.swa_pool = source(model_runner)
""",
        # a strategy object of a private class, picked from a table by the draft check
        """
class _Own:
    def resolve(self, mr):
        return None

class _Shared(_Own):
    def resolve(self, mr):
        return mr.token_to_kv_pool_allocator.get_kvcache()

_STRATEGIES = {"own": _Own(), "shared": _Shared()}

class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        shares = not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp()
        self.swa_pool = _STRATEGIES["shared" if shares else "own"].resolve(model_runner)
""",
        # a private base's class default, overridden by the one backend deriving from it: read
        # on that backend's class (the base is never built)
        """
class _HybridBase:
    BORROW_FOR_DRAFT = True
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner)
    @classmethod
    def _resolve(cls, runner):
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and not cls.BORROW_FOR_DRAFT:
            return None
        return runner.token_to_kv_pool_allocator.get_kvcache()
class FooAttnBackend(_HybridBase):
    BORROW_FOR_DRAFT = False
""",
        # roles of an enum classmethod; the roles that borrow: the enum less the plain draft
        """
import enum
class Role(enum.Enum):
    TARGET = enum.auto()
    DRAFT = enum.auto()
    SHARED_DRAFT = enum.auto()
    @classmethod
    def of(cls, runner):
        if not runner.is_draft_worker:
            return cls.TARGET
        return cls.SHARED_DRAFT if runner.spec_algorithm.is_frozen_kv_mtp() else cls.DRAFT
    @property
    def borrows(self):
        return self in BORROWING
BORROWING = frozenset(Role) - {Role.DRAFT}
class FooAttnBackend:
    def __init__(self, model_runner):
        self.swa_pool = None
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            self.swa_pool = model_runner.token_to_kv_pool
        elif Role.of(model_runner).borrows:
            self.swa_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
""",
        # a public mixin's guard, kept by the backend's override of its hook
        """
class PoolResolverMixin:
    def _may_borrow(self, runner):
        return not runner.is_draft_worker
    def resolve(self, runner):
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if not self._may_borrow(runner):
            return None
        return runner.token_to_kv_pool_allocator.get_kvcache()
class FooAttnBackend(PoolResolverMixin):
    def __init__(self, model_runner):
        self.swa_pool = self.resolve(model_runner)
    def _may_borrow(self, runner):
        return super()._may_borrow(runner) or runner.spec_algorithm.is_frozen_kv_mtp()
""",
        # candidate sources yielded by a generator, the shared one only where it may be read
        """
def _candidates(runner):
    yield lambda: runner.token_to_kv_pool
    if not runner.is_draft_worker or runner.spec_algorithm.is_frozen_kv_mtp():
        yield lambda: runner.token_to_kv_pool_allocator.get_kvcache()
class FooAttnBackend:
    def __init__(self, model_runner):
        self.swa_pool = None
        for source in _candidates(model_runner):
            pool = source()
            if isinstance(pool, SWAKVPool):
                self.swa_pool = pool
                break
""",
        # the fetch sits in a lambda a private generator yields; its caller calls it only
        # after the draft check
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._find(model_runner)
    def _sources(self, runner):
        yield "active", lambda: runner.token_to_kv_pool
        yield "shared", lambda: runner.token_to_kv_pool_allocator.get_kvcache()
    def _find(self, runner):
        owns_kv = runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp()
        for name, fetch in self._sources(runner):
            if name == "shared" and owns_kv:
                return None
            candidate = fetch()
            if isinstance(candidate, SWAKVPool):
                return candidate
        return None
""",
        # a ``match`` on a NamedTuple of the runner's facts, built by its classmethod
        """
class Facts(NamedTuple):
    active_is_swa: bool
    is_draft: bool
    frozen_kv: bool

    @classmethod
    def collect(cls, runner):
        probe = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
        return cls(
            isinstance(runner.token_to_kv_pool, SWAKVPool),
            runner.is_draft_worker,
            bool(probe()) if probe is not None else False,
        )
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.facts = Facts.collect(model_runner)
        self.swa_pool = self._select(model_runner)
    def _select(self, runner):
        match self.facts:
            case (True, _, _):
                return runner.token_to_kv_pool
            case Facts(False, True, False):
                return None
            case _:
                kv = runner.token_to_kv_pool_allocator.get_kvcache()
                return kv if isinstance(kv, SWAKVPool) else None
""",
        # strategy objects chosen by the worker's role; the chosen one is only named in a log
        """
class _Shared:
    def resolve(self, model_runner):
        pool = model_runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
class _Own:
    def resolve(self, model_runner):
        pool = model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        regular_draft = (
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        )
        resolver = _Own() if regular_draft else _Shared()
        self.swa_kv_pool = resolver.resolve(model_runner)
        logger.info("resolver=%s", type(resolver).__name__)
""",
        # a role table (annotated) of resolvers, one calling the fetching helper
        """
def _kvcache_swa(model_runner):
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None
def _own_swa(model_runner):
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None
def _resolve_target(model_runner):
    return _own_swa(model_runner) or _kvcache_swa(model_runner)
_RESOLVERS: Dict[str, Callable] = {
    "target": _resolve_target,
    "draft": _own_swa,
    "frozen_kv_draft": _resolve_target,
}
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_kv_pool = _RESOLVERS[self._role(model_runner)](model_runner)
    @staticmethod
    def _role(model_runner):
        if not model_runner.is_draft_worker:
            return "target"
        return "frozen_kv_draft" if model_runner.spec_algorithm.is_frozen_kv_mtp() else "draft"
""",
        # a chain of partial probes handed to a static method that stops on a sentinel
        """
import functools
_STOP = object()
def _active(model_runner):
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None
def _regular_draft_stops(model_runner):
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return _STOP
    return None
def _shared(model_runner):
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        probes = [
            functools.partial(_active, model_runner),
            functools.partial(_regular_draft_stops, model_runner),
            functools.partial(_shared, model_runner),
        ]
        self.swa_kv_pool = self._first_hit(probes)
    @staticmethod
    def _first_hit(probes):
        for probe in probes:
            hit = probe()
            if hit is _STOP:
                return None
            if hit is not None:
                return hit
        return None
""",
        # a resolver object reading the role the backend set before building it
        """
class PoolResolver:
    def __init__(self, attn_backend, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.active = model_runner.token_to_kv_pool
        self.is_draft = getattr(attn_backend, "is_draft_worker", False)
        self.swa_pool = self._resolve()
    def _resolve(self):
        if isinstance(self.active, SWAKVPool):
            return self.active
        if self.is_draft:
            return None
        kv = self.allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.is_draft_worker = model_runner.is_draft_worker
        self.resolver = PoolResolver(self, model_runner)
""",
        # a list of resolver steps walked until one gives an answer; a sentinel, not None,
        # means "no opinion", and the step's name is only logged
        """
_DEFER = object()
def _active(mr):
    pool = mr.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else _DEFER
def _regular_draft(mr):
    if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
        return None
    return _DEFER
def _shared(mr):
    kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None
STEPS = [_active, _regular_draft, _shared]
def resolve_swa_pool(mr):
    for step in STEPS:
        pool = step(mr)
        if pool is not _DEFER:
            logger.debug("%s decided", step.__name__)
            return pool
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_kv_pool = resolve_swa_pool(model_runner)
""",
        # the draft guard lives in the module's decorator around the allocator fetch
        """
def draft_keeps_own_pool(fn):
    @functools.wraps(fn)
    def wrapper(runner):
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return fn(runner)
    return wrapper
@draft_keeps_own_pool
def swa_pool_from_allocator(runner):
    cache = runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = swa_pool_from_allocator(model_runner)
    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
""",
        # the mixins put the draft guard before the shared cache in the lookup order
        """
class _Root:
    def _resolve(self, model_runner):
        return None
class ActivePool(_Root):
    def _resolve(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        return super()._resolve(model_runner)
class DraftGuard(_Root):
    def _resolve(self, model_runner):
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return super()._resolve(model_runner)
class SharedCache(_Root):
    def _resolve(self, model_runner):
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else super()._resolve(model_runner)
class FooAttnBackend(ActivePool, DraftGuard, SharedCache, AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)
""",
        # a returned closure reads the draft flag late: it is set before the caller calls it
        """
def make_resolver(runner):
    own = False
    def keeps_own():
        return own
    own = runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp()
    def resolve():
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if keeps_own():
            return None
        cache = runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None
    return resolve
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = make_resolver(model_runner)()
""",
        # a context manager's ``__exit__`` swallows the draft's exception before any fetch
        """
class _DraftKeepsOwn(Exception):
    pass
class _Resolving:
    def __init__(self, runner):
        self.runner = runner
        self.pool = None
    def __enter__(self):
        return self
    def __exit__(self, kind, exc, tb):
        return kind is _DraftKeepsOwn
def resolve_swa(runner):
    with _Resolving(runner) as r:
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            r.pool = runner.token_to_kv_pool
        else:
            if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
                raise _DraftKeepsOwn()
            cache = runner.token_to_kv_pool_allocator.get_kvcache()
            r.pool = cache if isinstance(cache, SWAKVPool) else None
    return r.pool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa(model_runner)
""",
        # stages reduced in order, the draft guard spliced in before the shared cache
        """
import functools
STOP = object()
def _own(acc, runner):
    if acc is not None:
        return acc
    return runner.token_to_kv_pool if isinstance(runner.token_to_kv_pool, SWAKVPool) else None
def _draft(acc, runner):
    if acc is not None:
        return acc
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        return STOP
    return None
def _shared(acc, runner):
    if acc is not None:
        return acc
    cache = runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None
STAGES: tuple = (_own, _shared)
STAGES = (STAGES[0], _draft, *STAGES[1:])
def resolve_swa(runner):
    found = functools.reduce(lambda acc, stage: stage(acc, runner), STAGES, None)
    return None if found is STOP else found
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa(model_runner)
""",
        # a draft pops the shared cache from its candidates before picking
        """
def pick_swa_pool(runner):
    found = {
        "own": runner.token_to_kv_pool,
        "shared": runner.token_to_kv_pool_allocator.get_kvcache(),
    }
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        found.pop("shared", None)
    for name in ("own", "shared"):
        pool = found.get(name)
        if isinstance(pool, SWAKVPool):
            return pool
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = pick_swa_pool(model_runner)
""",
        # a ``match`` on a dict of the runner's facts: the draft's mapping case comes before
        # the case capturing the allocator
        """
def _state(model_runner):
    return {
        "pool": model_runner.token_to_kv_pool,
        "draft": model_runner.is_draft_worker,
        "frozen_kv": model_runner.spec_algorithm.is_frozen_kv_mtp(),
        "allocator": model_runner.token_to_kv_pool_allocator,
    }
def resolve_swa_pool(model_runner):
    match _state(model_runner):
        case {"pool": SWAKVPool() as pool}:
            return pool
        case {"draft": True, "frozen_kv": False}:
            return None
        case {"allocator": allocator}:
            kvcache = allocator.get_kvcache()
            return kvcache if isinstance(kvcache, SWAKVPool) else None
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
""",
        # a class pattern's keywords read the runner: the draft's case (with a guard) comes
        # before the one capturing the allocator
        """
def resolve(runner):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    match runner:
        case object(is_draft_worker=True, spec_algorithm=spec) if not spec.is_frozen_kv_mtp():
            return None
        case object(token_to_kv_pool_allocator=alloc):
            kvcache = alloc.get_kvcache()
            return kvcache if isinstance(kvcache, SWAKVPool) else None
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve(model_runner)
""",
        # a resolver object called as a function (its ``__call__``), kept as the default of a
        # parameter a backend built from its runner alone leaves as it is
        """
class Resolver:
    def __call__(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if getattr(model_runner, "is_draft_worker", False) and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
_default = Resolver()
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner, resolver=_default):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolver(model_runner)
""",
        # the twin: one attrgetter of several names reads the runner's own pool
        Case("""
import operator
_fields = operator.attrgetter("token_to_kv_pool", "page_size")
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.kv_pool, self.page_size = _fields(model_runner)
    def forward_decode(self, loc):
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
"""),
        # a resolver chain a decorator registers in order: the draft guard before the allocator step
        Case("""
_CHAIN = []
def step(fn):
    _CHAIN.append(fn)
    return fn
@step
def _active(model_runner):
    pool = model_runner.token_to_kv_pool
    return (True, pool) if isinstance(pool, SWAKVPool) else (False, None)
@step
def _draft_owns_pool(model_runner):
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return True, None
    return False, None
@step
def _shared(model_runner):
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return True, (kv if isinstance(kv, SWAKVPool) else None)
def resolve(model_runner):
    for fn in _CHAIN:
        done, pool = fn(model_runner)
        if done:
            return pool
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = resolve(model_runner)
"""),
        # an abstract backend base (no forward) reads the allocator's pool; its subclass overrides it
        Case("""
class SharedCacheBase(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.kv_pool = self._kv_pool_for(model_runner)
    def _kv_pool_for(self, model_runner):
        return model_runner.token_to_kv_pool_allocator.get_kvcache()
class FooAttnBackend(SharedCacheBase):
    def _kv_pool_for(self, model_runner):
        shared = super()._kv_pool_for(model_runner)
        own = model_runner.token_to_kv_pool
        if shared is not own:
            logger.debug("own pool %s, allocator's %s", type(own).__name__, type(shared).__name__)
        return own
    def forward_decode(self, loc):
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # a public resolver handed the runner's pieces as one tuple it unpacks
        Case("""
def _pieces(runner):
    return (
        runner.token_to_kv_pool,
        runner.token_to_kv_pool_allocator,
        runner.is_draft_worker,
        runner.spec_algorithm,
    )
def resolve_swa(src):
    kv, alloc, is_draft, algo = src
    if isinstance(kv, SWAKVPool):
        return kv
    if is_draft and not algo.is_frozen_kv_mtp():
        return None
    shared = alloc.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = resolve_swa(_pieces(model_runner))
"""),
        # a generator whose guard raises before its first item on the older spec API: no backend
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.runner = model_runner
        self.swa_pool = next(
            (p for p in self._candidates() if isinstance(p, SWAKVPool)), None
        )
    def _owns_kv(self):
        r = self.runner
        return r.is_draft_worker and not r.spec_algorithm.is_frozen_kv_mtp()
    def _candidates(self):
        getters = [lambda: self.runner.token_to_kv_pool]
        if not self._owns_kv():
            getters.append(lambda: self.runner.token_to_kv_pool_allocator.get_kvcache())
        for get in getters:
            yield get()
"""),
        # the allocator's pool handed to a context manager method that only logs it
        Case("""
import contextlib
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
    @contextlib.contextmanager
    def _traced(self, pool):
        logger.debug("step on %s", type(pool).__name__)
        try:
            yield self.pool
        finally:
            logger.debug("step done")
    def forward_decode(self, loc):
        with self._traced(self.allocator.get_kvcache()) as pool:
            if isinstance(pool, SWAKVPool):
                return pool, pool.translate_loc_from_full_to_swa(loc)
            return pool, loc
"""),
        # resolvers registered by a decorator factory, picked by the worker's role
        Case("""
_BY_ROLE = {}
def for_role(role):
    def deco(fn):
        _BY_ROLE[role] = fn
        return fn
    return deco
@for_role("own")
def _own(model_runner):
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None
@for_role("shared")
def _shared(model_runner):
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None
def _role(model_runner):
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return "own"
    return "shared"
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = _BY_ROLE[_role(model_runner)](model_runner)
"""),
        # a slotted proxy keeps the pool through object.__setattr__
        Case("""
class _PoolView:
    __slots__ = ("_pool", "_allocator")

    def __init__(self, pool, allocator):
        object.__setattr__(self, "_pool", pool)
        object.__setattr__(self, "_allocator", allocator)

    @property
    def target(self):
        return self._pool


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.view = _PoolView(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)
        self.use_swa = isinstance(self.view.target, SWAKVPool)

    def forward_decode(self, loc):
        pool = self.view.target
        if self.use_swa:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
"""),
        # resolver hooks registered by a decorator and sorted by priority: the draft's hook runs first
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
_HOOKS: list = []
_STOP = object()
def resolver(priority):
    def deco(fn):
        _HOOKS.append((priority, fn))
        _HOOKS.sort(key=lambda item: item[0])
        return fn
    return deco
@resolver(20)
def _from_allocator(runner):
    cache = runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None
@resolver(0)
def _active(runner):
    pool = runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None
@resolver(10)
def _draft(runner):
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        return _STOP
    return None
def resolve(runner):
    for _, hook in _HOOKS:
        got = hook(runner)
        if got is _STOP:
            return None
        if got is not None:
            return got
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = resolve(model_runner)
"""),
        # the same facade asked only for free slots; the pool is the runner's own
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class KVFacade:
    def __init__(self, allocator):
        self.__dict__["_allocator"] = allocator
    def __getattr__(self, name):
        return getattr(self.__dict__["_allocator"], name)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.kv = KVFacade(model_runner.token_to_kv_pool_allocator)
        self.pool = model_runner.token_to_kv_pool
    def forward_decode(self, loc):
        free = self.kv.available_size()
        if isinstance(self.pool, SWAKVPool):
            return free, self.pool.translate_loc_from_full_to_swa(loc)
        return free, loc
"""),
        # a pool table filled on a miss by the upstream resolver order
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.runner = model_runner
        self._pools = {"full": model_runner.token_to_kv_pool}
    def _pool_for(self, kind):
        try:
            return self._pools[kind]
        except KeyError:
            pool = self.runner.token_to_kv_pool
            if isinstance(pool, SWAKVPool):
                found = pool
            elif self.runner.is_draft_worker and not self.runner.spec_algorithm.is_frozen_kv_mtp():
                found = None
            else:
                kv = self.runner.token_to_kv_pool_allocator.get_kvcache()
                found = kv if isinstance(kv, SWAKVPool) else None
            self._pools[kind] = found
            return found
    def forward_decode(self, loc):
        swa = self._pool_for("swa")
        if swa is None:
            return self.runner.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
"""),
        # the same answer kept after the draft check
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.hybrid = type(self.pool) is SWAKVPool
        if not self.hybrid and not (
            model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
        ):
            allocator = model_runner.token_to_kv_pool_allocator
            self.hybrid = type(allocator.get_kvcache()) is SWAKVPool
"""),
        # the upstream resolver order as a table of strategies picked and called where it stands
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
def resolve(model_runner):
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    regular = model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
    table = {True: lambda: None}
    return table.get(regular, lambda: model_runner.token_to_kv_pool_allocator.get_kvcache())()
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = resolve(model_runner)
"""),
        # a public resolver method of the backend, called by its __init__ after it keeps the draft flags
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.spec_algorithm = model_runner.spec_algorithm
        self.is_draft_worker = model_runner.is_draft_worker
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.get_swa_pool(model_runner)
    def get_swa_pool(self, model_runner):
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if self.is_draft_worker and not self.spec_algorithm.is_frozen_kv_mtp():
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None
"""),
    ]

    INVALID = [
        # the twin: the role is set after the resolver reads it (a draft reads False)
        Case("""
class PoolResolver:
    def __init__(self, attn_backend, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.active = model_runner.token_to_kv_pool
        self.is_draft = getattr(attn_backend, "is_draft_worker", False)
        self.swa_pool = self._resolve()
    def _resolve(self):
        if isinstance(self.active, SWAKVPool):
            return self.active
        if self.is_draft:
            return None
        kv = self.allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.resolver = PoolResolver(self, model_runner)
        self.is_draft_worker = model_runner.is_draft_worker
"""),
        # the twin: the generator's caller keeps the fetch before the draft check
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._find(model_runner)
    def _sources(self, runner):
        yield "active", lambda: runner.token_to_kv_pool
        yield "shared", lambda: runner.token_to_kv_pool_allocator.get_kvcache()
    def _find(self, runner):
        owns_kv = runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp()
        for name, fetch in self._sources(runner):
            candidate = fetch()
            if isinstance(candidate, SWAKVPool):
                return candidate
            if name == "shared" and owns_kv:
                return None
        return None
"""),
        # the twin: the facts' fields in another order than the patterns read them
        Case("""
class Facts(NamedTuple):
    active_is_swa: bool
    frozen_kv: bool
    is_draft: bool

    @classmethod
    def collect(cls, runner):
        probe = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
        return cls(
            isinstance(runner.token_to_kv_pool, SWAKVPool),
            bool(probe()) if probe is not None else False,
            runner.is_draft_worker,
        )
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.facts = Facts.collect(model_runner)
        self.swa_pool = self._select(model_runner)
    def _select(self, runner):
        match self.facts:
            case (True, _, _):
                return runner.token_to_kv_pool
            case Facts(False, True, False):
                return None
            case _:
                kv = runner.token_to_kv_pool_allocator.get_kvcache()
                return kv if isinstance(kv, SWAKVPool) else None
"""),
        # the twin: the flag it is given admits regular drafts
        Case("""
from dataclasses import dataclass, field
from typing import Any, Optional
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
@dataclass
class PoolResolution:
    active: Any
    allocator: Any
    regular_draft: bool
    swa_pool: Optional[Any] = field(init=False, default=None)
    def __post_init__(self):
        if isinstance(self.active, SWAKVPool):
            self.swa_pool = self.active
            return
        if self.regular_draft:
            return
        kv = self.allocator.get_kvcache()
        if isinstance(kv, SWAKVPool):
            self.swa_pool = kv
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        regular = model_runner.spec_algorithm.is_frozen_kv_mtp()
        self.swa_pool = PoolResolution(
            self.pool, model_runner.token_to_kv_pool_allocator, regular
        ).swa_pool
    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the twin: the FROZEN_KV test inverted
        Case("""
import operator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
_is_draft = operator.attrgetter("is_draft_worker")
_frozen = operator.methodcaller("is_frozen_kv_mtp")
_kvcache_of = operator.methodcaller("get_kvcache")
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner)
    @staticmethod
    def _resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if _is_draft(model_runner) and _frozen(model_runner.spec_algorithm):
            return None
        kv = _kvcache_of(model_runner.token_to_kv_pool_allocator)
        return kv if isinstance(kv, SWAKVPool) else None
"""),
        # the twin of: a role held as a ``Flag`` enum, tested by membership
        Case("""
import enum
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class Role(enum.Flag):
    TARGET = 0
    DRAFT = enum.auto()
    SHARES_KV = enum.auto()
def _role(runner):
    role = Role.TARGET
    if runner.is_draft_worker:
        role |= Role.DRAFT
    if runner.spec_algorithm.is_frozen_kv_mtp():
        role |= Role.SHARES_KV
    return role
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner, _role(model_runner))
    @staticmethod
    def _resolve(model_runner, role):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if role is Role.DRAFT | Role.SHARES_KV:
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
"""),
        # the twin of: draft and FROZEN_KV bits packed into an int code
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
_DRAFT = 0b10
_FROZEN = 0b01
def _code(runner):
    code = 0
    if runner.is_draft_worker:
        code |= _DRAFT
    if runner.spec_algorithm.is_frozen_kv_mtp():
        code |= _FROZEN
    return code
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)
    def _resolve(self, model_runner):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if _code(model_runner) == _FROZEN:
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
"""),
        # the twin of: a ``NamedTuple`` answer unpacked
        Case("""
from typing import NamedTuple
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class _Share(NamedTuple):
    allowed: bool
    reason: str
def _share(runner):
    if not runner.is_draft_worker:
        return _Share(True, "target")
    if runner.spec_algorithm.is_frozen_kv_mtp():
        return _Share(True, "frozen")
    return _Share(False, "draft")
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner)
    @staticmethod
    def _resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        reason, allowed = _share(model_runner)
        if not allowed:
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
"""),
        # the twin of: facts refined by ``dataclasses.replace``
        Case("""
import dataclasses
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
@dataclasses.dataclass(frozen=True)
class _Facts:
    is_draft: bool = False
    frozen: bool = False
def _facts(runner):
    facts = _Facts()
    facts = dataclasses.replace(facts, is_draft=bool(runner.is_draft_worker))
    return dataclasses.replace(_Facts(), frozen=runner.spec_algorithm.is_frozen_kv_mtp())
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner)
    @staticmethod
    def _resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        facts = _facts(model_runner)
        if facts.is_draft and not facts.frozen:
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
"""),
        # the twin of: the algorithm's ``.value`` compared with FROZEN_KV MTP's
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm
_FROZEN_VALUE = SpeculativeAlgorithm.FROZEN_KV_MTP.value
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.is_draft = model_runner.is_draft_worker
        self.spec_value = model_runner.spec_algorithm.value
        self.swa_pool = self._resolve(model_runner)
    def _resolve(self, model_runner):
        if isinstance(self.pool, SWAKVPool):
            return self.pool
        if self.is_draft and self.spec_value == _FROZEN_VALUE:
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
"""),
        # the twin of: the algorithm's name cut out of its ``str()``
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
_SHARES_KV = frozenset({"FROZEN_KV_MTP"})
def _algorithm(spec) -> str:
    return str(spec).rsplit(".", 1)[-1].upper()
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner)
    @staticmethod
    def _resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        algo = _algorithm(model_runner.spec_algorithm)
        if model_runner.is_draft_worker and algo in _SHARES_KV:
            return None
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None
"""),
        # the twin of: a policy dict whose ``None`` means no shared pool, fetchers in an
        # annotated table
        Case("""
from typing import Callable, Dict
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
_POLICY = {(True, False): None}
_FETCH: Dict[str, Callable] = {"shared": lambda mr: mr.token_to_kv_pool_allocator.get_kvcache()}
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner)
    @staticmethod
    def _resolve(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        key = (bool(model_runner.is_draft_worker), model_runner.spec_algorithm.is_frozen_kv_mtp())
        source = _POLICY.get(key) or "shared"
        if source is None:
            return None
        kv = _FETCH[source](model_runner)
        return kv if isinstance(kv, SWAKVPool) else None
"""),
        # a value or branch chosen by a class test of the target's kvcache, kept
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.mode = "hybrid" if isinstance(kvcache, SWAKVPool) else "full"
"""),
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.mode = "full"
        if isinstance(kvcache, SWAKVPool):
            self.mode = "hybrid"
"""),
        # the same base, the override letting drafts borrow
        Case("""
class _HybridBase:
    BORROW_FOR_DRAFT = False
    def __init__(self, model_runner):
        self.swa_pool = self._resolve(model_runner)
    @classmethod
    def _resolve(cls, runner):
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and not cls.BORROW_FOR_DRAFT:
            return None
        return runner.token_to_kv_pool_allocator.get_kvcache()
class FooAttnBackend(_HybridBase):
    BORROW_FOR_DRAFT = True
"""),
        # the same roles, the plain target left out of the set instead of the draft
        Case("""
import enum
class Role(enum.Enum):
    TARGET = enum.auto()
    DRAFT = enum.auto()
    SHARED_DRAFT = enum.auto()
    @classmethod
    def of(cls, runner):
        if not runner.is_draft_worker:
            return cls.TARGET
        return cls.SHARED_DRAFT if runner.spec_algorithm.is_frozen_kv_mtp() else cls.DRAFT
    @property
    def borrows(self):
        return self in BORROWING
BORROWING = frozenset(Role) - {Role.TARGET}
class FooAttnBackend:
    def __init__(self, model_runner):
        self.swa_pool = None
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            self.swa_pool = model_runner.token_to_kv_pool
        elif Role.of(model_runner).borrows:
            self.swa_pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
"""),
        # a public mixin's guard, widened by the backend's override of its hook
        Case("""
class PoolResolverMixin:
    def _may_borrow(self, runner):
        return not runner.is_draft_worker
    def resolve(self, runner):
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if not self._may_borrow(runner):
            return None
        return runner.token_to_kv_pool_allocator.get_kvcache()
class FooAttnBackend(PoolResolverMixin):
    def __init__(self, model_runner):
        self.swa_pool = self.resolve(model_runner)
    def _may_borrow(self, runner):
        return runner.spec_algorithm.is_speculative() or super()._may_borrow(runner)
"""),
        # the same generator yielding the shared source to every draft
        Case("""
def _candidates(runner):
    yield lambda: runner.token_to_kv_pool
    if runner.is_draft_worker or runner.spec_algorithm.is_frozen_kv_mtp():
        yield lambda: runner.token_to_kv_pool_allocator.get_kvcache()
class FooAttnBackend:
    def __init__(self, model_runner):
        self.swa_pool = None
        for source in _candidates(model_runner):
            pool = source()
            if isinstance(pool, SWAKVPool):
                self.swa_pool = pool
                break
"""),
        # the same registry, its entries swapped: a regular draft gets the fetching default
        Case("""
def _borrowed(runner):
    return runner.token_to_kv_pool_allocator.get_kvcache()

def _none(runner):
    return None

_BY_ROLE = {"frozen_kv_draft": _none}

def _role(runner):
    if not runner.is_draft_worker:
        return "target"
    return "frozen_kv_draft" if runner.spec_algorithm.is_frozen_kv_mtp() else "draft"

class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        source = _BY_ROLE.get(_role(model_runner), _borrowed)
        self.swa_pool = source(model_runner)
"""),
        # a callable private class run through the instance kept on ``self``: a call the
        # scenarios do not follow, which may lead to the fetch, is no proof
        Case("""
class _Lookup:
    draft = False
    def __init__(self, model_runner):
        self.runner = model_runner
    def __call__(self):
        if self.draft:
            return None
        return self.runner.token_to_kv_pool_allocator.get_kvcache()

class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self._lookup = _Lookup(model_runner)
        self.swa_pool = self._lookup()
"""),
        # the same with the FROZEN_KV test inverted: a regular draft reads the target's pool
        Case("""
class SwaResolverMixin:
    @property
    def reads_target_kv(self):
        if not self.model_runner.is_draft_worker:
            return True
        return not self.model_runner.spec_algorithm.is_frozen_kv_mtp()
    def resolve_swa_kv_pool(self):
        if isinstance(self.model_runner.token_to_kv_pool, SWAKVPool):
            return self.model_runner.token_to_kv_pool
        if self.reads_target_kv:
            return self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return None
class FooAttnBackend(SwaResolverMixin, AttentionBackend):
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.swa_kv_pool = self.resolve_swa_kv_pool()
"""),
        # the same getters closing over the loop variable: called after the loop, the one a
        # regular draft keeps reads the last holder, the allocator
        Case("""
def _kv_of(holder):
    if hasattr(holder, "token_to_kv_pool"):
        return holder.token_to_kv_pool
    return holder.get_kvcache()
class FooAttnBackend(AttentionBackend):
    def _resolve(self, mr):
        getters = []
        for holder in (mr, mr.token_to_kv_pool_allocator):
            getters.append(lambda: _kv_of(holder))
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            getters = getters[:1]
        for get in getters:
            pool = get()
            if isinstance(pool, SWAKVPool):
                return pool
        return None
"""),
        # a list changed by a method the scenarios do not follow holds what it may hold
        Case("""
class FooAttnBackend(AttentionBackend):
    def _resolve(self, mr):
        getters = []
        getters.insert(0, mr.token_to_kv_pool_allocator.get_kvcache)
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None if not getters else getters[0]()
        return None
"""),
        # the same candidates with the fetch added for draft workers alone
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, mr):
        sources = [lambda: mr.token_to_kv_pool]
        if mr.is_draft_worker:
            sources.append(mr.token_to_kv_pool_allocator.get_kvcache)
        self.pools = [s() for s in sources]
"""),
        # the kvcache field read by its name, with no draft check
        Case("""
def resolve(runner):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    kv = getattr(runner.token_to_kv_pool_allocator, "_kvcache", None)
    return kv if isinstance(kv, SWAKVPool) else None
"""),
        # the kvcache's class test kept in a local, then on ``self``: the target's pool decides
        Case("""
class FooAttnBackend:
    def __init__(self, model_runner):
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        pool_is_swa = isinstance(kv, SWAKVPool)
        self.use_swa = pool_is_swa and model_runner.sliding_window_size is not None
"""),
        # the kvcache's type looked up in a table, the answer kept
        Case("""
_MODE = {SWAKVPool: "swa"}
class FooAttnBackend:
    def __init__(self, model_runner):
        kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.mode = _MODE.get(type(kv), "full")
"""),
        # a nested helper kept on ``self``: it runs later, outside any guard of ``__init__``
        Case("""
class FooAttnBackend:
    def __init__(self, model_runner):
        alloc = model_runner.token_to_kv_pool_allocator
        def current(src=alloc):
            return src.get_kvcache()
        self._current_pool = current
"""),
        # the same list grown for every runner
        Case("""
def resolve(runner):
    candidates = [lambda: runner.token_to_kv_pool]
    candidates.append(lambda: runner.token_to_kv_pool_allocator.get_kvcache())
    found, i = None, 0
    while i < len(candidates):
        kv = candidates[i]()
        if isinstance(kv, SWAKVPool):
            found = kv
            break
        i += 1
    return found
"""),
        # the bound method read by a dotted ``attrgetter`` and handed on by a partial
        Case("""
import functools
import operator
def _window(get):
    kv = get()
    return kv if isinstance(kv, SWAKVPool) else None
class FooAttnBackend:
    def __init__(self, model_runner):
        getter = operator.attrgetter("token_to_kv_pool_allocator.get_kvcache")
        self._swa_kv_pool = functools.partial(_window, getter(model_runner))()
"""),
        # the same partial with a guard every draft passes
        Case("""
import functools
def _resolve(runner, *, allow):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    if not allow:
        return None
    return runner.token_to_kv_pool_allocator.get_kvcache()
class FooAttnBackend:
    def __init__(self, model_runner):
        resolve = functools.partial(_resolve, allow=True)
        self._swa_kv_pool = resolve(model_runner)
"""),
        # the same table with a guard every draft passes
        Case("""
_RULES = (
    (lambda r: isinstance(r.token_to_kv_pool, SWAKVPool), lambda r: r.token_to_kv_pool),
    (lambda r: r.is_draft_worker, lambda r: r.token_to_kv_pool_allocator.get_kvcache()),
)
def resolve_swa_kv_pool(model_runner):
    for applies, fetch in _RULES:
        if applies(model_runner):
            return fetch(model_runner)
    return None
"""),
        # a cached helper (``functools.lru_cache`` answers what the call answers), unguarded
        Case("""
import functools
@functools.lru_cache(maxsize=None)
def _swa_pool_of(allocator):
    kv = allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None
class FooAttnBackend:
    def __init__(self, model_runner):
        self._swa_kv_pool = _swa_pool_of(model_runner.token_to_kv_pool_allocator)
"""),
        # duck typing on the pool, falling back to the allocator's kvcache: a full-only
        # draft pool has no SWA member, so the draft takes the fallback
        Case("""
def resolve_swa_kv_pool(model_runner):
    pool = model_runner.token_to_kv_pool
    try:
        pool.translate_loc_from_full_to_swa
    except AttributeError:
        pool = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return pool
"""),
        # ``operator.methodcaller("get_kvcache")`` held in a module constant, unguarded
        Case("""
import operator
_GET_KV = operator.methodcaller("get_kvcache")
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        kv = _GET_KV(model_runner.token_to_kv_pool_allocator)
        self.swa_pool = kv if isinstance(kv, SWAKVPool) else None
"""),
        # the field ``get_kvcache`` returns, read without the draft guard
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        kv = model_runner.token_to_kv_pool_allocator._kvcache
        self.swa_pool = kv if isinstance(kv, SWAKVPool) else None
"""),
        # trtllm_mha <= 0.5.12.post1
        Case("""
class TRTLLMHAAttnBackend(FlashInferAttnBackend):
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(allocator, SWATokenToKVPoolAllocator)
        self._swa_kv_pool = (
            allocator.get_kvcache() if self.use_sliding_window_kv_pool else None
        )
"""),
        # #26966 shape: only the active-pool check, no draft-worker guard
        Case(
            """
class TRTLLMHAAttnBackend(FlashInferAttnBackend):
    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        kvcache = getattr(model_runner.token_to_kv_pool_allocator, "get_kvcache")()
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
""",
            count=1,
        ),
        # inverted polarity: the fallback runs only for draft workers
        Case("""
class FooAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve_swa_kv_pool(mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if not mr.is_draft_worker or mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        return mr.token_to_kv_pool_allocator.get_kvcache()
"""),
        # another pool class than the regular draft's: the draft falls through to the fetch
        Case("""
class FooAttnBackend(AttentionBackend):
    @staticmethod
    def _resolve_swa_kv_pool(mr):
        pool = mr.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if isinstance(pool, MLATokenToKVPool):
            return None
        return mr.token_to_kv_pool_allocator.get_kvcache()
"""),
        # an unknown helper is not assumed to check anything
        Case("""
class FooAttnBackend(AttentionBackend):
    def _resolve_swa_kv_pool(self, mr):
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if should_skip(mr):
            return None
        return mr.token_to_kv_pool_allocator.get_kvcache()
"""),
        # a cached flag that is not always the draft flag
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.is_draft_runner = model_runner.is_draft_worker

    def reset(self):
        self.is_draft_runner = False

    def _resolve_swa_kv_pool(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if self.is_draft_runner and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return model_runner.token_to_kv_pool_allocator.get_kvcache()
"""),
        # the value escapes on a path before the guards (stored, then guarded)
        Case("""
class FooAttnBackend(AttentionBackend):
    def resolve(self, mr):
        kvcache = mr.token_to_kv_pool_allocator.get_kvcache()
        self.pool = kvcache
        if isinstance(mr.token_to_kv_pool, SWAKVPool):
            return mr.token_to_kv_pool
        if mr.is_draft_worker and not mr.spec_algorithm.is_frozen_kv_mtp():
            return None
        return kvcache
"""),
        # the twin: the decorator's guard is inverted
        Case("""
def draft_keeps_own_pool(fn):
    @functools.wraps(fn)
    def wrapper(runner):
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if runner.is_draft_worker and runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return fn(runner)
    return wrapper
@draft_keeps_own_pool
def swa_pool_from_allocator(runner):
    cache = runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = swa_pool_from_allocator(model_runner)
    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
"""),
        # the twin: in Python's lookup order the shared cache comes before the draft guard
        # (a mixin's ``super()`` is the class mixed in after it, not its own base)
        Case("""
class _Root:
    def _resolve(self, model_runner):
        return None
class ActivePool(_Root):
    def _resolve(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        return super()._resolve(model_runner)
class DraftGuard(_Root):
    def _resolve(self, model_runner):
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        return super()._resolve(model_runner)
class SharedCache(_Root):
    def _resolve(self, model_runner):
        cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else super()._resolve(model_runner)
class FooAttnBackend(ActivePool, SharedCache, DraftGuard, AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve(model_runner)
"""),
        # the twin: a default argument snapshots the flag before it is set
        Case("""
def make_resolver(runner):
    own = False
    def keeps_own(own=own):
        return own
    own = runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp()
    def resolve():
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        if keeps_own():
            return None
        cache = runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None
    return resolve
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = make_resolver(model_runner)()
"""),
        # the twin: ``__enter__`` fetches the shared cache before the body's draft guard
        # (whose exception ``__exit__`` swallows)
        Case("""
class _DraftKeepsOwn(Exception):
    pass
class _Resolving:
    def __init__(self, runner):
        self.runner = runner
        self.pool = None
    def __enter__(self):
        cache = self.runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            self.pool = cache
        return self
    def __exit__(self, kind, exc, tb):
        return kind is _DraftKeepsOwn
def resolve_swa(runner):
    with _Resolving(runner) as r:
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            r.pool = runner.token_to_kv_pool
        else:
            if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
                raise _DraftKeepsOwn()
            if not isinstance(r.pool, SWAKVPool):
                r.pool = None
    return r.pool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa(model_runner)
"""),
        # the twin: the draft guard runs after the shared cache stage
        Case("""
import functools
STOP = object()
def _own(acc, runner):
    if acc is not None:
        return acc
    return runner.token_to_kv_pool if isinstance(runner.token_to_kv_pool, SWAKVPool) else None
def _draft(acc, runner):
    if acc is not None:
        return acc
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        return STOP
    return None
def _shared(acc, runner):
    if acc is not None:
        return acc
    cache = runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None
STAGES: tuple = (_own, _shared)
STAGES = (*STAGES, _draft)
def resolve_swa(runner):
    found = functools.reduce(lambda acc, stage: stage(acc, runner), STAGES, None)
    return None if found is STOP else found
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa(model_runner)
"""),
        # the twin: a draft pops its own pool and picks the shared cache
        Case("""
def pick_swa_pool(runner):
    found = {
        "own": runner.token_to_kv_pool,
        "shared": runner.token_to_kv_pool_allocator.get_kvcache(),
    }
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        found.pop("own", None)
    for name in ("own", "shared"):
        pool = found.get(name)
        if isinstance(pool, SWAKVPool):
            return pool
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = pick_swa_pool(model_runner)
"""),
        # a candidate added by ``update``: any key may hold it after
        Case("""
def pick_swa_pool(runner):
    found = {"own": runner.token_to_kv_pool}
    found.update(shared=runner.token_to_kv_pool_allocator.get_kvcache())
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        found.pop("own", None)
    for name in ("own", "shared"):
        pool = found.get(name)
        if isinstance(pool, SWAKVPool):
            return pool
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = pick_swa_pool(model_runner)
"""),
        # the twin: the case capturing the allocator comes first
        Case("""
def _state(model_runner):
    return {
        "pool": model_runner.token_to_kv_pool,
        "draft": model_runner.is_draft_worker,
        "frozen_kv": model_runner.spec_algorithm.is_frozen_kv_mtp(),
        "allocator": model_runner.token_to_kv_pool_allocator,
    }
def resolve_swa_pool(model_runner):
    match _state(model_runner):
        case {"pool": SWAKVPool() as pool}:
            return pool
        case {"allocator": allocator}:
            kvcache = allocator.get_kvcache()
            return kvcache if isinstance(kvcache, SWAKVPool) else None
        case {"draft": True, "frozen_kv": False}:
            return None
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
"""),
        # the twin: no draft case; the allocator captured by a keyword of a class pattern
        Case("""
def resolve(runner):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    match runner:
        case object(token_to_kv_pool_allocator=alloc):
            kvcache = alloc.get_kvcache()
            return kvcache if isinstance(kvcache, SWAKVPool) else None
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve(model_runner)
"""),
        # the twin: the draft flag read under a name no model runner has (``is_draft``: its
        # default, False, always)
        Case("""
class Resolver:
    def __call__(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if getattr(model_runner, "is_draft", False) and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
_default = Resolver()
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner, resolver=_default):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolver(model_runner)
"""),
        # runner fields read by one attrgetter of several names, the pool by a methodcaller
        Case("""
import operator
_fields = operator.attrgetter("token_to_kv_pool_allocator", "page_size")
_kvcache_of = operator.methodcaller("get_kvcache")
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        allocator, self.page_size = _fields(model_runner)
        self.kv_pool = _kvcache_of(allocator)
    def forward_decode(self, loc):
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
"""),
        # the allocator's pool handed to listeners a helper keeps in a list attribute
        Case("""
class _Publisher:
    def __init__(self, allocator):
        self.allocator = allocator
        self._listeners = []
    def subscribe(self, fn):
        self._listeners.append(fn)
    def publish(self):
        cache = self.allocator.get_kvcache()
        for fn in self._listeners:
            fn(cache)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = None
        self.publisher = _Publisher(model_runner.token_to_kv_pool_allocator)
        self.publisher.subscribe(self._on_cache)
        self.publisher.publish()
    def _on_cache(self, cache):
        if isinstance(cache, SWAKVPool):
            self.swa_pool = cache
    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the twin: the allocator step is registered before the draft guard
        Case("""
_CHAIN = []
def step(fn):
    _CHAIN.append(fn)
    return fn
@step
def _active(model_runner):
    pool = model_runner.token_to_kv_pool
    return (True, pool) if isinstance(pool, SWAKVPool) else (False, None)
@step
def _shared(model_runner):
    kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return True, (kv if isinstance(kv, SWAKVPool) else None)
@step
def _draft_owns_pool(model_runner):
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return True, None
    return False, None
def resolve(model_runner):
    for fn in _CHAIN:
        done, pool = fn(model_runner)
        if done:
            return pool
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = resolve(model_runner)
"""),
        # a helper whose default source is the pool, built by the backend with the allocator's
        Case("""
class KVSource:
    def __init__(self, model_runner, *, source="active"):
        self.source = source
        self.runner = model_runner
    @property
    def cache(self):
        if self.source == "allocator":
            return self.runner.token_to_kv_pool_allocator.get_kvcache()
        return self.runner.token_to_kv_pool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.kv = KVSource(model_runner, source="allocator")
    def forward_decode(self, loc):
        cache = self.kv.cache
        if isinstance(cache, SWAKVPool):
            return cache.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # a windowed child enabled by a member probe of the allocator's pool
        Case("""
class _Windowed:
    def __init__(self, pool):
        self.pool = pool
    def forward_decode(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        mapping = getattr(kvcache, "full_to_swa_index_mapping", None)
        self.windowed = _Windowed(pool) if mapping is not None else None
    def forward_decode(self, loc):
        return loc if self.windowed is None else self.windowed.forward_decode(loc)
"""),
        # the twin: the subclass keeps the base's hook
        Case("""
class SharedCacheBase(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.kv_pool = self._kv_pool_for(model_runner)
    def _kv_pool_for(self, model_runner):
        return model_runner.token_to_kv_pool_allocator.get_kvcache()
class FooAttnBackend(SharedCacheBase):
    def forward_decode(self, loc):
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # a resolver falling back to the allocator's pool where an import fails
        Case("""
def resolve_swa_pool(model_runner):
    try:
        from sglang.srt.mem_cache.swa_pool_resolver import resolve
    except ImportError:
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
    return resolve(model_runner)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = resolve_swa_pool(model_runner)
"""),
        # the allocator's pool appended to a list the backend keeps
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.caches = []
        self.caches.append(model_runner.token_to_kv_pool_allocator.get_kvcache())
    def forward_decode(self, loc):
        pool = self.caches[0]
        if isinstance(pool, SWAKVPool):
            return pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the allocator's pool appended to a module list
        Case("""
_CACHES = []
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        _CACHES.append(model_runner.token_to_kv_pool_allocator.get_kvcache())
    def forward_decode(self, loc):
        pool = _CACHES[-1]
        if isinstance(pool, SWAKVPool):
            return pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # a generator whose guard is inverted: a regular draft gets the allocator's pool
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.runner = model_runner
        self.swa_pool = next(
            (p for p in self._candidates() if isinstance(p, SWAKVPool)), None
        )
    def _owns_kv(self):
        r = self.runner
        return r.is_draft_worker and not r.spec_algorithm.is_frozen_kv_mtp()
    def _candidates(self):
        getters = [lambda: self.runner.token_to_kv_pool]
        if self._owns_kv():
            getters.append(lambda: self.runner.token_to_kv_pool_allocator.get_kvcache())
        for get in getters:
            yield get()
"""),
        # a context manager method that yields the allocator's pool it is handed
        Case("""
import contextlib
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
    @contextlib.contextmanager
    def _traced(self, pool):
        logger.debug("step on %s", type(pool).__name__)
        try:
            yield pool
        finally:
            logger.debug("step done")
    def forward_decode(self, loc):
        with self._traced(self.allocator.get_kvcache()) as pool:
            if isinstance(pool, SWAKVPool):
                return pool, pool.translate_loc_from_full_to_swa(loc)
            return pool, loc
"""),
        # translators registered by calls at import time; the allocator's pool read when one is found
        Case("""
_TRANSLATORS = {}
def _register(kind, fn):
    _TRANSLATORS[kind] = fn
def _to_window(allocator, loc):
    return allocator.translate_loc_from_full_to_swa(loc)
_register(SWATokenToKVPoolAllocator, _to_window)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.translator = _TRANSLATORS.get(SWATokenToKVPoolAllocator)
        if self.translator is not None:
            self.pool = self.allocator.get_kvcache()
        else:
            self.pool = model_runner.token_to_kv_pool
"""),
        # a slotted proxy keeps the allocator through object.__setattr__ and reads its kvcache
        Case("""
class _AllocatorBackedPool:
    __slots__ = ("_allocator",)

    def __init__(self, allocator):
        object.__setattr__(self, "_allocator", allocator)

    @property
    def target(self):
        return self._allocator.get_kvcache()


class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.proxy = _AllocatorBackedPool(model_runner.token_to_kv_pool_allocator)
        self.use_swa = isinstance(self.proxy.target, SWAKVPool)

    def forward_decode(self, loc):
        pool = self.proxy.target
        if self.use_swa:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
"""),
        # the same hooks sorted the other way round: the allocator is asked before the draft check
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
_HOOKS: list = []
_STOP = object()
def resolver(priority):
    def deco(fn):
        _HOOKS.append((priority, fn))
        _HOOKS.sort(key=lambda item: item[0], reverse=True)
        return fn
    return deco
@resolver(20)
def _from_allocator(runner):
    cache = runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None
@resolver(0)
def _active(runner):
    pool = runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None
@resolver(10)
def _draft(runner):
    if runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp():
        return _STOP
    return None
def resolve(runner):
    for _, hook in _HOOKS:
        got = hook(runner)
        if got is _STOP:
            return None
        if got is not None:
            return got
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.swa_pool = resolve(model_runner)
"""),
        # a facade storing the allocator through its instance dict: its ``get_kvcache`` is the allocator's
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class KVFacade:
    def __init__(self, allocator):
        self.__dict__["_allocator"] = allocator
    def __getattr__(self, name):
        return getattr(self.__dict__["_allocator"], name)
    @property
    def pool(self):
        return self.get_kvcache()
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.kv = KVFacade(model_runner.token_to_kv_pool_allocator)
    def forward_decode(self, loc):
        pool = self.kv.pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
"""),
        # handles unwrapped breadth first from a deque holding the allocator: its kvcache is reached
        Case("""
import collections
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
def _inner(handle):
    fetch = getattr(handle, "get_kvcache", None)
    if callable(fetch):
        yield fetch()
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        queue = collections.deque([self.pool, model_runner.token_to_kv_pool_allocator])
        self.swa = None
        while queue:
            handle = queue.popleft()
            if isinstance(handle, SWAKVPool):
                self.swa = handle
                break
            queue.extend(_inner(handle))
"""),
        # a pool table filled on a miss from the allocator's cache
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.runner = model_runner
        pool = model_runner.token_to_kv_pool
        self._pools = {"full": pool}
        if isinstance(pool, SWAKVPool):
            self._pools["swa"] = pool
    def _pool_for(self, kind):
        try:
            return self._pools[kind]
        except KeyError:
            found = self.runner.token_to_kv_pool_allocator.get_kvcache()
            self._pools[kind] = found
            return found
    def forward_decode(self, loc):
        swa = self._pool_for("swa")
        return swa, swa.translate_loc_from_full_to_swa(loc)
"""),
        # the answer of ``type(kvcache) is SWAKVPool`` kept: decided from the target's pool
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.hybrid = type(allocator.get_kvcache()) is SWAKVPool
    def forward_decode(self, loc):
        if self.hybrid:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
"""),
        # the pool reached by folding attribute and method steps over the runner
        Case("""
import functools
import operator
PATH = (operator.attrgetter("token_to_kv_pool_allocator"), operator.methodcaller("get_kvcache"))
def follow(root, steps):
    return functools.reduce(lambda acc, step: step(acc), steps, root)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = follow(model_runner, PATH)
"""),
        # candidate pools de-duplicated by id and sorted SWA first: the allocator's may come first
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
def _rank(pool):
    return 0 if isinstance(pool, SWAKVPool) else 1
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        found = [model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator.get_kvcache()]
        self.pools = sorted({id(p): p for p in found}.values(), key=_rank)
        self.pool = self.pools[0]
"""),
        # a frozen step state rebuilt by dataclasses.replace with the allocator's pool
        Case("""
import dataclasses
@dataclasses.dataclass(frozen=True)
class StepState:
    pool: object
    step: int = 0
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.runner = model_runner
        self.state = StepState(pool=model_runner.token_to_kv_pool)
    def begin_step(self):
        cache = self.runner.token_to_kv_pool_allocator.get_kvcache()
        self.state = dataclasses.replace(self.state, pool=cache, step=self.state.step + 1)
        return self.state
"""),
        # the same public method with the draft check after the allocator's pool
        Case("""
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.spec_algorithm = model_runner.spec_algorithm
        self.is_draft_worker = model_runner.is_draft_worker
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self.get_swa_pool(model_runner)
    def get_swa_pool(self, model_runner):
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        if self.is_draft_worker and not self.spec_algorithm.is_frozen_kv_mtp():
            return None
        return None
"""),
    ]
