"""Triton-style backend reading the window from the config, gating the SWA path on its pool and clamping buffers by the allocator's SWA size."""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.sliding_window_size: Optional[int] = model_runner.sliding_window_size or getattr(
            model_runner.model_config, "sliding_window_size", None
        )
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)

        window_tokens = 0
        if self.use_sliding_window_kv_pool:
            # the window indices never outnumber the SWA slots the allocator has
            swa_slots = getattr(model_runner.token_to_kv_pool_allocator, "size_swa", 0)
            window_tokens = min(swa_slots, self.sliding_window_size or swa_slots)
        self.window_kv_indices = torch.zeros(
            (max(window_tokens, 1),), dtype=torch.int64, device=self.device
        )

    def forward_decode(self, loc):
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
