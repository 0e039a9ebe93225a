from typing import Optional


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_out_cache_loc: Optional[object] = None

    def init_forward_metadata(self, loc) -> None:
        allocator = self.model_runner.token_to_kv_pool_allocator
        translate = getattr(allocator, "translate_loc_from_full_to_swa", None)
        self.swa_out_cache_loc = translate(loc) if callable(translate) else None

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        if self.swa_out_cache_loc is not None:
            return self.token_to_kv_pool, self.swa_out_cache_loc
        return self.token_to_kv_pool, loc
