"""Draft-extend backend with sliding-window location remapping.

Hybrid models are detected from either the active KV pool or the KV allocator,
whichever reports sliding-window support, and extend locations are remapped to
SWA slots through the allocator's translation table.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class ExtendMeta:
    extend_seq_lens: torch.Tensor
    out_cache_loc: torch.Tensor


def _is_hybrid_swa(model_runner) -> bool:
    return isinstance(model_runner.token_to_kv_pool, SWAKVPool) or isinstance(
        model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
    )


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, speculative_num_draft_tokens: int = 4):
        super().__init__()
        self.speculative_num_draft_tokens = speculative_num_draft_tokens
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.is_hybrid_swa = _is_hybrid_swa(model_runner)
        self.forward_metadata: Optional[ExtendMeta] = None

    def _remap_out_cache_loc(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if not self.is_hybrid_swa:
            return out_cache_loc
        return self.allocator.translate_loc_from_full_to_swa(out_cache_loc)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor) -> None:
        self.forward_metadata = ExtendMeta(
            extend_seq_lens=torch.full((out_cache_loc.shape[0],), 1, dtype=torch.int32),
            out_cache_loc=self._remap_out_cache_loc(out_cache_loc),
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.out_cache_loc
