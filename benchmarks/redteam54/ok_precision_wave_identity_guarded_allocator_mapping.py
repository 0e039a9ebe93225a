"""Wave attention backend; gathers SWA slots straight from the index mapping."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.num_kv_splits = getattr(model_runner.server_args, "triton_attention_num_kv_splits", 8)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self._mapping: Optional[torch.Tensor] = None
        self.kv_indices: Optional[torch.Tensor] = None
        self._bind_mapping()

    def _bind_mapping(self):
        alloc = self.token_to_kv_pool_allocator
        owns_our_pool = (
            hasattr(alloc, "get_kvcache") and alloc.get_kvcache() is self.token_to_kv_pool
        )
        if owns_our_pool and hasattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa"):
            self._mapping = alloc.full_to_swa_index_mapping
            logger.debug("wave: full->swa mapping bound (%d entries)", self._mapping.numel())

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata(self, loc: torch.Tensor):
        if self._mapping is not None:
            self.kv_indices = self._mapping[loc]
        else:
            self.kv_indices = loc

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.kv_indices
