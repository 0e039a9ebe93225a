"""Decode backend whose locator is a closure over its own pool's translate method, counting calls per path; the allocator supplies only the page size."""

import collections


def _make_locator(pool, stats):
    translate = getattr(pool, "translate_loc_from_full_to_swa", None)
    if translate is None:

        def locate(loc):
            stats["dense"] += 1
            return loc

    else:

        def locate(loc):
            stats["sliding"] += 1
            return translate(loc)

    return locate


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.page_size = model_runner.token_to_kv_pool_allocator.page_size
        self.decode_stats = collections.Counter()
        self._locate = _make_locator(self.kv_pool, self.decode_stats)

    def forward_decode(self, loc):
        return self.kv_pool, self._locate(loc)
