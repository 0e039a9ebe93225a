"""Triton decode backend that tags its log lines and kernel variant by the allocator family."""

import logging
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_KERNEL_VARIANTS = {
    "swa": "decode_grouped_att_m_fwd_swa",
    "full": "decode_grouped_att_m_fwd",
}


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.num_kv_splits = 8
        allocator = model_runner.token_to_kv_pool_allocator
        family = allocator.__class__.__name__
        self._kind = "swa" if "SWA" in family else "full"
        self.kernel_name = _KERNEL_VARIANTS[self._kind]
        self._allocator = allocator
        self.attn_logits: Optional[torch.Tensor] = None
        logger.info("[%s] triton decode kernel: %s", family, self.kernel_name)

    def init_forward_metadata(self, batch_size: int, head_num: int, v_head_dim: int):
        self.attn_logits = torch.empty(
            (batch_size, head_num, self.num_kv_splits, v_head_dim),
            dtype=torch.float32,
        )

    def init_cuda_graph_state(self, max_bs: int, head_num: int, v_head_dim: int):
        self.cuda_graph_attn_logits = torch.zeros(
            (max_bs, head_num, self.num_kv_splits, v_head_dim), dtype=torch.float32
        )

    def forward_decode(self, loc):
        if self._kind == "swa":
            loc = self._allocator.full_to_swa_index_mapping[loc]
        return self.kv_pool, loc
