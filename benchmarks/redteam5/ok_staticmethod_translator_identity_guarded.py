from typing import Callable, Optional

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_loc_translator = self._build_swa_loc_translator(model_runner)

    @staticmethod
    def _build_swa_loc_translator(model_runner) -> Optional[Callable]:
        allocator = model_runner.token_to_kv_pool_allocator
        if not isinstance(allocator, SWATokenToKVPoolAllocator):
            return None
        if allocator.get_kvcache() is not model_runner.token_to_kv_pool:
            return None
        return allocator.translate_loc_from_full_to_swa

    def forward_decode(self, loc):
        if self.swa_loc_translator is not None:
            loc = self.swa_loc_translator(loc)
        return self.token_to_kv_pool, loc
