"""Decode backend that binds the full->SWA translator once at construction."""

import logging
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

Translator = Callable[[torch.Tensor], torch.Tensor]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = model_runner.page_size
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self._to_swa: Optional[Translator] = None
        if isinstance(allocator.get_kvcache(), SWAKVPool):
            # Bind once; the per-step path is hot and attribute lookups add up.
            self._to_swa = allocator.translate_loc_from_full_to_swa
        self.has_swa = self._to_swa is not None
        self.cuda_graph_swa_loc: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int):
        if self.has_swa:
            self.cuda_graph_swa_loc = torch.zeros(max_bs, dtype=torch.int64)

    def init_forward_metadata_capture_cuda_graph(self, bs: int, loc: torch.Tensor):
        if self.cuda_graph_swa_loc is None:
            return None
        self.cuda_graph_swa_loc[:bs].copy_(self._to_swa(loc))
        return self.cuda_graph_swa_loc[:bs]

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def _swa_loc(self, loc: torch.Tensor) -> torch.Tensor:
        return self._to_swa(loc) if self.has_swa else loc

    def forward_decode(self, loc):
        self.init_cuda_graph_state(max(loc.numel(), 1))
        return self.token_to_kv_pool, self._swa_loc(loc)
