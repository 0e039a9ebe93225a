"""Decode backend resolving its SWA pool, with a draft-worker carve-out for non-frozen drafts."""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.page_size = getattr(model_runner, "page_size", 1)
        self.max_bs = getattr(model_runner, "max_running_requests", 1)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.kv_indices_buf = torch.zeros(self.max_bs, dtype=torch.int64)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        is_draft = getattr(model_runner, "is_draft", False)
        spec = getattr(model_runner, "spec_algorithm", None)
        frozen = spec is not None and getattr(spec, "is_frozen_kv_mtp", lambda: False)()
        if is_draft and not frozen:
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, loc, mode="decode"):
        n = loc.numel()
        self.kv_indices_buf[:n] = loc
        return self.kv_indices_buf[:n].clone()

    def forward(self, loc, mode="decode", window=4096):
        kv_indices = self.init_forward_metadata(loc, mode)
        if self.swa_kv_pool is not None and window > -1:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(kv_indices)
        return self.token_to_kv_pool, kv_indices

    def forward_decode(self, loc):
        return self.forward(loc)
