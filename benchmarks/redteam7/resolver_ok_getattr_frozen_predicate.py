from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool()

    def _reads_target_kv(self) -> bool:
        is_frozen = getattr(self.model_runner.spec_algorithm, "is_frozen_kv_mtp", None)
        return bool(is_frozen and is_frozen())

    def _resolve_swa_kv_pool(self) -> Optional[SWAKVPool]:
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if getattr(self.model_runner, "is_draft_worker", False) and not self._reads_target_kv():
            return None
        candidate = self.model_runner.token_to_kv_pool_allocator.get_kvcache()
        if isinstance(candidate, SWAKVPool):
            return candidate
        return None

    def forward_decode(self, loc):
        swa = self._swa_kv_pool
        if swa is not None:
            return swa, swa.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
