"""Backend sizing its SWA buffers from the allocator and enabling SWA when it has any."""

import torch


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        self.swa_size = int(getattr(allocator, "size_swa", 0) or 0)
        self.full_size = int(allocator.size)
        self.enable_swa = self.swa_size > 0
        if self.enable_swa:
            assert self.swa_size <= self.full_size, (self.swa_size, self.full_size)
            self.swa_loc_buf = torch.zeros(self.swa_size, dtype=torch.int64)

    def forward_decode(self, loc):
        if self.enable_swa:
            translated = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
            self.swa_loc_buf[: translated.numel()].copy_(translated)
            return self.token_to_kv_pool, translated
        return self.token_to_kv_pool, loc
