import dataclasses

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


@dataclasses.dataclass(frozen=True)
class AttnConfig:
    page_size: int = 1
    sliding_window: bool = False
    num_kv_heads: int = 1


def build_config(model_runner) -> AttnConfig:
    cfg = AttnConfig(page_size=model_runner.token_to_kv_pool.page_size)
    if isinstance(model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
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
