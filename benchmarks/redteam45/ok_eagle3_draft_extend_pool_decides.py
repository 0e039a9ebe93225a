"""EAGLE3 support: draft-extend metadata with top-k expansion for the SWA-aware backend."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool
from sglang.srt.speculative.spec_info import SpeculativeAlgorithm

logger = logging.getLogger(__name__)


@dataclass
class DraftExtendMetadata:
    topk: int
    num_steps: int
    cu_seqlens: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner, topk: int = 1, speculative_num_steps: int = 1):
        self.model_runner = model_runner
        self.pool = model_runner.token_to_kv_pool
        self.spec_algorithm = getattr(model_runner, "spec_algorithm", SpeculativeAlgorithm.NONE)
        self.is_draft = bool(getattr(model_runner, "is_draft_worker", False))

        # EAGLE3 drafts keep their own full-attention pool even on hybrid targets; only the
        # pool this backend reads can tell whether window indices are needed.
        self.swa_pool: Optional[SWAKVPool] = self.pool if isinstance(self.pool, SWAKVPool) else None

        self.draft_meta = None
        if self.is_draft and self.spec_algorithm.is_eagle3():
            self.draft_meta = DraftExtendMetadata(topk=topk, num_steps=speculative_num_steps)

        allocator = model_runner.token_to_kv_pool_allocator
        logger.info(
            "attention backend: draft=%s spec=%s free_tokens=%d swa=%s",
            self.is_draft,
            self.spec_algorithm.name,
            allocator.available_size(),
            self.swa_pool is not None,
        )

    def init_draft_extend(self, seq_lens: torch.Tensor):
        if self.draft_meta is None:
            return
        expanded = seq_lens.repeat_interleave(self.draft_meta.topk)
        self.draft_meta.cu_seqlens = torch.nn.functional.pad(torch.cumsum(expanded, 0), (1, 0))

    def forward_decode(self, loc):
        if self.swa_pool is None:
            return self.pool, loc
        return self.swa_pool, self.swa_pool.translate_loc_from_full_to_swa(loc)
