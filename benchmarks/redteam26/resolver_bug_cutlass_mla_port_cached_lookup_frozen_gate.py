"""Cutlass MLA backend port with an lru-cached allocator lookup behind a FROZEN_KV draft gate."""

import functools
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

PAGE_SIZE = 128


@functools.lru_cache(maxsize=None)
def _allocator_swa_pool(allocator) -> Optional[BaseSWAKVPool]:
    kvcache = allocator.get_kvcache()
    return kvcache if isinstance(kvcache, BaseSWAKVPool) else None


def resolve_swa_kv_pool(model_runner) -> Optional[BaseSWAKVPool]:
    if isinstance(model_runner.token_to_kv_pool, BaseSWAKVPool):
        return model_runner.token_to_kv_pool
    if model_runner.is_draft_worker and model_runner.spec_algorithm.is_frozen_kv_mtp():
        # FROZEN_KV drafts get their view swapped in by target_kv_pool_view.
        return None
    return _allocator_swa_pool(model_runner.token_to_kv_pool_allocator)


@dataclass
class CutlassMLADecodeMetadata:
    workspace: Optional[torch.Tensor] = None
    block_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """CutlassMLABackend, decode only."""

    def __init__(self, model_runner, skip_prefill: bool = False, kv_indptr_buf=None):
        self.device = model_runner.device
        self.num_q_heads = model_runner.model_config.num_attention_heads
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.kv_indptr_buf = kv_indptr_buf
        self.forward_metadata: Optional[CutlassMLADecodeMetadata] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_blocks = (max_num_tokens + PAGE_SIZE - 1) // PAGE_SIZE
        self.cuda_graph_kv_indices = torch.full(
            (max_bs, max_blocks), 1, dtype=torch.int32, device=self.device
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        indices = loc
        if self.swa_kv_pool is not None:
            indices = self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = CutlassMLADecodeMetadata(block_kv_indices=indices)

    def forward_decode(self, loc: torch.Tensor):
        """(pool, block indices)."""
        self.init_forward_metadata(loc)
        pool = self.swa_kv_pool if self.swa_kv_pool is not None else self.token_to_kv_pool
        return pool, self.forward_metadata.block_kv_indices
