"""FlashInfer-style decode updater: the backend decides the window pool once and hands the
decision to ``call_begin_forward`` as a keyword."""

from __future__ import annotations

import logging

import torch

from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool

logger = logging.getLogger(__name__)


class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.sliding_window_size = model_runner.sliding_window_size
        # The allocator owns the full->swa table; the backend decides whether it applies.
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
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, BaseSWAKVPool)
        logger.info(
            "flashinfer decode: pool=%s allocator=%s window_pool=%s",
            type(self.token_to_kv_pool).__name__,
            type(model_runner.token_to_kv_pool_allocator).__name__,
            self.use_sliding_window_kv_pool,
        )
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.indices_updater_decode.update(loc)
