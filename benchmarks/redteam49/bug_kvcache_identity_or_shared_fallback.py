"""Backend that follows the allocator's cache when it does not own it.

A worker whose pool is not the allocator's cache is reading indices the
allocator hands out for that cache; on a hybrid model it therefore reads the
window region of the allocator's cache.
"""

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        own = model_runner.token_to_kv_pool
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.own_pool = own
        if isinstance(own, SWAKVPool):
            self.read_pool, self.window_pool = own, own
        elif own is not shared and isinstance(shared, SWAKVPool):
            # indices come from the shared allocator: read where they point
            self.read_pool, self.window_pool = shared, shared
        else:
            self.read_pool, self.window_pool = own, None
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.page_size = getattr(model_runner, "page_size", 1) or 1

    def _page_table(self, loc: torch.Tensor) -> torch.Tensor:
        if self.page_size > 1:
            return torch.div(loc, self.page_size, rounding_mode="floor")
        return loc

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.own_pool.device
        )
        self.cuda_graph_max_bs = max_bs

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, loc):
        # prefill writes and reads the same region as decode
        return self.forward_decode(loc)

    def describe(self) -> str:
        return "read=%s window=%s" % (
            type(self.read_pool).__name__,
            None if self.window_pool is None else type(self.window_pool).__name__,
        )

    def forward_decode(self, loc):
        if self.window_pool is not None:
            locs = self.window_pool.translate_loc_from_full_to_swa(loc)
            return self.read_pool, self._page_table(locs)
        return self.read_pool, self._page_table(loc)
