class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.metrics = {
            "free_tokens": allocator.available_size(),
            "capacity": allocator.size,
            "allocator": type(allocator).__name__,
        }
        self.pool = model_runner.token_to_kv_pool
        self.translate = (
            self.pool.translate_loc_from_full_to_swa
            if hasattr(self.pool, "translate_loc_from_full_to_swa")
            else None
        )

    def forward_decode(self, loc):
        self.metrics["steps"] = self.metrics.get("steps", 0) + 1
        if self.translate is None:
            return self.pool, loc
        return self.pool, self.translate(loc)
