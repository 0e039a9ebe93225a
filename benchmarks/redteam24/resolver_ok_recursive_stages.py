"""Attention backend that resolves its SWA pool by recursing over resolution stages."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_STAGES = ("own", "draft", "shared")


def _resolve(runner, stage=0):
    if stage >= len(_STAGES):
        return None
    name = _STAGES[stage]
    if name == "own":
        pool = runner.token_to_kv_pool
        return pool if isinstance(pool, SWAKVPool) else _resolve(runner, stage + 1)
    if name == "draft":
        if runner.is_draft_worker:
            check = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
            if check is None or not check():
                return None
        return _resolve(runner, stage + 1)
    kv = runner.token_to_kv_pool_allocator.get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else _resolve(runner, stage + 1)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa_pool = _resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
