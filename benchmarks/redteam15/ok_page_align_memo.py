"""Memoises each allocator class's page granularity to round the decode workspace; the SWA path comes from the pool's translator."""

import functools

_PAGE_FACTS = {}


def _page_granularity(allocator):
    """Page size in tokens, cached per allocator class (the hybrid and paged allocators differ)."""
    cls = type(allocator)
    if cls not in _PAGE_FACTS:
        _PAGE_FACTS[cls] = max(1, int(getattr(allocator, "page_size", 1) or 1))
    return _PAGE_FACTS[cls]


def _round_up(n, multiple):
    return (n + multiple - 1) // multiple * multiple


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        page = _page_granularity(model_runner.token_to_kv_pool_allocator)
        self.max_context_len = _round_up(model_runner.model_config.context_len, page)
        self._translate = getattr(self.pool, "translate_loc_from_full_to_swa", None)

    @functools.cached_property
    def workspace_tokens(self):
        return self.max_context_len * 2

    def forward_decode(self, loc):
        if self._translate is not None:
            return self.pool, self._translate(loc)
        return self.pool, loc
