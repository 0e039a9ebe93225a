"""Triton-style decode backend: pick the first hybrid pool among candidates.

The runner's own pool is preferred; the allocator's cache is only a candidate
for runners that read a cache another worker owns (targets, FROZEN_KV MTP).
"""

import logging
from typing import Iterator, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.is_draft_worker = getattr(model_runner, "is_draft_worker", False)
        self.num_kv_splits = 8
        self.swa_kv_pool = self._first_swa_pool()
        self.graph_prefix = "draft" if self.is_draft_worker else "target"
        logger.debug("%s backend: swa=%s", self.graph_prefix, self.swa_kv_pool is not None)

    def _candidate_pools(self) -> Iterator[object]:
        runner = self.model_runner
        yield runner.token_to_kv_pool
        spec = getattr(runner, "spec_algorithm", None)
        if self.is_draft_worker and not (spec and spec.is_frozen_kv_mtp()):
            return
        yield runner.token_to_kv_pool_allocator.get_kvcache()

    def _first_swa_pool(self) -> Optional[SWAKVPool]:
        return next((p for p in self._candidate_pools() if isinstance(p, SWAKVPool)), None)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_attn_logits = torch.zeros(max_bs, self.num_kv_splits, dtype=torch.float32)
        self.cuda_graph_kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64)

    def _kv_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_kv_pool is None:
            return loc
        return self.swa_kv_pool.translate_loc_from_full_to_swa(loc)

    def forward_decode(self, loc):
        indices = self._kv_indices(loc)
        pool = self.swa_kv_pool
        if pool is None:
            pool = self.model_runner.token_to_kv_pool
        return pool, indices
