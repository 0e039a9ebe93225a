"""Runner view normalising the KV pool attribute.

``_CanonicalRunnerView`` hides the difference between runners that carry a
hybrid pool directly and runners that only see it through the allocator: its
``__getattribute__`` serves ``token_to_kv_pool`` from the allocator's cache
so every backend sees the same object.
"""

from __future__ import annotations

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _CanonicalRunnerView:
    def __init__(self, runner):
        object.__setattr__(self, "_runner", runner)

    def __getattribute__(self, name):
        runner = object.__getattribute__(self, "_runner")
        if name == "token_to_kv_pool":
            return runner.token_to_kv_pool_allocator.get_kvcache()
        return getattr(runner, name)


def resolve_swa_pool(view) -> Optional[SWAKVPool]:
    pool = view.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, verbose: bool = False):
        self.runner = model_runner
        self.swa_pool = resolve_swa_pool(_CanonicalRunnerView(model_runner))
        if verbose:
            logger.info("SWA pool resolved: %s", type(self.swa_pool).__name__)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.runner.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
