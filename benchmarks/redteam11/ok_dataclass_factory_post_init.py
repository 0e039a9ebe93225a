"""Backend plan as a dataclass; allocator classes listed only as known-shared types."""

from dataclasses import dataclass, field
from typing import Any

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class DecodePlan:
    runner: Any
    shared_types: tuple = field(default_factory=lambda: (SWATokenToKVPoolAllocator,))
    sliding: bool = field(init=False, default=False)
    shared_is_swa: bool = field(init=False, default=False)

    def __post_init__(self):
        self.shared_is_swa = isinstance(self.runner.token_to_kv_pool_allocator, self.shared_types)
        self.sliding = issubclass(type(self.runner.token_to_kv_pool), SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.plan = DecodePlan(model_runner)
        self.kv_pool = model_runner.token_to_kv_pool

    def forward_decode(self, loc):
        if self.plan.sliding:
            loc = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
