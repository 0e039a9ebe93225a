"""TRT-LLM style decode backend with an SWA pool resolver.

Prefers the runner's own pool when it is hybrid, otherwise the hybrid cache
registered with the token allocator (e.g. for runners that wrap the target's
cache).
"""

import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner, workspace_bytes: int = 1 << 20):
        self.workspace = torch.empty(workspace_bytes, dtype=torch.uint8, device=model_runner.device)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)
        self.use_sliding_window_kv_pool = self.swa_kv_pool is not None

    @staticmethod
    def _resolve_swa_kv_pool(model_runner) -> Optional[SWAKVPool]:
        for candidate in (
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator.get_kvcache(),
        ):
            if isinstance(candidate, SWAKVPool):
                return candidate
        logger.debug("no SWA pool for %s", type(model_runner.token_to_kv_pool).__name__)
        return None

    def forward_decode(self, loc: torch.Tensor):
        if not self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool, loc
        return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
