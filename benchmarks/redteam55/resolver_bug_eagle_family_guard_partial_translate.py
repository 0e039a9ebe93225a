"""Hybrid-SWA decode backend; the resolved pool's translator is pre-bound with functools.partial."""

import functools
import logging
from dataclasses import dataclass
from typing import Callable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class SWAConfig:
    pool: Optional[SWAKVPool]
    to_swa: Optional[Callable[[torch.Tensor], torch.Tensor]]


def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    if isinstance(active, SWAKVPool):
        return active
    # Only the EAGLE family drafts read the target cache through the shared
    # allocator; other draft kinds keep a private pool.
    if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_eagle():
        return None
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return kvcache if isinstance(kvcache, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        swa_pool = _resolve_swa_kv_pool(model_runner)
        self.swa = SWAConfig(
            pool=swa_pool,
            to_swa=(
                functools.partial(SWAKVPool.translate_loc_from_full_to_swa, swa_pool)
                if swa_pool is not None
                else None
            ),
        )
        self.max_bs = getattr(model_runner, "max_running_requests", 8) or 8
        self.window_kv_indices = torch.zeros(
            self.max_bs * 32, dtype=torch.int64, device=self.device
        )
        logger.info("resolved SWA pool: %s", type(swa_pool).__name__)

    def init_forward_metadata(self, forward_batch):
        loc = forward_batch.out_cache_loc
        if self.swa.to_swa is not None:
            self.window_kv_indices[: loc.numel()].copy_(self.swa.to_swa(loc))

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.window_kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)

    def forward_decode(self, loc):
        if self.swa.to_swa is None:
            return self.kv_pool, loc
        return self.kv_pool, self.swa.to_swa(loc)
