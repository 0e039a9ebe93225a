"""Backend calling a module-level helper with kv_pool=model_runner.token_to_kv_pool to find its SWA pool."""

from typing import Optional

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _sliding_window_pool(*, kv_pool, require_swa_layers: bool = True) -> Optional[SWAKVPool]:
    if not isinstance(kv_pool, SWAKVPool):
        return None
    if require_swa_layers and kv_pool.swa_layer_nums <= 0:
        return None
    return kv_pool


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_kv_pool = _sliding_window_pool(
            kv_pool=model_runner.token_to_kv_pool,
            require_swa_layers=True,
        )

    def forward_decode(self, loc):
        if self.swa_kv_pool is not None:
            return self.swa_kv_pool, self.swa_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
