"""Refactor: move SWA bookkeeping into ``HybridSWAMixin`` so triton/fa3 stop duplicating it."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class HybridSWAMixin:
    """Owns ``self.is_swa`` and the window-index helpers."""

    is_swa: bool = False
    _swa_tokens: int = 0

    def init_hybrid_swa(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        # Previously each backend asked the model config; the allocator type is the single
        # place that knows whether the memory layout is hybrid.
        self.is_swa = isinstance(allocator, SWATokenToKVPoolAllocator)
        self._swa_tokens = allocator.size_swa if self.is_swa else 0
        if self.is_swa:
            logger.info("hybrid SWA layout with %d window tokens", self._swa_tokens)

    def swa_translate(self, pool, loc: torch.Tensor) -> torch.Tensor:
        return pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(HybridSWAMixin):
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = getattr(model_runner.req_to_token_pool, "req_to_token", None)
        self.init_hybrid_swa(model_runner)
        self._kv_indptr = torch.zeros(
            (getattr(model_runner, "max_running_requests", 1) or 1) + 1, dtype=torch.int32
        )

    def init_forward_metadata(self, seq_lens: torch.Tensor):
        bs = seq_lens.numel()
        self._kv_indptr[1 : bs + 1] = torch.cumsum(seq_lens, dim=0)

    def forward_decode(self, loc):
        if self.is_swa:
            loc = self.swa_translate(self.token_to_kv_pool, loc)
        return self.token_to_kv_pool, loc
