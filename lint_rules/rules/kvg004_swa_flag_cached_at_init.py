"""KVG004 swa-flag-cached-at-init  (opt-in: `--extend-select KVG004`)

## What it does
Flags an attention backend whose `__init__` caches an SWA decision taken from the pool, when
another method of the class reads that cache at forward time to decide how KV is **read** or how
indices are **translated** for reading. Caches are:

* a flag: `self.flag = isinstance(<...>.token_to_kv_pool, SWAKVPool)` (possibly inside a larger
  expression such as `... and pool.swa_layer_nums > 0`), or computed by a same-module helper that
  asks that question (and is not the FROZEN_KV-aware resolver);
* the pool itself as the SWA pool (`self._swa_kv_pool = kv_pool if ... else None`, also an
  annotated `self._swa_kv_pool: Optional[SWAKVPool] = model_runner.token_to_kv_pool`);
* derived state of the pool (`self.map = <...>.token_to_kv_pool.full_to_swa_index_mapping`, or
  its `translate_loc_from_full_to_swa` method).

A lambda stored in `__init__` is evaluated per call: not a cache. A release without FROZEN_KV
MTP (the target: `target-version`, else the sglang tree holding the file, else the installed
sglang; sglang < 0.5.12, or a fork whose `spec_info.py` lacks it) never swaps the pool, so
there a cached flag cannot go stale and nothing is reported.

What a read decides is judged by the code it gates: the `if`/`assert`/conditional it is tested
in (and the rest of the block after an early return), what a `return self.flag` helper's
callers gate, what a local copy gates, or the statement that uses it. A cache whose every read
only gates KV **writes** (the SWA write location `swa_out_cache_loc` /
`translate_loc_from_full_to_swa(out_cache_loc)`, `set_kv_buffer`) is reported only with
`kvg004-write-gating = true` in `[tool.kvguard]`.

## Why is this bad?
FROZEN_KV MTP swaps the draft backend's `token_to_kv_pool` to the target's `SWAKVPool` only
around the draft forward (`frozen_kv_target_view` / `target_kv_pool_view`). A flag cached at
`__init__` from the draft's own full pool stays `False` inside the swap: SWA layers get full-pool
page indices and read the smaller SWA cache out of bounds (issue #26957, PR #26531). aiter had
the same shape until 0.5.20 (#38756); fa3, xpu, intel_amx still read through it in 0.5.23 (where
FROZEN_KV does not route to them, so this rule is opt-in).

Why write-only gating is not reported by default: a FROZEN_KV draft writes no KV. sglang
0.5.23 says so where the draft is built: `speculative/frozen_kv_mtp_worker_v2.py` documents
that the frozen draft reads the target KV cache read-only and owns no KV pool (module docstring,
L16), and sets `forward_batch.out_cache_loc = None` before the draft forward because the frozen
draft never writes KV (L491-492). A stale flag that only decides the SWA *write* location
therefore never acts under the swap; torch_native, ascend and triton (0.5.23) are such cases.
Turn the setting on to audit them anyway (a future mode that writes through a swapped pool
would make them live).

## Example
```python
def __init__(self, model_runner):
    self.use_sliding_window_kv_pool = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
def forward_decode(self, q, k, v, layer, forward_batch):
    if self.use_sliding_window_kv_pool:
        page_table = self.token_to_kv_pool.translate_loc_from_full_to_swa(page_table)
```

## Fix
Resolve the SWA pool with the FROZEN_KV-aware resolver (KVG003's fix), or derive it per call
from `self.token_to_kv_pool` (`isinstance(self.token_to_kv_pool, SWAKVPool)` at forward time).
No automatic fix.
"""

from __future__ import annotations

import ast
from typing import Optional

import libcst as cst

from .. import gating
from ..analysis import FunctionInfo
from ..astwalk import walked
from ..cstnodes import call_func_name, positional_args, string_value
from ..model import ScopeConfig
from ..names import POOL_ATTR, SWA_TRANSLATE_MEMBERS
from .base import Rule, source_of
from .spec import Case

_RESOLVER_WORDS = ("is_frozen_kv_mtp", "get_kvcache", "is_draft_worker")


def _nodes_no_lambda(node: cst.CSTNode):
    """Sub-expressions of ``node`` (included), not descending into lambdas (evaluated per call)."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        if isinstance(n, cst.Lambda):
            continue
        stack.extend(n.children)


def _one_init_per_class(tree) -> bool:
    """Every ``__init__`` outside functions is a method, one per class (the class's methods
    table then holds that one)."""
    stack = [(tree, False)]
    while stack:
        node, in_class = stack.pop()
        inits = 0
        for name in ("body", "orelse", "finalbody", "handlers", "cases"):
            for child in getattr(node, name, None) or ():
                if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    if child.name == "__init__":
                        if not in_class:
                            return False
                        inits += 1
                elif isinstance(child, ast.ClassDef):
                    stack.append((child, True))
                elif isinstance(child, (ast.excepthandler, ast.match_case)) or (
                    isinstance(child, ast.stmt) and hasattr(child, "body")
                ):
                    if in_class:
                        return False  # defs under a compound statement of a class body
                    stack.append((child, False))
        if inits > 1:
            return False
    return True


def _source_text(analysis) -> str:
    """The module's text: kept by the analysis where it has it (no codegen), else regenerated
    (libcst round-trips it exactly)."""
    text = getattr(analysis, "text", None)
    return text if isinstance(text, str) else analysis.module.code


class SwaFlagCachedAtInit(Rule):
    """The rule on libcst. The lint decides KVG004 on the stdlib ``ast`` (``gating.findings``,
    ``RuleMeta.check``), which follows this class node for node; this class decides where that
    side answers None, and is its reference (``tests/lint/test_kvg004_ast.py``): a change here
    is a change there."""

    code = "KVG004"
    FIX_NEEDS_RESOLVER = True  # the simple pool-based fix caches the pool at __init__

    def __init__(self, ctx) -> None:
        super().__init__(ctx)
        self._gating: Optional[gating.Gating] = None

    def _pool_expr(
        self, expr: cst.BaseExpression, fn: Optional[FunctionInfo], depth: int = 0
    ) -> bool:
        if isinstance(expr, cst.Attribute) and expr.attr.value == POOL_ATTR:
            return True
        if isinstance(expr, cst.Call) and call_func_name(expr) == "getattr":
            args = positional_args(expr)
            return len(args) >= 2 and string_value(args[1]) == POOL_ATTR
        if isinstance(expr, cst.Name) and fn is not None and depth < 4:
            return any(
                isinstance(t, cst.Name)
                and t.value == expr.value
                and self._pool_expr(v, fn, depth + 1)
                for t, v in fn.assigns
                if v is not expr
            )
        return False

    def _pool_or_none(self, value: cst.BaseExpression, fn) -> bool:
        if isinstance(value, cst.IfExp):
            for branch, other in ((value.body, value.orelse), (value.orelse, value.body)):
                if (
                    self._pool_expr(branch, fn)
                    and isinstance(other, cst.Name)
                    and other.value == "None"
                ):
                    return True
            return False
        return self._pool_expr(value, fn)

    def _swa_isinstance(self, node: cst.CSTNode, fn, pool_params: frozenset = frozenset()) -> bool:
        if isinstance(node, cst.Call) and call_func_name(node) == "isinstance":
            args = positional_args(node)
            if len(args) == 2 and self.analysis.is_swa_pool_class(args[1]):
                subject = args[0]
                return self._pool_expr(subject, fn) or (
                    isinstance(subject, cst.Name) and subject.value in pool_params
                )
        return False

    def _swa_helper(self, call: cst.Call, fn: FunctionInfo) -> bool:
        """A call to a same-module function/method that asks ``isinstance(<pool>, <SWA pool>)``
        (of a pool it reads or is handed) and is not the FROZEN_KV-aware resolver."""
        func = call.func
        target: Optional[FunctionInfo] = None
        if isinstance(func, cst.Name):
            target = self.analysis.module_functions.get(func.value)
        elif isinstance(func, cst.Attribute) and fn.cls is not None:
            target = fn.cls.methods.get(func.attr.value)
        if target is None or target is fn or not isinstance(target.node, cst.FunctionDef):
            return False
        names = {n.value for n in _nodes_no_lambda(target.node.body) if isinstance(n, cst.Name)}
        names |= {
            n.attr.value for n in _nodes_no_lambda(target.node.body) if isinstance(n, cst.Attribute)
        }
        if any(w in names for w in _RESOLVER_WORDS):
            return False
        params = frozenset((*target.params, *target.kwonly))
        return any(
            self._swa_isinstance(n, target, params) for n in _nodes_no_lambda(target.node.body)
        )

    def _caching_node(
        self, value: cst.BaseExpression, attr: str, annotation: Optional[cst.BaseExpression]
    ) -> Optional[cst.CSTNode]:
        """The sub-expression that makes ``self.attr = value`` an init-time SWA cache."""
        fn = self.function
        for node in _nodes_no_lambda(value):
            if self._swa_isinstance(node, fn):
                return node
            if isinstance(node, cst.Attribute) and node.attr.value in SWA_TRANSLATE_MEMBERS:
                if self._pool_or_none(node.value, fn):
                    return node
            if isinstance(node, cst.Call) and fn is not None and self._swa_helper(node, fn):
                return node
        swa_annotated = annotation is not None and any(
            self.analysis.is_swa_pool_class(n)
            for n in _nodes_no_lambda(annotation)
            if isinstance(n, (cst.Name, cst.Attribute))
        )
        if ("swa" in attr.lower() or swa_annotated) and self._pool_or_none(value, fn):
            return value
        return None

    def _targets(self, node) -> list:
        if isinstance(node, cst.Assign):
            return [t.target for t in node.targets]
        return [node.target]

    def _check(self, node, value, annotation) -> None:
        fn, cls = self.function, self.klass
        if fn is None or cls is None or fn.name != "__init__" or fn.cls is not cls:
            return
        if value is None or not self.in_scope() or fn.self_name is None:
            return
        for t in self._targets(node):
            if not (
                isinstance(t, cst.Attribute)
                and isinstance(t.value, cst.Name)
                and t.value.value == fn.self_name
            ):
                continue
            attr = t.attr.value
            if attr.isascii() and attr not in self._gates().cache_attrs():
                continue  # no __init__ of the module may cache it (what the proof decides)
            hit = self._caching_node(value, t.attr.value, annotation)
            if hit is None:
                continue
            reads = gating.harmful(
                self._gates(), cls.qualname, t.attr.value, self._write_gating(), first=True
            )
            if reads and gating.swap_possible(self.analysis.path, self.analysis.scope):
                method, kind, line = reads[0]
                message = gating.message(
                    self._gates(), cls.qualname, t.attr.value, kind, method, line
                )
                self.report(hit, message + f" (`{source_of(hit)}`)")

    def _write_gating(self) -> bool:
        return bool(getattr(self.analysis.scope, "kvg004_write_gating", False))

    def _gates(self) -> gating.Gating:
        if self._gating is None:
            self._gating = gating.Gating.of_text(
                _source_text(self.analysis), self.analysis.syntax_tree(), self.analysis.context
            )
        return self._gating

    @classmethod
    def reduced_keeps(cls, candidates: list, lines: list, tree) -> Optional[set]:
        """A finding sits in an ``__init__`` (``_check``) on a store whose value holds the pool
        (the word ``token_to_kv_pool``: an attribute, a ``getattr`` string, or a local bound to
        one in the same function) or a call of a same-module helper that asks ``isinstance``
        (``_swa_helper``); the only libcst bodies read from elsewhere are those helpers (a
        module function or a method of the class, called by name or attribute). So: every
        ``__init__`` whose lines hold the word ``token_to_kv_pool`` or call a name some
        ``def`` of which may hold ``isinstance`` (its lines do, or it is not a candidate), and
        every function whose name such an ``__init__`` calls: the word before a ``(``, closing
        parentheses, white space, comments and line continuations in between allowed
        (``gating.CALLED``). The rule reads libcst names as spelled: words match the text
        exactly. An ``__init__`` that is not a candidate (a one-line or nested one) makes every
        ``__init__`` and all it calls kept, as before."""
        text = "".join(lines)
        inits = [c for c in candidates if c.name == "__init__"]
        if sum(n == "__init__" for _, n in gating.def_names(text)) != len(inits):
            return cls._keeps_every_init(candidates, lines, tree)
        called = gating.CALLED

        def chunk(c) -> str:
            return "".join(lines[c.first - 1 : c.last])

        may_ask: dict[str, bool] = {}
        for c in candidates:  # defs of a name with isinstance in their lines
            may_ask[c.name] = may_ask.get(c.name, False) or "isinstance" in chunk(c)
        from bisect import bisect_right
        from itertools import accumulate

        starts = [0, *accumulate(map(len, lines))]
        listed = {c.node.lineno for c in candidates}
        for at, name in gating.def_names(text):  # defs that are not candidates
            if bisect_right(starts, at) not in listed:
                may_ask[name] = True
        # ``x.__init__(...)`` resolves to the class's own ``__init__`` (``target is fn``) when
        # no module function is named ``__init__`` and no class has two: never a helper then
        init_helper = not _one_init_per_class(tree)
        if not init_helper:
            may_ask.pop("__init__", None)
        keep: set = set()
        words: set = set()
        for i, c in enumerate(candidates):
            if c.name != "__init__":
                continue
            src = chunk(c)
            names = set(called.findall("".join(lines[c.body - 1 : c.last])))
            if POOL_ATTR in src or any(may_ask.get(n, False) for n in names):
                keep.add(i)
                words |= names
        if not init_helper:
            words.discard("__init__")
        return keep | {i for i, c in enumerate(candidates) if c.name in words}

    @classmethod
    def _keeps_every_init(cls, candidates: list, lines: list, tree) -> set:
        """Every ``__init__`` (any, nested ones included) and every function whose name some
        ``__init__`` calls."""

        words: set = set()
        for node in walked(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                node.name == "__init__"
            ):
                end = node.end_lineno or node.lineno
                words.update(gating.CALLED.findall("".join(lines[node.lineno - 1 : end])))
        return {i for i, c in enumerate(candidates) if c.name == "__init__" or c.name in words}

    def visit_Assign(self, node: cst.Assign) -> None:
        self._check(node, node.value, None)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._check(node, node.value, node.annotation.annotation)

    VALID = [
        # resolved with the FROZEN_KV-aware resolver, flag derived from it
        """
class TRTLLMHAAttnBackend(FlashInferAttnBackend):
    def __init__(self, model_runner):
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self._swa_kv_pool is not None
    def _resolve_swa_kv_pool(self, model_runner):
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None
    def forward_decode(self, page_table):
        if self.use_sliding_window_kv_pool:
            return self._swa_kv_pool.translate_loc_from_full_to_swa(page_table)
""",
        # the flag chooses a stored value: the store it is (a write location) says what it gates
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
    def init_cuda_graph_state(self, max_bs, max_num_tokens):
        self.cuda_graph_swa_out_cache_loc = (
            torch.zeros(max_num_tokens) if self.use_sliding_window_kv_pool else None
        )
""",
        # decided per call from the active pool
        """
class TritonAttnBackend(AttentionBackend):
    def forward_extend(self, layer):
        pool = self.token_to_kv_pool
        return isinstance(pool, SWAKVPool) and pool.layers_mapping[layer.layer_id][1]
""",
        # cached but never read at forward time
        """
class XAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.unused_flag = isinstance(model_runner.token_to_kv_pool, SWAKVPool)
""",
        # write-only gating (torch_native 0.5.23 shape): the SWA write location
        """
class TorchNativeAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_sliding_window_kv_pool = (
            isinstance(self.token_to_kv_pool, SWAKVPool) and self.token_to_kv_pool.swa_layer_nums > 0
        )
    def init_forward_metadata(self, forward_batch):
        if self.use_sliding_window_kv_pool and forward_batch.out_cache_loc is not None:
            self.swa_out_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                forward_batch.out_cache_loc
            )
        else:
            self.swa_out_cache_loc = None
""",
        # write-only through an early return (triton 0.5.23 shape)
        """
class TritonAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
    def _graph_swa_out_cache_loc(self, forward_batch):
        if not self.use_sliding_window_kv_pool:
            return None
        n = forward_batch.out_cache_loc.shape[0]
        self.cuda_graph_swa_out_cache_loc[:n].copy_(self.kv_index_translator.write_ids(forward_batch))
        return self.cuda_graph_swa_out_cache_loc[:n]
""",
        # a lambda stored in __init__ is evaluated per call: not a cached flag
        """
class LazyAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.is_swa = lambda: isinstance(self.token_to_kv_pool, SWAKVPool)
    def forward_decode(self, page_table):
        if self.is_swa():
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(page_table)
""",
    ]

    INVALID = [
        Case("""
class FlashAttentionBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_sliding_window_kv_pool = (
            isinstance(model_runner.token_to_kv_pool, SWAKVPool)
            and model_runner.token_to_kv_pool.swa_layer_nums > 0
        )
    def forward_decode(self, q):
        if self.use_sliding_window_kv_pool:
            return q
"""),
        # the #25103 fix shape (pool-based at init) that crashed FROZEN_KV (#26957)
        Case(
            """
class TRTLLMHAAttnBackend(FlashInferAttnBackend):
    def __init__(self, model_runner):
        kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(kv_pool, SWAKVPool)
        self._swa_kv_pool = kv_pool if self.use_sliding_window_kv_pool else None
    def _get_layer_cache_loc(self, layer):
        return self._swa_kv_pool.layers_mapping[layer.layer_id]
    def forward_decode(self):
        return self.use_sliding_window_kv_pool
""",
            count=2,
        ),
        # annotated assignment (trtllm style), read through a page-table translation
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self._swa_kv_pool: Optional[SWAKVPool] = model_runner.token_to_kv_pool
    def forward_decode(self, metadata):
        metadata.swa_page_table = self._swa_kv_pool.translate_loc_from_full_to_swa(metadata.page_table)
"""),
        # a flag computed by a same-module helper, read through a `return flag and ...` helper
        Case("""
def _uses_swa_pool(pool):
    return isinstance(pool, SWAKVPool) and pool.swa_layer_nums > 0

class IntelAMXAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_sliding_window_kv_pool = _uses_swa_pool(model_runner.token_to_kv_pool)
    def _is_swa_layer(self, layer_id):
        return self.use_sliding_window_kv_pool and self.token_to_kv_pool.layers_mapping[layer_id][1]
    def forward_decode(self, layer, req_to_token):
        if self._is_swa_layer(layer.layer_id):
            req_to_token = self._swa_kv_indices(req_to_token)
        return req_to_token
    def _swa_kv_indices(self, rows):
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(rows)
"""),
        # cached derived tensor: the pool's mapping stored at init, read at forward time
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        self._full_to_swa = pool.full_to_swa_index_mapping if isinstance(pool, SWAKVPool) else None
    def forward_decode(self, page_table):
        if self._full_to_swa is not None:
            page_table = self._full_to_swa[page_table]
        return page_table
"""),
        # write-only gating is reported with the setting
        Case(
            """
class TorchNativeAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
    def init_forward_metadata(self, forward_batch):
        if self.use_sliding_window_kv_pool and forward_batch.out_cache_loc is not None:
            self.swa_out_cache_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(
                forward_batch.out_cache_loc
            )
""",
            scope=ScopeConfig(kvg004_write_gating=True),
        ),
    ]
