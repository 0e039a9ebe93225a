from dataclasses import dataclass, field

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class _KVConfig:
    pool: object
    allocator: object
    sliding_window: bool = field(init=False)

    def __post_init__(self):
        self.sliding_window = isinstance(self.pool, SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.cfg = _KVConfig(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self.cfg.sliding_window:
            loc = self.cfg.pool.translate_loc_from_full_to_swa(loc)
        return self.cfg.pool, loc
