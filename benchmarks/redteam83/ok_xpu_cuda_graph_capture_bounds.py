"""Intel XPU decode backend with graph-capture support.

Capture buffers are bounded by the allocator's total token count.  The KV view
used in replay is the runner's own pool (SWA-translated when hybrid).
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, max_capture_bs: int = 16):
        self.max_capture_bs = max_capture_bs
        self.max_total_tokens = int(model_runner.token_to_kv_pool_allocator.size)
        self.kv_cache: KVCache = model_runner.token_to_kv_pool
        self.swa_view: Optional[SWAKVPool] = None
        if isinstance(self.kv_cache, SWAKVPool):
            self.swa_view = self.kv_cache
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int) -> None:
        n = min(max_num_tokens, self.max_total_tokens)
        logger.info("xpu graph state: bs=%d tokens=%d", max_bs, n)
        self.cuda_graph_kv_indices = torch.zeros(max(n, 1), dtype=torch.int32)

    def forward_decode(self, loc: torch.Tensor):
        view = self.swa_view
        if view is not None:
            return view, view.translate_loc_from_full_to_swa(loc)
        return self.kv_cache, loc
