from dataclasses import dataclass, field

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class _KVLayout:
    pool: object
    page_size: int
    total_slots: int
    sliding: bool = field(init=False)

    def __post_init__(self):
        self.sliding = isinstance(self.pool, SWAKVPool)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.layout = _KVLayout(
            pool=model_runner.token_to_kv_pool,
            page_size=model_runner.page_size,
            total_slots=model_runner.token_to_kv_pool_allocator.size,
        )

    def forward_decode(self, loc):
        layout = self.layout
        if layout.sliding:
            return layout.pool, layout.pool.translate_loc_from_full_to_swa(loc)
        return layout.pool, loc
