"""Decode backend for hybrid sliding-window models.

Looks for an SWA KV pool among a short list of candidate sources and, when one
is found, reads sliding-window layers through the full->SWA index mapping.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indices: torch.Tensor
    swa_kv_indices: Optional[torch.Tensor] = None


def _candidate_sources(model_runner):
    yield "active_pool", lambda: model_runner.token_to_kv_pool
    if not model_runner.is_draft_worker or model_runner.spec_algorithm.is_frozen_kv_mtp():
        yield "allocator", lambda: model_runner.token_to_kv_pool_allocator.get_kvcache()


def find_swa_pool(model_runner) -> Optional[SWAKVPool]:
    sources = list(_candidate_sources(model_runner))
    idx = 0
    found = None
    while idx < len(sources):
        name, getter = sources[idx]
        candidate = getter()
        if isinstance(candidate, SWAKVPool):
            found = candidate
            logger.debug("SWA pool resolved from %s", name)
            break
        idx += 1
    else:
        logger.debug("no SWA pool among %d sources", len(sources))
    return found


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = "cpu"
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = find_swa_pool(model_runner)
        self.max_bs = 16
        self.cuda_graph_kv_indices = torch.zeros(self.max_bs, dtype=torch.int64)
        self.forward_metadata: Optional[DecodeMetadata] = None

    def init_forward_metadata(self, loc: torch.Tensor) -> DecodeMetadata:
        swa_idx = None
        if self.swa_pool is not None:
            swa_idx = self.swa_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = DecodeMetadata(kv_indices=loc, swa_kv_indices=swa_idx)
        return self.forward_metadata

    def forward_decode(self, loc: torch.Tensor):
        md = self.init_forward_metadata(loc)
        if md.swa_kv_indices is not None:
            return self.swa_pool, md.swa_kv_indices
        return self.kv_pool, md.kv_indices
