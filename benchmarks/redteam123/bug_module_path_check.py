"""Ascend-style decode backend that identifies hybrid caches by module path.

The hybrid cache implementation lives in ``sglang.srt.mem_cache.swa_memory_pool``;
anything defined there carries the window buffers used on decode.
"""

import logging
from typing import NamedTuple

import torch

logger = logging.getLogger(__name__)

HYBRID_POOL_MODULE_SUFFIX = "swa_memory_pool"


class KVTarget(NamedTuple):
    pool: object
    remap: bool


def _pick_target(model_runner) -> KVTarget:
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    module = type(kvcache).__module__ or ""
    if module.rsplit(".", 1)[-1] == HYBRID_POOL_MODULE_SUFFIX:
        return KVTarget(pool=kvcache, remap=True)
    return KVTarget(pool=model_runner.token_to_kv_pool, remap=False)


class GeneratedAttnBackend:
    def __init__(self, model_runner, block_size: int = 128):
        self.block_size = block_size
        self.target = _pick_target(model_runner)
        logger.info(
            "decode target pool=%s remap=%s block=%d",
            type(self.target.pool).__name__,
            self.target.remap,
            block_size,
        )

    def forward_decode(self, loc: torch.Tensor):
        pool, remap = self.target
        if remap:
            loc = pool.translate_loc_from_full_to_swa(loc)
        return pool, loc
