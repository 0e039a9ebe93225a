"""Resolver expressed as a match over (pool, draft, frozen) with guards."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa_kv_pool = self._resolve_swa_kv_pool(model_runner)

    @staticmethod
    def _resolve_swa_kv_pool(model_runner):
        frozen = getattr(model_runner.spec_algorithm, "is_frozen_kv_mtp", lambda: False)()
        match (model_runner.token_to_kv_pool, model_runner.is_draft_worker, frozen):
            case (SWAKVPool() as pool, _, _):
                return pool
            case (_, True, False):
                return None
            case _:
                match model_runner.token_to_kv_pool_allocator.get_kvcache():
                    case SWAKVPool() as shared:
                        return shared
                    case _:
                        return None

    def forward_decode(self, loc):
        if self._swa_kv_pool is not None:
            return self._swa_kv_pool, self._swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
