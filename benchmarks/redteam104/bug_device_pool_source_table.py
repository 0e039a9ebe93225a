"""Cross-platform attention backend with per-device KV cache binding.

Accelerators with their own graph runtime (CUDA, MUSA, NPU) bind the KV buffers that
the model runner registered. The host fallback binds the cache through the token
allocator, which on CPU is where the buffers are materialized.
"""

import logging
from typing import Callable, Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

KVSource = Callable[[object], KVCache]

_KV_SOURCES: Dict[str, KVSource] = {
    "cuda": lambda runner: runner.token_to_kv_pool,
    "musa": lambda runner: runner.token_to_kv_pool,
    "npu": lambda runner: runner.token_to_kv_pool,
    "cpu": lambda runner: runner.token_to_kv_pool_allocator.get_kvcache(),
}


def _device_type(model_runner) -> str:
    dev = model_runner.device
    dev_type = dev.type if isinstance(dev, torch.device) else str(dev).split(":")[0]
    return dev_type if dev_type in _KV_SOURCES else "cpu"


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.device_type = _device_type(model_runner)
        self.kv_cache = _KV_SOURCES[self.device_type](model_runner)
        self.is_windowed = isinstance(self.kv_cache, SWAKVPool)
        logger.info(
            "bound kv cache for %s: %s (windowed=%s)",
            self.device_type,
            type(self.kv_cache).__name__,
            self.is_windowed,
        )

    def forward_decode(self, loc: torch.Tensor):
        if self.is_windowed:
            return self.kv_cache, self.kv_cache.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
