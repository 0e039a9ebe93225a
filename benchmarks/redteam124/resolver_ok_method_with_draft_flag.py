"""Sliding-window decode backend with per-layer window sizes.

``_resolve_window_pool`` decides once, at construction, which hybrid pool the
windowed layers read; the result is cached on the instance.
"""

import logging
from typing import Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, default_window: int = 4096):
        self.default_window = default_window
        self.kv_pool = model_runner.token_to_kv_pool
        self.window_pool = self._resolve_window_pool(model_runner)
        self.layer_window: Dict[int, int] = {}
        if self.window_pool is not None:
            for layer_id, (_, is_swa) in self.window_pool.layers_mapping.items():
                if is_swa:
                    self.layer_window[layer_id] = default_window

    @staticmethod
    def _resolve_window_pool(model_runner) -> Optional[SWAKVPool]:
        own_pool = model_runner.token_to_kv_pool
        if isinstance(own_pool, SWAKVPool):
            return own_pool
        is_draft = getattr(model_runner, "is_draft_worker", False)
        if is_draft:
            if not model_runner.spec_algorithm.is_frozen_kv_mtp():
                logger.debug("draft keeps a separate full-only cache")
                return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def is_swa_layer(self, layer_id: int) -> bool:
        return layer_id in self.layer_window

    def forward_decode(self, loc: torch.Tensor):
        if not self.layer_window:
            return self.kv_pool, loc
        return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
