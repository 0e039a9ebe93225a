"""FlashAttention-3 style decode backend with CUDA-graph static buffers.

The SWA page table is only materialized when the KV pool attached to this
runner is a hybrid sliding-window pool; full-attention layers keep using the
regular page table built from ``out_cache_loc``.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 16, max_context_len: int = 64):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_context_len = max_context_len
        self.default_max_bs = max_bs
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.decode_cuda_graph_metadata: Optional[dict] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_num_pages = (self.max_context_len + self.page_size - 1) // self.page_size
        self.decode_cuda_graph_metadata = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "page_table": torch.zeros(max_bs, max_num_pages, dtype=torch.int64, device=self.device),
            "out_cache_loc": torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device),
        }
        if self.use_sliding_window_kv_pool:
            self.decode_cuda_graph_metadata["swa_out_cache_loc"] = torch.zeros(
                max_num_tokens, dtype=torch.int64, device=self.device
            )
        logger.debug(
            "FA3 graph state: max_bs=%d pages=%d swa=%s",
            max_bs,
            max_num_pages,
            self.use_sliding_window_kv_pool,
        )

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        meta = self.decode_cuda_graph_metadata
        n = out_cache_loc.shape[0]
        meta["out_cache_loc"][:n].copy_(out_cache_loc)
        meta["cache_seqlens"][:bs].fill_(1)
        if self.use_sliding_window_kv_pool:
            swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
            meta["swa_out_cache_loc"][:n].copy_(swa_loc)

    def forward_decode(self, loc: torch.Tensor):
        if self.decode_cuda_graph_metadata is None:
            self.init_cuda_graph_state(self.default_max_bs, self.default_max_bs)
        n = loc.shape[0]
        self.init_forward_metadata_replay_cuda_graph(n, loc)
        meta = self.decode_cuda_graph_metadata
        key = "swa_out_cache_loc" if self.use_sliding_window_kv_pool else "out_cache_loc"
        return self.token_to_kv_pool, meta[key][:n].clone()
