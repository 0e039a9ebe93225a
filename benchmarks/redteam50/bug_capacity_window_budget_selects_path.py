"""Decode backend that plans its token budget from the shared allocator's window capacity."""

import logging
import math
from dataclasses import dataclass

import torch

logger = logging.getLogger(__name__)


@dataclass
class CapacityPlan:
    full_tokens: int
    window_tokens: int
    max_batch: int

    @property
    def windowed(self) -> bool:
        # A separate, smaller window region means a hybrid sliding-window cache.
        return 0 < self.window_tokens < self.full_tokens


def plan_capacity(allocator, max_running_requests: int) -> CapacityPlan:
    full = int(getattr(allocator, "size_full", allocator.size))
    window = int(getattr(allocator, "size_swa", full))
    per_req = max(1, math.ceil(window / max(1, max_running_requests)))
    return CapacityPlan(full, window, min(max_running_requests, window // per_req))


@dataclass
class DecodeMetadata:
    seq_lens: torch.Tensor
    window_locs: torch.Tensor


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.plan = plan_capacity(
            model_runner.token_to_kv_pool_allocator,
            model_runner.max_running_requests,
        )
        self.forward_metadata = None
        logger.info(
            "capacity plan: full=%d window=%d max_batch=%d windowed=%s",
            self.plan.full_tokens,
            self.plan.window_tokens,
            self.plan.max_batch,
            self.plan.windowed,
        )

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        if bs > self.plan.max_batch:
            logger.warning("batch %d exceeds planned max %d", bs, self.plan.max_batch)
        self.forward_metadata = DecodeMetadata(
            seq_lens=forward_batch.seq_lens.to(torch.int32),
            window_locs=self._translate(forward_batch.out_cache_loc),
        )

    def _translate(self, loc):
        if self.plan.windowed:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return loc

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self._translate(loc)
