"""Wave attention backend port that looks the allocator's classes up in a KV-kind table."""

from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator
from sglang.srt.mem_cache.allocator.token import TokenToKVPoolAllocator

_KV_KINDS = {
    SWATokenToKVPoolAllocator: "sliding_window",
    TokenToKVPoolAllocator: "full",
}


def _kv_kind(allocator) -> str:
    for klass in type(allocator).__mro__:
        kind = _KV_KINDS.get(klass)
        if kind is not None:
            return kind
    return "full"


@dataclass
class ForwardMetadata:
    attn_logits: Optional[torch.Tensor]
    attn_lse: Optional[torch.Tensor]
    max_extend_len: Optional[int]
    num_kv_splits: Optional[torch.Tensor]
    kv_indptr: Optional[torch.Tensor]
    kv_indices: Optional[torch.Tensor]


class GeneratedAttnBackend:
    """WaveAttnBackend (ROCm wave kernels), decode indices only."""

    def __init__(self, model_runner, skip_prefill: bool = False):
        self.device = model_runner.device
        self.num_head = model_runner.model_config.num_attention_heads
        self.max_context_len = model_runner.model_config.context_len
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.kv_kind = _kv_kind(model_runner.token_to_kv_pool_allocator)
        self.num_kv_splits = 8
        self.forward_metadata: Optional[ForwardMetadata] = None

    def get_num_kv_splits(self, num_kv_splits: torch.Tensor, seq_lens: torch.Tensor):
        num_kv_splits.fill_(self.num_kv_splits)

    def init_forward_metadata(self, loc: torch.Tensor):
        bs = loc.shape[0]
        kv_indptr = torch.arange(bs + 1, dtype=torch.int32)
        kv_indices = loc
        if self.kv_kind == "sliding_window":
            kv_indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        num_kv_splits = torch.empty((bs,), dtype=torch.int32)
        self.get_num_kv_splits(num_kv_splits, kv_indptr[1:])
        self.forward_metadata = ForwardMetadata(
            None, None, None, num_kv_splits, kv_indptr, kv_indices
        )

    def forward_decode(self, loc: torch.Tensor):
        """The pool and kv_indices handed to the wave decode kernel."""
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.kv_indices
