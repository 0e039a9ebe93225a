"""Decode backend whose index planning lives in a FlashInfer-style indices updater."""

import logging
from dataclasses import dataclass, field

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class _UpdaterStats:
    calls: int = 0
    free_slots: list = field(default_factory=list)


class FlashInferIndicesUpdaterDecode:
    """Plans the kv indices of one decode step (mirrors the FlashInfer backend's updater)."""

    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # the allocator is only consulted for free-slot statistics
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.sliding_window = isinstance(self.token_to_kv_pool, SWAKVPool)
        self.stats = _UpdaterStats()

    def _record(self):
        self.stats.calls += 1
        self.stats.free_slots.append(self.token_to_kv_pool_allocator.available_size())

    def call_begin_forward(self, kv_indices: torch.Tensor):
        self._record()
        if self.sliding_window:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(
                kv_indices
            )
        return self.token_to_kv_pool, kv_indices


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = getattr(model_runner, "device", "cpu")
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)
        logger.debug(
            "decode updater ready (sliding_window=%s, page_size=%d)",
            self.indices_updater_decode.sliding_window,
            self.page_size,
        )

    def init_forward_metadata(self, loc):
        return self.indices_updater_decode.call_begin_forward(loc)

    def forward_decode(self, loc):
        pool, indices = self.init_forward_metadata(loc)
        return pool, indices
