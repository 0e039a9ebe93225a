"""Helpers shared by the decode and verify paths."""

import torch


def _is_swa_allocator(allocator) -> bool:
    return getattr(allocator, "full_to_swa_index_mapping", None) is not None


def _cache_loc_for_decode(pool, loc: torch.Tensor, use_swa: bool) -> torch.Tensor:
    if use_swa:
        return pool.translate_loc_from_full_to_swa(loc)
    return loc


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.use_swa = _is_swa_allocator(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        return self.token_to_kv_pool, _cache_loc_for_decode(
            self.token_to_kv_pool, loc, self.use_swa
        )
