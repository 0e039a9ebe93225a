"""Decode backend composed from small pure functions.

Location handling is a pipeline of transforms built once with
``functools.partial``; the KV pool is the runner's own.
"""

from functools import partial, reduce
from typing import Callable, Sequence

import torch

from sglang.srt.mem_cache.memory_pool import KVCache

Transform = Callable[[torch.Tensor], torch.Tensor]


def _to_device(loc: torch.Tensor, device) -> torch.Tensor:
    return loc.to(device, non_blocking=True)


def _to_long(loc: torch.Tensor) -> torch.Tensor:
    return loc if loc.dtype == torch.int64 else loc.long()


def _compose(fns: Sequence[Transform]) -> Transform:
    return lambda x: reduce(lambda acc, f: f(acc), fns, x)


def _swa_step(allocator) -> Sequence[Transform]:
    fn = getattr(allocator, "translate_loc_from_full_to_swa", None)
    return (partial(fn),) if fn is not None else ()


def make_loc_pipeline(model_runner) -> Transform:
    return _compose(
        (
            partial(_to_device, device=model_runner.device),
            _to_long,
            *_swa_step(model_runner.token_to_kv_pool_allocator),
        )
    )


class GeneratedAttnBackend:
    def __init__(self, model_runner, pipeline_factory=make_loc_pipeline):
        self.pool: KVCache = model_runner.token_to_kv_pool
        self.locs: Transform = pipeline_factory(model_runner)

    def forward_decode(self, loc: torch.Tensor):
        return self.pool, self.locs(loc)
