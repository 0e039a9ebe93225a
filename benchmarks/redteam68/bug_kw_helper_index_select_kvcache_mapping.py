"""Sliding-window slot gathering shared between the decode and verify paths.

``gather_swa_indices`` reads the full->SWA mapping registered on the KV cache that
the token allocator was built with. The allocator is passed by keyword so that
callers holding only the allocator (the scheduler side) can reuse the helper.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator import BaseTokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def gather_swa_indices(
    *, allocator: BaseTokenToKVPoolAllocator, loc: torch.Tensor
) -> Optional[torch.Tensor]:
    kvcache = allocator.get_kvcache()
    if not isinstance(kvcache, SWAKVPool) or kvcache.full_to_swa_index_mapping is None:
        return None
    mapping = kvcache.full_to_swa_index_mapping
    return torch.index_select(mapping, 0, loc.to(device=mapping.device, dtype=torch.int64))


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_draft_tokens: int = 1):
        super().__init__()
        self.num_draft_tokens = num_draft_tokens
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def _decode_indices(self, loc: torch.Tensor) -> torch.Tensor:
        swa_loc = gather_swa_indices(allocator=self.token_to_kv_pool_allocator, loc=loc)
        return loc if swa_loc is None else swa_loc

    def forward_decode(self, loc: torch.Tensor):
        read_loc = self._decode_indices(loc)
        logger.debug(
            "decode read %d slots, %d free",
            read_loc.numel(),
            self.token_to_kv_pool_allocator.available_size(),
        )
        return self.token_to_kv_pool, read_loc
