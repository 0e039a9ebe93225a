"""FA3-style backend; sliding-window KV pool detection at construction.

The hybrid layout is detected the same way the FA3 backend does it (an
``SWAKVPool`` with at least one SWA layer), looking at the cache that the
token allocator was built around.
"""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 8, max_context_len: int = 64):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.use_sliding_window_kv_pool = (
            isinstance(kvcache, SWAKVPool) and kvcache.swa_layer_nums > 0
        )
        self.max_bs = max_bs
        self.max_context_len = max_context_len
        self.decode_cuda_graph_metadata = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_num_pages = (self.max_context_len + self.page_size - 1) // self.page_size
        md = {
            "page_table": torch.zeros(max_bs, max_num_pages, dtype=torch.int64, device=self.device)
        }
        if self.use_sliding_window_kv_pool:
            md["swa_page_table"] = torch.zeros_like(md["page_table"])
        self.decode_cuda_graph_metadata = md

    def init_forward_metadata_replay_cuda_graph(self, bs: int, out_cache_loc: torch.Tensor):
        md = self.decode_cuda_graph_metadata
        md["page_table"][:bs, 0].copy_(out_cache_loc // self.page_size)
        if self.use_sliding_window_kv_pool:
            swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
            md["swa_page_table"][:bs, 0].copy_(swa_loc // self.page_size)

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.numel()
        if self.decode_cuda_graph_metadata is None:
            self.init_cuda_graph_state(max(self.max_bs, bs), max(self.max_bs, bs))
        self.init_forward_metadata_replay_cuda_graph(bs, loc)
        key = "swa_page_table" if self.use_sliding_window_kv_pool else "page_table"
        table = self.decode_cuda_graph_metadata[key]
        return self.token_to_kv_pool, table[:bs, 0] * self.page_size
