"""FlashInfer-style decode backend whose updater is told about the window pool by the allocator."""

import logging

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


class FlashInferIndicesUpdaterDecode:
    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = getattr(model_runner, "req_to_token_pool", None)

    def update(self, loc: torch.Tensor) -> torch.Tensor:
        return self.call_begin_forward(
            loc,
            use_sliding_window_kv_pool=self.attn_backend.use_sliding_window_kv_pool,
        )

    def call_begin_forward(self, loc: torch.Tensor, use_sliding_window_kv_pool: bool = False):
        kv_indices = loc.clone()
        n = kv_indices.numel()
        if use_sliding_window_kv_pool:
            kv_indices[:n] = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices[:n])
        return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)
        logger.info("flashinfer decode: swa kv pool=%s", self.use_sliding_window_kv_pool)

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        return self.indices_updater_decode.update(loc)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.init_forward_metadata(loc)
