"""Triton-style backend that infers the sliding window from the allocator's SWA capacity when the config has none."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.num_kv_splits = getattr(model_runner.server_args, "triton_attention_num_kv_splits", 8)

        # The HF config of some hybrid checkpoints does not carry the window;
        # fall back to the capacity the scheduler reserved for window layers.
        self.sliding_window_size: Optional[int] = model_runner.sliding_window_size
        if self.sliding_window_size is None:
            self.sliding_window_size = self._window_from_capacity()

        max_bs = self.req_to_token_pool.size
        if self.sliding_window_size is not None and self.sliding_window_size > 0:
            self.window_kv_indptr = torch.zeros(
                (max_bs + 1,), dtype=torch.int32, device=self.device
            )
        else:
            self.window_kv_indptr = None

    def _window_from_capacity(self) -> Optional[int]:
        swa_tokens = getattr(self.token_to_kv_pool_allocator, "size_swa", None)
        if not swa_tokens:
            return None
        per_req = swa_tokens // max(1, self.req_to_token_pool.size)
        logger.debug("inferred sliding window of %d tokens per request", per_req)
        return per_req

    def forward_decode(self, loc):
        if self.window_kv_indptr is not None:
            window_loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            return self.token_to_kv_pool, window_loc
        return self.token_to_kv_pool, loc
