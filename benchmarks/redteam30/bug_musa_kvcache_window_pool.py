"""Moore Threads MUSA attention backend with a sliding-window KV view."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class MusaMetadata:
    cu_seqlens_k: Optional[torch.Tensor] = None
    page_table: Optional[torch.Tensor] = None
    window_page_table: Optional[torch.Tensor] = None


def _window_pool(model_runner) -> Optional[SWAKVPool]:
    """The SWA pool backing this model, if the model is a hybrid SWA model."""
    kvcache = model_runner.token_to_kv_pool_allocator.get_kvcache()
    if isinstance(kvcache, SWAKVPool):
        return kvcache
    return None


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.max_context_len = model_runner.model_config.context_len
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_pool = model_runner.token_to_kv_pool
        self.window_pool = _window_pool(model_runner)
        self.metadata = MusaMetadata()
        logger.debug(
            "MUSA backend ready: page_size=%d window=%s",
            self.page_size,
            self.window_pool is not None,
        )

    def init_forward_metadata(self, forward_batch):
        seq_lens = forward_batch.seq_lens.to(torch.int32)
        cu = torch.nn.functional.pad(torch.cumsum(seq_lens, dim=0, dtype=torch.int32), (1, 0))
        page_table = self.req_to_token[
            forward_batch.req_pool_indices, : int(forward_batch.seq_lens_cpu.max())
        ]
        self.metadata = MusaMetadata(cu_seqlens_k=cu, page_table=page_table)
        if self.window_pool is not None:
            self.metadata.window_page_table = self.window_pool.translate_loc_from_full_to_swa(
                page_table
            )

    def forward_decode(self, loc):
        if self.window_pool is not None:
            return self.window_pool, self.window_pool.translate_loc_from_full_to_swa(loc)
        return self.kv_pool, loc
