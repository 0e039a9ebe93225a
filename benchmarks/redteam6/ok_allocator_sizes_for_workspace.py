import torch


class GeneratedAttnBackend:
    """Sizes its index workspace from the allocator (the SWA side is smaller when present)."""

    def __init__(self, model_runner):
        allocator = model_runner.token_to_kv_pool_allocator
        full_slots = allocator.size
        swa_slots = getattr(allocator, "size_swa", full_slots)
        self.workspace = torch.empty(max(full_slots, swa_slots) + 1, dtype=torch.int64)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_layers = getattr(self.token_to_kv_pool, "swa_layer_nums", 0)

    def forward_decode(self, loc):
        if self.swa_layers:
            loc = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
