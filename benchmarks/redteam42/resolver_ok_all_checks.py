"""Sliding-window decode backend that resolves its window pool from lists of checks."""

import contextlib
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_TRANSLATE = "translate_loc_from_full_to_swa"


@dataclass
class WindowLayout:
    full_size: int
    swa_size: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        allocator = model_runner.token_to_kv_pool_allocator
        self.layout = WindowLayout(
            full_size=getattr(allocator, "size", 0),
            swa_size=getattr(allocator, "size_swa", 0),
        )
        self.swa_pool = self._resolve(model_runner)

    def _active_checks(self, runner):
        return [
            isinstance(runner.token_to_kv_pool, SWAKVPool),
            hasattr(runner.token_to_kv_pool, _TRANSLATE),
            hasattr(runner.token_to_kv_pool_allocator, _TRANSLATE),
        ]

    def _private_kv_checks(self, runner):
        frozen = False
        with contextlib.suppress(AttributeError):
            frozen = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)()
        return [getattr(runner, "is_draft_worker", False), not frozen]

    def _resolve(self, runner) -> Optional[SWAKVPool]:
        if all(self._active_checks(runner)):
            return runner.token_to_kv_pool
        if all(self._private_kv_checks(runner)):
            return None
        cache = runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_window_loc = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )
        logger.info(
            "captured window buffers: bs=%d full=%d swa=%d",
            max_bs,
            self.layout.full_size,
            self.layout.swa_size,
        )

    def init_forward_metadata(self, forward_batch):
        self.batch_size = forward_batch.batch_size

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
