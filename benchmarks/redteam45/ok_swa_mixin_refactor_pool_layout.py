"""Refactor: hoist sliding-window handling out of the backends into ``SlidingWindowMixin``."""

import logging
from dataclasses import dataclass

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class WindowLayout:
    windowed: bool
    swa_slots: int
    full_slots: int


class SlidingWindowMixin:
    """Shared by every backend that may read a hybrid SWA pool."""

    def _init_sliding_window(self, kv_pool, allocator) -> WindowLayout:
        hybrid_alloc = isinstance(allocator, SWATokenToKVPoolAllocator)
        layout = WindowLayout(
            windowed=isinstance(kv_pool, SWAKVPool),
            swa_slots=allocator.size_swa if hybrid_alloc else 0,
            full_slots=allocator.size_full if hybrid_alloc else allocator.size,
        )
        if hybrid_alloc and not layout.windowed:
            # e.g. an EAGLE draft with its own full pool on a hybrid target: expected.
            logger.info("hybrid allocator, full-only pool: reading full indices")
        return layout

    def _window_indices(self, loc):
        return self._kv_pool.translate_loc_from_full_to_swa(loc)


class GeneratedAttnBackend(SlidingWindowMixin):
    def __init__(self, model_runner):
        self._kv_pool = model_runner.token_to_kv_pool
        self.layout = self._init_sliding_window(
            self._kv_pool, model_runner.token_to_kv_pool_allocator
        )
        self.head_dim = getattr(model_runner.model_config, "head_dim", 128)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_decode(self, loc):
        if self.layout.windowed:
            return self._kv_pool, self._window_indices(loc)
        return self._kv_pool, loc
