"""Decode backend whose CUDA-graph state depends on the resolved SWA pool.

When the runner's own pool is not hybrid, the resolver falls back to the
cache registered on the shared token allocator, so that workers attached to a
hybrid allocator still get SWA page tables captured.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 4):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.max_bs = max_bs
        self.swa_kv_pool = self._resolve_swa_kv_pool()
        self.kv_pool = self.swa_kv_pool or model_runner.token_to_kv_pool
        self.swa_page_table: Optional[torch.Tensor] = None

    def _resolve_swa_kv_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        pool = runner.token_to_kv_pool
        if isinstance(pool, SWAKVPool):
            return pool
        if runner.spec_algorithm.is_frozen_kv_mtp() and not runner.is_draft_worker:
            return None
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(shared, SWAKVPool):
            return shared
        return None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.page_table = torch.zeros(max_bs, 1, dtype=torch.int64, device=self.device)
        if self.swa_kv_pool is not None:
            self.swa_page_table = torch.zeros(max_bs, 1, dtype=torch.int64, device=self.device)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        self.page_table[:bs, 0] = out_cache_loc
        if self.swa_page_table is not None:
            translated = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
            self.swa_page_table[:bs, 0] = translated

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.shape[0]
        if not hasattr(self, "page_table"):
            self.init_cuda_graph_state(max(bs, self.max_bs), bs)
        self.init_forward_metadata_replay_cuda_graph(bs, loc)
        table = self.swa_page_table if self.swa_page_table is not None else self.page_table
        return self.kv_pool, table[:bs, 0].clone()
