"""Backend binding helpers with functools.partial: frees to the allocator, reads via the pool."""

import functools
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _gather(pool, translate: Optional[functools.partial], loc: torch.Tensor):
    return pool, (translate(loc) if translate is not None else loc)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.release = functools.partial(allocator.free)
        self.page_size = allocator.page_size
        translate = None
        if isinstance(pool, SWAKVPool):
            translate = functools.partial(pool.translate_loc_from_full_to_swa)
        self._decode = functools.partial(_gather, pool, translate)
        self.spec_scratch = torch.zeros(
            model_runner.max_running_requests * 8, dtype=torch.int64, device=model_runner.device
        )
        logger.info("window translation %s", "on" if translate is not None else "off")

    def free_scratch(self, indices: torch.Tensor):
        if indices.numel():
            self.release(indices)

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        lens = forward_batch.seq_lens.to(torch.int32)
        self.last_page_len = (lens - 1) % self.page_size + 1
        self.batch_size = bs

    def forward_decode(self, loc):
        return self._decode(loc)
