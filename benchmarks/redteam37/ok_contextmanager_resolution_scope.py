"""Decode backend that resolves its SWA pool inside a small context manager recording the outcome."""

import contextlib
import logging
from dataclasses import dataclass, field
from typing import List, Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class Resolution:
    pool: Optional[SWAKVPool] = None
    notes: List[str] = field(default_factory=list)


@contextlib.contextmanager
def resolving_swa_pool(model_runner):
    res = Resolution()
    res.notes.append(f"allocator={type(model_runner.token_to_kv_pool_allocator).__name__}")
    try:
        yield res
    finally:
        logger.debug("swa resolution: %s -> %s", ", ".join(res.notes), res.pool is not None)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        with resolving_swa_pool(model_runner) as res:
            if isinstance(self.token_to_kv_pool, SWAKVPool):
                res.pool = self.token_to_kv_pool
                res.notes.append("own pool")
            elif (
                model_runner.is_draft_worker and not model_runner.spec_algorithm.is_frozen_kv_mtp()
            ):
                res.notes.append("regular draft")
            else:
                kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
                if isinstance(kvcache, SWAKVPool):
                    res.pool = kvcache
                    res.notes.append("shared kvcache")
        self.swa_kv_pool = res.pool

    def forward_decode(self, loc):
        if self.swa_kv_pool is None:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
