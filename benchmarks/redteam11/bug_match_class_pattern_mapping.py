"""Backend that pattern-matches the runner's index owner to get a full->SWA mapping."""

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_OWNER = "_".join(("token", "to", "kv", "pool", "allocator"))


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        match getattr(model_runner, _OWNER):
            case SWAKVPool(full_to_swa_index_mapping=m) | SWATokenToKVPoolAllocator(
                full_to_swa_index_mapping=m
            ) if (m is not None):
                self._mapping = m
            case _:
                self._mapping = None

    def forward_decode(self, loc):
        if self._mapping is None:
            return self.kv_pool, loc
        return self.kv_pool, self._mapping[loc].to(loc.dtype)
