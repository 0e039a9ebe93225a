"""Sliding-window aware decode backend.

``self.block_manager`` is the token allocator; it feeds the step metrics. The
KV buffers are fetched by a constant attribute name and probed for the
full->window translation hook.
"""

import logging
import time

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)

_POOL_ATTR = "token_to_kv_pool"
_TRANSLATE_HOOK = "translate_loc_from_full_to_swa"


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_kv_splits: int = 8):
        super().__init__()
        self.block_manager = model_runner.token_to_kv_pool_allocator
        self.kv = getattr(model_runner, _POOL_ATTR)
        self.num_kv_splits = num_kv_splits
        self.has_window = hasattr(self.kv, _TRANSLATE_HOOK)
        self._last_step = time.monotonic()

    def _metrics(self) -> dict:
        now = time.monotonic()
        out = {
            "free_tokens": self.block_manager.available_size(),
            "step_s": now - self._last_step,
        }
        self._last_step = now
        return out

    def forward_decode(self, loc):
        logger.debug("decode metrics: %s", self._metrics())
        if self.has_window:
            return self.kv, getattr(self.kv, _TRANSLATE_HOOK)(loc)
        return self.kv, loc
