"""Per-generation wiring of the guard into sglang attention backends.

* ``legacy``: sglang <= 0.5.12.x — ``init_forward_metadata_capture_cuda_graph`` /
  ``init_forward_metadata_replay_cuda_graph``; the active pool is ``forward_batch.token_to_kv_pool``.
* ``modern``: sglang >= 0.5.13 — ``init_forward_metadata_out_graph``; the active pool is
  ``self.token_to_kv_pool`` (FROZEN_KV MTP views swap it during the draft forward).

Each module exposes ``GENERATION``, ``METHODS`` (method name -> ``MethodSpec``) and
``active_pool(backend, state, forward_batch)``.
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


MODERN_FROM = (0, 5, 13)

# returned by a wiring's active_pool() when the active pool cannot be known for this call
UNKNOWN_POOL = object()


def select(version_tuple: tuple, forward_batch_has_pool_field: Optional[bool] = None):
    """The wiring module for a version; falls back to a feature check for unparsable versions."""
    from . import legacy, modern

    if version_tuple and version_tuple != (0, 0, 0):
        return modern if tuple(version_tuple[:3]) >= MODERN_FROM else legacy
    if forward_batch_has_pool_field is not None:
        return legacy if forward_batch_has_pool_field else modern
    return modern
