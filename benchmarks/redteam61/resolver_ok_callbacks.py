"""Decode backend with pluggable SWA pool probes.

Probes are registered in order; each returns ``(pool, stop)``. The first probe
that asks to stop decides the result, which lets platform code add probes.
"""

from typing import Callable, List, Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

Probe = Callable[[object], Tuple[Optional[SWAKVPool], bool]]
_PROBES: List[Probe] = []


def register_probe(fn: Probe) -> Probe:
    _PROBES.append(fn)
    return fn


@register_probe
def _active_pool_probe(model_runner):
    pool = model_runner.token_to_kv_pool
    return (pool, True) if isinstance(pool, SWAKVPool) else (None, False)


@register_probe
def _draft_probe(model_runner):
    if getattr(model_runner, "is_draft_worker", False):
        if not model_runner.spec_algorithm.is_frozen_kv_mtp():
            return None, True
    return None, False


@register_probe
def _allocator_probe(model_runner):
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    return (kvcache if isinstance(kvcache, SWAKVPool) else None), True


def run_probes(model_runner) -> Optional[SWAKVPool]:
    for probe in _PROBES:
        pool, stop = probe(model_runner)
        if stop:
            return pool
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = run_probes(model_runner)
        self.num_kv_splits = torch.full((32,), 4, dtype=torch.int32)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa_pool is not None:
            return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
