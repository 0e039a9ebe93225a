"""FlashInfer-like decode wrapper that picks its SWA pool from a candidate stream.

Candidates are produced lazily so the allocator's cache is only consulted
when this runner reads the shared KV (target runners, frozen-KV MTP drafts).
"""

from typing import Iterator, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


def _candidate_pools(model_runner) -> Iterator[object]:
    yield model_runner.token_to_kv_pool
    if not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp():
        yield model_runner.token_to_kv_pool_allocator.get_kvcache()


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    return next((p for p in _candidate_pools(model_runner) if isinstance(p, SWAKVPool)), None)


class GeneratedAttnBackend:
    """Decode-only backend; prefill is handled by the paired extend backend."""

    def __init__(self, model_runner, use_cuda_graph: bool = False):
        self.use_cuda_graph = use_cuda_graph
        self.req_to_token = model_runner.req_to_token_pool
        self.pool, self.swa_pool = (
            model_runner.token_to_kv_pool,
            resolve_swa_pool(model_runner),
        )

    @property
    def is_hybrid(self) -> bool:
        return self.swa_pool is not None

    def forward_decode(self, loc: torch.Tensor):
        pool, translate = (
            (self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa)
            if self.is_hybrid
            else (self.pool, lambda x: x)
        )
        return pool, translate(loc)
