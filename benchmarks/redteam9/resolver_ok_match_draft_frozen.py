from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def resolve_swa(runner):
    pool = runner.token_to_kv_pool
    frozen_probe = getattr(runner.spec_algorithm, "is_frozen_kv_mtp", None)
    frozen = frozen_probe() if frozen_probe is not None else False
    match (isinstance(pool, SWAKVPool), bool(runner.is_draft_worker), frozen):
        case (True, _, _):
            return pool
        case (False, True, False):
            return None
        case _:
            kv = runner.token_to_kv_pool_allocator.get_kvcache()
            return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa = resolve_swa(model_runner)

    def forward_decode(self, loc):
        if self.swa is not None:
            return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
