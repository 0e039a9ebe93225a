"""Backend that checks the runner's pool against the base SWA pool class, importing it defensively."""

try:
    from sglang.srt.mem_cache.base_swa_memory_pool import BaseSWAKVPool as _WindowPool
except ImportError:  # older layouts keep only the concrete class
    from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool as _WindowPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.kv_cache = model_runner.token_to_kv_pool
        self.allocator_kind = type(model_runner.token_to_kv_pool_allocator).__qualname__
        self.windowed = isinstance(self.kv_cache, _WindowPool)

    def forward_decode(self, loc):
        return self.kv_cache, (
            self.kv_cache.translate_loc_from_full_to_swa(loc) if self.windowed else loc
        )
