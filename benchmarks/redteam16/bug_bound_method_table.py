"""Decode backend that selects a bound locator method from a table keyed on whether the allocator can translate to SWA."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        locators = {True: self._sliding_locations, False: self._dense_locations}
        can_translate = callable(getattr(allocator, "translate_loc_from_full_to_swa", None))
        self._locate = locators[can_translate]

    def _sliding_locations(self, loc):
        return self.kv_pool.translate_loc_from_full_to_swa(loc)

    def _dense_locations(self, loc):
        return loc

    def forward_decode(self, loc):
        return self.kv_pool, self._locate(loc)
