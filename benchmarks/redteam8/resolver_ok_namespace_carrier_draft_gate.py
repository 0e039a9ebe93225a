from types import SimpleNamespace

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _collect(runner):
    spec = runner.spec_algorithm
    return SimpleNamespace(
        pool=runner.token_to_kv_pool,
        allocator=runner.token_to_kv_pool_allocator,
        draft=runner.is_draft_worker,
        frozen=bool(getattr(spec, "is_frozen_kv_mtp", lambda: False)()),
    )


def _resolve(ns):
    if ns.draft and not ns.frozen:
        cand = ns.pool
    else:
        cand = ns.allocator.get_kvcache()
    return cand if isinstance(cand, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.ns = _collect(model_runner)
        self.default_pool = self.ns.pool
        self.swa_pool = _resolve(self.ns)

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.default_pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
