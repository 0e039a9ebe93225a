"""Attention backend supporting CUDA graphs and CPU torch.compile capture.

On CPU hosts decode is captured with ``torch.compile``; on CUDA with CUDA graphs. In
both modes the captured metadata holds the runner's own KV pool, and window layers
use that pool's SWA view.
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


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, capture_bs: Optional[list] = None):
        super().__init__()
        self.capture_bs = capture_bs or [1, 2, 4, 8]
        graph_mode = "cuda_graph" if torch.cuda.is_available() else "cpu_graph"

        kv_cache = model_runner.token_to_kv_pool
        window = kv_cache if isinstance(kv_cache, SWAKVPool) else None
        self.metadata = CapturedDecodeMetadata(kv_cache, window, graph_mode)

        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "decode capture: mode=%s bs=%s window=%s free=%d",
            graph_mode,
            self.capture_bs,
            window is not None,
            allocator.available_size(),
        )

    def forward_decode(self, loc: torch.Tensor):
        md = self.metadata
        if md.window_cache is not None:
            return md.window_cache, md.window_cache.translate_loc_from_full_to_swa(loc)
        return md.kv_cache, loc
