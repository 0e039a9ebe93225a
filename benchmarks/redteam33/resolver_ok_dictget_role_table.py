"""Decode backend mapping the worker's role to a KV-source callable, defaulting to no SWA pool."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    seq_lens: Optional[torch.Tensor] = None
    role: str = "target"


def _role_of(model_runner) -> str:
    if not model_runner.is_draft_worker:
        return "target"
    if model_runner.spec_algorithm.is_frozen_kv_mtp():
        return "frozen_kv_draft"
    return "draft"


def _shared_cache(model_runner):
    return model_runner.token_to_kv_pool_allocator.get_kvcache()


_KV_SOURCE_BY_ROLE = {
    "target": _shared_cache,
    "frozen_kv_draft": _shared_cache,
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.role = _role_of(model_runner)
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.forward_metadata = DecodeMetadata(role=self.role)
        logger.info("attention backend role=%s swa=%s", self.role, self.swa_pool is not None)

    def _resolve_swa_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        fetch = _KV_SOURCE_BY_ROLE.get(self.role, lambda _runner: None)
        candidate = fetch(model_runner)
        return candidate if isinstance(candidate, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = DecodeMetadata(seq_lens=forward_batch.seq_lens, role=self.role)

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
