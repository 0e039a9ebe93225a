"""Backend that binds the SWA translator once as a functools.partial."""

import functools

import torch


def _translate_with(allocator, loc: torch.Tensor) -> torch.Tensor:
    return allocator.full_to_swa_index_mapping[loc].to(loc.dtype)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator
        if hasattr(allocator, "full_to_swa_index_mapping"):
            self._swa_translate = functools.partial(_translate_with, allocator)
        else:
            self._swa_translate = None

    def forward_decode(self, loc):
        locs = loc if self._swa_translate is None else self._swa_translate(loc)
        return self.token_to_kv_pool, locs
