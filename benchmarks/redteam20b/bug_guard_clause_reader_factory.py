"""Decode backend built around a reader factory that uses guard clauses to pick dense or windowed reads."""

from typing import Callable, Tuple

import torch

Reader = Callable[[torch.Tensor], Tuple[object, torch.Tensor]]


def build_reader(runner) -> Reader:
    pool = runner.token_to_kv_pool
    allocator = runner.token_to_kv_pool_allocator
    if allocator is None:
        return lambda loc: (pool, loc)
    if not hasattr(allocator, "swa_attn_allocator"):
        return lambda loc: (pool, loc)
    mapping = allocator.full_to_swa_index_mapping
    return lambda loc: (pool, mapping[loc])


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self._read = build_reader(model_runner)

    def forward_decode(self, loc):
        return self._read(loc)
