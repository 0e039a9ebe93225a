"""Decode backend with defensive sanity asserts on the SWA index mapping.

When ``SGLANG_KV_SANITY_CHECKS`` is set, the backend validates at startup
that the hybrid pool's full->SWA mapping is as long as the allocator's
mapping table, and on every step that the translated indices stay within the
SWA sub-pool. Mapping shapes are kept in ``self.sanity_info`` for debugging.
"""

import logging
import os
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _env_flag(name: str) -> bool:
    return os.environ.get(name, "0").lower() in ("1", "true", "yes")


class GeneratedAttnBackend:
    def __init__(self, model_runner, sanity_checks: Optional[bool] = None):
        self.sanity_checks = (
            _env_flag("SGLANG_KV_SANITY_CHECKS") if sanity_checks is None else sanity_checks
        )
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = self.pool if isinstance(self.pool, SWAKVPool) else None

        alloc_mapping = getattr(self.allocator, "full_to_swa_index_mapping", None)
        self.sanity_info: Dict[str, Optional[int]] = {
            "allocator_mapping_len": None if alloc_mapping is None else alloc_mapping.numel(),
            "pool_mapping_len": None,
            "swa_pool_size": None,
        }
        if self.swa_pool is not None:
            mapping = self.swa_pool.full_to_swa_index_mapping
            assert mapping is not None, "SWAKVPool is missing its full->swa mapping"
            self.sanity_info["pool_mapping_len"] = mapping.numel()
            self.sanity_info["swa_pool_size"] = self.swa_pool.size_swa
            if self.sanity_checks and alloc_mapping is not None:
                assert mapping.numel() == alloc_mapping.numel(), self.sanity_info

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        if self.sanity_checks:
            limit = self.swa_pool.size_swa + self.swa_pool.page_size
            assert int(swa_loc.max()) < limit, f"swa index out of range: {swa_loc.max()} >= {limit}"
        return self.swa_pool, swa_loc
