"""Triton attention backend that records a debug snapshot of its KV setup."""

import logging
from typing import Any, Dict, Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.num_kv_splits = getattr(model_runner.server_args, "triton_attention_num_kv_splits", 8)
        self.req_to_token = getattr(model_runner, "req_to_token_pool", None)
        self.kv_pool = model_runner.token_to_kv_pool
        allocator = model_runner.token_to_kv_pool_allocator

        self.debug_info: Dict[str, Any] = {
            "pool_cls": type(self.kv_pool).__name__,
            "allocator_cls": type(allocator).__name__,
            "allocator_layout": (
                "swa" if hasattr(allocator, "full_to_swa_index_mapping") else "full"
            ),
            "kv_layout": "swa" if isinstance(self.kv_pool, SWAKVPool) else "full",
            "num_kv_splits": self.num_kv_splits,
        }
        logger.debug("triton backend kv setup: %s", self.debug_info)

        self.attn_logits: Optional[torch.Tensor] = None
        self.kv_indices: Optional[torch.Tensor] = None

    def _kv_layout(self) -> str:
        return self.debug_info["kv_layout"]

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.attn_logits = torch.empty((max_bs, self.num_kv_splits), dtype=torch.float32)

    def init_forward_metadata(self, loc: torch.Tensor):
        if self._kv_layout() == "swa":
            self.kv_indices = self.kv_pool.translate_loc_from_full_to_swa(loc)
        else:
            self.kv_indices = loc

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.kv_indices
