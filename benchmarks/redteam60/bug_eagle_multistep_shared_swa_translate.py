"""Multi-step draft attention backend for EAGLE on hybrid sliding-window models.

One decode backend is created per speculative step; all steps share the same SWA translation
callable, computed once when the multi-step backend is built.
"""

import logging
from typing import Callable, List, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DraftStepDecodeBackend:
    def __init__(self, model_runner, step_id: int, swa_translate: Optional[Callable]):
        self.step_id = step_id
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_translate = swa_translate
        self.kv_indices: Optional[torch.Tensor] = None

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        kv_indices = out_cache_loc.to(torch.int64)
        if self.swa_translate is not None:
            kv_indices = self.swa_translate(kv_indices)
        self.kv_indices = kv_indices

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.kv_indices


class GeneratedAttnBackend:
    """Wraps `speculative_num_steps` per-step decode backends."""

    def __init__(self, model_runner, speculative_num_steps: int = 3, topk: int = 1):
        self.topk = topk
        self.speculative_num_steps = speculative_num_steps
        allocator = model_runner.token_to_kv_pool_allocator
        swa_translate = None
        if isinstance(allocator.get_kvcache(), SWAKVPool):
            swa_translate = allocator.translate_loc_from_full_to_swa
        self.attn_backends: List[DraftStepDecodeBackend] = [
            DraftStepDecodeBackend(model_runner, i, swa_translate)
            for i in range(self.speculative_num_steps - 1)
        ]
        logger.debug("multi-step draft backend: %d steps", len(self.attn_backends))

    def init_forward_metadata(self, out_cache_loc: torch.Tensor):
        # Each step writes topk slots; step i uses the i-th slice of the draft allocation.
        for backend in self.attn_backends:
            backend.init_forward_metadata(out_cache_loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        first = self.attn_backends[0]
        return first.token_to_kv_pool, first.kv_indices
