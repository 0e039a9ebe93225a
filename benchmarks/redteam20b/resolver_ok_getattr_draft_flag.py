"""Decode backend for a ROCm port that tolerates older runners by probing runner flags with getattr."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_RUNNER_DEFAULTS = {
    "is_draft_worker": False,
    "page_size": 1,
}


def _runner_flag(runner, name):
    return getattr(runner, name, _RUNNER_DEFAULTS.get(name))


def _frozen_kv(runner) -> bool:
    probe = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
    return bool(probe and probe())


def resolve_swa_pool(runner):
    if isinstance(runner.token_to_kv_pool, SWAKVPool):
        return runner.token_to_kv_pool
    if _runner_flag(runner, "is_draft_worker") and not _frozen_kv(runner):
        return None
    kvcache = runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.page_size = _runner_flag(model_runner, "page_size")
        self.swa_pool = resolve_swa_pool(model_runner)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
