"""Attention backend that resolves its SWA pool with a match statement over (pool, role)."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _frozen(runner):
    try:
        return bool(runner.spec_algorithm.is_frozen_kv_mtp())
    except AttributeError:
        return False


def resolve_swa_kv_pool(runner):
    match (runner.token_to_kv_pool, runner.is_draft_worker):
        case (SWAKVPool() as own, _):
            return own
        case (_, True) if not _frozen(runner):
            return None
        case _:
            kv = runner.token_to_kv_pool_allocator.get_kvcache()
            return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_kv_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
