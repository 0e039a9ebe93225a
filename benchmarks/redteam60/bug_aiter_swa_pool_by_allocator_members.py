"""aiter (ROCm) decode backend port for hybrid sliding-window models.

Sliding-window layers are served from the SWA sub-pool; their output cache locations and
paged-decode block tables are translated from full-pool locations.
"""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_AITER_PAGE_SIZE = 1


class GeneratedAttnBackend:
    """aiter paged-decode backend with SWA block-table translation."""

    def __init__(self, model_runner):
        self.device = model_runner.device
        self.num_head = model_runner.model_config.num_attention_heads
        self.head_dim = model_runner.model_config.head_dim
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # Hybrid SWA allocators track the sliding-window sub-pool separately.
        if hasattr(allocator, "swa_available_size"):
            self.swa_kv_pool = allocator.get_kvcache()
        else:
            self.swa_kv_pool = None
        self.workspace_buffer = torch.empty(
            self.num_head * self.head_dim, dtype=torch.float32, device=self.device
        )
        self.swa_out_cache_loc: Optional[torch.Tensor] = None
        logger.debug("aiter: swa pool=%s", type(self.swa_kv_pool).__name__)

    def _make_block_table(self, loc: torch.Tensor) -> torch.Tensor:
        return (loc // _AITER_PAGE_SIZE).view(-1, 1).to(torch.int32)

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        if self.swa_kv_pool is not None:
            self.swa_out_cache_loc = self.swa_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        else:
            self.swa_out_cache_loc = None
        loc = self.swa_out_cache_loc if self.swa_out_cache_loc is not None else out_cache_loc
        self.block_table = self._make_block_table(loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        locations = self.block_table.view(-1).to(torch.int64) * _AITER_PAGE_SIZE
        return self.token_to_kv_pool, locations
