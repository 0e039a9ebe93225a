"""Decode backend that builds a functools.partial index_select over the allocator's full->SWA map and remaps whenever one exists."""

import functools

import torch


def _index_translator(allocator):
    """Full->SWA slot translator for ``allocator``; None for a non-hybrid cache."""
    mapping = getattr(allocator, "full_to_swa_index_mapping", None)
    if mapping is None:
        return None
    return functools.partial(torch.index_select, mapping, 0)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self._to_swa = _index_translator(model_runner.token_to_kv_pool_allocator)

    def forward_decode(self, loc):
        if self._to_swa is not None:
            return self.kv_pool, self._to_swa(loc)
        return self.kv_pool, loc
