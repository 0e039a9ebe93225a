"""Per-generation wiring of the guard into sglang attention backends.

* ``legacy``: sglang <= 0.5.12.x — ``init_forward_metadata_capture_cuda_graph`` /
  ``init_forward_metadata_replay_cuda_graph``; the active pool is ``forward_batch.token_to_kv_pool``.
* ``modern``: sglang >= 0.5.13 — ``init_forward_metadata_out_graph``; the active pool is
  ``self.token_to_kv_pool`` (FROZEN_KV MTP views swap it during the draft forward).

Each module exposes ``GENERATION``, ``SERVES_FROM`` (the first sglang version it serves),
``FORWARD_BATCH_HAS_POOL`` (the feature that tells generations apart when the version is unknown),
``METHODS`` (method name -> ``MethodSpec``) and ``active_pool(backend, state, forward_batch)``.
Generations are discovered (every module of this package that declares ``SERVES_FROM``) and the
newest one whose ``SERVES_FROM`` the version reaches is chosen: a third generation is one new
module here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

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


MODERN_FROM = (0, 5, 13)  # modern.SERVES_FROM (kept for callers)

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
