"""Decode backend with per-layer-kind slot indexers.

Layers are either full attention or sliding window; each kind gets an indexer in a
small table. The sliding-window indexer reads the full->SWA mapping maintained by the
token allocator.
"""

import logging
from typing import Callable, Dict

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend

logger = logging.getLogger(__name__)


class GeneratedAttnBackend(AttentionBackend):
    def __init__(self, model_runner, default_kind: str = "swa"):
        super().__init__()
        self.kv_pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        mapping = getattr(self.allocator, "full_to_swa_index_mapping", None)

        self.indexers: Dict[str, Callable[[torch.Tensor], torch.Tensor]] = {
            "full": lambda loc: loc,
        }
        if mapping is not None:
            self.indexers["swa"] = lambda loc: mapping[loc]
        self.kind = default_kind if default_kind in self.indexers else "full"
        logger.info(
            "decode indexer kind=%s (available=%d)", self.kind, self.allocator.available_size()
        )

    def forward_decode(self, loc: torch.Tensor):
        return self.kv_pool, self.indexers[self.kind](loc)
