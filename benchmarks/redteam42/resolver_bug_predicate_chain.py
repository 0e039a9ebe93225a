"""Sliding-window attention backend whose SWA pool is picked by a chain of small predicates."""

import contextlib
import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WindowDecodeMetadata:
    cache_seqlens: torch.Tensor
    swa_out_cache_loc: Optional[torch.Tensor] = None


def _active_pool_is_swa(runner) -> bool:
    return isinstance(runner.token_to_kv_pool, SWAKVPool)


def _is_draft(runner) -> bool:
    return bool(getattr(runner, "is_draft_worker", False))


def _reuses_target_kv(runner) -> bool:
    frozen = False
    with contextlib.suppress(AttributeError):
        frozen = bool(runner.spec_algorithm.is_frozen_kv_mtp())
    return frozen


def _owns_private_kv(runner) -> bool:
    return _is_draft(runner) and _reuses_target_kv(runner)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.forward_metadata: Optional[WindowDecodeMetadata] = None
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1

    def _resolve_swa_pool(self, runner) -> Optional[SWAKVPool]:
        allocator = runner.token_to_kv_pool_allocator
        # Sizes only, for the startup log line; the pool choice is made below.
        logger.info(
            "kv allocator %s: full=%s swa=%s",
            type(allocator).__name__,
            getattr(allocator, "size", None),
            getattr(allocator, "size_swa", None),
        )
        if _active_pool_is_swa(runner):
            return runner.token_to_kv_pool
        if _owns_private_kv(runner):
            return None
        shared = allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_cache_seqlens = torch.zeros(max_bs, dtype=torch.int32, device=self.device)
        self.cuda_graph_swa_loc = torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device)

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = WindowDecodeMetadata(
            cache_seqlens=forward_batch.seq_lens.to(torch.int32)
        )

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
        if self.forward_metadata is not None:
            self.forward_metadata.swa_out_cache_loc = swa_loc
        return self.swa_pool, swa_loc
