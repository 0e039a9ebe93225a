from typing import Callable, Optional

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


def _make_swa_translate(
    token_to_kv_pool, token_to_kv_pool_allocator, *, page_size: int
) -> Optional[Callable]:
    if page_size <= 0:
        raise ValueError(f"bad page size {page_size}")
    if isinstance(token_to_kv_pool_allocator, SWATokenToKVPoolAllocator):
        return token_to_kv_pool_allocator.translate_loc_from_full_to_swa
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_translate = _make_swa_translate(
            model_runner.token_to_kv_pool,
            model_runner.token_to_kv_pool_allocator,
            page_size=model_runner.page_size,
        )

    def forward_decode(self, loc):
        if self.swa_translate is not None:
            loc = self.swa_translate(loc)
        return self.token_to_kv_pool, loc
