"""Attention backend with a declarative KV lookup path.

The path from the model runner to the KV cache is expressed as a small
pipeline of ``operator`` getters so that alternative runners (e.g. the
disaggregated decode runner) can override a single step.
"""

import functools
import operator
from typing import Callable, Sequence

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Step = Callable[[object], object]

DEFAULT_KV_PATH: Sequence[Step] = (
    operator.attrgetter("token_to_kv_pool_allocator"),
    operator.methodcaller("get_kvcache"),
)


def follow(root: object, steps: Sequence[Step]) -> object:
    return functools.reduce(lambda acc, step: step(acc), steps, root)


class GeneratedAttnBackend(AttentionBackend):
    kv_path: Sequence[Step] = DEFAULT_KV_PATH

    def __init__(self, model_runner, kv_path: Sequence[Step] = ()):
        super().__init__()
        if kv_path:
            self.kv_path = tuple(kv_path)
        self.device = model_runner.device
        self.kv_pool = follow(model_runner, self.kv_path)
        self.is_sliding = isinstance(self.kv_pool, SWAKVPool)

    def forward_decode(self, loc: torch.Tensor):
        translate = (
            operator.methodcaller("translate_loc_from_full_to_swa", loc)
            if self.is_sliding
            else (lambda _pool: loc)
        )
        return self.kv_pool, translate(self.kv_pool)
