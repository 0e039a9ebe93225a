"""Attention backend with distinct decode, target-verify and draft-extend paths.

Every path reads from the pool owned by this runner; windowed layers use the
SWA region of that pool when it has one.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

DECODE = "decode"
TARGET_VERIFY = "target_verify"
DRAFT_EXTEND = "draft_extend"


class GeneratedAttnBackend:
    def __init__(self, model_runner, speculative_num_draft_tokens: int = 4):
        self.num_draft_tokens = speculative_num_draft_tokens
        self.spec_algorithm = model_runner.spec_algorithm
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool: Optional[SWAKVPool] = None
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            self.swa_kv_pool = self.token_to_kv_pool

    def _windowed(self, loc: torch.Tensor):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def _target_verify(self, loc: torch.Tensor):
        # Draft tokens of one request are contiguous in loc; no reordering needed.
        assert not self.spec_algorithm.is_none()
        return self._windowed(loc)

    def _draft_extend(self, loc: torch.Tensor):
        return self._windowed(loc)

    def forward_decode(self, loc: torch.Tensor, forward_mode: str = DECODE):
        if forward_mode == TARGET_VERIFY:
            return self._target_verify(loc)
        if forward_mode == DRAFT_EXTEND:
            return self._draft_extend(loc)
        if forward_mode != DECODE:
            raise ValueError(f"unsupported forward mode: {forward_mode}")
        logger.debug("decode step, bs=%d", loc.numel())
        return self._windowed(loc)
