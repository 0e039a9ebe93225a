import dataclasses

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclasses.dataclass(frozen=True)
class AttnConfig:
    page_size: int = 1
    sliding_window: bool = False
    hybrid_allocator: bool = False


def build_config(model_runner) -> AttnConfig:
    alloc = model_runner.token_to_kv_pool_allocator
    cfg = AttnConfig(
        page_size=alloc.page_size,
        hybrid_allocator=isinstance(alloc, SWATokenToKVPoolAllocator),  # for metrics
    )
    if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
        cfg = dataclasses.replace(cfg, sliding_window=True)
    return cfg


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.cfg = build_config(model_runner)

    def forward_decode(self, loc):
        if self.cfg.sliding_window:
            loc = self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
