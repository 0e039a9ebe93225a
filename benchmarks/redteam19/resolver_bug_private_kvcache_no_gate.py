"""Resolver that, for any runner whose allocator has a swa_attn_allocator, returns the allocator's private _kvcache when its own pool is not SWA."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _swa_pool_for(model_runner):
    own = model_runner.token_to_kv_pool
    if isinstance(own, SWAKVPool):
        return own
    allocator = model_runner.token_to_kv_pool_allocator
    if hasattr(allocator, "swa_attn_allocator"):
        # get_kvcache() is not overridden on every vendor allocator; read the field.
        return getattr(allocator, "_kvcache", None)
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._swa = _swa_pool_for(model_runner)

    def forward_decode(self, loc):
        if self._swa is not None:
            return self._swa, self._swa.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
