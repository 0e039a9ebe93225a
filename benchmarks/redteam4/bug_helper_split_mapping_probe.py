def _allocator(mr):
    return mr.token_to_kv_pool_allocator


def _tracks_swa(obj) -> bool:
    return getattr(obj, "full_to_swa_index_mapping", None) is not None


def _page_size(mr) -> int:
    return int(getattr(_allocator(mr), "page_size", 1))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.page_size = _page_size(model_runner)
        self.sliding = _tracks_swa(_allocator(model_runner))

    def forward_decode(self, loc):
        if self.sliding:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
