"""SWA backend exposing the resolved pool as a property with a lazy allocator fetch."""

import logging

import torch

from sglang.srt.mem_cache.memory_pool import MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.max_bs = model_runner.max_running_requests
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._is_draft = bool(getattr(model_runner, "is_draft_worker", False))
        self._spec = getattr(model_runner, "spec_algorithm", None)
        self._kvcache = lambda: model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(self.token_to_kv_pool, MHATokenToKVPool):
            logger.debug("active pool is full-only (%s)", type(self.token_to_kv_pool).__name__)

    def _frozen_kv(self) -> bool:
        check = getattr(self._spec, "is_frozen_kv_mtp", None)
        return bool(check()) if check is not None else False

    @property
    def swa_kv_pool(self):
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if self._is_draft and not self._frozen_kv():
            return None
        kvcache = self._kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def get_cuda_graph_seq_len_fill_value(self) -> int:
        return 1

    def forward_decode(self, loc: torch.Tensor):
        swa = self.swa_kv_pool
        if swa is None:
            return self.token_to_kv_pool, loc
        return swa, swa.translate_loc_from_full_to_swa(loc)
