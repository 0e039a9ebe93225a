"""Decode backend honoring ``--disable-hybrid-swa-memory``.

The server flag is read with a default so older ``ServerArgs`` objects still work. When
hybrid memory is on and the runner's pool is an ``SWAKVPool``, windowed layers read the
SWA sub-pool; the choice is made on the first metadata init.
"""

from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        server_args = model_runner.server_args
        self.hybrid_swa_disabled = bool(getattr(server_args, "disable_hybrid_swa_memory", False))
        self.cuda_graph_disabled = bool(getattr(server_args, "disable_cuda_graph", False))
        self.swa_pool: Optional[SWAKVPool] = None
        self._initialized = False

    def init_forward_metadata(self) -> None:
        if self._initialized:
            return
        pool = self.model_runner.token_to_kv_pool
        if not self.hybrid_swa_disabled and isinstance(pool, SWAKVPool):
            self.swa_pool = pool
        self._initialized = True

    def forward_decode(self, loc: torch.Tensor) -> Tuple[KVCache, torch.Tensor]:
        self.init_forward_metadata()
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.model_runner.token_to_kv_pool, loc
