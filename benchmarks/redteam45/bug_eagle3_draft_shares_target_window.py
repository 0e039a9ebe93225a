"""EAGLE3 draft handling: let the draft follow the target's sliding window when they share KV."""

import logging
from dataclasses import dataclass

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class Eagle3Buffers:
    hidden_states: torch.Tensor
    positions: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.is_draft_worker = getattr(model_runner, "is_draft_worker", False)
        hidden = getattr(model_runner.model_config, "hidden_size", 64)
        max_bs = getattr(model_runner, "max_running_requests", 1) or 1

        self.buffers = Eagle3Buffers(
            hidden_states=torch.zeros((max_bs, hidden * 3)),
            positions=torch.zeros(max_bs, dtype=torch.int64),
        )

        target_swa = isinstance(self.kv_pool, SWAKVPool)
        # The EAGLE3 draft sits on the target's allocator; when that allocator is hybrid the
        # draft's locations come from the same windowed index space.
        draft_follows_target = self.is_draft_worker and isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.sliding_window_enabled = target_swa or draft_follows_target
        logger.info(
            "EAGLE3 backend: draft=%s sliding_window=%s",
            self.is_draft_worker,
            self.sliding_window_enabled,
        )

    def _to_window(self, loc):
        if isinstance(self.kv_pool, SWAKVPool):
            return self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(loc)

    def capture_hidden(self, bs: int, hidden_states: torch.Tensor):
        self.buffers.hidden_states[:bs].copy_(hidden_states)

    def forward_decode(self, loc):
        if self.sliding_window_enabled:
            loc = self._to_window(loc)
        return self.kv_pool, loc
