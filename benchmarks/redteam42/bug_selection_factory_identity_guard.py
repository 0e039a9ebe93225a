"""FlashAttention-style decode backend that picks its SWA pool via a selection record."""

import contextlib
import logging
from dataclasses import dataclass, field
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


def _owns_kv(runner) -> bool:
    if not getattr(runner, "is_draft_worker", False):
        return False
    with contextlib.suppress(AttributeError):
        if runner.spec_algorithm.is_frozen_kv_mtp():
            return False
    return True


@dataclass(frozen=True)
class SwaSelection:
    pool: Optional[SWAKVPool]
    reason: str

    @classmethod
    def from_runner(cls, runner) -> "SwaSelection":
        active = runner.token_to_kv_pool
        if isinstance(active, SWAKVPool):
            candidate = active
        else:
            candidate = runner.token_to_kv_pool_allocator.get_kvcache()
        if not isinstance(candidate, SWAKVPool):
            return cls(None, "full-only")
        if candidate is not active or not _owns_kv(runner):
            return cls(candidate, "active" if candidate is active else "shared")
        return cls(None, "draft-owned")


@dataclass
class FlashDecodeMetadata:
    cache_seqlens_int32: Optional[torch.Tensor] = None
    swa_page_table: Optional[torch.Tensor] = None
    extra: dict = field(default_factory=dict)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.pool = model_runner.token_to_kv_pool
        self.device = model_runner.device
        self.selection = SwaSelection.from_runner(model_runner)
        self.forward_metadata = FlashDecodeMetadata()
        logger.info("swa selection: %s", self.selection.reason)

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.decode_cuda_graph_metadata = {
            "cache_seqlens": torch.zeros(max_bs, dtype=torch.int32, device=self.device),
            "swa_loc": torch.zeros(max_num_tokens, dtype=torch.int64, device=self.device),
        }

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = FlashDecodeMetadata(
            cache_seqlens_int32=forward_batch.seq_lens.to(torch.int32)
        )

    def forward_decode(self, loc):
        swa_pool = self.selection.pool
        if swa_pool is None:
            return self.pool, loc
        return swa_pool, swa_pool.full_to_swa_index_mapping[loc]
