"""Triton backend that resolves the SWA pool it reads through a cached property."""

import functools
import logging
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.model_runner = model_runner
        self.device = model_runner.device
        self.num_kv_splits = getattr(model_runner.server_args, "triton_attention_num_kv_splits", 8)
        self.attn_logits: Optional[torch.Tensor] = None
        self.kv_indices: Optional[torch.Tensor] = None

    @functools.cached_property
    def swa_kv_pool(self) -> Optional[SWAKVPool]:
        runner = self.model_runner
        if isinstance(runner.token_to_kv_pool, SWAKVPool):
            return runner.token_to_kv_pool
        spec = getattr(runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        if getattr(runner, "is_draft_worker", False) and not spec.is_frozen_kv_mtp():
            # a regular draft writes and reads only its own pool
            return None
        cache = runner.token_to_kv_pool_allocator.get_kvcache()
        return cache if isinstance(cache, SWAKVPool) else None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.attn_logits = torch.zeros((max_bs, self.num_kv_splits))

    def init_forward_metadata(self, loc: torch.Tensor):
        pool = self.swa_kv_pool
        self.kv_indices = pool.translate_loc_from_full_to_swa(loc) if pool is not None else loc

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        pool = self.swa_kv_pool or self.model_runner.token_to_kv_pool
        return pool, self.kv_indices
