"""Multi-stage decode backend caching resolved KV sources in a small dict with a missing sentinel."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_MISSING = object()


@dataclass
class StageMetadata:
    bs: int = 0
    kv_lens: Optional[torch.Tensor] = None
    extras: Dict[str, Any] = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._mr = model_runner
        self._slots: Dict[str, Any] = {}
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.forward_metadata = StageMetadata()

    def _slot(self, name, compute):
        value = self._slots.get(name, _MISSING)
        if value is _MISSING:
            value = self._slots[name] = compute()
        return value

    def _regular_draft(self) -> bool:
        return self._slot(
            "regular_draft",
            lambda: bool(self._mr.is_draft_worker)
            and not self._mr.spec_algorithm.is_frozen_kv_mtp(),
        )

    def _swa_pool(self) -> Optional[SWAKVPool]:
        def compute():
            if isinstance(self._mr.token_to_kv_pool, SWAKVPool):
                return self._mr.token_to_kv_pool
            if self._regular_draft():
                return None
            kv = self._mr.token_to_kv_pool_allocator.get_kvcache()
            return kv if isinstance(kv, SWAKVPool) else None

        return self._slot("swa_pool", compute)

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.forward_metadata = StageMetadata(bs=bs, kv_lens=forward_batch.seq_lens[:bs])

    def forward_decode(self, loc):
        pool = self._swa_pool()
        if pool is not None:
            return pool, pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
