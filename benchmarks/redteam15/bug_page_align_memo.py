"""Memoises per allocator class its page granularity and whether it maps full to SWA slots, and uses the latter to pick windowed reads."""

_ALLOCATOR_FACTS = {}


def _allocator_facts(allocator):
    """(page size, has a full->SWA map), cached per allocator class."""
    cls = type(allocator)
    if cls not in _ALLOCATOR_FACTS:
        _ALLOCATOR_FACTS[cls] = (
            max(1, int(getattr(allocator, "page_size", 1) or 1)),
            hasattr(cls, "translate_loc_from_full_to_swa"),
        )
    return _ALLOCATOR_FACTS[cls]


def _round_up(n, multiple):
    return (n + multiple - 1) // multiple * multiple


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        page, maps_to_swa = _allocator_facts(model_runner.token_to_kv_pool_allocator)
        self.max_context_len = _round_up(model_runner.model_config.context_len, page)
        self._translate = self.pool.translate_loc_from_full_to_swa if maps_to_swa else None

    def forward_decode(self, loc):
        if self._translate is not None:
            return self.pool, self._translate(loc)
        return self.pool, loc
