from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_SWA_DETECTORS = []


def swa_detector(fn):
    _SWA_DETECTORS.append(fn)
    return fn


@swa_detector
def _hybrid_pool(mr):
    return isinstance(mr.token_to_kv_pool, SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.swa = any(detect(model_runner) for detect in _SWA_DETECTORS)

    def forward_decode(self, loc):
        if self.swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
