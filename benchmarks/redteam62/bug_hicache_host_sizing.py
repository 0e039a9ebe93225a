"""Decode backend for hybrid sliding-window models with hierarchical caching. The host
mirror is laid out like the device cache the allocator manages."""

import logging

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class HostMirrorSizes:
    """Host-side token counts matching the device cache layout."""

    def __init__(self, device_cache, host_ratio: float = 2.0):
        self.hybrid = isinstance(device_cache, SWAKVPool)
        self.host_full = int(device_cache.size * host_ratio)
        self.host_swa = int(device_cache.size_swa * host_ratio) if self.hybrid else 0


class GeneratedAttnBackend:
    """Device-side decode; the host mirror follows the device cache."""

    def __init__(self, model_runner):
        self.device_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.host_sizes = HostMirrorSizes(self.device_cache)
        logger.info(
            "hicache host mirror: full=%d swa=%d",
            self.host_sizes.host_full,
            self.host_sizes.host_swa,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.host_sizes.hybrid:
            return self.device_cache, self.device_cache.translate_loc_from_full_to_swa(loc)
        return self.device_cache, loc

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def host_bytes(self, bytes_per_token: int) -> int:
        return (self.host_sizes.host_full + self.host_sizes.host_swa) * bytes_per_token
