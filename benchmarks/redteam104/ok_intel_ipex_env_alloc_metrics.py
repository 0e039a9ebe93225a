"""IPEX paged-attention backend for Intel CPUs.

``SGLANG_CPU_PAGED_ATTN`` (default on) selects the IPEX paged decode op; otherwise
torch SDPA is used. Both read window layers through the SWA pool owned by this runner.
The allocator is sampled for free-slot telemetry.
"""

import logging
import os
from typing import Optional, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _paged_attn_enabled() -> bool:
    return os.environ.get("SGLANG_CPU_PAGED_ATTN", "1") not in ("0", "false", "False")


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_threads: int = 0):
        super().__init__()
        self.num_threads = num_threads or torch.get_num_threads()
        self.paged = _paged_attn_enabled()
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = None
        if isinstance(self.kv_pool, SWAKVPool):
            self.swa_pool = self.kv_pool
        self.decode_steps = 0

    def _record_step(self) -> None:
        self.decode_steps += 1
        if self.decode_steps % 1024 == 0:
            logger.debug(
                "ipex attn step=%d paged=%s free_slots=%d",
                self.decode_steps,
                self.paged,
                self.allocator.available_size(),
            )

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._record_step()
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
