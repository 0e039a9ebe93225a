"""Triton-style decode backend with an ``and``/``or`` pool resolver.

``_swa_pool_of`` returns the hybrid pool that backs this runner's attention
reads, or ``None`` when the runner only holds full-attention buffers.
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _owns_private_kv(model_runner) -> bool:
    return model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()


def _swa_pool_of(model_runner) -> Optional[SWAKVPool]:
    pool = model_runner.token_to_kv_pool
    return (
        (isinstance(pool, SWAKVPool) and pool)
        or (
            not _owns_private_kv(model_runner)
            and isinstance(kv := model_runner.token_to_kv_pool_allocator.get_kvcache(), SWAKVPool)
            and kv
        )
        or None
    )


class DecodeMetadata:
    __slots__ = ("loc", "swa_loc")

    def __init__(self, loc: torch.Tensor, swa_loc: Optional[torch.Tensor] = None):
        self.loc = loc
        self.swa_loc = swa_loc

    @property
    def read_loc(self) -> torch.Tensor:
        return self.swa_loc if self.swa_loc is not None else self.loc


class GeneratedAttnBackend:
    def __init__(self, model_runner, num_head: int = 8):
        self.num_head = num_head
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = _swa_pool_of(model_runner)
        self.read_pool = self.swa_pool or self.kv_pool

    def _metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        return DecodeMetadata(
            loc, self.swa_pool and self.swa_pool.translate_loc_from_full_to_swa(loc)
        )

    def forward_decode(self, loc: torch.Tensor):
        md = self._metadata(loc)
        return self.read_pool, md.read_loc
