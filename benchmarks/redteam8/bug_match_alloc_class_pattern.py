from dataclasses import dataclass

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclass
class _Memory:
    pool: object
    allocator: object


def _attention_kind(mem: _Memory) -> str:
    match mem.allocator:
        case SWATokenToKVPoolAllocator():
            return "sliding"
        case _:
            return "dense"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.mem = _Memory(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)
        self.kind = _attention_kind(self.mem)

    def forward_decode(self, loc):
        if self.kind == "sliding":
            loc = self.mem.pool.translate_loc_from_full_to_swa(loc)
        return self.mem.pool, loc
