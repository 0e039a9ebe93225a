"""Hybrid-SWA support for the FA3 decode path.

The runner's KV objects and speculative flags are gathered into a dict once so
the resolver stays a pure function that is easy to unit test.
"""

from typing import Any, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _collect(runner) -> Dict[str, Any]:
    return {
        "pool": runner.token_to_kv_pool,
        "alloc": runner.token_to_kv_pool_allocator,
        "draft": runner.is_draft_worker,
        "frozen": runner.spec_algorithm.is_frozen_kv_mtp(),
    }


def resolve_swa(parts: Dict[str, Any]) -> Optional[SWAKVPool]:
    if isinstance(parts["pool"], SWAKVPool):
        return parts["pool"]
    if parts["draft"] and not parts["frozen"]:
        return None
    kv = parts["alloc"].get_kvcache()
    return kv if isinstance(kv, SWAKVPool) else None


class GeneratedAttnBackend:
    def __init__(self, model_runner, fa_impl_ver: int = 3):
        self.fa_impl_ver = fa_impl_ver
        self.parts = _collect(model_runner)
        self.swa = resolve_swa(self.parts)

    def forward_decode(self, loc: torch.Tensor):
        if self.swa is None:
            return self.parts["pool"], loc
        return self.swa, self.swa.translate_loc_from_full_to_swa(loc)
