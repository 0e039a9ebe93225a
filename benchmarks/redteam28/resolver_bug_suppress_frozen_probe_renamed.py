"""Backend whose SWA-pool resolver tolerates older spec-algorithm enums with contextlib.suppress."""

import contextlib
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.swa_pool = self._resolve_swa_pool(model_runner)
        self.kv_last_page_len = torch.ones(model_runner.max_running_requests, dtype=torch.int32)

    @staticmethod
    def _resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
        own = model_runner.token_to_kv_pool
        if isinstance(own, SWAKVPool):
            return own
        with contextlib.suppress(AttributeError):
            # enums from before FROZEN_KV MTP lack the predicate
            if model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv():
                return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.max_seq_len = int(forward_batch.seq_lens.max())
        self.kv_indptr = torch.zeros(bs + 1, dtype=torch.int32)
        self.kv_indptr[1:] = torch.cumsum(forward_batch.seq_lens, dim=0)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_decode(self, loc):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
