"""Backend split into a base class holding pool references and a decode subclass probing the pool."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class _KVBackendBase:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def kv_capacity(self) -> int:
        return self.token_to_kv_pool_allocator.size

    def supports_full_to_swa(self) -> bool:
        return hasattr(self.token_to_kv_pool, "translate_loc_from_full_to_swa")


class GeneratedAttnBackend(_KVBackendBase):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        self.use_sliding_window_kv_pool = self.supports_full_to_swa()
        self.max_seq_len = min(self.kv_capacity(), self.req_to_token_pool.req_to_token.shape[1])
        self._swa_loc: Optional[torch.Tensor] = None

    def _prepare(self, out_cache_loc: torch.Tensor) -> torch.Tensor:
        if not self.use_sliding_window_kv_pool:
            self._swa_loc = None
            return out_cache_loc
        self._swa_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(out_cache_loc)
        return self._swa_loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._prepare(loc)
