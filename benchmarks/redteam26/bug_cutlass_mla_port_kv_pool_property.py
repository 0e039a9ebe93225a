"""Cutlass MLA backend port whose kv_pool property returns the allocator's cache object."""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

PAGE_SIZE = 128


@dataclass
class CutlassMLADecodeMetadata:
    workspace: Optional[torch.Tensor] = None
    block_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """CutlassMLABackend, decode only."""

    def __init__(self, model_runner, skip_prefill: bool = False, kv_indptr_buf=None):
        self._runner = model_runner
        self.device = model_runner.device
        self.num_q_heads = model_runner.model_config.num_attention_heads
        self.kv_lora_rank = model_runner.model_config.head_dim
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.forward_metadata: Optional[CutlassMLADecodeMetadata] = None
        self.kv_indptr_buf = kv_indptr_buf

    @property
    def kv_pool(self):
        """The cache object behind the slots this runner is given."""
        return self._runner.token_to_kv_pool_allocator.get_kvcache()

    @property
    def is_windowed(self) -> bool:
        return isinstance(self.kv_pool, BaseSWAKVPool)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_blocks = (max_num_tokens + PAGE_SIZE - 1) // PAGE_SIZE
        self.cuda_graph_kv_indices = torch.full(
            (max_bs, max_blocks), 1, dtype=torch.int32, device=self.device
        )
        self.cuda_graph_workspace = torch.empty(1, dtype=torch.uint8, device=self.device)

    def init_forward_metadata(self, loc: torch.Tensor):
        indices = loc
        if self.is_windowed:
            indices = self.kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = CutlassMLADecodeMetadata(block_kv_indices=indices)

    def forward_decode(self, loc: torch.Tensor):
        """(pool read, block indices)."""
        self.init_forward_metadata(loc)
        return self.kv_pool, self.forward_metadata.block_kv_indices
