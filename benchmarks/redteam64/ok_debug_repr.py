"""Decode backend for SWA models with a descriptive ``__repr__`` for debug dumps.

The repr is printed by ``--log-level debug`` at startup and on watchdog timeouts, so
it includes both the allocator bookkeeping and the KV pool this backend reads.
"""

from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.is_draft = model_runner.is_draft_worker
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.req_to_token_pool = model_runner.req_to_token_pool
        self.allocator = model_runner.token_to_kv_pool_allocator

        pool = self.token_to_kv_pool
        self.swa_pool: Optional[SWAKVPool] = pool if isinstance(pool, SWAKVPool) else None

    def __repr__(self) -> str:
        alloc = self.allocator
        parts = [
            f"draft={self.is_draft}",
            f"pool={type(self.token_to_kv_pool).__name__}",
            f"allocator={type(alloc).__name__}",
            f"alloc_size={alloc.size}",
            f"available={alloc.available_size()}",
            f"swa_read_path={self.swa_pool is not None}",
        ]
        debug = alloc.debug_print()
        if debug:
            parts.append(debug.strip().rstrip(","))
        return f"{type(self).__name__}({', '.join(parts)})"

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
