"""Decode backend that detects a registered full-to-window index map in the KV pool's state."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

logger = logging.getLogger(__name__)


def _has_window_map(obj) -> bool:
    # The mapping is registered on the instance when the hybrid allocator is built.
    return vars(obj).get("full_to_swa_index_mapping") is not None


def _free_ratio(allocator) -> float:
    return allocator.available_size() / max(1, allocator.size)


@dataclass
class DecodeState:
    kv_indptr: Optional[torch.Tensor] = None
    kv_last_page_len: Optional[torch.Tensor] = None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.pool = model_runner.token_to_kv_pool
        self.allocator = model_runner.token_to_kv_pool_allocator
        self.windowed = _has_window_map(model_runner.token_to_kv_pool)
        logger.info(
            "decode backend: windowed=%s, %.0f%% of KV slots free",
            self.windowed,
            100 * _free_ratio(self.allocator),
        )
        self.state = DecodeState()

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        indptr[1:] = torch.cumsum(forward_batch.seq_lens, 0)
        last_page = (forward_batch.seq_lens - 1) % self.page_size + 1
        self.state = DecodeState(kv_indptr=indptr, kv_last_page_len=last_page.to(torch.int32))

    def forward_decode(self, loc):
        if self.windowed:
            return self.pool, self.pool.translate_loc_from_full_to_swa(loc)
        return self.pool, loc
