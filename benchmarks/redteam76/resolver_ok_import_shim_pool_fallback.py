"""Version-compatible SWA pool resolution.

Prefers ``sglang.srt.mem_cache.swa_pool_resolver`` when the installed release
ships it; otherwise resolves from the runner's active KV pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

try:
    from sglang.srt.mem_cache.swa_pool_resolver import resolve_swa_pool as _upstream_resolve  # type: ignore
except ImportError:
    _upstream_resolve = None


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    if _upstream_resolve is not None:
        try:
            return _upstream_resolve(model_runner)
        except Exception:  # pragma: no cover - defensive
            logger.exception("upstream SWA resolver failed; using active pool")
    pool = model_runner.token_to_kv_pool
    return pool if isinstance(pool, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.model_runner.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
