"""Backend that matches on its own pool's class for the window path and keeps the allocator only for free-group bookkeeping."""

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self._allocator = model_runner.token_to_kv_pool_allocator
        match self.token_to_kv_pool:
            case SWAKVPool(swa_layer_nums=n) if n > 0:
                self._mode = "window"
            case _:
                self._mode = "full"

    def pending_swa_frees(self) -> int:
        return len(getattr(self._allocator, "swa_free_group", ()) or ())

    def forward_decode(self, loc):
        if self._mode == "window":
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
