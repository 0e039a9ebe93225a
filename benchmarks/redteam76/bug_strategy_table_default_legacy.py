"""SWA pool discovery strategies for the decode backend.

Strategies are registered in a small dispatch table; the module default keeps
the legacy discovery while the ``runner`` strategy is validated.
"""

from typing import Callable, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

DEFAULT_SWA_STRATEGY = "legacy"


class GeneratedAttnBackend:
    def __init__(self, model_runner, swa_strategy: Optional[str] = None):
        self.model_runner = model_runner
        self._strategies: Dict[str, Callable[[], Optional[SWAKVPool]]] = {
            "legacy": self._legacy_swa_pool,
            "runner": self._runner_swa_pool,
        }
        name = swa_strategy or DEFAULT_SWA_STRATEGY
        self.swa_pool = self._strategies[name]()

    def _legacy_swa_pool(self) -> Optional[SWAKVPool]:
        kvcache = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def _runner_swa_pool(self) -> Optional[SWAKVPool]:
        pool = self.model_runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
