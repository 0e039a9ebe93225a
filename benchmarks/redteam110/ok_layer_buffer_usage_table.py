"""Decode backend that can render a per-layer KV buffer usage table.

``usage_table()`` walks the layers of the pool this backend reads and reports
buffer shapes and bytes, plus the allocator's capacity numbers in the footer.
Intended for ``/debug/kv`` style endpoints and offline memory audits.
"""

from __future__ import annotations

from typing import List, Tuple

import torch

from sglang.srt.mem_cache.memory_pool import KVCache, MHATokenToKVPool
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _bytes(t: torch.Tensor) -> int:
    return t.numel() * t.element_size()


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_config = model_runner.model_config
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.hybrid_pool = self.pool if isinstance(self.pool, SWAKVPool) else None

    def _sub_pools(self) -> List[Tuple[str, KVCache]]:
        if self.hybrid_pool is not None:
            return [("full", self.hybrid_pool.full_kv_pool), ("swa", self.hybrid_pool.swa_kv_pool)]
        return [("full", self.pool)]

    def usage_table(self) -> str:
        rows = ["kind  layer  k_shape               bytes"]
        for kind, sub in self._sub_pools():
            if not isinstance(sub, MHATokenToKVPool):
                continue
            for i, k_buf in enumerate(sub.k_buffer):
                rows.append(f"{kind:<5} {i:<6} {str(tuple(k_buf.shape)):<21} {2 * _bytes(k_buf)}")
        alloc = self.allocator
        rows.append(
            f"allocator={type(alloc).__name__} available={alloc.available_size()} "
            f"size_swa={getattr(alloc, 'size_swa', '-')}"
        )
        return "\n".join(rows)

    def forward_decode(self, loc: torch.Tensor):
        if self.hybrid_pool is not None:
            return self.hybrid_pool, self.hybrid_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
