"""Draft-extend attention backend for EAGLE.

After verification the draft model re-runs over the accepted tokens. This
backend reserves extend slots through the shared allocator and reads K/V from
the runner's own pool, translating into the sliding-window sub-pool when the
pool is hybrid.
"""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class DraftExtendMetadata:
    num_accepted_tokens: int
    extend_loc: torch.Tensor
    swa_extend_loc: Optional[torch.Tensor] = None


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, num_draft_tokens: int = 4):
        super().__init__()
        self.num_draft_tokens = num_draft_tokens
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[DraftExtendMetadata] = None

    def _log_capacity(self, needed: int) -> None:
        free = self.allocator.available_size()
        if free < needed:
            logger.warning(
                "draft extend needs %d slots, allocator has %d (%s)",
                needed,
                free,
                self.allocator.debug_print() if hasattr(self.allocator, "debug_print") else "",
            )

    def init_forward_metadata_draft_extend(self, extend_loc: torch.Tensor) -> DraftExtendMetadata:
        self._log_capacity(int(extend_loc.numel()))
        md = DraftExtendMetadata(num_accepted_tokens=int(extend_loc.numel()), extend_loc=extend_loc)
        if isinstance(self.kv_pool, SWAKVPool):
            md.swa_extend_loc = self.kv_pool.translate_loc_from_full_to_swa(extend_loc)
        self.forward_metadata = md
        return md

    def forward_decode(self, loc: torch.Tensor):
        md = self.init_forward_metadata_draft_extend(loc)
        if md.swa_extend_loc is not None:
            return self.kv_pool, md.swa_extend_loc
        return self.kv_pool, md.extend_loc
