"""ROCm aiter-lite attention backend with KV usage metrics for hybrid models."""

import logging
from dataclasses import dataclass
from typing import Dict, Optional

import torch

logger = logging.getLogger(__name__)


def kv_usage(allocator) -> Dict[str, int]:
    """Free-slot counters for the metrics exporter."""
    usage = {"full_free": allocator.available_size()}
    if hasattr(allocator, "swa_available_size"):
        usage["swa_free"] = allocator.swa_available_size()
        usage["full_free"] = allocator.full_available_size()
    return usage


@dataclass
class AiterLiteMetadata:
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        # SWAKVPool wraps a full pool and a window pool.
        self.has_window_pool = hasattr(self.kv_pool, "swa_kv_pool")
        self.metadata = AiterLiteMetadata()
        logger.info("aiter-lite backend: %s", kv_usage(self.allocator))

    def init_forward_metadata(self, forward_batch):
        indices = forward_batch.out_cache_loc
        self.metadata = AiterLiteMetadata(kv_indices=indices)
        if self.has_window_pool:
            self.metadata.swa_kv_indices = self.kv_pool.translate_loc_from_full_to_swa(indices)

    def forward_decode(self, loc):
        if self.has_window_pool:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
