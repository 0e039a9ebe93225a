"""Wave decode backend; SWA pool is chosen with an and/or conditional idiom."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


def _as_swa(pool) -> Optional[SWAKVPool]:
    return pool if isinstance(pool, SWAKVPool) else None


def resolve_swa_pool(model_runner) -> Optional[SWAKVPool]:
    active = model_runner.token_to_kv_pool
    spec = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
    private_draft = bool(getattr(model_runner, "is_draft_worker", False)) and (
        not spec.is_frozen_kv_mtp()
    )
    return _as_swa(active) or (
        private_draft and None or _as_swa(model_runner.token_to_kv_pool_allocator.get_kvcache())
    )


@dataclass
class WaveDecodeMetadata:
    kv_indices: torch.Tensor
    num_kv_splits: int
    max_kv_splits: int = 16


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.kv_pool = model_runner.token_to_kv_pool
        self.swa_pool = resolve_swa_pool(model_runner)
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.forward_metadata: Optional[WaveDecodeMetadata] = None
        logger.debug("wave decode uses swa pool: %s", self.swa_pool is not None)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_attn_logits = torch.zeros(
            max_bs, 16, dtype=torch.float32, device=self.device
        )
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        kv_indices = (
            loc if self.swa_pool is None else self.swa_pool.translate_loc_from_full_to_swa(loc)
        )
        self.forward_metadata = WaveDecodeMetadata(
            kv_indices=kv_indices, num_kv_splits=min(16, max(1, loc.numel()))
        )

    def forward_decode(self, loc: torch.Tensor):
        self.init_forward_metadata(loc)
        return self.swa_pool or self.kv_pool, self.forward_metadata.kv_indices
