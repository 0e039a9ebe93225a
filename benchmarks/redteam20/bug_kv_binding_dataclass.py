"""Backend that binds its KV store and window flag into a dataclass through a classmethod factory."""

from dataclasses import dataclass, field
from typing import Any

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class _KVBinding:
    store: Any
    windowed: bool = field(default=False)

    @classmethod
    def bind(cls, model_runner) -> "_KVBinding":
        store = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return cls(store=store, windowed=isinstance(model_runner.token_to_kv_pool, SWAKVPool))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.binding = _KVBinding.bind(model_runner)

    def forward_decode(self, loc):
        kv = self.binding.store
        if self.binding.windowed:
            return kv, kv.translate_loc_from_full_to_swa(loc)
        return kv, loc
