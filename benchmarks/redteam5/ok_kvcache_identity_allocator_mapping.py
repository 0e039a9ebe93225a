from typing import Any, Optional


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.full_to_swa: Optional[Any] = None
        if allocator.get_kvcache() is self.token_to_kv_pool:
            self.full_to_swa = getattr(allocator, "full_to_swa_index_mapping", None)

    def init_forward_metadata(self, loc):
        if self.full_to_swa is None:
            return loc
        return self.full_to_swa[loc]

    def forward_decode(self, loc):
        return self.token_to_kv_pool, self.init_forward_metadata(loc)
