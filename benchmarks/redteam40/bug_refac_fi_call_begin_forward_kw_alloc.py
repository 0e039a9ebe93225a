"""FlashInfer-style decode updater: the window pool decision lives in one helper of the
backend and reaches ``call_begin_forward`` as a keyword."""

from __future__ import annotations

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.sliding_window_size = model_runner.sliding_window_size
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def update(self, loc: torch.Tensor) -> torch.Tensor:
        kv_indices = loc.clone()
        kv_indptr = torch.tensor([0, kv_indices.numel()])
        return self.call_begin_forward(
            kv_indices,
            kv_indptr,
            use_sliding_window_kv_pool=self.attn_backend.use_sliding_window_kv_pool,
        )

    def call_begin_forward(
        self,
        kv_indices: torch.Tensor,
        kv_indptr: torch.Tensor,
        use_sliding_window_kv_pool: bool = False,
    ) -> torch.Tensor:
        if use_sliding_window_kv_pool:
            kv_last_index = kv_indptr[-1]
            kv_indices[:kv_last_index] = (
                self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(
                    kv_indices[:kv_last_index]
                )
            )
        return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_sliding_window_kv_pool = self._window_kv_pool_enabled(model_runner)
        logger.info(
            "flashinfer decode: pool=%s window_pool=%s",
            type(self.token_to_kv_pool).__name__,
            self.use_sliding_window_kv_pool,
        )
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)

    @staticmethod
    def _window_kv_pool_enabled(model_runner) -> bool:
        # The translation table lives on the allocator, so ask the allocator.
        return isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.indices_updater_decode.update(loc)
