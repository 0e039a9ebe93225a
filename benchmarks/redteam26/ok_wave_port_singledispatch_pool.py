"""Wave attention backend port that dispatches its KV layout on the runner's pool type."""

import functools
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool


@functools.singledispatch
def kv_layout_of(pool) -> str:
    return "full"


@kv_layout_of.register
def _(pool: SWAKVPool) -> str:
    return "sliding_window" if pool.swa_layer_nums > 0 else "full"


@dataclass
class ForwardMetadata:
    attn_logits: Optional[torch.Tensor]
    num_kv_splits: Optional[torch.Tensor]
    kv_indptr: Optional[torch.Tensor]
    kv_indices: Optional[torch.Tensor]


class GeneratedAttnBackend:
    """WaveAttnBackend, decode indices only."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.num_head = model_runner.model_config.num_attention_heads
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_allocator = model_runner.token_to_kv_pool_allocator
        self.kv_layout = kv_layout_of(self.token_to_kv_pool)
        self.num_kv_splits = 8
        self.forward_metadata: Optional[ForwardMetadata] = None

    def _page_size(self) -> int:
        return getattr(self.kv_allocator, "page_size", 1)

    def init_forward_metadata(self, loc: torch.Tensor):
        bs = loc.shape[0]
        kv_indptr = torch.arange(bs + 1, dtype=torch.int32) * self._page_size()
        kv_indices = loc
        if self.kv_layout == "sliding_window":
            kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.forward_metadata = ForwardMetadata(
            attn_logits=None,
            num_kv_splits=torch.full((bs,), self.num_kv_splits, dtype=torch.int32),
            kv_indptr=kv_indptr,
            kv_indices=kv_indices,
        )

    def forward_decode(self, loc: torch.Tensor):
        """(pool, kv_indices) for the wave decode kernel."""
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.kv_indices
