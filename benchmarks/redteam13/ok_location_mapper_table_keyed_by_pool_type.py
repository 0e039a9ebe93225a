"""Backend that picks a location-mapping function from a dict keyed by its pool's class."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _full_locations(pool, loc):
    return loc


def _window_locations(pool, loc):
    return pool.translate_loc_from_full_to_swa(loc)


_LOCATION_MAPPERS = {SWAKVPool: _window_locations}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._map_locations = _LOCATION_MAPPERS.get(type(self.pool), _full_locations)

    def forward_decode(self, loc):
        return self.pool, self._map_locations(self.pool, loc)
