"""Runner view that records which runner attributes the backend touches.

``_RunnerView`` intercepts ``__getattribute__`` to log access to the runner
(handy when auditing which fields a backend depends on) and otherwise passes
everything through. SWA pool resolution follows the shared-allocator rules
used for speculative draft workers.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _RunnerView:
    def __init__(self, runner):
        object.__setattr__(self, "_runner", runner)
        object.__setattr__(self, "_touched", set())

    def __getattribute__(self, name):
        if name.startswith("_"):
            return object.__getattribute__(self, name)
        object.__getattribute__(self, "_touched").add(name)
        return getattr(object.__getattribute__(self, "_runner"), name)


def resolve_swa_pool(view: _RunnerView) -> Optional[SWAKVPool]:
    pool = view.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if view.is_draft_worker and not view.spec_algorithm.is_frozen_kv_mtp():
        # Draft owns a full-only pool; the shared allocator's cache is the target's.
        return None
    shared = view.token_to_kv_pool_allocator.get_kvcache()
    return shared if isinstance(shared, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, trace_access: bool = False):
        self.view = _RunnerView(model_runner)
        self.kv_pool = self.view.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(self.view)
        if trace_access:
            logger.info("runner attrs used: %s", sorted(self.view._touched))

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
