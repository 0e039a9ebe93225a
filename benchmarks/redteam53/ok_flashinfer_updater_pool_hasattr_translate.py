"""FlashInfer decode backend with a separate kv-indices updater for SWA wrappers."""

import logging
from dataclasses import dataclass
from typing import List, Optional

import torch

logger = logging.getLogger(__name__)


@dataclass
class DecodeMetadata:
    kv_indptr: torch.Tensor
    kv_indices: torch.Tensor
    wrapper_ids: List[int]


class FlashInferIndicesUpdaterDecode:
    """Fills kv_indices for each decode wrapper (wrapper 0 is the window one)."""

    def __init__(self, model_runner, attn_backend):
        self.attn_backend = attn_backend
        self.kv_pool = model_runner.token_to_kv_pool
        self.req_to_token = getattr(model_runner, "req_to_token_pool", None)
        kv_alloc = model_runner.token_to_kv_pool_allocator
        # the allocator keeps the same table, but it may belong to another pool
        self.alloc_has_swa_table = hasattr(kv_alloc, "full_to_swa_index_mapping")
        self.use_sliding_window_kv_pool = hasattr(self.kv_pool, "translate_loc_from_full_to_swa")
        if self.alloc_has_swa_table and not self.use_sliding_window_kv_pool:
            logger.debug("allocator is hybrid but this runner's pool is dense")
        self.num_wrappers = 2 if self.use_sliding_window_kv_pool else 1

    def update(self, loc: torch.Tensor) -> DecodeMetadata:
        kv_indices = loc
        for wrapper_id in range(self.num_wrappers):
            if wrapper_id == 0 and self.use_sliding_window_kv_pool:
                kv_indices = self.kv_pool.translate_loc_from_full_to_swa(loc)
        return DecodeMetadata(
            kv_indptr=torch.tensor([0, kv_indices.numel()], dtype=torch.int32),
            kv_indices=kv_indices,
            wrapper_ids=list(range(self.num_wrappers)),
        )


class GeneratedAttnBackend:
    def __init__(self, model_runner):
        self.device = model_runner.device
        self.token_to_kv_pool = model_runner.token_to_kv_pool
        self.max_bs = getattr(model_runner, "max_running_requests", 1) or 1
        self.indices_updater_decode = FlashInferIndicesUpdaterDecode(model_runner, self)
        self.forward_metadata: Optional[DecodeMetadata] = None
        self.cuda_graph_kv_indices = None

    def init_cuda_graph_state(self, max_bs: int, max_num_tokens: int):
        self.cuda_graph_kv_indices = [
            torch.zeros(max_num_tokens, dtype=torch.int32)
            for _ in range(self.indices_updater_decode.num_wrappers)
        ]

    def init_forward_metadata(self, loc: torch.Tensor):
        self.forward_metadata = self.indices_updater_decode.update(loc)

    def forward_decode(self, loc):
        self.init_forward_metadata(loc)
        return self.token_to_kv_pool, self.forward_metadata.kv_indices
