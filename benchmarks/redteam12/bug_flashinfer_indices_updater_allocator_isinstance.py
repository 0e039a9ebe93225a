"""FlashInfer-style backend with a separate decode indices updater owning the SWA translation."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, List, Optional

import torch
from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

if TYPE_CHECKING:
    from sglang.srt.model_executor.model_runner import ModelRunner

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indptr: Optional[torch.Tensor] = None
    kv_indices: Optional[torch.Tensor] = None
    kv_last_page_len: Optional[torch.Tensor] = None
    wrappers: Optional[List[object]] = None


class FlashInferIndicesUpdaterDecode:
    """Fills kv_indptr / kv_indices for the decode wrappers."""

    def __init__(self, model_runner: ModelRunner, attn_backend: "GeneratedAttnBackend"):
        self.num_qo_heads = getattr(model_runner.model_config, "num_attention_heads", 1)
        self.head_dim = getattr(model_runner.model_config, "head_dim", 128)
        self.data_type = getattr(model_runner, "kv_cache_dtype", torch.bfloat16)
        self.req_to_token = model_runner.req_to_token_pool.req_to_token
        self.kv_indptr = attn_backend.kv_indptr
        self.token_to_kv_pool_allocator = model_runner.token_to_kv_pool_allocator
        self.sliding_window_size = getattr(model_runner, "sliding_window_size", None)
        # Hybrid SWA: indices of windowed layers live in the SWA buffer.
        self.use_sliding_window_kv_pool = isinstance(
            self.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )

    def translate(self, kv_indices: torch.Tensor) -> torch.Tensor:
        if self.use_sliding_window_kv_pool:
            return self.token_to_kv_pool_allocator.translate_loc_from_full_to_swa(kv_indices)
        return kv_indices

    def update(self, req_pool_indices, seq_lens, seq_lens_sum, decode_wrappers):
        bs = len(req_pool_indices)
        self.kv_indptr[1 : bs + 1] = torch.cumsum(seq_lens, dim=0)
        rows = [self.req_to_token[r, : int(n)] for r, n in zip(req_pool_indices, seq_lens)]
        kv_indices = torch.cat(rows) if rows else self.kv_indptr.new_empty(0)
        return DecodeMetadata(
            kv_indptr=self.kv_indptr[: bs + 1],
            kv_indices=self.translate(kv_indices),
            kv_last_page_len=torch.ones(bs, dtype=torch.int32),
            wrappers=decode_wrappers,
        )


class GeneratedAttnBackend:
    """FlashInfer attention backend (decode path only wired in this port)."""

    def __init__(self, model_runner: ModelRunner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.page_size = getattr(model_runner, "page_size", 1)
        max_bs = getattr(model_runner, "max_running_requests", 8) or 8
        self.kv_indptr = torch.zeros((max_bs + 1,), dtype=torch.int32, device=self.device)
        self.decode_wrappers: List[object] = []
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)
        self.forward_metadata: Optional[DecodeMetadata] = None
        self.cuda_graph_records: list = []
        logger.info(
            "FlashInfer backend ready (page_size=%s, swa=%s)",
            self.page_size,
            self.indices_updater_decode.use_sliding_window_kv_pool,
        )

    def init_forward_metadata(self, forward_batch):
        self.forward_metadata = self.indices_updater_decode.update(
            forward_batch.req_pool_indices,
            forward_batch.seq_lens,
            forward_batch.seq_lens_sum,
            self.decode_wrappers,
        )

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_records.append(("state", max_bs, max_num_tokens))

    def init_forward_metadata_capture_cuda_graph(
        self, bs, num_tokens, req_pool_indices, seq_lens, encoder_lens, forward_mode, spec_info
    ):
        self.cuda_graph_records.append(("capture", bs, num_tokens))

    def init_forward_metadata_replay_cuda_graph(
        self,
        bs,
        req_pool_indices,
        seq_lens,
        seq_lens_sum,
        encoder_lens,
        forward_mode,
        spec_info,
        seq_lens_cpu=None,
    ):
        self.cuda_graph_records.append(("replay", bs, seq_lens_sum))

    def forward_extend(self, q, k, v, layer, forward_batch, save_kv_cache=True):
        if save_kv_cache and k is not None:
            self.token_to_kv_pool.set_kv_buffer(layer, forward_batch.out_cache_loc, k, v)
        return q

    def forward_decode(self, loc: torch.Tensor):
        return self.token_to_kv_pool, self.indices_updater_decode.translate(loc)
