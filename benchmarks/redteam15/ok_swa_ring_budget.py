"""Reads the allocator's per-request SWA ring settings to size a metadata budget; a pool with its own swa_kv_pool decides the SWA path."""


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        self.pool = model_runner.token_to_kv_pool
        ring = bool(getattr(allocator, "swa_req_ring", False))
        ring_cost = getattr(allocator, "swa_ring_cost_tokens", 0) if ring else 0
        # per-request ring: every running request pins ring_cost window slots
        self.window_budget = (
            ring_cost * model_runner.max_running_requests or allocator.available_size()
        )
        # only a hybrid pool carries a window sub-pool of its own
        self.windowed = getattr(self.pool, "swa_kv_pool", None) is not None

    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
