from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _frozen_kv_mtp(model_runner) -> bool:
    try:
        return bool(model_runner.spec_algorithm.is_frozen_kv_mtp())
    except AttributeError:  # sglang < 0.5.12 has no FROZEN_KV MTP
        return False


def resolve_swa_kv_pool(model_runner):
    pool = model_runner.token_to_kv_pool
    if isinstance(pool, SWAKVPool):
        return pool
    if getattr(model_runner, "is_draft_worker", False) and _frozen_kv_mtp(model_runner):
        try:
            shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        except AttributeError:
            return None
        return shared if isinstance(shared, SWAKVPool) else None
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        swa = self.swa_kv_pool
        return (
            (swa, swa.translate_loc_from_full_to_swa(loc))
            if swa is not None
            else (self.token_to_kv_pool, loc)
        )
