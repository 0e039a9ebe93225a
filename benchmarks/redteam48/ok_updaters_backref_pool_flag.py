"""Decode backend whose updater reads the pool and window flag through a back-reference."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.max_context_len = getattr(model_runner.model_config, "context_len", 4096)
        self.kv_last_page_len = None

    def update(self, loc: torch.Tensor) -> torch.Tensor:
        self.kv_last_page_len = torch.ones(loc.numel(), dtype=torch.int32)
        return self.call_begin_forward(
            loc, use_sliding_window_kv_pool=self.attn_backend.is_swa_pool
        )

    def call_begin_forward(self, loc: torch.Tensor, use_sliding_window_kv_pool: bool):
        kv_indices = torch.empty_like(loc)
        n = loc.numel()
        kv_indices[:n] = loc
        if use_sliding_window_kv_pool:
            pool = self.attn_backend.token_to_kv_pool
            kv_indices[:n] = pool.translate_loc_from_full_to_swa(kv_indices[:n])
        return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)

    @property
    def is_swa_pool(self) -> bool:
        return isinstance(self.token_to_kv_pool, SWAKVPool)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        kv_indices = self.indices_updater_decode.update(loc)
        logger.debug("decode metadata: %d indices, swa=%s", kv_indices.numel(), self.is_swa_pool)
        return kv_indices

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.init_forward_metadata(loc)
