"""Paged decode backend; a module helper tells hybrid SWA pools apart."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


def _is_hybrid_swa_pool(kv_pool) -> bool:
    """Hybrid SWA pools hold a full and a window sub-pool."""
    return getattr(kv_pool, "swa_kv_pool", None) is not None


@dataclass
class PagedDecodeIndices:
    kv_indices: torch.Tensor
    page_table: Optional[torch.Tensor] = None


class PagedIndicesUpdater:
    def __init__(self, *, kv_pool, hybrid_swa: bool, page_size: int):
        self.kv_pool = kv_pool
        self.hybrid_swa = hybrid_swa
        self.page_size = page_size

    def __call__(self, loc: torch.Tensor) -> PagedDecodeIndices:
        if self.hybrid_swa:
            kv_indices = self.kv_pool.full_to_swa_index_mapping[loc]
        else:
            kv_indices = loc
        page_table = kv_indices // max(1, self.page_size)
        return PagedDecodeIndices(kv_indices=kv_indices, page_table=page_table)


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.kv_pool = model_runner.token_to_kv_pool
        self.page_size = getattr(model_runner, "page_size", 1)
        allocator = model_runner.token_to_kv_pool_allocator
        hybrid = _is_hybrid_swa_pool(self.kv_pool)
        self.update_indices = PagedIndicesUpdater(
            kv_pool=self.kv_pool, hybrid_swa=hybrid, page_size=self.page_size
        )
        self.decode_metadata: Optional[PagedDecodeIndices] = None
        self.graph_page_table: Optional[torch.Tensor] = None
        logger.debug(
            "paged decode backend hybrid_swa=%s, allocator has window=%s",
            hybrid,
            getattr(allocator, "swa_attn_allocator", None) is not None,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        pages = max_num_tokens // max(1, self.page_size) + 1
        self.graph_page_table = torch.zeros((max_bs, pages), dtype=torch.int32)

    def init_forward_metadata(self, loc: torch.Tensor):
        self.decode_metadata = self.update_indices(loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.decode_metadata.kv_indices
