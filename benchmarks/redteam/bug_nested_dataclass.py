from dataclasses import dataclass

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass
class _Memory:
    pool: object
    allocator: object


@dataclass
class _Context:
    memory: _Memory
    page_size: int = 1


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.ctx = _Context(
            _Memory(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)
        )
        self.pool = self.ctx.memory.pool
        self.use_swa = isinstance(self.ctx.memory.allocator, SWATokenToKVPoolAllocator)

    def forward_decode(self, loc):
        if self.use_swa:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
