"""Triton decode backend that probes SWA pool sources until one answers."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    # the allocator's cache is authoritative on hybrid models; fall back to the pool
    candidates = [
        lambda: model_runner.token_to_kv_pool_allocator.get_kvcache(),
        lambda: model_runner.token_to_kv_pool,
    ]
    resolved: Optional[SWAKVPool] = None
    idx = 0
    while idx < len(candidates):
        pool = candidates[idx]()
        idx += 1
        if isinstance(pool, SWAKVPool):
            resolved = pool
            break
        spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        if getattr(model_runner, "is_draft_worker", False) and not (spec.is_frozen_kv_mtp()):
            # regular drafts keep their own pool; stop probing
            break
    logger.debug("SWA probe stopped at candidate %d -> %s", idx, resolved)
    return resolved


@dataclass
class TritonDecodeMetadata:
    kv_indices: torch.Tensor
    num_kv_splits: torch.Tensor
    window_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.num_kv_splits = 8
        self.forward_metadata: Optional[TritonDecodeMetadata] = None
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        splits = torch.full(
            (loc.numel(),), self.num_kv_splits, dtype=torch.int32, device=self.device
        )
        window = None
        if self.swa_pool is not None:
            window = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = TritonDecodeMetadata(loc, splits, window)

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        md = self.forward_metadata
        if md.window_kv_indices is not None:
            return self.swa_pool, md.window_kv_indices
        return self.token_to_kv_pool, md.kv_indices
