"""FlashAttention-style backend with EAGLE CUDA-graph buffers.

EAGLE deployments need extra page-table rows for the draft tree; those are
sized from ``speculative_num_steps``/``topk``. The KV pool is the runner's.
"""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class GraphBuffers:
    page_table: torch.Tensor
    cache_seqlens: torch.Tensor
    swa_page_table: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(
        self,
        model_runner,
        speculative_num_steps: int = 3,
        topk: int = 2,
        max_bs: int = 64,
        max_pages: int = 128,
    ):
        self.page_size = model_runner.page_size
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        spec = model_runner.spec_algorithm
        rows = max_bs
        if spec.is_eagle():
            rows *= topk if model_runner.is_draft_worker else speculative_num_steps * topk + 1

        self.kv_pool: KVCache = model_runner.token_to_kv_pool
        self.swa_pool = self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        self.buffers = GraphBuffers(
            page_table=torch.zeros((rows, max_pages), dtype=torch.int32),
            cache_seqlens=torch.zeros(rows, dtype=torch.int32),
            swa_page_table=(
                torch.zeros((rows, max_pages), dtype=torch.int32)
                if self.swa_pool is not None
                else None
            ),
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.swa_pool, swa_loc

    def forward_draft_extend(self, loc: torch.Tensor):
        return self.forward_decode(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self.forward_decode(loc)
