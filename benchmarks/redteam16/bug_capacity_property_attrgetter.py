"""Decode backend that infers a sliding window from the allocator's full/SWA sizes read through a property and operator.attrgetter."""

import operator

_SIZES = operator.attrgetter("size_full", "size_swa")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self._decode_in_window = self.window_tokens is not None

    @property
    def window_tokens(self):
        """Token capacity of the SWA layers, or None when the KV cache is not split."""
        try:
            full, swa = _SIZES(self.model_runner.token_to_kv_pool_allocator)
        except AttributeError:
            return None
        return swa if swa < full else None

    def forward_decode(self, loc):
        if self._decode_in_window:
            return self.kv_pool, self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
