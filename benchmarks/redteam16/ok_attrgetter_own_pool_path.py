"""Decode backend that reads runner.token_to_kv_pool.swa_kv_pool via a dotted operator.attrgetter; another attrgetter reads the allocator's page size."""

import operator

_SWA_VIEW = operator.attrgetter("token_to_kv_pool.swa_kv_pool")
_ALLOC_PAGE = operator.attrgetter("token_to_kv_pool_allocator.page_size")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.page_size = _ALLOC_PAGE(model_runner)
        try:
            self._swa_view = _SWA_VIEW(model_runner)
        except AttributeError:
            self._swa_view = None

    def forward_decode(self, loc):
        if self._swa_view is not None:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
