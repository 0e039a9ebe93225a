"""FlashInfer-style decode backend whose indices updater owns the full->SWA translation."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class FlashInferIndicesUpdaterDecode:
    """Builds the kv_indices array handed to the decode wrapper."""

    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = getattr(model_runner, "page_size", 1)
        self.kv_indices_buf: Optional[torch.Tensor] = None

    def update(self, loc: torch.Tensor) -> torch.Tensor:
        return self.call_begin_forward(
            loc,
            use_sliding_window_kv_pool=self.attn_backend.use_sliding_window_kv_pool,
        )

    def call_begin_forward(
        self, loc: torch.Tensor, use_sliding_window_kv_pool: bool = False
    ) -> torch.Tensor:
        kv_indices = loc.clone()
        n = kv_indices.numel()
        if use_sliding_window_kv_pool:
            kv_indices[:n] = self.token_to_kv_pool.translate_loc_from_full_to_swa(kv_indices[:n])
        self.kv_indices_buf = kv_indices
        return kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cpu")
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.use_sliding_window_kv_pool = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)
        logger.info(
            "flashinfer decode: sliding-window kv pool=%s (pool=%s)",
            self.use_sliding_window_kv_pool,
            type(self.token_to_kv_pool).__name__,
        )

    def init_forward_metadata(self, loc: torch.Tensor) -> torch.Tensor:
        return self.indices_updater_decode.update(loc)

    def forward_decode(self, loc):
        kv_indices = self.init_forward_metadata(loc)
        return self.token_to_kv_pool, kv_indices
