"""EAGLE draft-extend aware backend.

Draft extend reserves scratch slots for the accepted tokens through the shared
token allocator and frees them afterwards. Reads use the runner's own pool.
"""

import logging

import torch

from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_steps: int = 3, topk: int = 1):
        self.allocator: BaseTokenToKVPoolAllocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        self.swa = self.pool if isinstance(self.pool, SWAKVPool) else None
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.is_draft_worker = model_runner.is_draft_worker

    def reserve_draft_slots(self, num_tokens: int):
        out = self.allocator.alloc(num_tokens)
        if out is None:
            logger.warning(
                "draft extend could not reserve %d slots (free=%d)",
                num_tokens,
                self.allocator.available_size(),
            )
        return out

    def release_draft_slots(self, slots: torch.Tensor) -> None:
        if slots is not None and slots.numel():
            self.allocator.free(slots)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc

    def forward_draft_extend(self, loc: torch.Tensor, num_accepted: int = 1):
        slots = self.reserve_draft_slots(num_accepted) if self.is_draft_worker else None
        try:
            return self.forward_decode(loc)
        finally:
            self.release_draft_slots(slots)
