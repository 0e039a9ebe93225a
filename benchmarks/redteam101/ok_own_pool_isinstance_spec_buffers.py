"""Triton decode backend with multi-step draft buffers.

The sliding-window view is taken from the pool attached to this runner; the
speculative settings only size the per-step index buffers.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self,
        model_runner,
        speculative_num_steps: int = 3,
        topk: int = 4,
        max_bs: int = 128,
    ):
        super().__init__()
        self.device = model_runner.device
        self.speculative_num_steps = speculative_num_steps
        self.topk = topk
        self.is_draft_worker = model_runner.is_draft_worker

        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.token_to_kv_pool if isinstance(self.token_to_kv_pool, SWAKVPool) else None
        )

        if self.is_draft_worker:
            # One indptr row per draft step, each with topk branches per request.
            shape = (speculative_num_steps, max_bs * topk + 1)
        else:
            shape = (1, max_bs + 1)
        self.kv_indptr = torch.zeros(shape, dtype=torch.int32)
        logger.debug(
            "init %s: draft=%s swa=%s indptr=%s",
            type(self).__name__,
            self.is_draft_worker,
            self.swa_pool is not None,
            tuple(shape),
        )

    def _read_view(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc: torch.Tensor):
        return self._read_view(loc)

    def forward_draft_decode(self, loc: torch.Tensor, step: int = 0):
        assert self.is_draft_worker and step < self.speculative_num_steps
        return self._read_view(loc)

    def forward_draft_extend(self, loc: torch.Tensor):
        return self._read_view(loc)

    def forward_target_verify(self, loc: torch.Tensor):
        return self._read_view(loc)
