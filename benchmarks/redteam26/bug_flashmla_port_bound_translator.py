"""FlashMLA-style backend port that caches the allocator's translate method as its SWA translator."""

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
    """FlashMLA decode path; block tables are built from req_to_token on the fly."""

    def __init__(self, model_runner, skip_prefill: bool = False, kv_indptr_buf=None):
        self.device = model_runner.device
        self.num_q_heads = model_runner.model_config.num_attention_heads
        self.kv_cache_dim = model_runner.model_config.head_dim
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.forward_metadata: Optional[FlashMLADecodeMetadata] = None
        self.kv_indptr_buf = kv_indptr_buf

        # Optional window translator; hybrid allocators expose one.
        self._swa_translate = getattr(
            model_runner.token_to_kv_pool_allocator,
            "translate_loc_from_full_to_swa",
            None,
        )
        if self._swa_translate is not None:
            logger.info("flashmla: window layers use translated block indices")

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        max_blocks = (max_num_tokens + PAGE_SIZE - 1) // PAGE_SIZE
        self.cuda_graph_kv_indices = torch.full(
            (max_bs, max_blocks), 1, dtype=torch.int32, device=self.device
        )
        self.cuda_graph_num_splits = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)

    def _block_indices(self, loc: torch.Tensor) -> torch.Tensor:
        if self._swa_translate is not None:
            loc = self._swa_translate(loc)
        return loc

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata = FlashMLADecodeMetadata(
            num_splits=torch.zeros(2, dtype=torch.int32),
            block_kv_indices=self._block_indices(loc),
        )

    def forward_decode(self, loc: torch.Tensor):
        """The pool and block indices the decode kernel gathers."""
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.block_kv_indices
