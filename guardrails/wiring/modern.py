"""Wiring for sglang >= 0.5.13 (modern backend API).

* Metadata: ``init_forward_metadata(forward_batch)`` (eager) and
  ``init_forward_metadata_out_graph(forward_batch, in_capture=False)`` (host side, before every
  CUDA-graph replay and at capture). ``init_forward_metadata_in_graph`` is recorded into the
  graph and is deliberately NOT wrapped.
* Attention: ``forward_decode`` / ``forward_extend`` (eager, warm-up and capture only).
* Active pool: ``self.token_to_kv_pool`` — ``ForwardBatch`` has no pool field any more and the
  FROZEN_KV MTP views (``frozen_kv_target_view`` / ``target_kv_pool_view``) swap the backend's
  attribute around the draft forward.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import ATTENTION_BACKENDS, METADATA, BackendState, MethodSpec, methods

GENERATION = "modern"
SERVES_FROM = (0, 5, 13)
FORWARD_BATCH_HAS_POOL = False  # ForwardBatch.token_to_kv_pool does not exist

TARGETS = ATTENTION_BACKENDS  # the same classes in both generations so far

METHODS = methods(
    MethodSpec("init_forward_metadata_out_graph", METADATA, forward_batch_param="forward_batch")
)


@dataclass(eq=False)
class State(BackendState):
    """Nothing beyond the common fields: the active pool is read from the backend itself."""


_MISSING = object()


def active_pool(backend, state, forward_batch):
    """(pool, where it came from) for a modern backend."""
    pool = getattr(backend, "token_to_kv_pool", _MISSING)
    if pool is not _MISSING:
        return pool, "self.token_to_kv_pool"
    return state.init_pool, "model_runner.token_to_kv_pool stashed at __init__"


# The same read, for the wrappers' steady-state test (``guardrails/hotpath.py``): an expression
# of the backend (``{self}``) and the source it names. A wiring may declare this when its active
# pool is one side-effect-free expression; a missing attribute there only sends the call to the
# full path (which calls ``active_pool`` itself). Bound to the function, so a replaced
# ``active_pool`` (a test injecting a fault) is called instead.
active_pool.inline = ("{self}.token_to_kv_pool", "self.token_to_kv_pool")
