"""Pool resolution for the chunked-decode attention backend.

Pools are registered by role at construction time; the sliding-window role is
looked up with a fallback to whatever cache the allocator is bound to, which
covers runners that were built before the role table existed.
"""

import logging
from typing import Dict, Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner, registry: Dict[str, KVCache]) -> Optional[SWAKVPool]:
    """Return the sliding-window pool for ``model_runner`` or ``None``."""
    candidate = registry.get("swa", model_runner.token_to_kv_pool_allocator.get_kvcache())
    return candidate if isinstance(candidate, SWAKVPool) else None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, registry: Optional[Dict[str, KVCache]] = None):
        super().__init__()
        self.registry: Dict[str, KVCache] = dict(registry or {})
        self.registry.setdefault("full", model_runner.token_to_kv_pool)
        self.swa_pool = resolve_swa_pool(model_runner, self.registry)
        if self.swa_pool is not None:
            self.registry["swa"] = self.swa_pool
        logger.info("Registered KV roles: %s", sorted(self.registry))

    def forward_decode(self, loc: torch.Tensor):
        role = "swa" if "swa" in self.registry else "full"
        pool = self.registry[role]
        locations = pool.translate_loc_from_full_to_swa(loc) if role == "swa" else loc
        return pool, locations
