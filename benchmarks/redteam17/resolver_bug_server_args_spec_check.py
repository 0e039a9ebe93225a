"""Resolver that detects a regular draft from server_args.speculative_algorithm instead of the runner's is_draft_worker."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.server_args = model_runner.server_args
        self.swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    def _is_regular_draft(self) -> bool:
        algo = (self.server_args.speculative_algorithm or "").upper()
        return algo in ("EAGLE", "EAGLE3", "STANDALONE")

    def _resolve_swa_kv_pool(self, model_runner) -> Optional[SWAKVPool]:
        if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
            return model_runner.token_to_kv_pool
        if self._is_regular_draft():
            return None
        kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return kvcache if isinstance(kvcache, SWAKVPool) else None

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
