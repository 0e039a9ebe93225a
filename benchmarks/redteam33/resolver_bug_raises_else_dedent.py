"""Decode backend resolving its SWA pool through a draft-policy exception and a try/except/else."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class DraftKVPolicyError(RuntimeError):
    pass


@dataclass
class DecodeMetadata:
    cache_seqlens: Optional[torch.Tensor] = None
    max_seqlen_k: int = 0


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata()

    @staticmethod
    def _ensure_shared_kv_allowed(model_runner) -> None:
        if not model_runner.is_draft_worker:
            return
        if model_runner.spec_algorithm.is_frozen_kv_mtp():
            return
        raise DraftKVPolicyError("regular draft workers own their KV pool")

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        swa_pool = None
        try:
            self._ensure_shared_kv_allowed(model_runner)
        except DraftKVPolicyError as e:
            logger.debug("not using the shared SWA pool: %s", e)
        else:
            logger.debug("shared SWA pool allowed for %s", model_runner.spec_algorithm)
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(kvcache, SWAKVPool):
            swa_pool = kvcache
        return swa_pool

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        seq_lens = forward_batch.seq_lens[:bs]
        self.forward_metadata = DecodeMetadata(
            cache_seqlens=seq_lens.to(torch.int32), max_seqlen_k=int(seq_lens.max().item())
        )

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
