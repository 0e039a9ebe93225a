"""Attention backend that looks up its KV source by attribute name and asks it for SWA locations."""

_KV_SOURCE_ATTR = "token_to_kv_pool" + "_allocator"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self._source = getattr(model_runner, _KV_SOURCE_ATTR)
        self._sliding = callable(getattr(self._source, "translate_loc_from_full_to_swa", None))

    def get_token_to_kv_pool(self):
        return self.pool

    def forward_extend(self, loc):
        return self.forward_decode(loc)

    def forward_decode(self, loc):
        if self._sliding:
            return self.pool, self._source.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
