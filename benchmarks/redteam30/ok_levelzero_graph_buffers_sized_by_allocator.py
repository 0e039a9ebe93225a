"""Intel Level-Zero attention backend with graph-capture buffers for SWA layers."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.is_swa = isinstance(self.kv_pool, SWAKVPool)

        self.graph_loc: Optional[torch.Tensor] = None
        self.graph_swa_loc: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.graph_loc = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)
        if self.is_swa:
            # Upper bound for the translated indices: the SWA side of the allocator.
            swa_tokens = getattr(self.allocator, "size_swa", self.allocator.size)
            self.graph_swa_loc = torch.zeros(
                min(max_num_tokens, swa_tokens), dtype=torch.int64, device=self.device
            )
            logger.info("Level-Zero graphs: SWA buffer of %d slots", self.graph_swa_loc.numel())

    def forward_decode(self, loc):
        if self.is_swa:
            swa_loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
            if self.graph_swa_loc is not None:
                self.graph_swa_loc[: swa_loc.numel()].copy_(swa_loc)
            return self.kv_pool, swa_loc
        return self.kv_pool, loc
