from dataclasses import dataclass, field

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class _KVConfig:
    pool: object
    allocator: object
    is_draft: bool
    allocator_is_swa: bool = field(init=False)
    use_window: bool = field(init=False)

    def __post_init__(self):
        self.allocator_is_swa = isinstance(self.allocator, SWATokenToKVPoolAllocator)
        # the allocator only describes the target's pool; what we read decides
        self.use_window = isinstance(self.pool, SWAKVPool)

    @classmethod
    def from_runner(cls, runner):
        return cls(
            pool=runner.token_to_kv_pool,
            allocator=runner.token_to_kv_pool_allocator,
            is_draft=runner.is_draft_worker,
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.cfg = _KVConfig.from_runner(model_runner)
        if self.cfg.allocator_is_swa and not self.cfg.use_window:
            self.note = "shared SWA allocator, full-only pool"

    def forward_decode(self, loc):
        if self.cfg.use_window:
            return self.cfg.pool, self.cfg.pool.translate_loc_from_full_to_swa(loc)
        return self.cfg.pool, loc
