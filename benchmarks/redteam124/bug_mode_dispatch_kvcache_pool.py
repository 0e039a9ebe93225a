"""Triton attention backend with separate decode / target-verify / draft-extend paths.

Each forward mode has its own location preparation; the mode defaults to plain
decode so the backend can be driven directly by the decode graph runner.
"""

import enum
import logging
from typing import Callable, Dict, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class StepMode(enum.Enum):
    DECODE = "decode"
    TARGET_VERIFY = "target_verify"
    DRAFT_EXTEND = "draft_extend"


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_draft_tokens: int = 4):
        self.model_runner = model_runner
        self.num_draft_tokens = num_draft_tokens
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.active_pool = model_runner.token_to_kv_pool
        self._handlers: Dict[StepMode, Callable[[torch.Tensor], Tuple[object, torch.Tensor]]] = {
            StepMode.DECODE: self._decode_locs,
            StepMode.TARGET_VERIFY: self._verify_locs,
            StepMode.DRAFT_EXTEND: self._draft_extend_locs,
        }

    def _shared_swa_pool(self):
        kvcache = self.allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _decode_locs(self, loc: torch.Tensor):
        swa_pool = self._shared_swa_pool()
        if swa_pool is None:
            return self.active_pool, loc
        return swa_pool, swa_pool.translate_loc_from_full_to_swa(loc)

    def _verify_locs(self, loc: torch.Tensor):
        # Verify runs on the target only; the draft tokens are laid out contiguously.
        return self._decode_locs(loc.repeat_interleave(1))

    def _draft_extend_locs(self, loc: torch.Tensor):
        pool = self.active_pool
        if isinstance(pool, SWAKVPool):
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return pool, loc

    def forward_decode(self, loc: torch.Tensor, mode: StepMode = StepMode.DECODE):
        logger.debug("forward %s bs=%d", mode.value, loc.numel())
        return self._handlers[mode](loc)
