"""Wiring for sglang <= 0.5.12.x (legacy backend API).

* Metadata: ``init_forward_metadata(forward_batch)`` (eager) and the CUDA-graph pair
  ``init_forward_metadata_capture_cuda_graph(bs, num_tokens, req_pool_indices, seq_lens,
  encoder_lens, forward_mode, spec_info)`` / ``init_forward_metadata_replay_cuda_graph(bs,
  req_pool_indices, seq_lens, seq_lens_sum, encoder_lens, forward_mode, spec_info, seq_lens_cpu)``.
* Attention: ``forward_decode`` / ``forward_extend`` (eager, warm-up and capture only).
* Active pool: ``forward_batch.token_to_kv_pool`` (backends do not store a pool; the FROZEN_KV
  views of 0.5.12 swap the batch's pool). The graph-metadata calls get no forward batch: they use
  the last pool this backend saw on a forward batch, else the runner's pool stashed at ``__init__``.
  Exception: a FROZEN_KV MTP draft backend, whose batch pool is swapped by the views around
  exactly these calls — without a batch its active pool is unknowable, so those calls are skipped
  (its ``init_forward_metadata`` / ``forward_*`` calls, which carry the batch, are still checked).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import ATTENTION_BACKENDS, METADATA, UNKNOWN_POOL, BackendState, MethodSpec, methods

GENERATION = "legacy"
SERVES_FROM = (0, 0, 0)
FORWARD_BATCH_HAS_POOL = True  # ForwardBatch.token_to_kv_pool exists

TARGETS = ATTENTION_BACKENDS  # the same classes in both generations so far

METHODS = methods(
    MethodSpec(
        "init_forward_metadata_capture_cuda_graph", METADATA, forward_mode_param="forward_mode"
    ),
    MethodSpec(
        "init_forward_metadata_replay_cuda_graph", METADATA, forward_mode_param="forward_mode"
    ),
)


@dataclass(eq=False)
class State(BackendState):
    # the last forward_batch.token_to_kv_pool seen: the pool of the graph-metadata calls, which
    # get no forward batch on this generation
    last_batch_pool: Any = None


def active_pool(backend, state, forward_batch):
    """(pool, where it came from) for a legacy backend."""
    if forward_batch is not None:
        pool = getattr(forward_batch, "token_to_kv_pool", None)
        if pool is not None:
            state.last_batch_pool = pool
            return pool, "forward_batch.token_to_kv_pool"
    if state.role == "draft" and state.spec_algorithm == "FROZEN_KV_MTP":
        return UNKNOWN_POOL, "unknown (FROZEN_KV draft, no forward batch)"
    if state.last_batch_pool is not None:
        return state.last_batch_pool, _LAST
    return state.init_pool, "model_runner.token_to_kv_pool stashed at __init__"


# The same reads for the wrappers' steady-state test (``guardrails/hotpath.py``), so that one
# step calls no Python function of the guard (``tests/guard/test_runtime_unit.py``,
# ``tests/guard/step_entries.py --legacy``). ``active_pool`` records the batch's pool as the last
# one seen; the inline form needs no write because its condition requires the recorded pool to
# be that pool already (a call whose pool differs from the recorded one takes the full path,
# which records it):
#
# * a method with a forward batch: the batch's pool, while it is the last pool recorded;
# * a graph-metadata method (no batch): the last pool recorded, once there is one (before any
#   batch, and for a FROZEN_KV draft, whose pool here is unknown, the full path decides). No
#   steady state exists for a FROZEN_KV draft's graph calls: ``enter`` records none for an
#   unknown pool.
_LAST = "last forward_batch.token_to_kv_pool seen by this backend"


def _inline(spec):
    if spec.forward_batch_param:
        return (
            "{arg:BATCH}.token_to_kv_pool",
            "forward_batch.token_to_kv_pool",
            "_kvguard_f[6].last_batch_pool is _kvguard_f[0]",
        )
    return ("_kvguard_f[6].last_batch_pool", _LAST, "_kvguard_f[0] is not None")


active_pool.inline = _inline
