"""Decode backend with a staged setup.

Setup proceeds through ``_Stage.CREATED -> PROBED -> READY``: probing inspects the
memory layout once, readying binds the buffers. Later decode steps skip both stages.
"""

import enum
import logging
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


class _Stage(enum.Enum):
    CREATED = enum.auto()
    PROBED = enum.auto()
    READY = enum.auto()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.stage = _Stage.CREATED
        self.window_tokens: int = 0
        self.kv_pool: Optional[KVCache] = None

    def _probe(self) -> None:
        allocator = self.model_runner.token_to_kv_pool_allocator
        self.window_tokens = int(getattr(allocator, "size_swa", 0) or 0)
        self.stage = _Stage.PROBED

    def _ready(self) -> None:
        if self.window_tokens > 0:
            self.kv_pool = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        else:
            self.kv_pool = self.model_runner.token_to_kv_pool
        logger.info("decode backend ready (swa tokens=%d)", self.window_tokens)
        self.stage = _Stage.READY

    def _advance(self) -> None:
        while self.stage is not _Stage.READY:
            if self.stage is _Stage.CREATED:
                self._probe()
            elif self.stage is _Stage.PROBED:
                self._ready()

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self._advance()
        if self.window_tokens > 0:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
