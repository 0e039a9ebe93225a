"""Attention backend with a CPU-graph capture mode.

CUDA graph capture is unavailable on CPU/XPU hosts, so those builds capture decode with
``torch.compile`` instead and need every buffer bound at construction time. The
metadata object below holds the KV cache handle for the captured region.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class CapturedDecodeMetadata:
    kv_cache: KVCache
    window_cache: Optional[SWAKVPool]
    graph_mode: str

    def resolve(self, loc: torch.Tensor):
        if self.window_cache is None:
            return self.kv_cache, loc
        return self.window_cache, self.window_cache.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, capture_bs: Optional[list] = None):
        super().__init__()
        self.capture_bs = capture_bs or [1, 2, 4, 8]
        self.device = model_runner.device

        if torch.cuda.is_available():
            graph_mode = "cuda_graph"
            kv_cache = model_runner.token_to_kv_pool
        else:
            # torch.compile capture binds the cache instance the allocator hands out
            # so allocation and the captured gather agree on storage.
            graph_mode = "cpu_graph"
            kv_cache = model_runner.token_to_kv_pool_allocator.get_kvcache()

        window = kv_cache if isinstance(kv_cache, SWAKVPool) else None
        self.metadata = CapturedDecodeMetadata(kv_cache, window, graph_mode)
        logger.info(
            "decode capture: mode=%s bs=%s window=%s",
            graph_mode,
            self.capture_bs,
            window is not None,
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.metadata.resolve(loc)
