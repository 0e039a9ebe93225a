"""Cut one indirection from the SWA decode path.

Index ``full_to_swa_index_mapping`` directly instead of going through the
pool's translate helper; the mapping is re-read each step so re-registration
after a resize is picked up.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class DecodeIndexCache:
    def __init__(self):
        self.last_loc: Optional[torch.Tensor] = None
        self.last_out: Optional[torch.Tensor] = None

    def lookup(self, loc: torch.Tensor) -> Optional[torch.Tensor]:
        if self.last_loc is not None and torch.equal(self.last_loc, loc):
            return self.last_out
        return None

    def store(self, loc: torch.Tensor, out: torch.Tensor) -> None:
        self.last_loc, self.last_out = loc.clone(), out


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = (
            self.kv_pool if isinstance(self.kv_pool, SWAKVPool) else None
        )
        self._cache = DecodeIndexCache()

    def _swa_indices(self, loc: torch.Tensor) -> torch.Tensor:
        hit = self._cache.lookup(loc)
        if hit is not None:
            return hit
        mapping = self.swa_pool.full_to_swa_index_mapping
        out = mapping[loc]
        self._cache.store(loc, out)
        return out

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is None:
            return self.kv_pool, loc
        return self.swa_pool, self._swa_indices(loc)
