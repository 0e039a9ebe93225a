"""Intel AMX attention backend.

The decode kernel follows the host ISA (AMX-BF16 or AVX-512 torch fallback). Window
pool resolution follows the speculative rules shared by the GPU backends so CPU and
GPU serving read the same caches for target and draft workers.
"""

import logging
import os
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.utils import cpu_has_amx_support

logger = logging.getLogger(__name__)

_FORCE_FALLBACK = os.environ.get("SGLANG_CPU_FORCE_TORCH_ATTN", "0") == "1"


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.isa = "amx" if (cpu_has_amx_support() and not _FORCE_FALLBACK) else "avx512"
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        logger.info("amx attn: isa=%s swa=%s", self.isa, self.swa_kv_pool is not None)

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool
        if model_runner.is_draft_worker:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                return None
        target_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(target_cache, SWAKVPool):
            return target_cache
        return None

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
