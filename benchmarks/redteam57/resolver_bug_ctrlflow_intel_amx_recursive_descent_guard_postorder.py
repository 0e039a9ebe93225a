"""Intel AMX decode backend; the SWA pool is found by a depth-limited post-order descent."""

import logging
from dataclasses import dataclass
from typing import Optional, Tuple

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def _private_draft(model_runner) -> bool:
    spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
    return bool(getattr(model_runner, "is_draft_worker", False)) and (not spec.is_frozen_kv_mtp())


def _children(holder) -> Tuple:
    if hasattr(holder, "token_to_kv_pool_allocator"):
        return holder.token_to_kv_pool, holder.token_to_kv_pool_allocator
    if hasattr(holder, "get_kvcache"):
        return (holder.get_kvcache(),)
    return ()


def find_swa_pool(holder, depth: int = 0, max_depth: int = 2) -> Optional[SWAKVPool]:
    if isinstance(holder, SWAKVPool):
        return holder
    if holder is None or depth >= max_depth:
        return None
    for child in _children(holder):
        found = find_swa_pool(child, depth + 1, max_depth)
        if found is not None:
            return found
    if depth == 0 and _private_draft(holder):
        # a regular draft only ever reads the pool it was built with
        logger.debug("draft runner: no SWA pool of its own")
    return None


@dataclass
class AMXDecodeMetadata:
    kv_indices: torch.Tensor
    num_threads: int


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = find_swa_pool(model_runner)
        self.num_threads = max(1, torch.get_num_threads())
        self.forward_metadata: Optional[AMXDecodeMetadata] = None
        logger.info("intel_amx decode threads=%d", self.num_threads)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        # CPU backend: keep a reusable index buffer instead of graph inputs
        self.decode_kv_indices = torch.zeros(max_num_tokens, dtype=torch.int64)

    def init_forward_metadata(self, loc: torch.Tensor):
        kv_indices = loc
        if self.swa_pool is not None:
            kv_indices = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = AMXDecodeMetadata(kv_indices, self.num_threads)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        pool = self.swa_pool if self.swa_pool is not None else self.kv_pool
        return pool, self.forward_metadata.kv_indices
