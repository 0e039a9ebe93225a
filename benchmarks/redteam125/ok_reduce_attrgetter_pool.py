"""Attention backend whose KV lookup path is a composable getter pipeline.

The default path goes straight to the runner's ``token_to_kv_pool``; a
subclass can append a step (for instance to unwrap a host-offload wrapper).
"""

import functools
import operator
from typing import Callable, Sequence

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Step = Callable[[object], object]


def _compose(steps: Sequence[Step]) -> Step:
    return lambda root: functools.reduce(lambda acc, fn: fn(acc), steps, root)


class GeneratedAttnBackend(AttentionBackend):
    KV_PATH: Sequence[Step] = (operator.attrgetter("token_to_kv_pool"),)

    def __init__(self, model_runner, extra_steps: Sequence[Step] = ()):
        super().__init__()
        lookup = _compose(tuple(self.KV_PATH) + tuple(extra_steps))
        self.kv_pool = lookup(model_runner)
        self.is_sliding = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        translate: Step = (
            operator.methodcaller("translate_loc_from_full_to_swa", loc)
            if self.is_sliding
            else (lambda _pool: loc)
        )
        return self.kv_pool, translate(self.kv_pool)
