"""Decode backend that sizes its window-layer scratch from the SWA capacity.

The SWA token capacity reported by the allocator is used both to size the
scratch buffer and to enable the window-layer remap on the active KV pool.
"""

import logging

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, max_bs: int = 16):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_capacity = getattr(allocator, "size_swa", None)
        self.enable_window_remap = self.swa_capacity is not None
        if self.enable_window_remap:
            self.swa_loc_scratch = torch.empty(max_bs, dtype=torch.int64, device=self.device)
            logger.info("SWA capacity %d tokens", self.swa_capacity)
        else:
            self.swa_loc_scratch = None

    def forward_decode(self, loc: torch.Tensor):
        if not self.enable_window_remap:
            return self.kv_pool, loc
        n = loc.numel()
        self.swa_loc_scratch[:n] = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, self.swa_loc_scratch[:n].clone()
