"""Decode backend for hybrid pools composed from MHA or MLA sub-pools.

``SWAKVPool`` may be built from MHA or MLA sub-pools. The backend inspects the
class of the sliding-window sub-pool to pick the kernel family, while plain
runner pools are classified directly.
"""

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool, MLATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _kernel_family(pool: KVCache) -> str:
    if isinstance(pool, MLATokenToKVPool):
        return "mla"
    if isinstance(pool, MHATokenToKVPool):
        return "mha"
    return "generic"


class GeneratedAttnBackend:
    def __init__(self, model_runner, use_tensor_cores: bool = True):
        self.use_tensor_cores = use_tensor_cores
        self.device = model_runner.device
        pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool = pool
        if isinstance(pool, SWAKVPool):
            self.swa_pool = pool
            self.kernel_family = _kernel_family(pool.swa_kv_pool)
        else:
            self.swa_pool = None
            self.kernel_family = _kernel_family(pool)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            swa_loc = self.swa_pool.translate_loc_from_full_to_swa(loc)
            return self.swa_pool, swa_loc
        return self.token_to_kv_pool, loc

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(family={self.kernel_family}, swa={self.swa_pool is not None})"
        )
