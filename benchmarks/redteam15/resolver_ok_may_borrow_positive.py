"""Resolves the SWA pool with a positive may-borrow flag (not a draft, or a FROZEN_KV MTP draft) gating the allocator fallback."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _may_borrow_target_kv(model_runner) -> bool:
    is_draft = bool(getattr(model_runner, "is_draft_worker", False))
    frozen = model_runner.spec_algorithm.is_frozen_kv_mtp()
    return not is_draft or frozen


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._resolved = self._resolve(model_runner)

    def _resolve(self, model_runner):
        if isinstance(self.token_to_kv_pool, SWAKVPool):
            return self.token_to_kv_pool
        if _may_borrow_target_kv(model_runner):
            kv = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(kv, SWAKVPool):
                return kv
        return None

    def forward_decode(self, loc):
        swa = self._resolved
        return (
            (swa, swa.translate_loc_from_full_to_swa(loc))
            if swa is not None
            else (self.token_to_kv_pool, loc)
        )
