"""Per-generation wiring of the guard into sglang attention backends.

* ``legacy``: sglang <= 0.5.12.x — ``init_forward_metadata_capture_cuda_graph`` /
  ``init_forward_metadata_replay_cuda_graph``; the active pool is ``forward_batch.token_to_kv_pool``.
* ``modern``: sglang >= 0.5.13 — ``init_forward_metadata_out_graph``; the active pool is
  ``self.token_to_kv_pool`` (FROZEN_KV MTP views swap it during the draft forward).

Each module exposes (the contract; ``docs/DESIGN.md`` has it as a table):

* ``GENERATION`` (a name) and ``SERVES_FROM`` (the first sglang version it serves);
* ``FORWARD_BATCH_HAS_POOL`` (the feature that tells generations apart when the version is unknown);
* ``TARGETS`` (backend module -> class names patched when present);
* ``METHODS`` (method name -> ``MethodSpec``);
* ``State``: its per-backend state, a subclass of ``BackendState`` (one object per backend
  instance, created at ``__init__``; nothing shared between instances);
* ``active_pool(backend, state, forward_batch)`` -> (pool or ``UNKNOWN_POOL``, where it came from).

Generations are discovered (every module of this package that declares ``SERVES_FROM``) and the
newest one whose ``SERVES_FROM`` the version reaches is chosen: a third generation is one new
module here, and nothing outside this package changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Optional, Tuple

INIT = "init"
METADATA = "metadata"  # once per step
FORWARD = "forward"  # per layer call: once per forward batch unless per-layer checking is on


@dataclass(frozen=True)
class MethodSpec:
    name: str
    kind: str
    # names of the parameters to pick out of a call (looked up by name in the original signature)
    forward_batch_param: Optional[str] = None
    forward_mode_param: Optional[str] = None
    layer_param: Optional[str] = None


@dataclass(eq=False)
class BackendState:
    """What every generation records on a backend instance at ``__init__`` (a generation's own
    ``State`` subclasses it with the fields its ``active_pool`` needs)."""

    backend_class: str
    role: str
    spec_algorithm: str
    sglang_version: str
    init_pool: Any
    applicable: bool = True
    flag_known: bool = True
    # no _swa_kv_pool, but the cached flag decides how KV is read (aiter <= 0.5.19): checked with
    # the flag-only rule (``invariant.flag_check_applies``)
    flag_reads: bool = False
    # per-layer mode: its metadata relates SWA reads to full locations (``index_space.relates``)
    index_space: bool = False
    disabled: bool = False
    last_forward_key: Any = None  # forward_* de-duplication (once per batch)
    # (active pool, SWA pool, flag) of the last consistent check. The invariant depends only on
    # these objects' identities and classes, so the same three objects need no re-check: the
    # steady state costs three identity tests.
    last_ok: Any = None
    # the SWA pool class(es) this backend's own resolver accepts (``_resolve_swa_kv_pool``), and
    # why; the translation check's "is the active pool SWA?" (any pool with a full->SWA map)
    swa_types: tuple = ()
    swa_types_source: str = ""
    translate_types: tuple = ()
    translate_check: bool = True
    frame_memo: Any = None  # (last active pool, its translate_types isinstance)


MODERN_FROM = (0, 5, 13)  # modern.SERVES_FROM (kept for callers)

# What the two generations sglang has had so far share (a generation names these in its own
# TARGETS / METHODS; a future one declares whatever it needs instead).
# backend module -> classes patched when present. An instance is checked only if it exposes the
# resolved SWA pool (``_swa_kv_pool``) after ``__init__``, or a cached flag that decides KV reads
# (aiter without ``_swa_kv_pool``: the flag-only rule); backends exposing only a write-gating flag
# (triton, fa3) are patched for the behavioural check, their instances marked not applicable.
ATTENTION_BACKENDS = {
    "sglang.srt.layers.attention.trtllm_mha_backend": ("TRTLLMHAAttnBackend",),
    "sglang.srt.layers.attention.flashinfer_backend": ("FlashInferAttnBackend",),
    "sglang.srt.layers.attention.triton_backend": ("TritonAttnBackend",),
    "sglang.srt.layers.attention.flashattention_backend": ("FlashAttentionBackend",),
    "sglang.srt.layers.attention.aiter_backend": ("AiterAttnBackend",),
}
INIT_METHOD = MethodSpec("__init__", INIT)
EAGER_METADATA = MethodSpec("init_forward_metadata", METADATA, forward_batch_param="forward_batch")
FORWARD_DECODE = MethodSpec(
    "forward_decode", FORWARD, forward_batch_param="forward_batch", layer_param="layer"
)
FORWARD_EXTEND = MethodSpec(
    "forward_extend", FORWARD, forward_batch_param="forward_batch", layer_param="layer"
)


def methods(*graph_metadata: MethodSpec) -> Dict[str, MethodSpec]:
    """A generation's ``METHODS``: ``__init__``, eager metadata, its own host-side CUDA-graph
    metadata methods, then the attention forwards (the order they are patched and listed in)."""
    specs = (INIT_METHOD, EAGER_METADATA) + graph_metadata + (FORWARD_DECODE, FORWARD_EXTEND)
    return {spec.name: spec for spec in specs}


# returned by a wiring's active_pool() when the active pool cannot be known for this call
UNKNOWN_POOL = object()

_GENERATIONS = None


def generations():
    """The wiring modules of this package, oldest first (by ``SERVES_FROM``)."""
    global _GENERATIONS
    if _GENERATIONS is None:
        import importlib
        import pkgutil

        found = []
        for info in pkgutil.iter_modules(__path__):
            module = importlib.import_module(f"{__name__}.{info.name}")
            if hasattr(module, "SERVES_FROM"):
                found.append(module)
        _GENERATIONS = sorted(found, key=lambda m: tuple(m.SERVES_FROM))
    return list(_GENERATIONS)


def all_targets() -> Dict[str, Tuple[str, ...]]:
    """Every generation's ``TARGETS`` merged (the modules the import hook watches by default)."""
    merged: Dict[str, Tuple[str, ...]] = {}
    for gen in generations():
        for module, names in gen.TARGETS.items():
            merged[module] = tuple(dict.fromkeys(merged.get(module, ()) + tuple(names)))
    return merged


def select(version_tuple: tuple, forward_batch_has_pool_field: Optional[bool] = None):
    """The newest wiring that serves ``version_tuple``; for unparsable versions, the newest one
    matching the ForwardBatch feature; else the newest."""
    gens = generations()
    if version_tuple and version_tuple != (0, 0, 0):
        serving = [g for g in gens if tuple(version_tuple[:3]) >= tuple(g.SERVES_FROM)]
        return serving[-1] if serving else gens[0]
    if forward_batch_has_pool_field is not None:
        matching = [g for g in gens if g.FORWARD_BATCH_HAS_POOL == forward_batch_has_pool_field]
        if matching:
            return matching[-1]
    return gens[-1]
