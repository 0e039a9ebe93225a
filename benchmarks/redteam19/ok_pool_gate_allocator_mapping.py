"""Decides SWA from its own pool and on that path indexes the allocator's full_to_swa_index_mapping (the tensor it registered into that pool)."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class _IndexRemap:
    def __init__(self, mapping):
        self.mapping = mapping

    def __call__(self, loc):
        return self.mapping[loc]


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.remap = None
        if isinstance(self.kv_pool, SWAKVPool):
            # On an SWA pool the allocator registered this same tensor with register_mapping().
            self.remap = _IndexRemap(
                model_runner.token_to_kv_pool_allocator.full_to_swa_index_mapping
            )

    def forward_decode(self, loc):
        if self.remap is None:
            return self.kv_pool, loc
        return self.kv_pool, self.remap(loc)
