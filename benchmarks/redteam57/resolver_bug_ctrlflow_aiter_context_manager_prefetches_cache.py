"""AITER decode backend resolving its SWA pool in a context that prefetches the allocator cache."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class _DraftOwnsKV(Exception):
    """Raised inside a resolution scope when the worker must keep its own pool."""


class _PoolResolution:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.pool: Optional[SWAKVPool] = None
        self.skipped = False

    def __enter__(self) -> "_PoolResolution":
        # warm the lookup with the allocator's cache; the body refines it
        cache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(cache, SWAKVPool):
            self.pool = cache
        return self

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is _DraftOwnsKV:
            self.skipped = True
            logger.debug("draft worker keeps its own KV pool: %s", exc)
            return True
        return False


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    with _PoolResolution(model_runner) as res:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            res.pool = active
        else:
            spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
            if getattr(model_runner, "is_draft_worker", False):
                if not spec.is_frozen_kv_mtp():
                    raise _DraftOwnsKV(spec.name)
            if not isinstance(res.pool, SWAKVPool):
                res.pool = None
    return res.pool


@dataclass
class AiterDecodeMetadata:
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor
    max_kv_len: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.kv_indptr = torch.zeros(self.max_bs + 1, dtype=torch.int32, device=self.device)
        self.forward_metadata: Optional[AiterDecodeMetadata] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int32, device=self.device
        )

    def _translate(self, loc: torch.Tensor) -> torch.Tensor:
        if self.swa_pool is None:
            return loc
        return self.swa_pool.translate_loc_from_full_to_swa(loc)

    def init_forward_metadata(self, loc: torch.Tensor):
        indices = self._translate(loc)
        self.forward_metadata = AiterDecodeMetadata(
            kv_indptr=self.kv_indptr[: loc.numel() + 1],
            kv_indices=indices,
            max_kv_len=int(loc.numel()),
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        pool = self.kv_pool if self.swa_pool is None else self.swa_pool
        return pool, self.forward_metadata.kv_indices
