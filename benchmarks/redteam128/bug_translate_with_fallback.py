"""Wave / Triton hybrid backend with chunked prefill and sliding-window decode.

Location translation for sliding-window layers prefers the pool's own mapping and falls
back to the allocator's mapping for pool types that do not expose one.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.layers.attention.base_attn_backend import AttentionBackend
from sglang.srt.mem_cache.swa_memory_pool import SWAKVPool

logger = logging.getLogger(__name__)


@dataclass
class WaveMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    swa_kv_indices: Optional[torch.Tensor] = None
    chunk_size: int = 0


class GeneratedAttnBackend(AttentionBackend):
    def __init__(
        self, model_runner, prefill_chunk: int = 8192, sliding_window: Optional[int] = None
    ):
        super().__init__()
        self.device = model_runner.device
        self.page_size = model_runner.page_size
        self.prefill_chunk = prefill_chunk
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.sliding_window = sliding_window
        self.use_swa = isinstance(self.token_to_kv_pool, SWAKVPool) or hasattr(
            self.token_to_kv_pool_allocator, "translate_loc_from_full_to_swa"
        )
        self.forward_metadata: Optional[WaveMetadata] = None
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None

    def translate_to_swa(self, locs: torch.Tensor) -> torch.Tensor:
        try:
            return self.token_to_kv_pool.translate_loc_from_full_to_swa(locs)
        except AttributeError:
            logger.debug(
                "pool %s has no SWA mapping; using allocator mapping",
                type(self.token_to_kv_pool).__name__,
            )
            return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(locs)

    def _chunks(self, n: int):
        start = 0
        while start < n:
            end = min(n, start + self.prefill_chunk)
            yield start, end
            start = end

    def init_forward_metadata(self, forward_batch):
        bs = forward_batch.batch_size
        indptr = torch.zeros(bs + 1, dtype=torch.int32, device=self.device)
        indptr[1:] = torch.cumsum(forward_batch.seq_lens, 0)
        indices = torch.cat(
            [
                self.req_to_token[forward_batch.req_pool_indices[i], : int(n)]
                for i, n in enumerate(forward_batch.seq_lens_cpu.tolist())
            ]
        )
        md = WaveMetadata(kv_indptr=indptr, kv_indices=indices, chunk_size=self.prefill_chunk)
        if self.use_swa:
            md.swa_kv_indices = self.translate_to_swa(indices)
        self.forward_metadata = md

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indptr = torch.zeros(max_bs + 1, dtype=torch.int32, device=self.device)
        self.cuda_graph_kv_indices = torch.zeros(
            max_num_tokens, dtype=torch.int64, device=self.device
        )

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.forward_metadata = WaveMetadata(
            kv_indptr=self.cuda_graph_kv_indptr[: bs + 1],
            kv_indices=self.cuda_graph_kv_indices,
            chunk_size=self.prefill_chunk,
        )

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        outs = []
        for s, e in self._chunks(q.shape[0]):
            p = (q[s:e].float() @ k.float().transpose(-1, -2) * layer.scaling).softmax(-1)
            outs.append(p @ v.float())
        return torch.cat(outs).to(q.dtype)

    def forward_decode(self, loc: torch.Tensor):
        if self.use_swa:
            return self.token_to_kv_pool, self.translate_to_swa(loc)
        return self.token_to_kv_pool, loc
