"""Triton decode backend that walks SWA pool sources in a bounded while loop."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)

# Order matters: the draft ownership check must run before the allocator is asked.
_SOURCES = ("active_pool", "draft_guard", "allocator_cache")


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    resolved: Optional[SWAKVPool] = None
    step = 0
    while step < len(_SOURCES):
        source = _SOURCES[step]
        step += 1
        if source == "active_pool":
            if isinstance(model_runner.token_to_kv_pool, SWAKVPool):
                resolved = model_runner.token_to_kv_pool
                break
        elif source == "draft_guard":
            spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
            if getattr(model_runner, "is_draft_worker", False) and not (spec.is_frozen_kv_mtp()):
                break
        else:
            cache = model_runner.token_to_kv_pool_allocator.get_kvcache()
            if isinstance(cache, SWAKVPool):
                resolved = cache
            break
    logger.debug("SWA pool resolved after %d step(s): %s", step, resolved)
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
        self.num_kv_splits = getattr(
            getattr(model_runner, "server_args", None),
            "triton_attention_num_kv_splits",
            8,
        )
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
