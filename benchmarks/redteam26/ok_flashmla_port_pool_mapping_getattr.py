"""FlashMLA-style backend port that takes the full->swa table from its own pool when the pool has one."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)

PAGE_SIZE = 64


@dataclass
class FlashMLADecodeMetadata:
    flashmla_metadata: Optional[tuple] = None
    num_splits: Optional[torch.Tensor] = None
    block_kv_indices: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    """FlashMLA decode path; block tables built from req_to_token on the fly."""

    def __init__(self, model_runner, skip_prefill: bool = False, kv_indptr_buf=None):
        self.device = model_runner.device
        self.num_q_heads = model_runner.model_config.num_attention_heads
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[FlashMLADecodeMetadata] = None
        self.kv_indptr_buf = kv_indptr_buf
        self._full_to_swa = getattr(self.token_to_kv_pool, "full_to_swa_index_mapping", None)
        if self._full_to_swa is not None:
            logger.info("flashmla: window layers use translated block indices")

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_blocks = (max_num_tokens + PAGE_SIZE - 1) // PAGE_SIZE
        self.cuda_graph_kv_indices = torch.full(
            (max_bs, max_blocks), 1, dtype=torch.int32, device=self.device
        )
        self.cuda_graph_num_splits = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)

    def _block_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self._full_to_swa is not None:
            return self._full_to_swa[loc]
        return loc

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata = FlashMLADecodeMetadata(
            num_splits=torch.zeros(2, dtype=torch.int32),
            block_kv_indices=self._block_indices(loc),
        )

    def forward_decode(self, loc: torch.Tensor):
        """(pool, block indices)."""
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.block_kv_indices
