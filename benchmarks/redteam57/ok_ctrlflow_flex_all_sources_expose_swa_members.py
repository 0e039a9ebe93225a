"""FlexAttention decode backend; SWA mode requires every KV source to expose SWA members."""

import logging
from dataclasses import dataclass
from typing import Optional, Tuple

import torch

logger = logging.getLogger(__name__)

_SWA_MEMBERS: Tuple[str, ...] = (
    "translate_loc_from_full_to_swa",
    "full_to_swa_index_mapping",
)


def _exposes_swa(obj) -> bool:
    return all(hasattr(obj, member) for member in _SWA_MEMBERS)


@dataclass
class FlexBlockMask:
    kv_indices: torch.Tensor
    kv_num_blocks: int
    window: bool = False


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        # The pool we read and the allocator handing out indices must both speak SWA.
        self.use_swa = all(_exposes_swa(source) for source in (self.kv_pool, allocator))
        self.kv_capacity = int(getattr(allocator, "size", 0))
        self.block_size = 128
        self.block_mask: Optional[FlexBlockMask] = None
        logger.info("flex decode: swa=%s capacity=%d", self.use_swa, self.kv_capacity)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        nblocks = (max_num_tokens + self.block_size - 1) // self.block_size
        self.cuda_graph_kv_num_blocks = torch.zeros(
            max_bs, nblocks, dtype=torch.int32, device=self.device
        )

    def _build_mask(self, loc: torch.Tensor) -> FlexBlockMask:
        indices = loc
        if self.use_swa:
            indices = self.kv_pool.translate_loc_from_full_to_swa(loc)
        nblocks = (loc.numel() + self.block_size - 1) // self.block_size
        return FlexBlockMask(indices, nblocks, window=self.use_swa)

    def init_forward_metadata(self, loc: torch.Tensor):
        self.block_mask = self._build_mask(loc)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.block_mask.kv_indices
