from dataclasses import dataclass, field


@dataclass
class _KVState:
    pool: object
    allocator: object
    free_at_init: int = field(default=0)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv = _KVState(model_runner.token_to_kv_pool, model_runner.token_to_kv_pool_allocator)
        self.kv.free_at_init = self.kv.allocator.available_size()
        self.hybrid = type(self.kv.pool).__qualname__.startswith("SWA")

    def forward_decode(self, loc):
        if self.hybrid:
            return self.kv.pool, self.kv.pool.translate_loc_from_full_to_swa(loc)
        return self.kv.pool, loc
