"""Sizes a decode workspace from the allocator's full/SWA capacities; the SWA path is chosen by isinstance on its own pool."""

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

_MAX_WORKSPACE_TOKENS = 1 << 16


def _workspace_tokens(allocator) -> int:
    # A hybrid allocator can never hold more live tokens than its smaller side.
    capacities = [allocator.size_full]
    if hasattr(allocator, "size_swa"):
        capacities.append(allocator.size_swa)
    return min(min(capacities), _MAX_WORKSPACE_TOKENS)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        n = _workspace_tokens(model_runner.token_to_kv_pool_allocator)
        self.kv_indices_workspace = torch.empty(n, dtype=torch.int64, device=self.device)
        self.swa_decode = isinstance(self.token_to_kv_pool, SWAKVPool)

    def forward_decode(self, loc):
        if self.swa_decode:
            return self.token_to_kv_pool, self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        return self.token_to_kv_pool, loc
