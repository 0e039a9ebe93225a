"""Decode backend whose updater inspects the allocator through a back-reference."""

import logging

import torch

logger = logging.getLogger(__name__)


class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.token_to_kv_pool = model_runner.token_to_kv_pool

    @property
    def use_sliding_window_kv_pool(self) -> bool:
        allocator = self.attn_backend.token_to_kv_pool_allocator
        return type(allocator).__name__.startswith("SWA")

    def update(self, loc: torch.Tensor) -> torch.Tensor:
        return self.call_begin_forward(
            loc, use_sliding_window_kv_pool=self.use_sliding_window_kv_pool
        )

    def call_begin_forward(self, loc: torch.Tensor, use_sliding_window_kv_pool: bool):
        kv_indices = torch.empty_like(loc)
        n = loc.numel()
        kv_indices[:n] = loc
        if use_sliding_window_kv_pool:
            kv_indices[:n] = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices[:n])
        return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)
        logger.info(
            "decode updater ready (allocator=%s)",
            type(self.token_to_kv_pool_allocator).__name__,
        )

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        return self.indices_updater_decode.update(loc)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.init_forward_metadata(loc)
