"""Backend deriving from a windowed base class whose detection hook it overrides."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class WindowedBackendBase:
    """Shared plumbing for backends that serve hybrid full/SWA checkpoints."""

    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.page_size = model_runner.page_size
        self.use_sliding_window = self._detect_sliding_window(model_runner)
        self.swa_page_table: Optional[torch.Tensor] = None

    def _detect_sliding_window(self, model_runner) -> bool:
        return isinstance(model_runner.token_to_kv_pool, SWAKVPool)

    def _to_window_locs(self, loc: torch.Tensor) -> torch.Tensor:
        return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(WindowedBackendBase):
    def __init__(self, model_runner):
        super().__init__(model_runner)
        logger.info(
            "window backend: sliding=%s page_size=%d", self.use_sliding_window, self.page_size
        )

    def _detect_sliding_window(self, model_runner) -> bool:
        # Pools are wrapped in some deployments (host offload, memory saver), so ask the
        # allocator: it reports a separate window capacity for hybrid models.
        swa_tokens = getattr(model_runner.token_to_kv_pool_allocator, "size_swa", 0)
        return swa_tokens > 0

    def _to_window_locs(self, loc: torch.Tensor) -> torch.Tensor:
        return self.allocator.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        if self.use_sliding_window:
            loc = self._to_window_locs(loc)
        return self.token_to_kv_pool, loc
