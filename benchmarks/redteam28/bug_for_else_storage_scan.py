"""Backend that scans its candidate KV storages with a for/else loop."""

import logging
from typing import Iterable, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _storages(model_runner) -> Iterable[object]:
    yield model_runner.token_to_kv_pool
    get_kvcache = getattr(model_runner.token_to_kv_pool_allocator, "get_kvcache", None)
    if get_kvcache is not None:
        yield get_kvcache()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.page_size
        self.swa_pool: Optional[SWAKVPool]
        for storage in _storages(model_runner):
            if isinstance(storage, SWAKVPool):
                self.swa_pool = storage
                break
        else:
            self.swa_pool = None
        self.kv_indptr = torch.zeros(
            model_runner.max_running_requests + 1, dtype=torch.int32, device=model_runner.device
        )
        logger.info("swa storage found: %s", self.swa_pool is not None)

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        self.kv_indptr[1 : bs + 1] = torch.cumsum(forward_batch.seq_lens, dim=0)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
