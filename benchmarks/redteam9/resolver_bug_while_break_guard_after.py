from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve(runner):
    candidates = [
        lambda: runner.token_to_kv_pool,
        lambda: runner.token_to_kv_pool_allocator.get_kvcache(),
    ]
    found = None
    while candidates:
        kv = candidates.pop(0)()
        if isinstance(kv, SWAKVPool):
            found = kv
            break
    if found is None and runner.is_draft_worker:
        probe = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
        if probe is None or not probe():
            return None
    return found


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa = resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
