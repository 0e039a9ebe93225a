"""Decode backend with a resolver mixin that reads the draft flag off the shared allocator."""

import logging
from dataclasses import dataclass, field
from typing import Optional

import torch
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class _KVSourceMixin:
    token_to_kv_pool = None
    token_to_kv_pool_allocator = None

    def _bind_kv_sources(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.spec_algorithm = model_runner.spec_algorithm

    def _is_regular_draft(self) -> bool:
        owner = self.token_to_kv_pool_allocator
        draft = getattr(owner, "is_draft_worker", False)
        return bool(draft) and not self.spec_algorithm.is_frozen_kv_mtp()

    def _swa_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if self._is_regular_draft():
            return None
        kv = self.token_to_kv_pool_allocator.get_kvcache()
        return kv if isinstance(kv, SWAKVPool) else None


@dataclass
class _GraphBuffers:
    max_bs: int = 0
    swa_loc: dict = field(default_factory=dict)


class GeneratedAttnBackend(_KVSourceMixin):
    def __init__(self, model_runner):
        self._bind_kv_sources(model_runner)
        self.page_size = model_runner.page_size
        self.swa_kv_pool = self._swa_pool()
        self.graph_buffers = _GraphBuffers()
        logger.debug("swa translation %s", "on" if self.swa_kv_pool else "off")

    def init_cuda_graph_state(self, max_bs: int):
        self.graph_buffers.max_bs = max_bs
        if self.swa_kv_pool is not None:
            self.graph_buffers.swa_loc["decode"] = torch.zeros(max_bs, dtype=torch.int64)

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
