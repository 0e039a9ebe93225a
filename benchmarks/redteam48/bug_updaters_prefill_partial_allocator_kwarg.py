"""Decode backend reusing a prefill-style updater that translates through the allocator."""

import functools
import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class FlashInferIndicesUpdaterPrefill:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.page_size = getattr(model_runner, "page_size", 1)

    def call_begin_forward(
        self,
        kv_indices: torch.Tensor,
        *,
        use_ragged: bool = False,
        use_sliding_window_kv_pool: bool = False,
    ) -> torch.Tensor:
        out = kv_indices.clone()
        n = out.numel()
        if use_sliding_window_kv_pool:
            allocator = self.attn_backend.token_to_kv_pool_allocator
            out[:n] = allocator.translate_loc_from_full_to_swa(out[:n])
        if use_ragged:
            logger.debug("ragged prefill with %d paged indices", n)
        return out


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.indices_updater_prefill = FlashInferIndicesUpdaterPrefill(model_runner, self)
        self._begin = functools.partial(
            self.indices_updater_prefill.call_begin_forward,
            use_sliding_window_kv_pool=isinstance(
                self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
            ),
        )

    def forward_extend(self, loc):
        return self.token_to_kv_pool, self._begin(loc, use_ragged=True)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._begin(loc)
