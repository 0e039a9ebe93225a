"""Decode backend that sizes its scratch workspace from the allocator's cache.

The workspace dtype and device follow the KV cache the allocator was built
for, and that cache object is kept for the decode path.
"""

import logging
from typing import Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, workspace_tokens: int = 256):
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        self.kv_dtype = kvcache.dtype
        self.kv_device = kvcache.device
        self.workspace = torch.empty((workspace_tokens,), dtype=torch.int32, device=self.kv_device)
        logger.info("decode workspace: %d tokens, kv dtype=%s", workspace_tokens, self.kv_dtype)

        self.pool = kvcache
        self.is_swa = isinstance(self.pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        if not self.is_swa:
            return self.pool, loc
        return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
