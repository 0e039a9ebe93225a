"""Decode backend that caches the full->SWA index mapping at construction time.

The mapping is read from the runner's KV pool; builds whose pool class does not
expose the mapping pick it up from the token allocator instead, which keeps its
own copy for eviction bookkeeping.
"""

import logging
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner):
        super().__init__()
        self.model_runner = model_runner
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.full_to_swa: Optional[torch.Tensor] = None
        try:
            self.full_to_swa = self.kv_pool.full_to_swa_index_mapping
        except AttributeError:
            try:
                self.full_to_swa = self.allocator.full_to_swa_index_mapping
            except AttributeError:
                self.full_to_swa = None
        finally:
            logger.debug(
                "full->swa mapping %s", "present" if self.full_to_swa is not None else "absent"
            )

    def forward_decode(self, loc: torch.Tensor):
        if self.full_to_swa is None:
            return self.kv_pool, loc
        return self.kv_pool, self.full_to_swa[loc]
