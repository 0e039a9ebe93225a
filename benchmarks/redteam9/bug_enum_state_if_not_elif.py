import enum

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator


class _KVMode(enum.Enum):
    FULL = "full"
    WINDOW = "window"
    DRAFT_OWN = "draft_own"


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        alloc = model_runner.token_to_kv_pool_allocator
        mode = _KVMode.FULL
        if model_runner.is_draft_worker:
            mode = _KVMode.DRAFT_OWN
        if isinstance(alloc, SWATokenToKVPoolAllocator):
            mode = _KVMode.WINDOW
        self.mode = mode
        self.window_pool = alloc.get_kvcache() if mode is _KVMode.WINDOW else None

    def forward_decode(self, loc):
        if self.mode is _KVMode.WINDOW:
            return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
