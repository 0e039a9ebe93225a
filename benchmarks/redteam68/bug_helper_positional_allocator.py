"""Decode path helpers for backends that serve hybrid sliding-window models.

``_maybe_to_swa`` remaps full-attention slots through whichever object carries the
sliding-window translator; the backend hands it the shared token allocator, which
every runner in the process (target and draft) has.
"""

import logging
from typing import Any, Tuple

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.memory_pool import KVCache

logger = logging.getLogger(__name__)


def _maybe_to_swa(translator_owner: Any, loc: torch.Tensor) -> Tuple[bool, torch.Tensor]:
    translate = getattr(translator_owner, "translate_loc_from_full_to_swa", None)
    if translate is None:
        return False, loc
    return True, translate(loc)


def _log_step(allocator: Any, num_tokens: int) -> None:
    logger.debug("decode %d tokens; free=%d", num_tokens, allocator.available_size())


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, log_steps: bool = False):
        super().__init__()
        self.log_steps = log_steps
        self.token_to_kv_pool: KVCache = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator

    def forward_decode(self, loc: torch.Tensor):
        if self.log_steps:
            _log_step(self.token_to_kv_pool_allocator, loc.numel())
        _, read_loc = _maybe_to_swa(self.token_to_kv_pool_allocator, loc)
        return self.token_to_kv_pool, read_loc
