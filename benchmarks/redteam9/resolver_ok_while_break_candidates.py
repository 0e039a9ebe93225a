from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _draft_owns_kv(runner):
    if not runner.is_draft_worker:
        return False
    probe = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
    return probe is None or not probe()


def resolve(runner):
    candidates = [lambda: runner.token_to_kv_pool]
    if not _draft_owns_kv(runner):
        candidates.append(lambda: runner.token_to_kv_pool_allocator.get_kvcache())
    found = None
    i = 0
    while i < len(candidates):
        kv = candidates[i]()
        if isinstance(kv, SWAKVPool):
            found = kv
            break
        i += 1
    return found


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa = resolve(model_runner)

    def forward_decode(self, loc):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
