"""Decode backend that dispatches on the allocator class name to choose full or windowed KV reads."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        match type(model_runner.token_to_kv_pool_allocator).__name__:
            case "SWATokenToKVPoolAllocator" | "PureSWATokenToKVPoolAllocator":
                self.read_mode = "swa"
            case "TokenToKVPoolAllocator" | "PagedTokenToKVPoolAllocator":
                self.read_mode = "full"
            case _:
                self.read_mode = "full"

    def forward_decode(self, loc):
        if self.read_mode == "swa":
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
