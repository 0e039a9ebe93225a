"""FlashInfer-style decode backend: the indices updater owns the SWA decision."""

import logging
from dataclasses import dataclass
from typing import Optional

import torch

from sglang.srt.mem_cache.allocator.swa import SWATokenToKVPoolAllocator

logger = logging.getLogger(__name__)


@dataclass
class DecodeIndices:
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor
    num_tokens: int = 0
    window_layer: bool = False


class FlashInferIndicesUpdaterDecode:
    """Fills kv_indptr / kv_indices for the decode wrappers of one backend."""

    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.req_to_token = getattr(model_runner, "req_to_token_pool", None)
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        # hybrid models hand the backend an SWA allocator; use it to pick
        # which index space the window layers are addressed in
        self.use_sliding_window_kv_pool = isinstance(
            model_runner.token_to_kv_pool_allocator, SWATokenToKVPoolAllocator
        )
        self.kv_indptr = torch.zeros((model_runner.max_running_requests + 1,), dtype=torch.int32)

    def update(self, loc: torch.Tensor) -> DecodeIndices:
        indices = loc
        if self.use_sliding_window_kv_pool:
            indices = self.token_to_kv_pool.translate_loc_from_full_to_swa(loc)
        self.kv_indptr[1] = indices.numel()
        return DecodeIndices(
            kv_indptr=self.kv_indptr[:2],
            kv_indices=indices,
            num_tokens=int(indices.numel()),
            window_layer=self.use_sliding_window_kv_pool,
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.page_size = getattr(model_runner, "page_size", 1)
        self.kv_pool = model_runner.token_to_kv_pool
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)
        self.forward_metadata: Optional[DecodeIndices] = None
        self.cuda_graph_kv_indices: Optional[torch.Tensor] = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = torch.zeros(
            (max_num_tokens,), dtype=torch.int64, device=self.device
        )

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata = self.indices_updater_decode.update(loc)
        logger.debug(
            "decode metadata: %d tokens (window=%s)",
            self.forward_metadata.num_tokens,
            self.forward_metadata.window_layer,
        )

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.kv_pool, self.forward_metadata.kv_indices
