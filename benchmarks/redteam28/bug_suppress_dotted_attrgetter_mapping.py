"""Backend that fetches the full->SWA index mapping with a dotted operator.attrgetter."""

import contextlib
import logging
import operator
from typing import Optional

import torch

logger = logging.getLogger(__name__)

_INDEX_MAPPING = operator.attrgetter("token_to_kv_pool_allocator.full_to_swa_index_mapping")
_PAGE_SIZE = operator.attrgetter("token_to_kv_pool_allocator.page_size")


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = _PAGE_SIZE(model_runner)
        self.swa_index: Optional[torch.Tensor] = None
        with contextlib.suppress(AttributeError):
            self.swa_index = _INDEX_MAPPING(model_runner)
        logger.info(
            "page_size=%d swa index mapping: %s",
            self.page_size,
            None if self.swa_index is None else tuple(self.swa_index.shape),
        )

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens
        self.num_pages = (seq_lens + self.page_size - 1) // self.page_size
        self.decode_cache_loc = forward_batch.out_cache_loc

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_cache_loc = torch.zeros(max_num_tokens, dtype=torch.int64)
        self.cuda_graph_num_pages = torch.zeros(max_bs, dtype=torch.int32)

    def get_cuda_graph_seq_len_fill_value(self):
        return 1

    def forward_decode(self, loc):
        if self.swa_index is not None:
            loc = self.swa_index[loc]
        return self.token_to_kv_pool, loc
