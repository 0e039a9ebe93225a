"""AITER decode backend; CUDA-graph index buffers are sized from the allocator."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_SWA_TRANSLATE = "translate_loc_from_full_to_swa"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_bs = getattr(model_runner, "max_running_requests", 16) or 16
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.use_swa_indices = hasattr(self.kv_pool, _SWA_TRANSLATE)
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None
        self.cuda_graph_swa_kv_indices: Optional[torch.Tensor] = None
        self.kv_indices: Optional[torch.Tensor] = None

    def _index_buffer_len(self) -> int:
        # the allocator owns the token budget shared by target and draft
        if hasattr(self.allocator, _SWA_TRANSLATE):
            return int(self.allocator.size_swa) + self.page_size
        return int(self.allocator.size) + self.page_size

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        n = self._index_buffer_len()
        self.cuda_graph_kv_indices = torch.zeros(n, dtype=torch.int64)
        if hasattr(self.allocator, _SWA_TRANSLATE):
            self.cuda_graph_swa_kv_indices = torch.zeros(n, dtype=torch.int64)
        logger.debug("aiter graph buffers: %d slots (max_bs=%d)", n, max_bs)

    def init_forward_metadata(self, loc: torch.Tensor):
        if self.use_swa_indices:
            self.kv_indices = getattr(self.kv_pool, _SWA_TRANSLATE)(loc)
        else:
            self.kv_indices = loc

    def forward_decode(self, loc):
        if self.cuda_graph_kv_indices is None:
            self.init_cuda_graph_state(self.max_bs, self.max_bs)
        self.init_forward_metadata(loc)
        return self.kv_pool, self.kv_indices
