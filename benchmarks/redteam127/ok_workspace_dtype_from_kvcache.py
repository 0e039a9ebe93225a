"""Decode backend that sizes its scratch workspace from the allocator's cache.

The allocator owns the authoritative dtype/device of the KV cache it was built
for; we only borrow those two properties to allocate a small workspace. The
buffers themselves always come from the runner's own pool.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)

_WORKSPACE_TOKENS = 256


class GeneratedAttnBackend:
    def __init__(self, model_runner, workspace_tokens: int = _WORKSPACE_TOKENS):
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.kv_dtype = kvcache.dtype
        self.kv_device = kvcache.device
        self.workspace = torch.empty((workspace_tokens,), dtype=torch.int32, device=self.kv_device)
        logger.info("decode workspace: %d tokens, kv dtype=%s", workspace_tokens, self.kv_dtype)

        self.pool = model_runner.token_to_kv_pool
        self.is_swa = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        if not self.is_swa:
            return self.pool, loc
        swa_loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, swa_loc
