"""KVG002 swa-translate-through-allocator

## What it does
Flags attention-backend code that translates KV indices from the full index space to the SWA
index space **through the allocator**: `alloc.translate_loc_from_full_to_swa(...)`,
`alloc.full_to_swa_index_mapping`, or the same members fetched with `getattr(alloc, "...")`,
`operator.attrgetter("...")(alloc)` or `operator.methodcaller("...", loc)(alloc)`, where `alloc`
is allocator-derived (see KVG001 for what that covers). Not reported: a translation a regular
draft (its own full pool, the target's allocator) never reaches, evaluated as `scenario.py`
does for KVG003 (`if isinstance(self.pool, SWAKVPool): alloc.translate_loc_from_full_to_swa(...)`
runs on the target only; a method that binds no runner runs on the instance its class's
`__init__` builds on that draft, e.g. one that keeps the allocator only where
`alloc.get_kvcache() is self.pool`).

## Why is this bad?
The allocator's full→SWA map belongs to the **target** model's pool. A speculative draft shares
the target's allocator but owns its own pool, so translating the draft's indices through the
allocator reads slots of a pool the backend is not reading (sglang #25103, #27737). The FlashInfer
`FlashInferIndicesUpdaterDecode/Prefill.call_begin_forward` did this until 0.5.14, the Triton
`update_sliding_window_buffer*` helpers until 0.5.13.

## Example
```python
if use_sliding_window_kv_pool:
    kv_indices[:n] = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(kv_indices[:n])
```

## Fix
Translate through the resolved SWA pool the backend reads:
`self._swa_kv_pool.translate_loc_from_full_to_swa(...)`. `kvguard fix` makes this rewrite when
the class (or the attention backend it was built from) already holds a resolved SWA pool
(`self._swa_kv_pool`, or `attn_backend._swa_kv_pool` at `__init__`); otherwise it leaves the
code alone and this message is the fix: resolve the SWA pool first (see KVG001), then translate
through it. Caveat: on sglang ≥ 0.5.19 unified SWA pools translate virtual ids in the
allocator (`kv_index_translator`); there the rewrite is not behaviour-preserving.
"""

from __future__ import annotations

import libcst as cst

from ..cstnodes import call_func_name
from ..fixes.helper_takes_pool import HelperTakesPool
from ..fixes.updater_backend_pool import UpdaterBackendPool
from ..fixes.use_resolved_pool import UseResolvedPool
from ..flow import member_names
from ..project import cross_module_anchor
from ..sinks import members_named, sink_of
from .base import Rule, source_of
from .spec import Case


def _message(rule: Rule, node: cst.CSTNode, member: str) -> str:
    advice = (_ADVICE_FUNCTION if rule.in_module_function() else _ADVICE_METHOD).format(
        member=member
    )
    return _MESSAGE.format(src=source_of(node), advice=advice)


_MESSAGE = (
    "`{src}` translates indices through the allocator, whose full->SWA map belongs to the "
    "target's pool; {advice}"
)
_ADVICE_METHOD = (
    "translate through the resolved SWA pool the backend reads: resolve it once (sglang >= 0.5.13's "
    "`_resolve_swa_kv_pool`, or `attn_backend._swa_kv_pool` in helpers built from a backend) and "
    "call `<swa pool>.{member}`"
)
_ADVICE_FUNCTION = (
    "pass the pool the backend reads instead of the allocator (e.g. "
    "`token_to_kv_pool=self.token_to_kv_pool`) and use `token_to_kv_pool.{member}` when it is an SWAKVPool"
)


class SwaTranslateThroughAllocator(Rule):
    code = "KVG002"
    FIXES = (UpdaterBackendPool, HelperTakesPool, UseResolvedPool)

    def on_form(self, anchor: str, form, node: cst.CSTNode) -> None:
        """A read of a translate member (the member sink's forms, lint_rules/sinks.py:
        ``x.<member>``, ``getattr(x, "<member>")``) on the allocator."""
        names = sink_of(anchor)[1]
        strings = self.analysis.string_values()
        for subject, operand in form.cst_match(node):
            for member in members_named(operand, names, strings):
                if self.in_scope() and self.reads_allocator_member(subject, member):
                    if not (
                        self.never_runs()
                        or self.draft_never_reaches(node)
                        or self.draft_indifferent(node)  # (present or absent, the same)
                        or self.value_flows_nowhere(node, strict=True)  # (a dtype, a size)
                        or (  # (not through ``__getattr__``: the subject is not the allocator)
                            self.derived(subject)
                            and self.draft_never_reaches(subject, allocator=True)
                        )
                    ):
                        self.report(node, _message(self, node, member))
                    return

    def visit_Call(self, node: cst.Call) -> None:
        if self.in_scope() and self._getter_reads(node):
            return
        if call_func_name(node) != "getattr" and self.in_scope():
            # the allocator handed to a helper of another module that translates through it
            hit = cross_module_anchor(self.analysis, node, ("member:",))
            if hit is not None:
                member = hit[0].split(":", 1)[1]
                self.report(node, _message(self, node, member) + f" (in `{hit[1]}`)")

    def _getter_reads(self, node: cst.Call) -> bool:
        """``_GET(model_runner)`` where ``_GET`` holds ``operator.attrgetter(...)`` (the flow
        model's ``O`` value) and the call reads a translate member of the allocator (a dotted
        ``"token_to_kv_pool_allocator.full_to_swa_index_mapping"``): reported here. (An inline
        getter is the member sink's ``operator-getter`` form.)"""
        func = self.analysis.values_of(node.func)
        if not func or not any(v[0] == "O" for v in func) or isinstance(node.func, cst.Call):
            return False
        from ..registry import RULES

        names = {n for a in RULES[self.code].anchors for n in sink_of(a)[1]}
        for member in sorted(member_names(self.analysis.values_of(node) or ()) & names):
            if not (self.never_runs() or self.draft_never_reaches(node)):
                self.report(node, _message(self, node, member))
            return True
        return False

    VALID = [
        # the allocator's map read only for its dtype, to size a scratch buffer
        """
import torch
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        mapping = getattr(model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None)
        self.dtype = mapping.dtype if mapping is not None else torch.int32
        self.scratch = torch.zeros(16, dtype=self.dtype)
    def forward_decode(self, loc):
        return loc
""",
        # the allocator's translator kept only where its kvcache is the backend's own pool
        # (present or absent, the draft keeps None); a probe under a sentinel test of the pool
        """
_ABSENT = object()
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        owned = alloc.get_kvcache() is self.pool
        translate = getattr(alloc, "translate_loc_from_full_to_swa", None)
        self._translate = translate if owned else None
        if getattr(self.pool, "full_to_swa_index_mapping", _ABSENT) is not _ABSENT:
            self._map = getattr(alloc, "full_to_swa_index_mapping", None)
""",
        """
class TRTLLMHAAttnBackend(FlashInferAttnBackend):
    def _maybe_translate_swa(self, idx):
        return self._swa_kv_pool.translate_loc_from_full_to_swa(idx)
""",
        """
class FlashAttentionBackend(AttentionBackend):
    def f(self, idx):
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(idx)
""",
        # scheduler / PD code uses the allocator legitimately: out of scope by default
        Case(
            """
class DecodePreallocQueue:
    def f(self, idx):
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(idx)
""",
            path="sglang/srt/disaggregation/decode.py",
        ),
        # the allocator's map reduced to an occupancy figure for a metric
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.mapping = getattr(model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None)
    def metrics(self):
        out = {}
        if self.mapping is not None and self.mapping.numel() > 0:
            out["occupancy"] = int((self.mapping > 0).sum().item()) / self.mapping.numel()
        return out
    def forward_decode(self, loc):
        logger.info("metrics: %s", self.metrics())
        return loc
""",
        # the instance keeps the allocator under the runner's own name: a method reading
        # ``self.token_to_kv_pool_allocator`` runs on the backend, not on a runner
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            loc = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
""",
        # a helper class translates through the allocator only where the backend's pool test
        # enabled it (judged from the backend's ways in)
        """
@dataclass
class WindowConfig:
    enabled: bool
class WindowManager:
    def __init__(self, allocator, config):
        self.allocator = allocator
        self.config = config
    def to_window(self, loc):
        if not self.config.enabled:
            return loc
        return self.allocator.full_to_swa_index_mapping[loc]
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        config = WindowConfig(enabled=isinstance(self.pool, SWAKVPool))
        self.manager = WindowManager(model_runner.token_to_kv_pool_allocator, config)
    def forward_decode(self, loc):
        return self.pool, self.manager.to_window(loc)
""",
        # a factory handed the pool and the allocator keeps the allocator's translator
        # only where the allocator's kvcache is the pool it was handed, and only for an
        # SWA pool
        """
@dataclass
class TranslateSpec:
    enabled: bool
    translate: Optional[Callable] = None
def make_translate_spec(kv_pool, kv_allocator):
    if not isinstance(kv_pool, SWAKVPool):
        return TranslateSpec(False)
    if kv_allocator.get_kvcache() is kv_pool:
        return TranslateSpec(True, kv_allocator.translate_loc_from_full_to_swa)
    return TranslateSpec(True, kv_pool.translate_loc_from_full_to_swa)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.spec = make_translate_spec(self.pool, model_runner.token_to_kv_pool_allocator)
    def forward_decode(self, loc):
        if self.spec.enabled:
            return self.pool, self.spec.translate(loc)
        return self.pool, loc
""",
        # a resolver that raises on the older spec API builds no backend there; on the
        # newer one the allocator's table is used only where its kvcache is the resolved
        # pool
        """
def resolve_swa_pool(model_runner):
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp():
        return None
    cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return cache if isinstance(cache, SWAKVPool) else None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.use_table = (
            self.swa_pool is not None and self.allocator.get_kvcache() is self.swa_pool
        )
    def _to_swa(self, loc):
        if self.use_table:
            return self.allocator.full_to_swa_index_mapping[loc]
        return self.swa_pool.translate_loc_from_full_to_swa(loc)
    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self._to_swa(loc)
""",
        # a descent over holders that keeps a regular draft on its own pool (a full-only pool
        # has neither an allocator nor ``get_kvcache``)
        """
def _private_draft(runner):
    return runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp()
def _children(holder):
    if hasattr(holder, "token_to_kv_pool_allocator"):
        return holder.token_to_kv_pool, holder.token_to_kv_pool_allocator
    if hasattr(holder, "get_kvcache"):
        return (holder.get_kvcache(),)
    return ()
def find_swa(holder, depth=0):
    if isinstance(holder, SWAKVPool):
        return holder
    if holder is None or depth >= 2:
        return None
    if depth == 0 and _private_draft(holder):
        return find_swa(holder.token_to_kv_pool, depth + 1)
    for child in _children(holder):
        found = find_swa(child, depth + 1)
        if found is not None:
            return found
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = find_swa(model_runner)
    def forward_decode(self, loc):
        if self.swa_pool is not None:
            loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return loc
""",
        # the allocator's map used only when it is the pool's own object
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_map = self._shared_map()
    def _shared_map(self):
        alloc_map = getattr(self.allocator, "full_to_swa_index_mapping", None)
        pool_map = getattr(self.pool, "full_to_swa_index_mapping", None)
        if alloc_map is not None and alloc_map is pool_map:
            return alloc_map
        return None
    def forward_decode(self, loc):
        if self.swa_map is None:
            return loc
        return self.swa_map[loc]
""",
        # a per-layer plan built from the pool's own layer map (none on a draft's full pool):
        # every layer a draft asks for gets the full default
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        mapping = getattr(self.pool, "layers_mapping", None) or {}
        self.plans = {
            layer: (local, is_swa) for layer, (local, is_swa) in sorted(mapping.items())
        }
    def _plan(self, layer_id):
        return self.plans.get(layer_id, (layer_id, False))
    def forward_decode(self, loc, layer_id):
        if self._plan(layer_id)[1]:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc
""",
        # the allocator's translator kept for a debug cross-check the pool's answer cuts short
        """
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._to_swa = getattr(self.pool, "translate_loc_from_full_to_swa", None)
        # the allocator's translator: only to cross-check in debug builds
        self._alloc_to_swa = getattr(self.allocator, "translate_loc_from_full_to_swa", None)
    def debug_check(self, loc):
        if self._to_swa is None or self._alloc_to_swa is None:
            return True
        return bool(torch.equal(self._to_swa(loc), self._alloc_to_swa(loc)))
    def forward_decode(self, loc):
        return loc if self._to_swa is None else self._to_swa(loc)
""",
        # a private base's flag, set again from the pool by the subclass after ``super().__init__``:
        # the base's method runs on the instance the subclass builds
        """
class _Base:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)
    def _locations(self, loc):
        if self.use_swa:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc
class FooAttnBackend(_Base, AttentionBackend):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.use_swa = isinstance(self.pool, SWAKVPool)
    def forward_decode(self, loc):
        return self.pool, self._locations(loc)
""",
        # the twin: the translator's name held in a local, looked up on the pool alone
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
    def _translator(self):
        name = "translate_loc_from_full_to_swa"
        return getattr(self.pool, name, None)
    def forward_decode(self, loc):
        translate = self._translator()
        self.allocator.free(loc[:0])
        return self.pool, loc if translate is None else translate(loc)
"""),
        # the allocator's translation computed only as a reference an assert compares with
        Case("""
from typing import Optional
import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa = self.pool if isinstance(self.pool, SWAKVPool) else None
    def _reference(self, loc) -> Optional[torch.Tensor]:
        if not isinstance(self.allocator, SWATokenToKVPoolAllocator):
            return None
        return self.allocator.translate_loc_from_full_to_swa(loc)
    def forward_decode(self, loc):
        if self.swa is None:
            return self.pool, loc
        swa_loc = self.swa.translate_loc_from_full_to_swa(loc)
        if __debug__:
            ref = self._reference(loc)
            if ref is not None:
                assert torch.equal(ref, swa_loc), ref.tolist()
        return self.swa, swa_loc
"""),
    ]

    INVALID = [
        # an updater that falls back to the allocator's translator where the pool lacks one
        # (a draft's full pool): its own attributes keep the runner's names
        Case("""
class IndicesUpdater:
    def __init__(self, token_to_kv_pool, token_to_kv_pool_allocator):
        self.token_to_kv_pool = token_to_kv_pool
        self.token_to_kv_pool_allocator = token_to_kv_pool_allocator
        self._translate = self._pick_translator()
    def _pick_translator(self):
        translate = getattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa", None)
        if translate is None:
            translate = getattr(
                self.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa", None
            )
        return translate
    def update(self, loc):
        return self._translate(loc) if self._translate is not None else loc
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.updater = IndicesUpdater(self.pool, model_runner.token_to_kv_pool_allocator)
    def forward_decode(self, loc):
        return self.pool, self.updater.update(loc)
"""),
        # the twin: the backend enables the helper by the allocator's SWA size
        Case(
            """
@dataclass
class WindowConfig:
    enabled: bool
class WindowManager:
    def __init__(self, allocator, config):
        self.allocator = allocator
        self.config = config
    def to_window(self, loc):
        if not self.config.enabled:
            return loc
        return self.allocator.full_to_swa_index_mapping[loc]
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        config = WindowConfig(enabled=getattr(alloc, "size_swa", 0) > 0)
        self.manager = WindowManager(alloc, config)
    def forward_decode(self, loc):
        return self.pool, self.manager.to_window(loc)
""",
            count=1,
        ),
        # the translator's name is a config field whose default is the SWA translator
        Case("""
_DEFAULT = "translate_loc_from_full_to_swa"
@dataclass
class TranslatorConfig:
    method_name: str = _DEFAULT
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.config = TranslatorConfig()
        self._translate = getattr(
            model_runner.token_to_kv_pool_allocator, self.config.method_name, None
        )
    def forward_decode(self, loc):
        if self._translate is None:
            return self.pool, loc
        return self.pool, self._translate(loc)
"""),
        # a read of the map by raising: its value is dropped, whether it raises decides
        Case("""
import operator
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        try:
            operator.attrgetter("full_to_swa_index_mapping")(model_runner.token_to_kv_pool_allocator)
            self.mode = True
        except AttributeError:
            self.mode = False
    def forward_decode(self, loc):
        return self.pool.translate_loc_from_full_to_swa(loc) if self.mode else loc
"""),
        # its twin handing the map to a kernel (which translates inside)
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.mapping = getattr(model_runner.token_to_kv_pool_allocator, "full_to_swa_index_mapping", None)
    def forward_decode(self, loc, out):
        gather_kernel(self.mapping, loc, out)
"""),
        # a member named through a module constant (sinks.string_values)
        Case("""
_TRANSLATE = "translate_loc_from_full_to_swa"
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self._alloc = model_runner.token_to_kv_pool_allocator
    def forward_decode(self, loc):
        return getattr(self._alloc, _TRANSLATE)(loc)
"""),
        # the runner member and the translator named by class attributes of a private base
        Case("""
import operator
class _PortBase:
    kv_attr = "token_to_kv_pool_allocator"
    translator = "translate_loc_from_full_to_swa"
    def __init__(self, model_runner):
        self._alloc = operator.attrgetter(self.kv_attr)(model_runner)
    def forward_decode(self, loc):
        return getattr(self._alloc, self.translator)(loc)
class FooAttnBackend(_PortBase):
    pass
"""),
        # the translator bound into a partial by keyword (the helper's default skips it)
        Case("""
import functools
def _window(loc, translate=None):
    return loc if translate is None else translate(loc)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        translate = getattr(model_runner.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa", None)
        self._indices = functools.partial(_window, translate=translate)
    def forward_decode(self, loc):
        return self._indices(loc)
"""),
        # the members read through operator's getters
        Case(
            """
import operator
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self._alloc = model_runner.token_to_kv_pool_allocator
    def forward_decode(self, loc):
        loc = operator.methodcaller("translate_loc_from_full_to_swa", loc)(self._alloc)
        return operator.attrgetter("full_to_swa_index_mapping")(self._alloc)[loc]
""",
            count=2,
        ),
        Case("""
class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner, attn_backend):
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
    def call_begin_forward(self, kv_indices, n):
        kv_indices[:n] = self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(
            kv_indices[:n]
        )
"""),
        Case(
            """
def update_sliding_window_buffer(idx, token_to_kv_pool_allocator=None):
    return token_to_kv_pool_allocator.translate_loc_from_full_to_swa(idx)
class X:
    def f(self, model_runner, idx):
        mapping = model_runner.token_to_kv_pool_allocator.full_to_swa_index_mapping
        fn = getattr(self.model_runner.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa")
""",
            count=3,
        ),
        # the twin: the factory keeps the allocator's translator wherever the allocator's
        # kvcache is an SWA pool
        Case("""
@dataclass
class TranslateSpec:
    enabled: bool
    translate: Optional[Callable] = None
def make_translate_spec(kv_pool, kv_allocator):
    if not isinstance(kv_allocator.get_kvcache(), SWAKVPool):
        return TranslateSpec(False)
    return TranslateSpec(True, kv_allocator.translate_loc_from_full_to_swa)
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.spec = make_translate_spec(self.pool, model_runner.token_to_kv_pool_allocator)
    def forward_decode(self, loc):
        if self.spec.enabled:
            return self.pool, self.spec.translate(loc)
        return self.pool, loc
"""),
        # the twin: the descent reaches the shared allocator's cache for a draft too
        Case("""
def _private_draft(runner):
    return runner.is_draft_worker and not runner.spec_algorithm.is_frozen_kv_mtp()
def _children(holder):
    if hasattr(holder, "token_to_kv_pool_allocator"):
        return holder.token_to_kv_pool, holder.token_to_kv_pool_allocator
    if hasattr(holder, "get_kvcache"):
        return (holder.get_kvcache(),)
    return ()
def find_swa(holder, depth=0):
    if isinstance(holder, SWAKVPool):
        return holder
    if holder is None or depth >= 2:
        return None
    for child in _children(holder):
        found = find_swa(child, depth + 1)
        if found is not None:
            return found
    return None
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = find_swa(model_runner)
    def forward_decode(self, loc):
        if self.swa_pool is not None:
            loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the twin: the allocator's map used whenever it has one
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.swa_map = self._shared_map()
    def _shared_map(self):
        alloc_map = getattr(self.allocator, "full_to_swa_index_mapping", None)
        pool_map = getattr(self.pool, "full_to_swa_index_mapping", None)
        if alloc_map is not None:
            return alloc_map
        return None
    def forward_decode(self, loc):
        if self.swa_map is None:
            return loc
        return self.swa_map[loc]
"""),
        # the twin: the plan's default is the SWA path
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        mapping = getattr(self.pool, "layers_mapping", None) or {}
        self.plans = {
            layer: (local, is_swa) for layer, (local, is_swa) in sorted(mapping.items())
        }
    def _plan(self, layer_id):
        return self.plans.get(layer_id, (layer_id, True))
    def forward_decode(self, loc, layer_id):
        if self._plan(layer_id)[1]:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc
"""),
        # the twin: the decode path uses the allocator's translator when it has one
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self._to_swa = getattr(self.pool, "translate_loc_from_full_to_swa", None)
        # the allocator's translator: only to cross-check in debug builds
        self._alloc_to_swa = getattr(self.allocator, "translate_loc_from_full_to_swa", None)
    def debug_check(self, loc):
        if self._to_swa is None or self._alloc_to_swa is None:
            return True
        return bool(torch.equal(self._to_swa(loc), self._alloc_to_swa(loc)))
    def forward_decode(self, loc):
        if self._alloc_to_swa is not None:
            return self._alloc_to_swa(loc)
        return loc if self._to_swa is None else self._to_swa(loc)
"""),
        # the twin: the subclass keeps the base's allocator test
        Case("""
class _Base:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)
    def _locations(self, loc):
        if self.use_swa:
            return self.allocator.translate_loc_from_full_to_swa(loc)
        return loc
class FooAttnBackend(_Base, AttentionBackend):
    def __init__(self, model_runner):
        super().__init__(model_runner)
    def forward_decode(self, loc):
        return self.pool, self._locations(loc)
"""),
        # the translator's name held in a local: the pool's first, else the allocator's
        Case("""
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
    def _translator(self):
        name = "translate_loc_from_full_to_swa"
        return getattr(self.pool, name, None) or getattr(self.allocator, name, None)
    def forward_decode(self, loc):
        translate = self._translator()
        return self.pool, loc if translate is None else translate(loc)
"""),
        # the translator looked up on the allocator by a name built from a parameter's default
        Case("""
PREFIX = "translate_loc_from_full_to_"
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner, kind: str = "swa"):
        self.pool = model_runner.token_to_kv_pool
        name = f"{PREFIX}{kind}"
        self.translate = getattr(model_runner.token_to_kv_pool_allocator, name, None)
    def forward_decode(self, loc):
        if self.translate is not None:
            return self.pool, self.translate(loc)
        return self.pool, loc
"""),
        # the same reference returned as the locations read
        Case("""
import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
class FooAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
    def forward_decode(self, loc):
        ref = self.allocator.translate_loc_from_full_to_swa(loc)
        return self.pool, ref
"""),
    ]
