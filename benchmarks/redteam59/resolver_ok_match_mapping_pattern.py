"""Triton-style decode backend with hybrid SWA support.

Runner state relevant to KV placement is collected into a small dict and
matched against the supported configurations.
"""

from __future__ import annotations

import logging
from typing import Any, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _runner_kv_state(model_runner) -> Dict[str, Any]:
    return {
        "pool": model_runner.token_to_kv_pool,
        "draft": bool(getattr(model_runner, "is_draft_worker", False)),
        "frozen_kv": model_runner.spec_algorithm.is_frozen_kv_mtp(),
        "allocator": model_runner.token_to_kv_pool_allocator,
    }


def resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
    match _runner_kv_state(model_runner):
        case {"pool": SWAKVPool() as pool}:
            return pool
        case {"draft": True, "frozen_kv": False}:
            # Draft owns its own KV buffers; nothing to translate.
            return None
        case {"allocator": allocator}:
            kvcache = allocator.get_kvcache()
            return kvcache if isinstance(kvcache, SWAKVPool) else None
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)
        self.num_kv_splits = 8
        max_bs = model_runner.req_to_token_pool.size
        self.attn_logits = torch.empty((max_bs, self.num_kv_splits), device=self.device)
        self.kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)

    def _build_indptr(self, n: int) -> torch.Tensor:
        self.kv_indptr[1 : n + 1] = torch.arange(1, n + 1, dtype=torch.int32)
        return self.kv_indptr[: n + 1]

    def forward_decode(self, loc: torch.Tensor):
        self._build_indptr(loc.numel())
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
