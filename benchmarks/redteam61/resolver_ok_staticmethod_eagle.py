"""Decode backend for hybrid SWA checkpoints (e.g. GPT-OSS, Gemma-3 style).

Sliding-window layers read KV through the SWA sub-pool; the pool lookup is a
static helper so that the CUDA-graph runner can call it without an instance.
"""

from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@dataclass
class GraphBuffers:
    max_bs: int
    kv_indices: torch.Tensor = field(init=False)

    def __post_init__(self):
        self.kv_indices = torch.zeros(self.max_bs, dtype=torch.int64)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = GeneratedAttnBackend.get_swa_pool(model_runner)
        self.graph_buffers = GraphBuffers(max_bs=32)

    @staticmethod
    def get_swa_pool(model_runner) -> Optional[SWAKVPool]:
        active = model_runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            return active
        spec = model_runner.spec_algorithm
        # EAGLE / EAGLE3 drafts allocate their own (full-attention) KV pool.
        if model_runner.is_draft_worker and spec.is_eagle() and not spec.is_frozen_kv_mtp():
            return None
        shared = model_runner.token_to_kv_pool_allocator.get_kvcache()
        return shared if isinstance(shared, SWAKVPool) else None

    def forward_decode(self, loc: torch.Tensor):
        bs = loc.numel()
        if self.swa_pool is None:
            return self.kv_pool, loc
        buf = self.graph_buffers.kv_indices[:bs]
        buf.copy_(self.swa_pool.translate_loc_from_full_to_swa(loc))
        return self.swa_pool, buf
