"""Window-aware backend that translates through the allocator when it may.

When the pool this backend reads IS the allocator's kvcache, the allocator's
full->window table is exactly the pool's (the allocator fills it), and calling
through the allocator keeps the translation next to the bookkeeping.  The
window decision itself comes from the pool.
"""

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.reads_window = isinstance(self.pool, SWAKVPool)
        get_cache = getattr(self.allocator, "get_kvcache", None)
        self.pool_is_allocator_cache = get_cache is not None and self.pool is get_cache()
        self.decode_locs = torch.zeros(
            getattr(model_runner, "max_running_requests", 1) or 1,
            dtype=torch.int64,
            device=model_runner.device,
        )

    def _translator(self):
        if not self.reads_window:
            return None
        if self.pool_is_allocator_cache:
            return self.allocator.translate_loc_from_full_to_swa
        return self.pool.translate_loc_from_full_to_swa

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        if max_bs > self.decode_locs.numel():
            self.decode_locs = torch.zeros(
                max_bs, dtype=torch.int64, device=self.decode_locs.device
            )

    def init_forward_metadata_replay_cuda_graph(self, bs: int, loc):
        out = self.forward_decode(loc)[1]
        n = min(out.numel(), self.decode_locs.numel())
        self.decode_locs[:n].copy_(out[:n])
        return self.decode_locs[:bs]

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_extend(self, loc):
        return self.forward_decode(loc)

    def forward_decode(self, loc):
        translate = self._translator()
        if translate is None:
            return self.pool, loc
        return self.pool, translate(loc)
