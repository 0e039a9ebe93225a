"""SWA pool resolution for the TRTLLM-MHA backend.

Prefers the runner's own pool and falls back to the pool backing the shared
allocator (covers MTP layers that reuse the target's KV cache).
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner, workspace_size_mb: int = 128):
        self.workspace_size_mb = workspace_size_mb
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = self._resolve_swa_pool()

    def _resolve_swa_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        backing = runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(backing, SWAKVPool):
            return backing
        return None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
