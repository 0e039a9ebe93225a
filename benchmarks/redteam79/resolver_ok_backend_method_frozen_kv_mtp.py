"""Graph-capturable decode backend with an SWA pool resolver method.

Frozen-KV MTP drafts attend over the target's cache, so for them the hybrid
pool registered on the shared allocator is the right one; regular draft
workers keep to their own full-attention pool.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.max_bs = max_bs
        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None
        self.cuda_graph_loc: Optional[torch.Tensor] = None
        self.swa_kv_pool = self.get_swa_kv_pool()

    def get_swa_kv_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        active = runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        spec = runner.spec_algorithm
        if runner.is_draft_worker:
            if not spec.is_frozen_kv_mtp():
                return None
            logger.info("frozen-KV MTP draft: reading target SWA cache")
        shared = runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_loc = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
        if self.swa_kv_pool is not None:
            self.cuda_graph_swa_loc = torch.zeros_like(self.cuda_graph_loc)

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc: torch.Tensor):
        self.cuda_graph_loc[:bs].copy_(loc)
        if self.cuda_graph_swa_loc is not None:
            self.cuda_graph_swa_loc[:bs].copy_(self.swa_kv_pool.translate_loc_from_full_to_swa(loc))

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.numel()
        if self.cuda_graph_loc is None:
            self.init_cuda_graph_state(self.max_bs, max(self.max_bs, bs))
        self.init_forward_metadata_replay_cuda_graph(bs, loc)
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.cuda_graph_swa_loc[:bs].clone()
        return self.model_runner.token_to_kv_pool, self.cuda_graph_loc[:bs].clone()
